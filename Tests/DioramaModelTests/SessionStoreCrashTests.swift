import DioramaModel
import DioramaPOSIX
import DioramaSessionStore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a process with SIGKILL in the middle of saving sessions, then checks that
/// what is on disk still loads completely.
///
/// The writer is this same test binary, started again with a filter that runs only
/// ``childWriterLoop()`` and an environment variable that tells it where to write.
@Suite("Session store survives kill -9")
struct SessionStoreCrashTests {
    static let directoryVariable = "DIORAMA_SESSION_STORE_CRASH_DIR"
    static let childDirectory = ProcessInfo.processInfo.environment[directoryVariable]
    static let identifier = "crash-test"

    /// The payload written in save number `counter`: long, and different every time,
    /// so a file mixing two saves or cut short cannot pass for a good one.
    static func payload(_ counter: Int) -> String {
        String(repeating: "\(counter)-", count: 20_000 + counter % 7 * 5_000)
    }

    @Test(
        "writer killed at random moments never leaves a damaged or missing record",
        .enabled(if: childDirectory == nil), .timeLimit(.minutes(10)))
    func killDuringSaves() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        let recordFile = try store.fileURL(forIdentifier: Self.identifier)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var generator = SplitMix64(seed: 9)
        var lastCounter = -1

        let saves = FolderWriteWatch(foldersOf: [recordFile.path])
        for round in 0..<5 {
            var environment = ProcessInfo.processInfo.environment
            environment[Self.directoryVariable] = temporary.url.path
            let child = try SpawnedProcess(
                executable: executable,
                arguments: ["--testing-library", "swift-testing", "--filter", "SessionStoreCrashTests/childWriterLoop"],
                environment: environment, standardOutput: .null, standardError: .null)

            // Wait until this child has saved at least once (looking again each
            // time the store's folder is written to, or the child ends), then
            // kill it at a random moment.
            _ = saves.look(until: .now + .seconds(60), alsoWakingOn: { [child.exitDescriptor] }) { () -> Bool? in
                let saved = Self.savedCounter(in: store) ?? -1 > lastCounter && FileManager.default.fileExists(atPath: recordFile.path)
                return saved || !child.isRunning ? true : nil
            }
            usleep(UInt32.random(in: 1_000...150_000, using: &generator))
            let wasRunning = child.isRunning
            child.signal(SIGKILL)
            let termination = child.waitForExit()
            #expect(wasRunning, "round \(round): the child stopped before it was killed")
            #expect(termination == .killed(signal: SIGKILL), "round \(round)")

            let loaded = store.load()
            #expect(loaded.warnings == [], "round \(round)")
            let record = try #require(loaded.record(withIdentifier: Self.identifier), "round \(round)")
            guard case .integer(let counter)? = record.userInfo["counter"] else {
                Issue.record("round \(round): no counter in \(record.userInfo.keys)")
                continue
            }
            #expect(record.userInfo["payload"] == .string(Self.payload(counter)), "round \(round)")
            #expect(counter > lastCounter, "round \(round): the saves of this round are missing")
            lastCounter = counter
        }
        // A kill can strand a temporary file, never anything else.
        store.removeLeftoverTemporaryFiles()
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [recordFile.lastPathComponent])
    }

    private static func savedCounter(in store: SessionStore) -> Int? {
        guard case .integer(let counter)? = store.load().record(withIdentifier: identifier)?.userInfo["counter"] else {
            return nil
        }
        return counter
    }

    /// Not a test on its own: the child process of ``killDuringSaves()``. It saves the
    /// same session with a growing counter until it is killed (or for at most a minute,
    /// in case the parent died).
    @Test(
        "child writer for the kill -9 test (runs only when spawned by it)",
        .enabled(if: childDirectory != nil))
    func childWriterLoop() throws {
        let directory = try #require(Self.childDirectory)
        let store = SessionStore(directory: URL(fileURLWithPath: directory))
        let previous = Self.savedCounter(in: store) ?? -1
        let deadline = Date().addingTimeInterval(60)
        var counter = previous + 1
        while Date() < deadline {
            try store.save(
                SceneSessionRecord(
                    persistentIdentifier: Self.identifier,
                    userInfo: ["counter": .integer(counter), "payload": .string(Self.payload(counter))]))
            counter += 1
        }
    }
}
