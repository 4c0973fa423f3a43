import Foundation

/// The folder a lint run is relative to, and how files inside (and next to) it are
/// named in output.
///
/// Every location in a report uses these display paths (`App/Info.plist`,
/// `App.xcodeproj/project.pbxproj`, `../Shared/Base.xcconfig`), so the same project
/// gives the same report wherever it is checked out.
package struct LintWorkspace: Sendable {
    /// The linted folder, or the folder holding the linted Info.plist.
    package let root: URL

    package init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `url` relative to ``root``, with `..` for files outside it.
    package func displayPath(of url: URL) -> String {
        let rootComponents = root.standardizedFileURL.pathComponents
        let components = url.standardizedFileURL.pathComponents
        var common = 0
        while common < rootComponents.count && common < components.count
            && rootComponents[common] == components[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: rootComponents.count - common)
        let rest = components[common...]
        let relative = (ups + rest).joined(separator: "/")
        return relative.isEmpty ? url.lastPathComponent : relative
    }
}
