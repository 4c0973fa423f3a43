import DioramaPOSIX
import Foundation

/// Bounded waits: the one way tests here wait for another process. Nothing
/// sleeps and hopes; every wait has a deadline and, when it passes, an error
/// that says what was awaited and what was seen instead.
package enum Wait {
    /// Calls `probe` every `interval` seconds until it returns a value, then
    /// returns it: for what has no event to wait on (a compositor's state
    /// asked over its IPC socket, say). After `timeout` seconds it throws
    /// `WaitTimeout` with `details()` (e.g. a trace tail and a child's
    /// stderr). `probe` may also throw to give up early (a child exited, say).
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

    /// Calls `probe` now and again each time one of `events` happens (a file
    /// in a watched folder written, a watched child ending), until it
    /// returns a value; no timer in between. Throws `WaitTimeout` with
    /// `details()` after `timeout` seconds; `probe` may throw to give up early.
    package static func until<Value>(
        _ what: String, timeout: TimeInterval, wakingOn events: WaitEvents,
        details: () -> String = { "" },
        _ probe: () throws -> Value?
    ) throws -> Value {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        // A child that already ended would wake every sleep: only the running ones count.
        let found = try FolderWriteWatch(foldersOf: events.files).look(
            until: deadline, alsoWakingOn: { events.children.filter(\.isRunning).map(\.exitDescriptor) }, probe)
        guard let found else { throw WaitTimeout(what: what, seconds: timeout, details: details()) }
        return found
    }
}

/// What wakes an event-driven ``Wait``: a file created or written in the
/// folder of one of `files` (it need not exist yet), or one of `children`
/// ending.
package struct WaitEvents {
    package var files: [String]
    package var children: [ChildProcess]

    package init(files: [String] = [], children: [ChildProcess] = []) {
        self.files = files
        self.children = children
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
