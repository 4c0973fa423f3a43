import Foundation

/// Finds what to check inside a folder: Xcode projects, or, when there are none,
/// Info.plist files.
///
/// The search skips hidden folders and the places build products and dependencies
/// live (`DerivedData`, `build`, `Pods`, `Carthage`, `node_modules`), never enters an
/// `.xcodeproj` or `.xcworkspace`, leaves out what `--exclude` names, and returns
/// paths sorted so reports are stable.
enum ProjectDiscovery {
    static let skippedFolders: Set<String> = ["DerivedData", "build", "Build", "Pods", "Carthage", "node_modules"]

    struct Found {
        var projects: [URL] = []
        var infoPlists: [URL] = []
    }

    static func search(_ folder: URL, excluding exclusion: PathExclusion = PathExclusion()) -> Found {
        let workspace = LintWorkspace(root: folder)
        var found = Found()
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: keys,
                options: [.skipsHiddenFiles])
        else { return found }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let isDirectory = (try? url.resourceValues(forKeys: Set(keys)).isDirectory) ?? false
            if exclusion.excludes(workspace.displayPath(of: url)) {
                if isDirectory { enumerator.skipDescendants() }
                continue
            }
            if isDirectory {
                if url.pathExtension == "xcodeproj" {
                    found.projects.append(url.standardizedFileURL)
                    enumerator.skipDescendants()
                } else if url.pathExtension == "xcworkspace" || skippedFolders.contains(name) {
                    enumerator.skipDescendants()
                }
            } else if name == "Info.plist" || name.hasSuffix("-Info.plist") {
                found.infoPlists.append(url.standardizedFileURL)
            }
        }
        found.projects.sort { $0.path < $1.path }
        found.infoPlists.sort { $0.path < $1.path }
        return found
    }
}
