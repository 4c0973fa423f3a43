import Foundation

/// A use of Foundation's `Process` or `Pipe` outside the targets allowed to
/// spawn: ARCHITECTURE.md promises that `DioramaPOSIX.SpawnedProcess` is the
/// one place that starts child processes and that no pipes are offered.
struct ForeignSpawn: Hashable, CustomStringConvertible {
    /// The file, relative to the package root, and the line.
    var file: String
    var line: Int
    var code: String

    var description: String {
        "\(file):\(line): `\(code)` uses Foundation's Process or Pipe; start programs with DioramaPOSIX's "
            + "SpawnedProcess (or ProgramRun for a short run whose output is wanted), which write output to files"
    }
}

enum SpawnCheck {
    /// Targets that may use Foundation's `Process` and `Pipe`, and why.
    static let allowedTargets: [String: String] = [
        "DioramaPOSIX": "the wrapper itself (it uses posix_spawn, but may use anything it needs)",
        "WaylandBindingsPlugin": "a build plugin links only PackagePlugin and Foundation, so it runs pkg-config with Process",
        "DioramaStructureTests": "spawns nothing; its test of this check holds the forbidden calls as text",
    ]

    /// Creating a `Process` or a `Pipe`, or extending either class. A type of
    /// the same name that the file declares itself is not Foundation's.
    static func uses(in file: (path: String, text: String)) -> [ForeignSpawn] {
        let names = ["Process", "Pipe"].filter { name in
            file.text.hasText(name) && !file.text.hasText("struct \(name) ") && !file.text.hasText("class \(name) ")
                && !file.text.hasText("enum \(name) ")
        }
        guard !names.isEmpty else { return [] }
        var found: [ForeignSpawn] = []
        // Only a line naming one of them can create or extend it: the others
        // are not split at `//` and searched (the test reads every file).
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where names.contains(where: { line.hasText($0) }) {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for name in names where creates(name, in: code) || code.hasText("extension \(name) ") || code.hasText("extension \(name):") {
                found.append(ForeignSpawn(file: file.path, line: index + 1, code: code.trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }

    /// `name(` or `name.init(` not preceded by an identifier character
    /// (`SpawnedProcess(` and `ChildProcess(` are other types).
    private static func creates(_ name: String, in code: Substring) -> Bool {
        code.hasToken("\(name)(") || code.hasToken("\(name).init(")
    }
}
