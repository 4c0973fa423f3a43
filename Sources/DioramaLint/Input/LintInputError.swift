/// Input `diorama lint` cannot work with at all (exit code 2, no report).
///
/// Files that exist but are malformed are not errors of this kind: they become
/// `malformed-file` findings in the report, so every other target is still checked.
package enum LintInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(String)
    /// A folder with no Xcode project and no Info.plist in it, and the
    /// symbolic links to folders in it that were not followed.
    case nothingToLint(String, linksNotFollowed: [String] = [])

    package var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or folder; pass an Info.plist, an .xcodeproj or a folder holding an Xcode project"
        case .nothingToLint(let path, let links) where !links.isEmpty:
            "\(path): found no .xcodeproj and no Info.plist to check, and did not follow the symbolic links to folders "
                + "\(links.joined(separator: ", ")); pass the folder holding the app's Xcode project, or a link's target"
        case .nothingToLint(let path, _):
            "\(path): found no .xcodeproj and no Info.plist to check; pass the folder holding the app's Xcode project"
        }
    }
}
