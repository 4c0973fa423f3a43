import DioramaPOSIX
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting on pidfds for processes to end (what a compositor's stop does for
/// the helpers left in its process group).
@Suite("waiting for processes to end")
struct ProcessExitWaitTests {
    /// Runs `body` with a child blocked opening a FIFO for reading until
    /// someone writes to it, in a directory of its own; the child is killed
    /// and the directory removed afterwards.
    private static func withReaderOfFIFO(_ body: (_ child: SpawnedProcess, _ fifo: String) throws -> Void) throws {
        let directory = try TemporaryDirectory.make(prefix: "/tmp/diorama-exit-wait-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let child = try SpawnedProcess(
            executable: "/bin/sh", arguments: ["-c", "read line < \"$0\"", fifo], environment: ["PATH": "/usr/bin:/bin"])
        defer { child.killWithProcessGroup() }
        try body(child, fifo)
    }

    @Test("a process that ends is waited for until it ends, not until the deadline")
    func endsTheWaitWhenTheProcessEnds() throws {
        try Self.withReaderOfFIFO { child, fifo in
            // Opening for writing returns once the child opened it for reading: it is running.
            let writer = open(fifo, O_WRONLY | O_CLOEXEC)
            try #require(writer >= 0)
            let deadline = ContinuousClock.now + .seconds(60)
            // The line that lets it end goes out from another thread while this one waits.
            let release = Thread {
                _ = write(writer, "go\n", 3)
                close(writer)
            }
            release.start()
            let left = ProcessExitWait.block(untilEnded: [child.pid], deadline: deadline)
            #expect(left == [], "the child ended and was not reported as still running")
            #expect(ContinuousClock.now < deadline, "woken by the child's end, not by the deadline")
            #expect(child.waitForExit() == .exited(0))
        }
    }

    @Test("a process still running at the deadline is returned, and one already gone counts as ended")
    func runningAtTheDeadlineAndAlreadyGone() throws {
        try Self.withReaderOfFIFO { stuck, _ in
            let gone = try SpawnedProcess(executable: "/bin/true", environment: [:])
            #expect(gone.waitForExit() == .exited(0))

            let left = ProcessExitWait.block(untilEnded: [stuck.pid, gone.pid], deadline: .now + .milliseconds(100))
            #expect(left == [stuck.pid])
            #expect(stuck.isRunning)
        }
    }
}
