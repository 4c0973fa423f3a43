import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--exclude` patterns of a run: vendored projects (third-party sample apps,
/// CMake test apps) that are not the app being checked.
///
/// A pattern is a shell glob matched against a path relative to the linted folder, as
/// the report shows it (`Vendor/SDL/Xcode/SDL.xcodeproj`). `*` and `?` also match `/`,
/// so `Vendor/*` and `*/Tests/*` reach any depth. A path is excluded when the pattern
/// matches it or one of the folders it lies in, so `Vendor` excludes everything inside.
package struct PathExclusion: Sendable {
    package var patterns: [String]

    package init(_ patterns: [String] = []) {
        self.patterns = patterns
    }

    /// Whether `relativePath` (or a folder above it) matches a pattern.
    package func excludes(_ relativePath: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        var components = relativePath.split(separator: "/").map(String.init)
        while !components.isEmpty {
            let path = components.joined(separator: "/")
            if patterns.contains(where: { fnmatch($0, path, 0) == 0 }) { return true }
            components.removeLast()
        }
        return false
    }
}
