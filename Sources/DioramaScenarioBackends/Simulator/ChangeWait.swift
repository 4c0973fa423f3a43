import DioramaSimulator
import Foundation
import Glibc
import Synchronization

/// What settling sleeps on between two looks: the simulator recording
/// something new (a commit, an ack, a configure, events sent …) and the
/// apps' runtime traces being written to (an `idle` record). Both are
/// events: nothing is looked at again until one of them happened or the
/// deadline passed.
///
/// Make it before taking the look it follows (its file watch is set up on
/// creation), so a trace line written in between still wakes the wait.
final class ChangeWait {
    private let fileWatch: Int32

    /// Watches `files` (runtime traces) for writes from now on.
    init(files: [String]) {
        fileWatch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        for file in files where fileWatch >= 0 {
            _ = inotify_add_watch(fileWatch, file, UInt32(IN_MODIFY | IN_CLOSE_WRITE))
        }
    }

    deinit {
        if fileWatch >= 0 { close(fileWatch) }
    }

    /// Returns once the simulator's trace goes past `sequence`, `alsoWhen`
    /// holds (looked at after every simulator event, such as a pong), or a
    /// watched file was written to since ``init(files:)``; or at `deadline`.
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
        await Self.poll([signal.descriptor, fileWatch], until: deadline)
    }

    /// Returns once a watched file was written to since ``init(files:)``, or
    /// at `deadline`: the wait of a real-compositor backend, whose only news
    /// of a client is its runtime trace.
    func nextWrite(deadline: ContinuousClock.Instant) async {
        await Self.poll([fileWatch], until: deadline)
    }

    /// Waits until one of `descriptors` (the negative ones left out) is readable, or `deadline`.
    private static func poll(_ descriptors: [Int32], until deadline: ContinuousClock.Instant) async {
        let descriptors = descriptors.filter { $0 >= 0 }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // On a thread of its own: the cooperative pool must not block.
            DispatchQueue.global().async {
                var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let left = ContinuousClock.now.duration(to: deadline)
                let milliseconds = max(0, left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
                _ = Glibc.poll(&polled, nfds_t(polled.count), Int32(clamping: milliseconds))
                done.resume()
            }
        }
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
