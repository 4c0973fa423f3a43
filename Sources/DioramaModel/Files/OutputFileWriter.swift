import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an output file (a screenshot, a report, a saved session, the bench's
/// JSON) without ever replacing something that is not a file Diorama may
/// overwrite.
///
/// What is at the path decides how:
/// - nothing, or a regular file: replaced atomically (``replaceAtomically(_:at:permissions:)``),
///   so a reader sees the old contents or the new, never half a file;
/// - a character device or a FIFO (`/dev/null`, a terminal, a pipe): written
///   through, in place. The node stays what it is, every `write(2)` is
///   checked (a full device, ENOSPC, is an error), and a FIFO nobody reads
///   is an error instead of a hang;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: written to
///   this process's descriptor itself, after what it already printed;
/// - a symbolic link: followed, never replaced. The file it points to gets the
///   treatment above, so a link to a regular file replaces that file
///   atomically beside it. A link that points nowhere is refused: it would
///   create a file outside the folder the path names;
/// - anything else (a directory, a block device, a socket) is refused.
///
/// `Data.write(options: .atomic)` renames a temporary file over whatever the
/// path holds: run as root, `--out /dev/null` replaced the system's
/// `/dev/null` with a PNG. Every output file goes through here instead.
package enum OutputFileWriter {
    /// Part of every temporary file's name (`.NAME.tmp-1f2e…`), so a folder's
    /// readers can skip them and clean them up after a crash.
    package static let temporaryMarker = ".tmp-"

    /// Writes `bytes` to `path` as described above.
    ///
    /// - Parameters:
    ///   - bytes: the whole contents.
    ///   - path: where they go: a new path, a regular file, a device, a FIFO,
    ///     one of the process's own streams, or a link to one of those.
    ///   - permissions: the mode of a new file (the umask applies); a
    ///     replaced regular file keeps its own mode.
    package static func write(
        _ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o666
    ) throws(OutputFileFailure) {
        try checkPath(path)
        if let descriptor = processDescriptor(namedBy: path) {
            // What this process already wrote there goes first.
            fflush(nil)
            return try writeAll(bytes, to: descriptor, path: path)
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw OutputFileFailure(operation: "lstat", path: path, code: errno) }
            return try replaceAtomically(bytes, at: path, permissions: permissions)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            try replaceAtomically(bytes, at: path, keepingMode: mode_t(status.st_mode & 0o7777))
        case S_IFLNK:
            try writeThroughLink(bytes, at: path)
        case S_IFCHR, S_IFIFO:
            try writeInPlace(bytes, to: path)
        default:
            throw OutputFileFailure(path: path, problem: "it is \(FileReadFailure.kind(ofMode: status.st_mode)); refusing to write over it")
        }
    }

    /// The descriptor a path names when it is one of this process's own
    /// streams: `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N` and
    /// `/proc/self/fd/N`. These are written to directly, at the stream's
    /// position: opening the link again would start a file that standard
    /// output was redirected to over from its first byte, and replacing it
    /// would unlink the file the shell opened.
    package static func processDescriptor(namedBy path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count)).flatMap { $0 >= 0 ? $0 : nil }
            }
            return nil
        }
    }

    /// Refuses a path the system cannot name: empty, or with a NUL byte (C
    /// would silently cut it there, and Foundation's URL writes `%00`).
    package static func checkPath(_ path: String) throws(OutputFileFailure) {
        guard !path.isEmpty else { throw OutputFileFailure(path: path, problem: "the path is empty; name a file") }
        guard !path.utf8.contains(0) else {
            throw OutputFileFailure(path: path, problem: "the path contains a NUL character (\\u0000), which no file name can hold; name another file")
        }
        guard path.utf8.count < PATH_MAX else {
            throw OutputFileFailure(path: path, problem: "the path is longer than \(PATH_MAX - 1) bytes (PATH_MAX); name a shorter one")
        }
    }

    /// Replaces (or creates) the regular file at `path` so that, whatever
    /// moment the process dies at (kill -9, power loss), the name holds the
    /// complete old contents or the complete new ones:
    /// 1. the bytes go to a new temporary file in the same folder (`rename`
    ///    is atomic only within one file system), named `.NAME.tmp-…`;
    /// 2. it is `fsync`ed, so its data is on disk before its name can be;
    /// 3. it is renamed over `path`;
    /// 4. the folder is `fsync`ed, so the rename itself survives a crash.
    ///
    /// Call it only for a path that holds a regular file or nothing
    /// (``write(_:to:permissions:)`` checks); a crash before step 3 leaves
    /// a stray temporary file.
    package static func replaceAtomically(
        _ bytes: some Collection<UInt8>, at path: String, permissions: mode_t
    ) throws(OutputFileFailure) {
        try replaceAtomically(bytes, at: path, permissions: permissions, exactly: false)
    }

    /// ``replaceAtomically(_:at:permissions:)`` keeping a replaced file's mode
    /// as it was (the umask cut only a new file's).
    private static func replaceAtomically(
        _ bytes: some Collection<UInt8>, at path: String, keepingMode mode: mode_t
    ) throws(OutputFileFailure) {
        try replaceAtomically(bytes, at: path, permissions: mode, exactly: true)
    }

    private static func replaceAtomically(
        _ bytes: some Collection<UInt8>, at path: String, permissions: mode_t, exactly: Bool
    ) throws(OutputFileFailure) {
        let name = (path as NSString).lastPathComponent
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let temporaryPath = folder + "/." + name + temporaryMarker + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, permissions)
        guard descriptor >= 0 else { throw OutputFileFailure(operation: "create a temporary file in", path: folder, code: errno) }
        do throws(OutputFileFailure) {
            if exactly { _ = fchmod(descriptor, permissions) }
            try writeAll(bytes, to: descriptor, path: temporaryPath)
            guard fsync(descriptor) == 0 else { throw OutputFileFailure(operation: "fsync", path: temporaryPath, code: errno) }
        } catch {
            close(descriptor)
            unlink(temporaryPath)
            throw error
        }
        guard close(descriptor) == 0 else {
            let failure = OutputFileFailure(operation: "close", path: temporaryPath, code: errno)
            unlink(temporaryPath)
            throw failure
        }
        guard rename(temporaryPath, path) == 0 else {
            let failure = OutputFileFailure(operation: "rename", path: path, code: errno)
            unlink(temporaryPath)
            throw failure
        }
        try syncDirectory(folder)
    }

    /// Makes a change to the folder's entries (a rename or an unlink) durable.
    package static func syncDirectory(_ path: String) throws(OutputFileFailure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputFileFailure(operation: "open the folder", path: path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw OutputFileFailure(operation: "fsync the folder", path: path, code: errno) }
    }

    /// A symbolic link: what it points to is written, the link stays.
    private static func writeThroughLink(_ bytes: some Collection<UInt8>, at path: String) throws(OutputFileFailure) {
        var target = stat()
        guard stat(path, &target) == 0 else {
            guard errno == ENOENT else { throw OutputFileFailure(operation: "stat", path: path, code: errno) }
            throw OutputFileFailure(
                path: path,
                problem:
                    "it is a symbolic link to a file that does not exist; Diorama follows links but does not create their targets. Name the target itself, or another file"
            )
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG:
            // The link's final target, replaced beside itself. (A link like
            // /proc/self/fd/1 to a regular file resolves to that file's path.)
            guard let resolved = realpath(path, nil) else {
                throw OutputFileFailure(operation: "resolve the symbolic link", path: path, code: errno)
            }
            defer { free(resolved) }
            try replaceAtomically(bytes, at: String(cString: resolved), keepingMode: mode_t(target.st_mode & 0o7777))
        case S_IFCHR, S_IFIFO:
            try writeInPlace(bytes, to: path)
        default:
            throw OutputFileFailure(
                path: path, problem: "it is a symbolic link to \(FileReadFailure.kind(ofMode: target.st_mode)); refusing to write over it")
        }
    }

    /// A character device or FIFO, opened without creating or truncating
    /// anything and written in place. Opened non-blocking so that a FIFO
    /// nobody reads fails (ENXIO) instead of hanging; writes then block.
    private static func writeInPlace(_ bytes: some Collection<UInt8>, to path: String) throws(OutputFileFailure) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO {
                throw OutputFileFailure(path: path, problem: "it is a FIFO that no process is reading; start the reader first, or name a file")
            }
            throw OutputFileFailure(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw OutputFileFailure(operation: "fstat", path: path, code: errno) }
        let kind = status.st_mode & S_IFMT
        // Something else took the name between the check and the open.
        guard kind == S_IFCHR || kind == S_IFIFO else {
            throw OutputFileFailure(path: path, problem: "it changed while being written (now \(FileReadFailure.kind(ofMode: status.st_mode))); try again")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    private static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32, path: String) throws(OutputFileFailure) {
        do {
            try DescriptorWriter(descriptor: descriptor).write(bytes)
        } catch {
            throw OutputFileFailure(operation: "write", path: path, code: error.code)
        }
    }
}

