#if canImport(Glibc)
    import Glibc
#endif

/// Fresh private directories (`mkdtemp`): mode 0700, a name nobody else
/// can have taken, and removed again with everything in it.
///
/// Each directory made here is this process's until ``remove(_:)`` or
/// ``keep(_:)``: ``ExitCleanup`` removes what is still there when the
/// process exits, or when `diorama run`/`check` is stopped by a signal.
package enum TemporaryDirectory {
    /// Where temporary directories go: `$TMPDIR` when it is set (and not
    /// empty), else `/tmp`.
    package static var parent: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
    }

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
        let path = String(cString: created)
        ExitCleanup.adopt(directory: path)
        return path
    }

    /// Creates `<parent>/<name>-XXXXXX` in ``parent`` (the temporary directory).
    package static func make(named name: String) throws(SystemCallError) -> String {
        try make(prefix: parent + "/" + name + "-")
    }

    /// Leaves the directory at `path` in place when the process exits (a
    /// user asked to keep it, e.g. to read a compositor's log).
    package static func keep(_ path: String) {
        ExitCleanup.release(directory: path)
    }

    /// ``remove(_:)``, unless the environment variable `keepVariable` is set
    /// (`DIORAMA_KEEP_TEST_FILES=1`, to read a failed test's files): then
    /// the directory stays, also after the process exits.
    package static func remove(_ path: String, unlessSet keepVariable: String) {
        if getenv(keepVariable) == nil {
            try? remove(path)
        } else {
            keep(path)
        }
    }

    /// Removes the directory at `path` and everything inside it, never
    /// following a symbolic link: a link inside is removed as a link, and
    /// its target stays. Every directory is opened relative to the one
    /// above it (`openat` with `O_NOFOLLOW | O_DIRECTORY`), so a directory
    /// swapped for a link while the removal runs is not entered either.
    ///
    /// A path that is already gone counts as removed, and so does an entry
    /// another removal of the same tree took first (an owner's and a
    /// termination signal's may run at once); a `path` that is a link or not
    /// a directory is left alone (it is no longer what was made).
    ///
    /// - Throws: ``SystemCallError`` for the first entry that could not be
    ///   removed; everything else that could be removed is gone.
    package static func remove(_ path: String) throws(SystemCallError) {
        // Still ``ExitCleanup``'s until it is gone: a termination signal
        // that arrives meanwhile removes it too (both removals take an entry
        // already gone as removed) before the signal ends the process, where
        // releasing it first let the process die with it half removed.
        defer { ExitCleanup.release(directory: path) }
        let slash = path.lastIndex(of: "/")
        let parentPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let parentDescriptor = open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentDescriptor >= 0 else {
            if errno == ENOENT { return }
            throw SystemCallError("open", subject: parentPath)
        }
        defer { close(parentDescriptor) }
        let directory = openat(parentDescriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else {
            if errno == ENOENT { return }
            throw SystemCallError("open", subject: path)
        }
        if let failure = removeDirectory(directory, named: name, in: parentDescriptor, path: path) { throw failure }
    }

    /// Removes everything inside the open directory `descriptor` (which it
    /// closes), depth first; `path` names it in errors. Returns the first
    /// failure. Names are read before any is removed, since removing while
    /// `readdir` runs may skip entries.
    private static func emptyDirectory(_ descriptor: Int32, path: String) -> SystemCallError? {
        guard let stream = fdopendir(descriptor) else {
            let failure = SystemCallError("fdopendir", subject: path)
            close(descriptor)
            return failure
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        var failure: SystemCallError?
        for name in names {
            let problem = removeEntry(name, in: descriptor, path: path + "/" + name)
            if failure == nil { failure = problem }
        }
        return failure
    }

    /// Empties the directory open at `descriptor` (which it takes), then
    /// removes it: `name` in the directory open at `parent`. The first
    /// failure, if any; what could be removed is removed all the same.
    private static func removeDirectory(_ descriptor: Int32, named name: String, in parent: Int32, path: String) -> SystemCallError? {
        let failure = emptyDirectory(descriptor, path: path)
        if unlinkat(parent, name, AT_REMOVEDIR) != 0, errno != ENOENT, failure == nil {
            return SystemCallError("rmdir", subject: path)
        }
        return failure
    }

    /// Removes `name` in the open directory `parent`: unlinks it, or when it
    /// is a directory (never a link to one), empties and removes it.
    private static func removeEntry(_ name: String, in parent: Int32, path: String) -> SystemCallError? {
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return nil }
        guard errno == EISDIR else { return SystemCallError("unlink", subject: path) }
        let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { return errno == ENOENT ? nil : SystemCallError("open", subject: path) }
        return removeDirectory(child, named: name, in: parent, path: path)
    }
}
