import Foundation

/// Finds what to check inside a folder: Xcode projects, or, when there are none,
/// Info.plist files.
///
/// The search skips hidden folders and the places build products and dependencies
/// live (`DerivedData`, `build`, `Pods`, `Carthage`, `node_modules`), never enters an
/// `.xcodeproj` or `.xcworkspace`, leaves out what `--exclude` names, and returns
/// paths sorted so reports are stable.
///
/// Symbolic links to folders are not followed (a link back up would loop, and
/// a link to a shared folder would lint it once per link). A link named
/// `*.xcodeproj` is a project like any other; the other links to folders
/// are listed, so the report can say what it did not look into.
enum ProjectDiscovery {
    static let skippedFolders: Set<String> = ["DerivedData", "build", "Build", "Pods", "Carthage", "node_modules"]

    struct Found {
        var projects: [URL] = []
        var infoPlists: [URL] = []
        /// Symbolic links to folders, other than projects, left unvisited.
        var linkedFolders: [URL] = []
    }

    static func search(_ folder: URL, excluding exclusion: PathExclusion = PathExclusion()) -> Found {
        let workspace = LintWorkspace(root: folder)
        var found = Found()
        let keys: [URLResourceKey] = [.isDirectoryKey, .isSymbolicLinkKey]
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: keys,
                options: [.skipsHiddenFiles])
        else { return found }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: Set(keys))
            let isDirectory = values?.isDirectory ?? false
            if exclusion.excludes(workspace.displayPath(of: url)) {
                if isDirectory { enumerator.skipDescendants() }
                continue
            }
            if values?.isSymbolicLink == true, leadsToFolder(url) {
                if url.pathExtension == "xcodeproj" {
                    found.projects.append(url.standardizedFileURL)
                } else if !skippedFolders.contains(name) {
                    found.linkedFolders.append(url.standardizedFileURL)
                }
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
        found.linkedFolders.sort { $0.path < $1.path }
        return found
    }

    /// Whether the link at `url` ends at a folder (links followed).
    private static func leadsToFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