/// Why ``OutputFileWriter`` did not write a file: the path, and either the
/// failed system call with its errno or a refusal in words.
package struct OutputFileFailure: Error, Equatable, CustomStringConvertible {
    /// The file (or folder) concerned.
    package var path: String
    /// The system call or step that failed ("write", "rename"), when one did.
    package var operation: String?
    /// Its errno.
    package var code: Int32?
    /// Why the path was refused, when nothing failed but the check.
    package var problem: String?

    package init(operation: String, path: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// "cannot write /tmp/full.png: write failed: No space left on device",
    /// "cannot write /tmp/x: it is a directory; refusing to write over it";
    /// a step on a folder is its reason alone ("create a temporary file in
    /// out failed: …"), since "cannot write out" would name the folder as
    /// the file.
    package var description: String {
        isStepOnFolder ? reason : "cannot write \(path): \(reason)"
    }

    /// Whether the step that failed was on the folder (`path` is the
    /// folder): its operation ends in " in", as "create a temporary file in".
    private var isStepOnFolder: Bool { operation?.hasSuffix(" in") == true }

    /// The description without the path, for a message that names the file
    /// already: "write failed: No space left on device".
    /// A step on a folder ("create a temporary file in") names it:
    /// "create a temporary file in /nonexistent failed: No such file or directory".
    package var reason: String {
        if let problem { return problem }
        let step = operation.map { isStepOnFolder ? "\($0) \(path)" : $0 } ?? "write"
        return "\(step) failed: " + (code.map { String(cString: strerror($0)) } ?? "unknown error")
    }
}
