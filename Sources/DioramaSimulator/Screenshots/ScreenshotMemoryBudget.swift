import Foundation

/// How much memory the pictures of control-endpoint screenshots may hold at
/// once (``SimulatorLimits/maximumScreenshotBytesInFlight``).
///
/// A screenshot's pixels live from compositing (on the simulator's thread)
/// until its connection thread has encoded and written the PNG. Every
/// control connection may ask for one, so without a bound a handful of
/// maximum-size screenshots at once (1 GiB of pixels each) exhausted the
/// machine's memory. Before compositing, the simulator's thread takes the
/// picture's bytes from the budget with ``tryReserve(_:)``, which never
/// blocks it; when they do not fit, the request waits on its connection
/// thread (``waitForRelease(after:)``) until a picture in flight is written
/// and its bytes are given back, then tries again.
final class ScreenshotMemoryBudget: @unchecked Sendable {
    /// The most bytes of pixels in flight at once.
    let capacity: Int
    private let condition = NSCondition()
    private var bytesInFlight = 0
    private var peak = 0
    /// Counts releases, so a waiter never misses one that happened between
    /// its failed try and its wait.
    private var releases = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The bytes of one picture, taken from the budget until ``release()``
    /// (called once, when the picture has been written or dropped).
    struct Reservation: Sendable {
        let bytes: Int
        fileprivate let budget: ScreenshotMemoryBudget

        func release() { budget.release(bytes) }
    }

    /// The outcome of ``tryReserve(_:)``.
    enum Attempt {
        case reserved(Reservation)
        /// The bytes did not fit; wait for a release after this many releases.
        case noRoom(releasesSoFar: Int)
    }

    /// Takes `bytes` from the budget if they fit beside the pictures in
    /// flight; never waits (the simulator's thread calls it).
    func tryReserve(_ bytes: Int) -> Attempt {
        condition.lock()
        defer { condition.unlock() }
        guard bytesInFlight + bytes <= capacity else { return .noRoom(releasesSoFar: releases) }
        bytesInFlight += bytes
        peak = max(peak, bytesInFlight)
        return .reserved(Reservation(bytes: bytes, budget: self))
    }

    /// Waits (on a connection thread) until some picture's bytes were given
    /// back since `releasesSoFar`, as ``tryReserve(_:)`` reported it.
    func waitForRelease(after releasesSoFar: Int) {
        condition.lock()
        while releases == releasesSoFar { condition.wait() }
        condition.unlock()
    }

    fileprivate func release(_ bytes: Int) {
        condition.lock()
        bytesInFlight -= bytes
        releases += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The most bytes that were ever in flight at once: what tests check the
    /// bound against.
    var peakBytesInFlight: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }
}
