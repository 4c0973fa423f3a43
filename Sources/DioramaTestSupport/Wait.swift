import Foundation

/// Bounded polling: the one way tests here wait for another process.
/// Nothing sleeps and hopes; every wait has a deadline and, when it passes,
/// an error that says what was awaited and what was seen instead.
package enum Wait {
    /// Calls `probe` every `interval` seconds until it returns a value, then
    /// returns it. After `timeout` seconds it throws `WaitTimeout` with
    /// `details()` (e.g. a trace tail and a child's stderr). `probe` may also
    /// throw to give up early (a child exited, say).
    package static func until<Value>(
        _ what: String, timeout: TimeInterval, interval: TimeInterval = 0.02,
        details: () -> String = { "" },
        _ probe: () throws -> Value?
    ) throws -> Value {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try probe() { return value }
            if Date() >= deadline { throw WaitTimeout(what: what, seconds: timeout, details: details()) }
            usleep(useconds_t(interval * 1_000_000))
        }
    }
}

/// A bounded wait ran out.
package struct WaitTimeout: Error, CustomStringConvertible {
    package var what: String
    package var seconds: TimeInterval
    package var details: String

    package init(what: String, seconds: TimeInterval, details: String = "") {
        self.what = what
        self.seconds = seconds
        self.details = details
    }

    package var description: String {
        "timed out after \(seconds) s waiting for \(what)" + (details.isEmpty ? "" : "\n\(details)")
    }
}
