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
public final class StateDirectoryLock: Sendable {
    /// The lock file (`<directory>/instance.lock`).
    public let file: URL
    private let descriptor: Int32

    fileprivate init(file: URL, descriptor: Int32) {
        self.file = file
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// What ``SessionStore/lockDirectory()`` found.
public enum StateDirectoryLockOutcome: Sendable {
    /// This process owns the directory for as long as it keeps the lock.
    case acquired(StateDirectoryLock)
    /// Another process holds the lock (another instance of the app is
    /// running); `pid` is the one it wrote into the lock file, nil when the
    /// file does not hold one yet (it has just locked it) or cannot be read.
    case heldByAnotherProcess(pid: Int32?)
}

extension SessionStore {
    /// The lock file's name inside ``directory``. It does not look like a
    /// session record or a temporary file, so ``load()`` and
    /// ``removeLeftoverTemporaryFiles()`` never touch it.
    public static let lockFileName = "instance.lock"

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
    public func lockDirectory() throws(SessionStoreError) -> StateDirectoryLockOutcome {
        try createDirectory()
        let file = directory.appendingPathComponent(Self.lockFileName, isDirectory: false)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .fileSystem(operation: "open", path: file.path, code: errno)
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
