import DioramaScenarioBackends
import DioramaScenarios
import Foundation

/// What a check's body decided, in either battery.
struct CheckOutcome {
    var verdict: CheckVerdict
    var reason: String
    var reactionMilliseconds: Double? = nil
    var staleFrames: Int? = nil
}

/// A check that cannot go on (the window disappeared, a step was refused):
/// it fails with the reason.
struct CheckAbort: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

extension CheckBattery {
    /// What each check does, in a sentence (the report's `summary`).
    static let summaries: [String: String] = [
        "first-frame-2x": "Opens the client on the 2x display and waits for its first frame drawn at 2.",
        "move-to-1x": "Moves the window to the 1x display.",
        "move-to-2x": "Moves the window from the 1x to the 2x display.",
        "fractional-scale": "Moves the window to the display with a fractional scale.",
        "rescale-under-window": "Changes the scale of the 1x display under the window to 2.",
        "rotate": "Maximizes the window and turns its display to portrait (90°).",
        "unplug-other-display": "Plugs in a new display, then unplugs it; the window is on another one.",
        "unplug-current-display": "Unplugs the 2x display the window is on; it lands on the 1x display.",
        "interactive-resize": "Resizes the window as a user dragging its corner (the resizing state, 4 steps).",
        "min-size": "Asks the window for 1x1 points; it must stay at least the minimum size it declared.",
    ]

    /// Runs one check the way both batteries do: not at all outside the
    /// shard; not applicable when the client stopped during an earlier
    /// check or the layout lacks a display it needs (`roles`: `1x`, `2x`,
    /// `fractional`); else its body, first waiting for the window when an
    /// earlier check (another shard's) would have, a thrown error failing
    /// it. `afterwards` adds what the battery knows once the body ran (a
    /// crash, screenshots). The result is timed; nil outside the shard.
    static func runCheck(
        _ name: String, needs roles: [String], configuration: CheckConfiguration, displays: CheckDisplays,
        stoppedBecause: String?, hasWindow: Bool, waitForWindow: () async -> CheckOutcome?,
        body: () async throws -> CheckOutcome, afterwards: (inout CheckResult) -> Void
    ) async -> CheckResult? {
        assert(checkNames.contains(name), "\(name) is missing from CheckBattery.checkNames")
        guard configuration.runs(name) else { return nil }
        let summary = summaries[name] ?? name
        let started = ContinuousClock.now
        var result: CheckResult
        let missing = roles.filter { displays.roles[$0] == nil }
        if let stoppedBecause {
            result = CheckResult(name: name, summary: summary, verdict: .notApplicable, reason: stoppedBecause)
        } else if !missing.isEmpty {
            result = CheckResult(
                name: name, summary: summary, verdict: .notApplicable,
                reason: "the layout \(configuration.layoutName) has no \(missing.joined(separator: " or ")) display")
        } else {
            var outcome: CheckOutcome
            do {
                if !hasWindow, name != checkNames[0], let missing = await waitForWindow() {
                    outcome = missing
                } else {
                    outcome = try await body()
                }
            } catch {
                outcome = CheckOutcome(verdict: .fail, reason: "\(error)")
            }
            result = CheckResult(
                name: name, summary: summary, verdict: outcome.verdict, reason: outcome.reason,
                reactionMilliseconds: outcome.reactionMilliseconds, staleFrames: outcome.staleFrames)
            afterwards(&result)
        }
        let elapsed = ContinuousClock.now - started
        result.durationSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    /// `check --on NAME`: the battery on a real compositor, through its
    /// scenario backend (``CompositorCheckSession``). Its working folder is
    /// `OUTPUT/check-on-NAME/` (the client's stdout and its stderr with the
    /// `WAYLAND_DEBUG` log, `client.stderr.log`); the compositor and the
    /// client are stopped before this returns, whatever happened.
    static func runOnCompositor(
        _ stage: BackendKind, _ configuration: CheckConfiguration, program: String
    ) async throws(CheckError) -> CheckReport {
        let backend = ScenarioBackends.make(
            stage, configuration: BackendConfiguration(workDirectory: configuration.outputDirectory))
        let displays = CheckDisplays(configuration.layout)
        let session = CompositorCheckSession(
            stage: stage, backend: backend, configuration: configuration, displays: displays)
        let started = Date()
        let results: [CheckResult]
        let exit: String
        do {
            try await session.start(workDirectory: configuration.outputDirectory, launchedProgram: program)
            results = await session.runAll()
            exit = session.clientExit
            await backend.stop()
        } catch {
            await backend.stop()
            throw error
        }
        return CheckReport(
            command: configuration.command, layout: configuration.layoutName,
            profile: stage.rawValue, stage: stage.rawValue, displays: displays.roles, checks: results,
            shard: configuration.shard?.description, clientExit: exit, startedAt: started.formatted(.iso8601),
            durationSeconds: Date().timeIntervalSince(started))
    }
}
