// swift-tools-version:6.1
// Sketchpad: a two-scene app that depends on Diorama the way any outside
// package does — by path here; by URL from elsewhere:
//   .package(url: "https://…/diorama.git", branch: "main")
// It imports `Diorama` and nothing else. `make test` in the root builds it and
// runs scenarios/sketchpad.scenario on the simulator.
import PackageDescription

let package = Package(
    name: "Sketchpad",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Diorama", path: "../..")
    ],
    targets: [
        .executableTarget(name: "Sketchpad", dependencies: [.product(name: "Diorama", package: "Diorama")])
    ],
    swiftLanguageModes: [.v6]
)
