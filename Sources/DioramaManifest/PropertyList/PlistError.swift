import DioramaModel

/// A property list that cannot be read at all.
///
/// Thrown (never a crash) for malformed XML, unsupported content, truncated or garbage
/// binary data, and unreadable files. Its description follows compiler style so that a
/// terminal or editor can jump to the spot:
///
///     Info.plist:12:5: <key> "CFBundleName" has no value; add a value element after it
///
/// Problems that leave the file usable (a wrong type under a known key, a deprecated
/// key) are not `PlistError`s: the scene manifest reports those as
/// ``ManifestDiagnostic``s instead.
package struct PlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is. Whole-file problems point at line 1, column 1.
    package var location: SourceLocation
    /// What is wrong, in one sentence without a trailing period.
    package var problem: String
    /// What to do about it, in one sentence without a trailing period.
    package var fix: String

    package init(location: SourceLocation, problem: String, fix: String) {
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    /// `file:line:column: what is wrong; what to do`.
    package var description: String { "\(location): \(problem); \(fix)" }
}
