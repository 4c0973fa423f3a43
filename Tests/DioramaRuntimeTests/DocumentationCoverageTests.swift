import DioramaPOSIX
import Foundation
import Testing

/// Every public symbol of the shipped library products — `Diorama`, the API
/// apps are written against, with the modules it re-exports, and
/// `DioramaSimulator` with its harness and the control vocabulary it
/// re-exports — has a doc comment, so the DocC reference (`make docs`) has
/// no blank pages. The symbols are read the way DocC reads them: the
/// toolchain's `swift-symbolgraph-extract` over the `.swiftmodule` that
/// `swift build` just made (well under a second; nothing is rebuilt).
/// `package` symbols are not part of it: an outside package cannot name them.
@Suite struct DocumentationCoverageTests {
    /// The package checkout: this file is `Tests/DioramaRuntimeTests/…`.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The modules an outside package names (ARCHITECTURE.md, "Public API").
    static let shippedModules = [
        "Diorama", "DioramaModel", "DioramaManifest", "DioramaGraphics",
        "DioramaSimulator", "DioramaSimulatorHarness", "DioramaControlProtocol",
    ]

    @Test("every public symbol of the shipped modules has a doc comment", arguments: shippedModules)
    func everyPublicSymbolIsDocumented(module: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-symbols-\(module)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: output) }
        let graphs = try Self.extractSymbolGraphs(module: module, into: output)
        var undocumented: [String] = []
        for graph in graphs {
            undocumented += try Self.undocumentedSymbols(inSymbolGraph: graph)
        }
        #expect(!graphs.isEmpty)
        #expect(
            undocumented.isEmpty,
            """
            \(undocumented.count) public symbol(s) of \(module) have no doc comment; add a `///` comment saying what each \
            is (and, for a callback, when it fires and why):
            \(undocumented.sorted().joined(separator: "\n"))
            """)
    }

    @Test("the coverage check names an undocumented public symbol with its file and line")
    func checkNamesUndocumentedSymbols() throws {
        // A symbol graph as swift-symbolgraph-extract writes it: one documented
        // symbol, one not, and one the compiler synthesized (no location).
        let graph = """
            {"symbols": [
              {"kind": {"identifier": "swift.property"}, "pathComponents": ["Scene", "title"],
               "docComment": {"lines": [{"text": "The title."}]},
               "location": {"uri": "file:///p/Sources/Diorama/Scene.swift", "position": {"line": 4, "character": 4}}},
              {"kind": {"identifier": "swift.property"}, "pathComponents": ["Scene", "size"],
               "location": {"uri": "file:///p/Sources/Diorama/Scene.swift", "position": {"line": 6, "character": 4}}},
              {"kind": {"identifier": "swift.method"}, "pathComponents": ["Scene", "hash(into:)"]}
            ]}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-coverage-\(getpid()).symbols.json")
        try Data(graph.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.undocumentedSymbols(inSymbolGraph: file) == ["/p/Sources/Diorama/Scene.swift:7: Scene.size (swift.property)"])
    }

    /// `file:line: Type.member (kind)` for each symbol in the graph without a
    /// doc comment. Symbols without a source location are the compiler's
    /// (synthesized `Hashable`, `RawRepresentable` members): nothing to write.
    static func undocumentedSymbols(inSymbolGraph file: URL) throws -> [String] {
        struct Graph: Decodable {
            struct Symbol: Decodable {
                struct Kind: Decodable { var identifier: String }
                struct DocComment: Decodable {
                    struct Line: Decodable { var text: String }
                    var lines: [Line]
                }
                struct Location: Decodable {
                    struct Position: Decodable { var line: Int }
                    var uri: String
                    var position: Position
                }
                var kind: Kind
                var pathComponents: [String]
                var docComment: DocComment?
                var location: Location?
            }
            var symbols: [Symbol]
        }
        let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: file))
        return graph.symbols.compactMap { symbol in
            guard let location = symbol.location else { return nil }
            let text = symbol.docComment?.lines.map(\.text).joined().trimmingCharacters(in: .whitespaces) ?? ""
            guard text.isEmpty else { return nil }
            let path = URL(string: location.uri)?.path ?? location.uri
            // Symbol graph lines count from 0; editors count from 1.
            return "\(path):\(location.position.line + 1): \(symbol.pathComponents.joined(separator: ".")) (\(symbol.kind.identifier))"
        }
    }

    /// Runs `swift-symbolgraph-extract` on the built `module` and returns the
    /// graphs it wrote into `output` (the module's own, and one per module
    /// whose types it extends).
    static func extractSymbolGraphs(module: String, into output: URL) throws -> [URL] {
        let products = try builtProductsDirectory(containing: module)
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        var arguments = [
            "-module-name", module, "-I", products.appendingPathComponent("Modules").path,
            "-target", try targetTriple(products: products),
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        // The C modules the Swift modules import, found as SwiftPM passes them:
        // each module map (checked in, or generated beside a C target's build
        // folder) and each C target's public headers.
        for map in try modules(in: packageRoot.appendingPathComponent("Sources"), file: "module.modulemap")
            + modules(in: products, file: "module.modulemap")
        {
            arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        for include in try modules(in: packageRoot.appendingPathComponent("Sources"), file: "include") {
            arguments += ["-Xcc", "-I\(include.path)"]
        }
        for flag in try systemLibraryIncludeFlags() { arguments += ["-Xcc", flag] }
        let tool = try toolchainProgram("swift-symbolgraph-extract")
        let run = try ProgramRun.run(tool.path, arguments, timeout: .seconds(300))
        guard run.succeeded else {
            throw CoverageCheckError(
                "\(tool.path) \(run.timedOut ? "did not finish within 300 s" : run.termination.description) on \(module): \(run.standardError)")
        }
        return try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
    }

    /// The `-I` flags of the system libraries Package.swift finds through
    /// pkg-config (Cairo's and Pango's headers are in folders of their
    /// own), as SwiftPM passes them to the compiler.
    static func systemLibraryIncludeFlags() throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.matches(of: #/pkgConfig: "([^"]+)"/#).map { String($0.output.1) }
        let run = try ProgramRun.run("/usr/bin/pkg-config", ["--cflags-only-I"] + names, timeout: .seconds(60))
        guard run.succeeded else {
            throw CoverageCheckError("pkg-config --cflags-only-I \(names.joined(separator: " ")) failed (\(run.output)); run make deps")
        }
        let flags = run.standardOutput
        return String(decoding: flags, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `folder/*/file` for each subfolder that has it.
    static func modules(in folder: URL, file: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .map { $0.appendingPathComponent(file) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The build products folder (`.build/<triple>/debug`) that holds the
    /// test runner and `Modules/<module>.swiftmodule`.
    static func builtProductsDirectory(containing module: String) throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [runner.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent())
        }
        for folder in candidates
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/\(module).swiftmodule").path) {
            return folder
        }
        throw CoverageCheckError(
            "no Modules/\(module).swiftmodule beside the test runner (looked in "
                + candidates.map(\.path).joined(separator: ", ") + "); build with `swift build --build-tests`")
    }

    /// The triple SwiftPM built for: the name of the folder above the
    /// configuration's (`.build/x86_64-unknown-linux-gnu/debug`).
    static func targetTriple(products: URL) throws -> String {
        let triple = products.resolvingSymlinksInPath().deletingLastPathComponent().lastPathComponent
        guard triple.split(separator: "-").count >= 3 else {
            throw CoverageCheckError("cannot tell the target triple from the build folder \(products.path)")
        }
        return triple
    }

    /// A program of the Swift toolchain: beside the `swift` on PATH (or in
    /// `/opt/swift/usr/bin`, where the Debian setup installs it).
    static func toolchainProgram(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var folders = path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        folders.append(URL(fileURLWithPath: "/opt/swift/usr/bin"))
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CoverageCheckError(
            "\(name) is not on PATH nor in /opt/swift/usr/bin; it ships with the Swift toolchain "
                + "(usr/bin beside swift): put that folder on PATH")
    }
}

/// Why the documentation coverage could not be checked (not a finding about the docs).
struct CoverageCheckError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
