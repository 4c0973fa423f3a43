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
        [executableFolder, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    }

    /// The running executable's folder, symlinks resolved. The kernel's
    /// `/proc/self/exe` names it however the program was started: `argv[0]`
    /// is only `diorama` when a shell found it on `PATH` (then it would name
    /// the current folder), and a symlink on `PATH` into a checkout must lead
    /// to the checkout's `Configs/`.
    package static var executableFolder: URL { executable.deletingLastPathComponent() }

    /// The running executable's file, symlinks resolved (see ``executableFolder``).
    package static var executable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
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
