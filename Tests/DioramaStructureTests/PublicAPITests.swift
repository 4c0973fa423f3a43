import DioramaTestTraits
import Foundation
import Testing

/// The package ships three products, and only what an app, a harness user
/// or the CLI's user names is `public` (issue 19, item 5).
@Suite("public API", .offSharedPool)
struct PublicAPITests {
    @Test("the package offers only the app framework, the simulator with its harness and the CLI")
    func onlyTheShippedProducts() throws {
        let manifest = try String(contentsOf: PackageStructureTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = try PackageManifestText.products(in: manifest)
        #expect(!products.isEmpty)
        let problems = PublicAPICheck.unexpectedProducts(products)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("nothing outside the shipped modules is public, nor the shared internals inside them")
    func internalsArePackageOnly() throws {
        var found: [ForbiddenPublicDeclaration] = []
        var publicCounts: [String: Int] = [:]
        for target in try PackageStructureTests.declaredTargets() where target.directory.hasPrefix("Sources/") {
            for file in try ImportCheck.swiftFiles(of: target, root: PackageStructureTests.root) {
                found += PublicAPICheck.forbiddenDeclarations(target: target.name, file: file)
                publicCounts[target.name, default: 0] += PublicAPICheck.declarations(in: file.text).count
            }
        }
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
        // The check reads the shipped modules too: an empty scan would pass anything.
        #expect(publicCounts["Diorama", default: 0] > 0 && publicCounts["DioramaSimulatorHarness", default: 0] > 0)
    }

    @Test("the product check names an added product, and a changed one, with its line")
    func productCheckFindsExtraProducts() throws {
        let manifest = """
            let package = Package(
                name: "Diorama",
                products: [
                    .executable(name: "diorama", targets: ["diorama"]),
                    .library(name: "Diorama", targets: ["Diorama"]),
                    .library(name: "DioramaSimulator", targets: ["DioramaSimulator"]),
                    .library(name: "DioramaPOSIX", targets: ["DioramaPOSIX"]),
                ],
                targets: [.target(name: "Diorama", dependencies: [])])
            """
        let products = try PackageManifestText.products(in: manifest)
        #expect(products.map(\.name) == ["diorama", "Diorama", "DioramaSimulator", "DioramaPOSIX"])
        #expect(products.last?.kind == .library)
        let problems = PublicAPICheck.unexpectedProducts(products)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("Package.swift:6: product `DioramaSimulator` is made of") })
        #expect(problems.contains { $0.hasPrefix("Package.swift:7: product `DioramaPOSIX` is not one an outside package needs") })
    }

    @Test("the declaration check names a public internal with its file and line, and leaves the shipped API alone")
    func declarationCheckFindsPublicInternals() {
        let source = """
            /// public in a comment
            public struct Size {}
            @MainActor public final class Window {
                package var frame = 0
                public private(set) var title = ""
                let text = "public var notADeclaration"
            }
            open class Base {
                public required init() {}
            }
            """
        let inShippedModule = PublicAPICheck.forbiddenDeclarations(target: "DioramaModel", file: ("Sources/DioramaModel/Geometry/Size.swift", source))
        #expect(inShippedModule.isEmpty)
        let inInternalFile = PublicAPICheck.forbiddenDeclarations(target: "Diorama", file: ("Sources/Diorama/Trace/RuntimeTrace.swift", source))
        #expect(inInternalFile.map(\.line) == [2, 3, 5, 8, 9])
        let inInternalModule = PublicAPICheck.forbiddenDeclarations(target: "DioramaPOSIX", file: ("Sources/DioramaPOSIX/A.swift", source))
        #expect(inInternalModule.first?.description.hasPrefix("Sources/DioramaPOSIX/A.swift:2: `public struct Size {}` is public, but `DioramaPOSIX`") == true)
        // The one open base class outside the public modules keeps what subclassing needs.
        let base = PublicAPICheck.forbiddenDeclarations(target: "WaylandServer", file: ("Sources/WaylandServer/Resource.swift", source))
        #expect(base.map(\.line) == [2, 3, 5])
    }
}
