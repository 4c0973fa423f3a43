#if canImport(Glibc)
    import Glibc
#endif

/// Fresh private directories (`mkdtemp`): mode 0700, a name nobody else
/// can have taken.
package enum TemporaryDirectory {
    /// Creates `prefix` followed by six random characters
    /// (`/tmp/diorama-sim-0-` → `/tmp/diorama-sim-0-a8Zk2q`) and returns its path.
    /// - Throws: ``SystemCallError`` naming the directory it was to be made in.
    package static func make(prefix: String) throws(SystemCallError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else {
            let parent = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? "."
            throw SystemCallError("mkdtemp", subject: parent.isEmpty ? "/" : parent)
        }
        return String(cString: created)
    }
}
