// swift-tools-version:6.1
// Sketchpad, a two-scene app, and Pinboard, cards moved with touches, keys
// and the scroll wheel: apps that depend on Diorama the way any outside
// package does — by path here; by URL from elsewhere:
//   .package(url: "https://…/diorama.git", branch: "main")
// They import `Diorama` and nothing else. `make test` in the root builds them
// and runs scenarios/sketchpad.scenario and scenarios/pinboard.scenario on
// the simulator.
import PackageDescription

let package = Package(
    name: "Sketchpad",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Diorama", path: "../..")
    ],
    targets: [
        .executableTarget(name: "Sketchpad", dependencies: [.product(name: "Diorama", package: "Diorama")]),
        .executableTarget(name: "Pinboard", dependencies: [.product(name: "Diorama", package: "Diorama")]),
    ],
    swiftLanguageModes: [.v6]
)
