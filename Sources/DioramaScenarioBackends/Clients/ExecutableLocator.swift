import Foundation

/// Finds a Diorama app's executable by name in the configured folders.
enum ExecutableLocator {
    /// - Throws: ``ScenarioBackendError/executableMissing(_:searched:)`` with the
    ///   paths tried and how to build the app.
    static func locate(_ name: String, in directories: [String]) throws(ScenarioBackendError) -> URL {
        var searched: [String] = []
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            searched.append(candidate.path)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .executableMissing(name, searched: searched)
    }
}
