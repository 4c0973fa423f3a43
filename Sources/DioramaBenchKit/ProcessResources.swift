import DioramaPOSIX
import Foundation

/// CPU time and memory of this process or another one, read from the kernel.
package enum ProcessResources {
    /// CPU time the calling thread has used (CLOCK_THREAD_CPUTIME_ID), in ns.
    /// The simulator's work for a move runs on the calling thread, so the
    /// difference around a move is the simulator's CPU for it and nothing of
    /// a client's (clients run in other threads or processes).
    package static func threadCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// CPU time all threads of this process have used (CLOCK_PROCESS_CPUTIME_ID),
    /// in ns: for work that runs on several threads at once, such as the PNG
    /// encoder's bands.
    package static func processCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// CLOCK_MONOTONIC in ns: the clock the simulator's trace is stamped with.
    package static func monotonicNanoseconds() -> UInt64 { MonotonicTime.nanoseconds() }

    /// `count` operations per second, from the wall-clock time `body` took.
    static func rate(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
        let start = monotonicNanoseconds()
        try body()
        return Double(count) / (Double(monotonicNanoseconds() - start) / 1e9)
    }

    /// The `Rss` and `Anonymous` lines of /proc/PID/smaps_rollup, in KiB
    /// (nil when the process is gone or the file is unreadable).
    package static func memory(pid: pid_t? = nil) -> MemoryUsage? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/smaps_rollup"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, fields[0].hasSuffix(":"), let value = Int(fields[1]) else { continue }
            values[String(fields[0].dropLast())] = value
        }
        guard let rss = values["Rss"], let anonymous = values["Anonymous"] else { return nil }
        return MemoryUsage(rssKiB: rss, anonymousKiB: anonymous, sharedMemoryKiB: values["Shared_Clean", default: 0] + values["Shared_Dirty", default: 0])
    }
}

/// Resident memory of a process, in KiB.
package struct MemoryUsage: Codable, Sendable, Hashable {
    package var rssKiB: Int
    /// Private anonymous pages (heap, stacks): what the process allocated itself.
    package var anonymousKiB: Int
    /// Pages shared with other processes (shm buffers, libraries).
    package var sharedMemoryKiB: Int
}
