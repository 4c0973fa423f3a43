import DioramaModel
import DioramaSessionStore
import Foundation
import Testing

/// The state directory's instance lock. `flock` locks belong to an open file
/// description, so two `lockDirectory()` calls in this one process conflict
/// exactly as two app instances do; the two-process case (and SIGKILL) is in
/// DioramaAppTests' `SecondInstanceTests`.
@Suite("State directory lock")
struct StateDirectoryLockTests {
    /// The lock, or a failed expectation naming what was found instead.
    private func acquire(_ store: SessionStore) throws -> StateDirectoryLock {
        switch try store.lockDirectory() {
        case .acquired(let lock): return lock
        case .heldByAnotherProcess(let pid):
            Issue.record("the lock was expected to be free, but is held by pid \(String(describing: pid))")
            throw LockUnexpectedlyHeld()
        case .notALockFile(let reason):
            Issue.record("the lock was expected to be free, but: \(reason)")
            throw LockUnexpectedlyHeld()
        }
    }

    private struct LockUnexpectedlyHeld: Error {}

    /// ``acquire(_:)`` after a release, in a process whose other threads
    /// (other tests) start child processes. A child between its `clone` and
    /// its `exec` has a copy of every descriptor, the lock's too (it closes
    /// at the `exec`: `O_CLOEXEC`), and a copy holds the `flock` as the
    /// original did. On a loaded machine that window lasted long enough for
    /// the claim to find the lock held — by this process's own pid, the one
    /// in the file. So while the holder named is this process, the claim is
    /// made again, for at most 10 s; any other holder, or a lock still held
    /// after that, fails the test.
    private func acquireOnceNoChildHoldsACopy(_ store: SessionStore) throws -> StateDirectoryLock {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            switch try store.lockDirectory() {
            case .acquired(let lock): return lock
            case .heldByAnotherProcess(let pid) where pid == getpid():
                usleep(1_000)  // the child is about to exec; a millisecond between looks
            case .heldByAnotherProcess, .notALockFile:
                return try acquire(store)
            }
        }
        return try acquire(store)
    }

    /// The holder pid a second claim reports, or nil when it got the lock.
    private func holderOfHeldLock(_ store: SessionStore) throws -> Int32?? {
        switch try store.lockDirectory() {
        case .acquired, .notALockFile: return nil
        case .heldByAnotherProcess(let pid): return .some(pid)
        }
    }

    /// Why the claim found no lock file at its path, or nil when it got one
    /// or found it held.
    private func refusal(_ store: SessionStore) throws -> String? {
        if case .notALockFile(let reason) = try store.lockDirectory() { return reason }
        return nil
    }

    @Test("the first claim owns the directory and writes its pid; a second claim is refused and names that pid")
    func secondClaimIsRefused() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let directory = temporary.url.appendingPathComponent("state/com.example.notes")
        let first = try acquire(SessionStore(directory: directory))
        #expect(first.file.path == directory.appendingPathComponent(SessionStore.lockFileName).path)
        #expect(try String(contentsOf: first.file, encoding: .utf8) == "\(getpid())\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "the directory is created private to the user")

        // Another store value on the same directory is another open(): refused.
        let refused = try holderOfHeldLock(SessionStore(directory: directory))
        #expect(refused == .some(getpid()))
        // The refused claim neither took the lock nor rewrote the file.
        #expect(try holderOfHeldLock(SessionStore(directory: directory)) == .some(getpid()))
        withExtendedLifetime(first) {}
    }

    @Test("releasing the lock (the process's descriptor closes) lets the next claim own the directory")
    func releaseLetsTheNextClaimIn() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        var first: StateDirectoryLock? = try acquire(store)
        #expect(try holderOfHeldLock(store) != nil)
        withExtendedLifetime(first) {}
        first = nil
        #expect(
            FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent(SessionStore.lockFileName).path), "the file stays; only the lock goes")
        let second = try acquireOnceNoChildHoldsACopy(store)
        #expect(try holderOfHeldLock(store) == .some(getpid()))
        withExtendedLifetime(second) {}
    }

    @Test("a lock file without a pid yet (its holder has just locked it) reports the holder as unknown")
    func holderWithoutPID() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        let first = try acquire(store)
        try Data().write(to: first.file)
        #expect(try holderOfHeldLock(store) == .some(nil))
        withExtendedLifetime(first) {}
    }

    @Test("the lock file is neither a session record nor a leftover: load and cleanup leave it alone")
    func lockFileIsNotASession() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        let lock = try acquire(store)
        try store.save(SessionStoreTests.sampleRecord)
        let loaded = store.load()
        #expect(loaded.warnings == [])
        #expect(loaded.records == [SessionStoreTests.sampleRecord])
        #expect(store.removeLeftoverTemporaryFiles() == 0)
        #expect(FileManager.default.fileExists(atPath: lock.file.path))
    }

    @Test("a symbolic link at the lock file's path is refused, not followed: the file it points to keeps its contents")
    func symbolicLinkToAFileOutside() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let outside = try temporary.write("precious\n", to: "outside.txt")
        let directory = temporary.url.appendingPathComponent("state")
        let store = SessionStore(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lockPath = directory.appendingPathComponent(SessionStore.lockFileName).path
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: outside.path)
        let reason = try #require(try refusal(store))
        #expect(reason == "\(lockPath) is a symbolic link, not a lock file; it was left alone. Remove it so the next launch can lock the state directory")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: lockPath) == outside.path)
    }

    @Test("a dangling symbolic link at the lock file's path is refused, and its target is not created")
    func danglingSymbolicLink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let target = temporary.url.appendingPathComponent("created-by-nobody.txt")
        let store = SessionStore(directory: temporary.url.appendingPathComponent("state"))
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: store.directory.appendingPathComponent(SessionStore.lockFileName).path, withDestinationPath: target.path)
        #expect(try refusal(store)?.contains("is a symbolic link") == true)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("a hard link to a file elsewhere and a FIFO at the lock file's path are refused and left unchanged")
    func hardLinkAndFIFO() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let outside = try temporary.write("precious\n", to: "outside.txt")
        let store = SessionStore(directory: temporary.url.appendingPathComponent("state"))
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let lockPath = store.directory.appendingPathComponent(SessionStore.lockFileName).path
        #expect(link(outside.path, lockPath) == 0)
        #expect(try refusal(store)?.contains("has other names (hard links)") == true)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious\n")
        #expect(unlink(lockPath) == 0)
        #expect(mkfifo(lockPath, 0o600) == 0)
        #expect(try refusal(store)?.contains("is a FIFO") == true)
    }

    @Test("a directory that cannot be created is an error naming the path, not a lock held by someone")
    func uncreatableDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let blocker = temporary.url.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let store = SessionStore(directory: blocker.appendingPathComponent("com.example.notes"))
        let error = #expect(throws: SessionStoreError.self) { try store.lockDirectory() }
        #expect(error == .fileSystem(operation: "mkdir", path: blocker.appendingPathComponent("com.example.notes").path, code: ENOTDIR))
    }
}
