import CWaylandServer
import Foundation
import Glibc

/// Runs code on the simulator's thread from any other thread: the way a test
/// that runs the simulator in the background, or a control endpoint, reaches
/// a simulator that is not thread-safe.
///
/// Jobs go into a locked queue and a byte written to a pipe wakes the event
/// loop, which runs them in order between client requests.
public final class RemoteControl: @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [(Simulator) -> Void] = []
    private let readEnd: Int32
    private let writeEnd: Int32
    private var source: OpaquePointer?
    /// Only touched on the simulator's thread.
    private weak var simulator: Simulator?

    init(simulator: Simulator) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe() failed: \(String(cString: strerror(errno)))")
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.simulator = simulator
        source = wl_event_loop_add_fd(simulator.eventLoop, readEnd, UInt32(WL_EVENT_READABLE), { _, _, data in
            guard let data else { return 0 }
            Unmanaged<RemoteControl>.fromOpaque(data).takeUnretainedValue().runJobs()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Queues `job` to run on the simulator's thread and returns at once.
    public func enqueue(_ job: @escaping @Sendable (Simulator) -> Void) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Runs `body` on the simulator's thread and waits for its result.
    /// Never call it from the simulator's own thread (it would wait forever).
    public func perform<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Result>()
        enqueue { simulator in
            box.result = Swift.Result { try body(simulator) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Fires when the pipe is readable: drains it and runs every queued job.
    private func runJobs() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        lock.lock()
        let pending = jobs
        jobs.removeAll()
        lock.unlock()
        guard let simulator else { return }
        for job in pending { job(simulator) }
    }

    func tearDown() {
        if let source { wl_event_source_remove(source) }
        source = nil
        close(readEnd)
        close(writeEnd)
    }
}

/// Carries a job's result from the simulator's thread to the waiting thread;
/// the semaphore orders the write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

extension Simulator {
    /// The simulator's ``RemoteControl``, created on first use (on the
    /// simulator's thread, before other threads use it).
    public var remoteControl: RemoteControl {
        if let existing = remoteControlStorage { return existing }
        let created = RemoteControl(simulator: self)
        remoteControlStorage = created
        return created
    }
}
