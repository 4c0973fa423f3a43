import Foundation

/// The scenario files of a run: folders expanded to their `*.scenario` files,
/// sorted by file name, optionally cut down to one shard (dealt round-robin, or
/// balanced by an earlier run's times).
package struct ScenarioSuite: Hashable, Sendable {
    /// The files, in run order.
    package var files: [String]
    /// Every file the paths named, before a shard was taken (``files``
    /// without one): what the other shards' jobs read.
    package var allFiles: [String]

    /// - Parameter allFiles: the whole suite when `files` is one shard of it.
    package init(files: [String], allFiles: [String]? = nil) {
        self.files = Shard.sortedByFileName(files)
        self.allFiles = allFiles.map(Shard.sortedByFileName) ?? self.files
    }

    /// The files named by `paths`: each a `.scenario` file, or a folder whose
    /// `*.scenario` files (not recursive) are taken.
    ///
    /// A file named twice (by two paths, or a file and its folder) runs once.
    ///
    /// - Throws: ``ScenarioErrors`` naming each path that does not exist, a folder
    ///   without scenarios, and each file whose scenario name is taken or
    ///   unusable (`checkNames(of:)`).
    package static func collect(
        _ paths: [String], shard: Shard? = nil, times: RecordedTimes? = nil
    ) throws(ScenarioErrors) -> ScenarioSuite {
        var files: [String] = []
        var problems: [ScenarioDiagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(
                    ScenarioDiagnostic(
                        location: .startOfFile(path), message: "no such file or folder",
                        hint: "give a .scenario file or a folder of them, such as Configs/scenarios"))
                continue
            }
            if isDirectory.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".scenario") }
                if names.isEmpty {
                    problems.append(
                        ScenarioDiagnostic(
                            location: .startOfFile(path), message: "the folder has no .scenario files",
                            hint: "scenario files end in .scenario"))
                }
                files += names.map { (path.hasSuffix("/") ? path : path + "/") + $0 }
            } else {
                files.append(path)
            }
        }
        guard problems.isEmpty else { throw ScenarioErrors(problems) }
        var seen: Set<String> = []
        files = files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        try checkNames(of: files)
        guard let shard else { return ScenarioSuite(files: files) }
        return ScenarioSuite(files: times.map { shard.select(files, times: $0) } ?? shard.select(files), allFiles: files)
    }

    /// A scenario's name (its file's, less `.scenario`) names its work
    /// folder, its screenshots in the report and its results: two files of
    /// one name would write over each other's, and a name that is no folder
    /// name (`.scenario`, `...scenario`) cannot be one.
    private static func checkNames(of files: [String]) throws(ScenarioErrors) {
        var problems: [ScenarioDiagnostic] = []
        var firstFile: [String: String] = [:]
        for file in files {
            let name = ScenarioParser.scenarioName(forFile: file)
            if name.isEmpty || name == "." || name == ".." {
                problems.append(
                    ScenarioDiagnostic(
                        location: .startOfFile(file), message: "\"\(name)\" is not a usable scenario name (the file's name less .scenario)",
                        hint: "name the file after what it tests, such as drag-to-2x.scenario"))
            } else if let other = firstFile[name] {
                problems.append(
                    ScenarioDiagnostic(
                        location: .startOfFile(file), message: "another scenario is named \(name) too: \(other)",
                        hint: "rename one of the files: a scenario's name keeps its work folder, screenshots and results apart"))
            } else {
                firstFile[name] = file
            }
        }
        guard problems.isEmpty else { throw ScenarioErrors(problems) }
    }
}
