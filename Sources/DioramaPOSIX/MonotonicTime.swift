import Glibc

/// `CLOCK_MONOTONIC`, the clock every Diorama timestamp that crosses a
/// process boundary is on: the simulator's trace, the runtime trace's
/// `t_ns`, and the times the simulator and an app compare to decide
/// whether the app handled what it was sent.
package enum MonotonicTime {
    /// Nanoseconds since an unspecified point (boot), never going back.
    package static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
