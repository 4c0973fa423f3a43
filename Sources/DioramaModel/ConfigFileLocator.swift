import Foundation

/// Finds files of the package's `Configs/` folder (display layouts, app
/// Info.plists) from wherever a built program runs: the nearest folder at or
/// above the executable's, or at or above the current directory, that has
/// the file. A checkout's `.build/debug/diorama` finds the checkout's
/// `Configs/`; so does a command run from anywhere inside it.
package enum ConfigFileLocator {
    /// The folders searched from, in order: the executable's folder (symlinks
    /// resolved), then the current directory.
    package static var defaultStartingPoints: [URL] {
        [
            URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        ]
    }

    /// `relativePath` (such as `Configs/displays/dual.json`) in the nearest
    /// folder at or above one of `startingPoints` that has it; nil when none has.
    package static func locate(_ relativePath: String, startingAt startingPoints: [URL] = defaultStartingPoints) -> URL? {
        for start in startingPoints {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent(relativePath)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }
}
