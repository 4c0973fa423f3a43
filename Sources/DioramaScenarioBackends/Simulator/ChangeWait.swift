import DioramaPOSIX
import DioramaSimulator
import Foundation
import Glibc
import Synchronization

/// What the simulator backend sleeps on between two looks (settling, and
/// waiting for a declared window or a relaunched client's windows): the
/// simulator recording something new (a commit, an ack, a configure, a
/// window mapped, events sent …), the apps' runtime traces being written to
/// (an `idle` or `toplevel` record) and, when one is named, a client
/// ending. All are events: nothing is looked at again until one of them
/// happened or the deadline passed.
///
/// Make it before taking the look it follows (it drains the file watch on
/// creation), so a trace line written in between still wakes the wait. The
/// file watch is the backend's, kept for the whole run: one made and closed
/// per look cost a kernel grace period at every close (``FolderWriteWatch``).
final class ChangeWait: Sendable {
    private let fileWatch: FolderWriteWatch
    /// The watched client's end of its exit pipe, -1 when none.
    private let clientExit: Int32

    /// Has `fileWatch` watch the folders of `files` (runtime traces, which
    /// need not exist yet) for writes from now on, and `client` (if it still
    /// runs) for its end.
    init(watching fileWatch: FolderWriteWatch, files: [String], client: ClientProcess? = nil) {
        fileWatch.watchFolders(of: files)
        fileWatch.drain()
        self.fileWatch = fileWatch
        clientExit = client.flatMap { $0.isRunning ? $0.process.exitDescriptor : nil } ?? -1
    }

    /// Returns once the simulator's trace goes past `sequence`, `alsoWhen`
    /// holds (looked at after every simulator event, such as a pong), a
    /// watched file was written to since ``init(watching:files:client:)``, or the
    /// client ended; or at `deadline`.
    func next(
        simulator: BackgroundSimulator, after sequence: UInt64, deadline: ContinuousClock.Instant,
        alsoWhen: @escaping @Sendable (Simulator) -> Bool = { _ in false }
    ) async {
        let signal = WakeSignal()
        defer { signal.close() }
        _ = try? simulator.perform { simulator in
            simulator.addWaiter { simulator in
                guard simulator.trace.lastSequence > sequence || alsoWhen(simulator) else { return false }
                signal.raise()
                return true
            }
        }
        await ReadableWait.suspend(on: [signal.descriptor, fileWatch.descriptor, clientExit], until: deadline)
    }

    /// Returns once a watched file was written to since ``init(watching:files:client:)``,
    /// or at `deadline`: the wait of a real-compositor backend, whose only
    /// news of a client is its runtime trace.
    func nextWrite(deadline: ContinuousClock.Instant) async {
        await ReadableWait.suspend(on: [fileWatch.descriptor], until: deadline)
    }
}

/// A pipe the simulator's thread writes a byte to, polled by its waiter,
/// which closes it when the wait is over (a raise after that does nothing).
private final class WakeSignal: Sendable {
    private let writeEnd: Mutex<Int32>
    /// What the waiter polls; -1 when no pipe could be made (the wait then
    /// ends at its deadline or with a trace write).
    let descriptor: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)  // a full pipe already means "wake up"
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        writeEnd = Mutex(ends[1])
    }

    func raise() {
        writeEnd.withLock { end in
            guard end >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(end, &byte, 1)
        }
    }

    func close() {
        writeEnd.withLock { end in
            if end >= 0 { Glibc.close(end) }
            end = -1
        }
        if descriptor >= 0 { Glibc.close(descriptor) }
    }
}
