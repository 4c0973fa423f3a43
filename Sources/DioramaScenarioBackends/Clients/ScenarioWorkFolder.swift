import Foundation

/// A scenario's working folder, `<work>/<scenario>/`: emptied before each
/// run, and so it must be Diorama's to empty.
///
/// Diorama marks every working folder it makes with ``markerName``. A run
/// empties a folder only when it holds that marker, or nothing at all; any
/// other folder (a user's, which `--work-dir` happened to reach) is refused
/// and left as it is, with every file in it.
package enum ScenarioWorkFolder {
    /// The empty file that says Diorama made the folder.
    package static let markerName = ".diorama-scenario-work"

    /// Why the working folder at `path` cannot be used, nil when it can: it
    /// is missing, empty, or marked as Diorama's.
    package static func problem(reusing path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return "\(path) exists and is not a folder Diorama made; refusing to remove it. Pass another --work-dir, or move it away"
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if contents.isEmpty || contents.contains(markerName) { return nil }
        return
            "\(path) holds files and was not made by Diorama (no \(markerName) in it); refusing to empty it. Pass another --work-dir, or move the folder away"
    }

    /// Empties the folder at `url` (or creates it) and marks it as Diorama's,
    /// with `subfolders` in it.
    ///
    /// - Throws: ``ScenarioBackendError/launchFailed(_:)`` when the folder is
    ///   not one ``problem(reusing:)`` allows.
    static func prepare(_ url: URL, subfolders: [String]) throws {
        if let problem = problem(reusing: url.path) { throw ScenarioBackendError.launchFailed(problem) }
        try? FileManager.default.removeItem(at: url)
        for subfolder in subfolders {
            try FileManager.default.createDirectory(at: url.appendingPathComponent(subfolder), withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: url.appendingPathComponent(markerName).path, contents: Data()) else {
            throw ScenarioBackendError.launchFailed("cannot mark the working folder \(url.path) as Diorama's; check that it is writable")
        }
    }
}
