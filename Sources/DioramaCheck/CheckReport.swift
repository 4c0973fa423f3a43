import Foundation

/// What `diorama check` found: one ``CheckResult`` per check of the battery,
/// in the order they ran. `Codable` once: this type is the `--json` output,
/// its reader, and the schema `Docs/check.md` documents.
package struct CheckReport: Codable, Hashable, Sendable {
    /// The client's command line, as given after `--`.
    package var command: [String]
    /// The layout the simulator ran (a name or a path) and its profile.
    package var layout: String
    package var profile: String
    /// The real compositor the battery ran on (`sway`, `kwin`, …); absent
    /// under the simulator.
    package var stage: String?
    /// Which display of the layout played which part (`1x`, `2x`, `fractional`).
    package var displays: [String: String]
    package var checks: [CheckResult]
    /// `--repeat N`: how many times the battery ran; absent for one run.
    package var repeats: Int?
    /// The CI shard (`2/3`) whose checks ran; absent when the whole battery ran.
    package var shard: String?
    /// How the client ended: `still running` (then stopped by the check),
    /// `exited with status N`, `killed by signal N`.
    package var clientExit: String
    /// When the battery started (ISO 8601, UTC) and how long it took.
    package var startedAt: String
    package var durationSeconds: Double

    /// True when no check failed (passes and not-applicable ones only).
    package var allPassed: Bool { !checks.contains { $0.verdict == .fail || $0.verdict == .unstable } }
}

/// One check's outcome.
package struct CheckResult: Codable, Hashable, Sendable {
    /// A stable identifier (`move-to-2x`), also the JUnit test case name.
    package var name: String
    /// What the check does, in a sentence.
    package var summary: String
    package var verdict: CheckVerdict
    /// Why: what the client did (`drew at 2 (buffer scale 2)`), or why the
    /// check could not apply.
    package var reason: String
    /// Milliseconds from the scale event (the client being told) to its
    /// first commit drawn for the scale in effect; nil when it never drew one
    /// or the check is not about a scale.
    package var reactionMilliseconds: Double?
    /// Commits after the scale event not drawn for the scale in effect, up to
    /// the first that was (or all of them within the wait when none was).
    package var staleFrames: Int?
    /// Set when the client died during this check.
    package var crash: CheckCrash?
    /// PNG screenshots of the displays, written for failures (paths as written).
    package var screenshots: [String]
    /// How long the check ran, in seconds.
    package var durationSeconds: Double

    package init(
        name: String, summary: String, verdict: CheckVerdict, reason: String,
        reactionMilliseconds: Double? = nil, staleFrames: Int? = nil, crash: CheckCrash? = nil,
        screenshots: [String] = [], durationSeconds: Double = 0
    ) {
        self.name = name
        self.summary = summary
        self.verdict = verdict
        self.reason = reason
        self.reactionMilliseconds = reactionMilliseconds
        self.staleFrames = staleFrames
        self.crash = crash
        self.screenshots = screenshots
        self.durationSeconds = durationSeconds
    }
}

package enum CheckVerdict: String, Codable, Hashable, Sendable {
    case pass
    case fail
    /// The check could not apply: the layout lacks the display it needs, the
    /// client declares nothing to check, or the client died before it.
    case notApplicable = "n/a"
    /// The compositor cannot make the check's change (`check --on`: weston
    /// has one output, Mutter's backend cannot move a window): never a pass.
    case skipped
    /// `--repeat N`: the verdict differed between runs (the reason lists
    /// each run's); a failure, since a user cannot rely on it.
    case unstable
}

/// The client ended during a check.
package struct CheckCrash: Codable, Hashable, Sendable {
    /// `exited with status 1`, `killed by signal 6`.
    package var exit: String
    /// The step of the check that was running (`moving the window to DP-2`).
    package var step: String
    /// A protocol error the simulator sent it, if that is why.
    package var protocolError: String?
    /// The end of what it wrote to stderr.
    package var standardErrorTail: String
}
