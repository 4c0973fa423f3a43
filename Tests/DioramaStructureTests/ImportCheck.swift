import Foundation

/// An `import` of a package target, or of another package's product, that
/// the importing target does not list in its `dependencies:` (SwiftPM builds
/// it anyway when some other dependency pulls the module in, so nothing else
/// catches it).
struct UndeclaredImport: Hashable, CustomStringConvertible {
    var target: String
    var module: String
    /// The importing file, relative to the package root, and the import's line.
    var file: String
    var line: Int
    /// The line of the target's declaration in Package.swift.
    var declarationLine: Int

    var description: String {
        "\(file):\(line): target \(target) imports \(module), which its declaration (Package.swift:\(declarationLine)) "
            + "does not list; add \"\(module)\" to its dependencies, or stop importing it"
    }
}

enum ImportCheck {
    /// The module a line of Swift imports (`import Foo`, `@testable import Foo`,
    /// `@_exported public import Foo.Bar`, `import struct Foo.Baz`), or nil.
    static func importedModule(onLine line: Substring) -> String? {
        guard line.hasText("import") else { return nil }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first,
            first.hasPrefix("@")
                || ["public", "package", "internal", "private", "fileprivate"].contains(first)
        {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(kind) {
            words = words.dropFirst()
        }
        guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
        return String(module)
    }

    /// The imports in `files` (path relative to the package root, text) that
    /// name a module in `packageModules` (this package's targets and the
    /// products of other packages it uses) missing from `target`'s
    /// dependencies.
    static func undeclaredImports(
        of target: DeclaredTarget, files: [(path: String, text: String)],
        packageModules: Set<String>
    ) -> [UndeclaredImport] {
        let allowed = Set(
            target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") } + target.products + [target.moduleName])
        var found: [UndeclaredImport] = []
        for file in files {
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let module = importedModule(onLine: line), packageModules.contains(module),
                    !allowed.contains(module)
                else { continue }
                found.append(
                    UndeclaredImport(
                        target: target.name, module: module, file: file.path, line: index + 1,
                        declarationLine: target.line))
            }
        }
        return found
    }

    /// The Swift files of `target` under `root`, less what `exclude:` leaves out.
    static func swiftFiles(of target: DeclaredTarget, root: URL) throws -> [(path: String, text: String)] {
        let directory = root.appendingPathComponent(target.directory)
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let inside = String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))
            if target.excluded.contains(where: { inside == $0 || inside.hasPrefix($0 + "/") }) { continue }
            files.append((target.directory + "/" + inside, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
