import DioramaTestTraits
import Foundation
import Testing

/// Package.swift, the sources and ARCHITECTURE.md agree: every target imports
/// only targets it declares, and the architecture document names every target.
@Suite("package structure", .offSharedPool)
struct PackageStructureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func declaredTargets() throws -> [DeclaredTarget] {
        try PackageManifestText.targets(in: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test("every import of a package target or another package's product is a declared dependency")
    func importsAreDeclared() throws {
        let targets = try Self.declaredTargets()
        let modules = Set(targets.map(\.moduleName)).union(targets.flatMap(\.products))
        var undeclared: [UndeclaredImport] = []
        for target in targets {
            let files = try ImportCheck.swiftFiles(of: target, root: Self.root)
            undeclared += ImportCheck.undeclaredImports(of: target, files: files, packageModules: modules)
        }
        let messages = undeclared.map(\.description)
        #expect(messages.isEmpty, "\(messages.joined(separator: "\n"))")
    }

    @Test("only DioramaPOSIX (and the build plugin, which cannot link it) uses Foundation's Process or Pipe")
    func spawningHasOnePlace() throws {
        var found: [ForeignSpawn] = []
        for target in try Self.declaredTargets() where SpawnCheck.allowedTargets[target.name] == nil {
            for file in try ImportCheck.swiftFiles(of: target, root: Self.root) {
                found += SpawnCheck.uses(in: file)
            }
        }
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test("the spawn check sees Process and Pipe created or extended, not other types, comments or a file's own Pipe")
    func spawnCheckFindsUses() {
        let text = """
            let process = Process()
            let output = Foundation.Pipe()
            extension Process {
            let child = try SpawnedProcess(executable: path, environment: [:])
            // Process() in a comment
            let other = ChildProcess(command)
            let again = Process.init()
            """
        #expect(SpawnCheck.uses(in: ("Sources/X/A.swift", text)).map(\.line) == [1, 2, 3, 7])
        #expect(SpawnCheck.uses(in: ("Tests/X/B.swift", "struct Pipe {\n}\nlet pipe = try Pipe()")).isEmpty)
        let message = SpawnCheck.uses(in: ("Sources/X/A.swift", "let process = Process()")).first?.description
        #expect(message?.hasPrefix("Sources/X/A.swift:1: `let process = Process()` uses Foundation's Process") == true)
    }

    @Test("ARCHITECTURE.md has one row per target, naming exactly its dependencies and the products it uses")
    func architectureMatchesManifest() throws {
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let targets = try Self.declaredTargets()
        let rows = ArchitectureTable.rows(
            in: architecture, targetNames: Set(targets.map(\.name)), productNames: Set(targets.flatMap(\.products)))
        var problems: [String] = []
        for target in targets {
            guard let row = rows[target.name] else {
                problems.append("`\(target.name)` (Package.swift:\(target.line)) has no row in ARCHITECTURE.md's table of who may import whom")
                continue
            }
            let declared = target.dependencies.union(target.products)
            if row.mayImport != declared {
                let missing = declared.subtracting(row.mayImport).sorted()
                let extra = row.mayImport.subtracting(declared).sorted()
                problems.append(
                    "ARCHITECTURE.md:\(row.line): `\(target.name)` may import differs from Package.swift:\(target.line)"
                        + (missing.isEmpty ? "" : "; add \(missing.joined(separator: ", "))")
                        + (extra.isEmpty ? "" : "; not declared: \(extra.joined(separator: ", "))"))
            }
        }
        for (name, row) in rows where !targets.contains(where: { $0.name == name }) {
            problems.append("ARCHITECTURE.md:\(row.line): `\(name)` is not a target in Package.swift")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a row names another package's product as a word of its own, backticked or not")
    func rowsNameProducts() {
        let markdown = """
            | target | job | may import |
            |---|---|---|
            | `Tool` | a tool | `Core`, ArgumentParser, swift-log's `Logging` |
            | `Core` | the core | `DioramaLogging` (not swift-log's) |
            """
        let rows = ArchitectureTable.rows(
            in: markdown, targetNames: ["Tool", "Core", "DioramaLogging"], productNames: ["ArgumentParser", "Logging"])
        #expect(rows["Tool"]?.mayImport == ["Core", "ArgumentParser", "Logging"])
        #expect(rows["Core"]?.mayImport == ["DioramaLogging"])
        #expect(rows["Core"]?.line == 4)
    }

    @Test("the manifest reader sees this package's targets and their dependencies")
    func readsThisManifest() throws {
        let targets = try Self.declaredTargets()
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(targets.count == byName.count, "a target is declared twice")
        #expect(byName["DioramaModel"]?.dependencies == [])
        #expect(byName["Diorama"]?.dependencies.contains("DioramaClient") == true)
        #expect(byName["diorama-bench"]?.directory == "Sources/DioramaBench")
        // `.product(name: "ArgumentParser", …)` is another package's product, not a target.
        #expect(byName["DioramaCLI"]?.dependencies.contains("ArgumentParser") == false)
        #expect(byName["DioramaCLI"]?.dependencies.contains("swift-argument-parser") == false)
        #expect(byName["WaylandScannerTests"]?.excluded == ["Golden"])
        #expect(byName["DioramaStructureTests"]?.kind == .testTarget)
    }

    @Test("an import the declaration does not list is reported with its file and line")
    func reportsUndeclaredImport() throws {
        let manifest = """
            // A comment with .target(name: "Commented") in it is not a target.
            let package = Package(name: "P", dependencies: [.package(url: "u", from: "1.0.0")], targets: [
                .target(name: "Low"),
                .target(name: "Middle", dependencies: ["Low"]),
                .target(name: "High", dependencies: ["Middle", .product(name: "Outside", package: "o")],
                        path: "Sources/Top", exclude: ["Old"]),
            ])
            """
        let targets = try PackageManifestText.targets(in: manifest)
        #expect(targets.map(\.name) == ["Low", "Middle", "High"])
        let high = try #require(targets.last)
        #expect(high.dependencies == ["Middle"])
        #expect(high.products == ["Outside"])
        #expect(high.directory == "Sources/Top")
        #expect(high.line == 5)
        let source = "import Foundation\n@testable import Middle\nimport Outside\n// import Nothing\nimport struct Low.Thing\n"
        let modules = Set(targets.map(\.moduleName)).union(["Outside"])
        let found = ImportCheck.undeclaredImports(of: high, files: [("Sources/Top/A.swift", source)], packageModules: modules)
        #expect(found == [UndeclaredImport(target: "High", module: "Low", file: "Sources/Top/A.swift", line: 5, declarationLine: 5)])
        #expect(found.first?.description.contains("Sources/Top/A.swift:5") == true)
        // Another package's product imported by a target that does not declare it.
        let middle = try #require(targets.first { $0.name == "Middle" })
        let foundProduct = ImportCheck.undeclaredImports(
            of: middle, files: [("Sources/Middle/B.swift", "import Low\nimport Outside\n")], packageModules: modules)
        #expect(foundProduct.map(\.module) == ["Outside"])
    }

    @Test("a manifest it cannot follow is an error naming the line")
    func unreadableManifest() {
        do {
            _ = try PackageManifestText.targets(in: "let package = Package(name: \"P\", targets: [\n  .target(dependencies: []),\n])")
            Issue.record("a target without a name was accepted")
        } catch {
            #expect(error.description.contains("Package.swift:2"), "\(error)")
        }
        #expect(throws: ManifestTextError.self) {
            try PackageManifestText.targets(in: "let package = Package(name: \"P\", targets: [\n  .target(name: \"A\"\n")
        }
    }
}
