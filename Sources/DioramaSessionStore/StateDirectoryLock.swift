import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's claim on a state directory: an exclusive advisory lock
/// (`flock`) on ``SessionStore/lockFileName`` inside it, held while this
/// object lives.
///
/// The kernel drops the lock when the descriptor closes — at `deinit`, or
/// when the process dies in any way (SIGKILL included) — so a lock file left
/// on disk by a dead instance never blocks the next launch; only the pid
/// written into it stays behind, and nobody reads it while nobody holds the
/// lock. The descriptor is close-on-exec, so a program the app starts does
/// not inherit the claim and keep it after the app is gone.
package final class StateDirectoryLock: Sendable {
    /// The lock file (`<directory>/instance.lock`).
    package let file: URL
    private let descriptor: Int32

    fileprivate init(file: URL, descriptor: Int32) {
        self.file = file
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// What ``SessionStore/lockDirectory()`` found.
package enum StateDirectoryLockOutcome: Sendable {
    /// This process owns the directory for as long as it keeps the lock.
    case acquired(StateDirectoryLock)
    /// Another process holds the lock (another instance of the app is
    /// running); `pid` is the one it wrote into the lock file, nil when the
    /// file does not hold one yet (it has just locked it) or cannot be read.
    case heldByAnotherProcess(pid: Int32?)
    /// Something other than a lock file is at the lock file's path (a
    /// symbolic link, a FIFO, a folder, a file with other names too): it was
    /// left alone, neither followed, created, truncated nor locked. The
    /// reason names the path, what is there and what to do. Like a held
    /// lock, this instance must not use the directory's sessions.
    case notALockFile(reason: String)
}

extension SessionStore {
    /// The lock file's name inside ``directory``. It does not look like a
    /// session record or a temporary file, so ``load()`` and
    /// ``removeLeftoverTemporaryFiles()`` never touch it.
    package static let lockFileName = "instance.lock"

    /// Claims ``directory`` for this process: creates it if needed, then takes
    /// an exclusive, non-blocking `flock` on its lock file and writes this
    /// process's pid into it, so a second instance can say who holds it.
    ///
    /// `flock` locks belong to an open file description, so a second call in
    /// the same process (another `open`) conflicts with the first just as
    /// another process does.
    ///
    /// - Throws: ``SessionStoreError/fileSystem(operation:path:code:)`` when the
    ///   directory or lock file cannot be created or locked for another reason
    ///   than a holder (a read-only file system, a file system without locks).
    package func lockDirectory() throws(SessionStoreError) -> StateDirectoryLockOutcome {
        try createDirectory()
        let file = directory.appendingPathComponent(Self.lockFileName, isDirectory: false)
        if let problem = Self.problem(withLockFileAt: file.path) { return .notALockFile(reason: problem) }
        // O_NOFOLLOW: a link put there after the check is not followed
        // (ELOOP); O_NONBLOCK: a FIFO put there does not hang the open.
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { return .notALockFile(reason: Self.notALockFile(file.path, "is a symbolic link")) }
            throw .fileSystem(operation: "open", path: file.path, code: errno)
        }
        var status = stat()
        if fstat(descriptor, &status) != 0 || Self.describeNonLockFile(status) != nil {
            close(descriptor)
            return .notALockFile(reason: Self.notALockFile(file.path, Self.describeNonLockFile(status) ?? "cannot be checked"))
        }
        var locked = flock(descriptor, LOCK_EX | LOCK_NB)
        while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX | LOCK_NB) }
        guard locked == 0 else {
            let code = errno
            defer { close(descriptor) }
            if code == EWOULDBLOCK { return .heldByAnotherProcess(pid: Self.holderPID(readingFrom: descriptor)) }
            throw .fileSystem(operation: "flock", path: file.path, code: code)
        }
        let lock = StateDirectoryLock(file: file, descriptor: descriptor)
        // The pid is only a courtesy for the message a second instance prints:
        // failing to write it leaves the lock (the part that matters) in place.
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return .acquired(lock)
    }

    /// Why the lock file's path does not hold a lock file (nil when it holds
    /// one, or nothing yet).
    private static func problem(withLockFileAt path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return describeNonLockFile(status).map { notALockFile(path, $0) }
    }

    /// What a file is when it cannot be the lock file: only a regular file
    /// with no other name (a hard link would make the pid written here land
    /// in a file elsewhere) can be.
    private static func describeNonLockFile(_ status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: status.st_nlink == 1 ? nil : "has other names (hard links)"
        case S_IFLNK: "is a symbolic link"
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO"
        default: "is not a regular file"
        }
    }

    private static func notALockFile(_ path: String, _ what: String) -> String {
        "\(path) \(what), not a lock file; it was left alone. Remove it so the next launch can lock the state directory"
    }

    /// The pid the holder wrote into the lock file, if it is there yet.
    private static func holderPID(readingFrom descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text), pid > 0 else { return nil }
        return pid
    }
}
