import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Sleeping until something happens, with a deadline: until one of a few
/// descriptors is readable — a pipe written to or closed (a child reaped, a
/// waiter raised), an inotify watch that saw a write — never on a timer
/// that guesses.
package enum ReadableWait {
    /// Blocks the calling thread until one of `descriptors` (the negative
    /// ones left out) is readable or hung up, or until `deadline`.
    ///
    /// - Returns: false when the deadline came first.
    @discardableResult
    package static func block(on descriptors: [Int32], until deadline: ContinuousClock.Instant) -> Bool {
        var polled = descriptors.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            // Rounded up: a poll that ends a little early would spin.
            let milliseconds = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            let ready = poll(&polled, nfds_t(polled.count), Int32(clamping: milliseconds))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Tries `attempt` (a read that does not wait) again and again until it
    /// reports that something arrived or `duration` passed, yielding the CPU
    /// between tries to whatever else is ready to run on it. Returns whether
    /// something arrived; if not, the caller sleeps as it would have.
    ///
    /// For a peer that answers within microseconds: a request and response
    /// over a Unix socket. A thread that sleeps in the kernel instead is
    /// woken on another CPU, and on a virtual machine whose other CPU is idle
    /// that wake-up alone costs 25-30 µs each way, where the work is a few
    /// microseconds (Docs/performance.md, "One control request per round
    /// trip"). The cost when the peer is slow is at most `duration` of CPU,
    /// given up to anything else that wants it.
    package static func spin(for duration: Duration, until attempt: () -> Bool) -> Bool {
        guard duration > .zero else { return false }
        let end = ContinuousClock.now + duration
        repeat {
            if attempt() { return true }
            sched_yield()
        } while ContinuousClock.now < end
        return false
    }

    /// How long ``spin(for:until:)`` looks for a control or IPC answer (or
    /// the next request) before the reader sleeps: about three times a
    /// simulator move's round trip when nobody sleeps.
    package static let spinBeforeSleeping: Duration = .microseconds(50)

    /// ``block(on:until:)`` without holding a thread of Swift's cooperative
    /// pool (a handful of them serve every task of the process): the poll
    /// runs on a thread of its own while the caller is suspended
    /// (``awaitBlocking(_:)``).
    @discardableResult
    package static func suspend(on descriptors: [Int32], until deadline: ContinuousClock.Instant) async -> Bool {
        await awaitBlocking { block(on: descriptors, until: deadline) }
    }
}

/// An inotify watch that becomes readable when a file in one of the watched
/// folders is created, written to or closed after writing, from the moment
/// the watch is made (or last ``drain()``ed). Folders rather than the files
/// themselves: a file the watch waits for may not exist yet (a trace an app
/// has not opened), and a write to a file beside it only costs a look.
///
/// Keep one for as long as the waits it serves (drain it before each look)
/// rather than one per look: closing an inotify instance waits for the
/// kernel's SRCU grace period, 8–24 ms on a 250 Hz kernel, which made every
/// scenario step's settle cost about a frame period (issue 19).
package final class FolderWriteWatch: @unchecked Sendable {
    /// What ``ReadableWait`` polls; -1 when no watch could be set up (out of
    /// inotify instances): ``look(until:alsoWakingOn:_:)`` then looks on a
    /// timer instead.
    package let descriptor: Int32
    /// The folders watched so far.
    private let folders = Mutex(Set<String>())
    /// Counts the watches made while it is set (by a task and its child
    /// tasks): a test checks that a scenario's waits make one, not one per look.
    @TaskLocal package static var counter: MadeCount?

    /// How many watches were made while it was ``counter``.
    package final class MadeCount: Sendable {
        private let made = Atomic<Int>(0)
        package init() {}
        package var value: Int { made.load(ordering: .relaxed) }
        fileprivate func add() { made.add(1, ordering: .relaxed) }
    }

    /// Watches the folders holding `files` (each folder once).
    package init(foldersOf files: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        Self.counter?.add()
        watchFolders(of: files)
    }

    /// Also watches the folders holding `files` from now on (a trace an app
    /// started since); folders already watched are left as they are.
    package func watchFolders(of files: [String]) {
        guard descriptor >= 0 else { return }
        let wanted = Set(files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        let added = folders.withLock { watched in
            let added = wanted.subtracting(watched)
            watched.formUnion(added)
            return added
        }
        for folder in added {
            _ = inotify_add_watch(descriptor, folder, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads the notifications so far: the watch is readable again only
    /// after a write that comes later.
    package func drain() {
        guard descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    /// Calls `look` now, and again each time a watched folder is written to
    /// or one of the descriptors `alsoWakingOn` gives (asked before each
    /// sleep) is readable, until it returns a value; nil once `deadline`
    /// passed. Without a watch (the system ran out of inotify instances) it
    /// looks again every 50 ms instead of sleeping until the deadline.
    package func look<Value>(
        until deadline: ContinuousClock.Instant, alsoWakingOn others: () -> [Int32] = { [] },
        _ look: () throws -> Value?
    ) rethrows -> Value? {
        while true {
            // Drained before the look: a write during the look wakes the next sleep.
            drain()
            if let value = try look() { return value }
            guard ContinuousClock.now < deadline else { return nil }
            let wake = descriptor >= 0 ? deadline : min(deadline, .now + .milliseconds(50))
            ReadableWait.block(on: [descriptor] + others(), until: wake)
        }
    }
}
