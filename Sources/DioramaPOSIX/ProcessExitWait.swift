import CDioramaShim

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for processes that are not our children to end — what a
/// compositor started (its session bus, Xwayland, PipeWire helpers) after
/// the compositor itself was reaped. Each one's pidfd becomes readable when
/// it exits (a zombie has ended), so the wait sleeps until then.
package enum ProcessExitWait {
    /// Blocks until every process of `pids` has ended or `deadline` passes.
    /// A process already gone counts as ended.
    ///
    /// - Returns: the processes still running at the deadline (empty when
    ///   all ended), or nil when the kernel offers no pidfds (before Linux
    ///   5.3): the caller then looks for them another way.
    package static func block(untilEnded pids: [pid_t], deadline: ContinuousClock.Instant) -> [pid_t]? {
        var watched: [(pid: pid_t, descriptor: Int32)] = []
        defer { for entry in watched { close(entry.descriptor) } }
        for pid in pids {
            let descriptor = CDioramaShim_pidfd_open(pid)
            if descriptor >= 0 {
                watched.append((pid, descriptor))
            } else if errno != ESRCH {
                return nil
            }
        }
        while !watched.isEmpty {
            guard ReadableWait.block(on: watched.map(\.descriptor), until: deadline) else { return watched.map(\.pid) }
            // Which ones ended: a zero-timeout poll of the same descriptors.
            var polled = watched.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 0)
            let ended = Set(polled.filter { $0.revents != 0 }.map(\.fd))
            for entry in watched where ended.contains(entry.descriptor) { close(entry.descriptor) }
            watched.removeAll { ended.contains($0.descriptor) }
        }
        return []
    }
}
