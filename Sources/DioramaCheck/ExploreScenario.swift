import DioramaModel
import DioramaScenarioBackends
import DioramaScenarios
import DioramaSimulator
import Foundation

/// The scenario file that reproduces an explore finding: the layout's
/// displays, the base profile, a `vary:` line, the client, and the steps of
/// the check that failed (or of every check up to it), with expectations
/// every client that survives meets — so the scenario fails only when the
/// client crashes, hangs, loses its window or draws stale frames.
///
/// A finding counts only when its scenario fails with the variations and
/// passes without them (the same file minus its `vary:` line): the failure
/// is the variations' doing, not the scenario's.
enum ExploreScenario {
    /// The scenario's text for `check` failing under `variations`.
    ///
    /// - Parameters:
    ///   - checks: the checks whose steps it plays, in battery order (the
    ///     failing one last).
    ///   - layout: the layout the battery started from, before variations.
    static func text(
        summary: String, command: [String], layout: DisplayLayout, profile: String,
        variations: [ExplorationVariation], checks: [String]
    ) -> String {
        let varied = ExplorationVariation.applying(variations, to: .modern, layout: layout).layout
        var lines = ["# " + summary.replacingOccurrences(of: "\n", with: " "), "# Re-run with: diorama run THIS-FILE"]
        lines += layout.displays.map(displayLine)
        lines.append("profile: \(profile)")
        if !variations.isEmpty { lines.append("vary: " + variations.map(\.rawValue).joined(separator: ", ")) }
        lines.append("launch command \"\(quotedCommand(command))\" as client")
        lines.append("window w = client")
        let displays = CheckDisplays(varied)
        for check in checks { lines += steps(of: check, displays: displays, layout: varied) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `display NAME WxH scale S at X,Y transform T` for one display.
    private static func displayLine(_ display: DisplayConfiguration) -> String {
        let transforms = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]
        return "display \(display.name) \(display.mode.width)x\(display.mode.height) scale \(display.scale) "
            + "at \(display.position.x),\(display.position.y) transform \(transforms[display.transform.rawValue])"
    }

    /// The command line as one shell line inside a scenario string: each
    /// word in single quotes (a `'` closed, escaped and reopened), then
    /// the scenario string's own escapes.
    static func quotedCommand(_ command: [String]) -> String {
        let shell = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return shell.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// The scenario steps that do what the check does, with expectations
    /// that hold for any client that keeps up. An empty list when the
    /// layout lacks a display the check needs.
    static func steps(of check: String, displays: CheckDisplays, layout: DisplayLayout) -> [String] {
        guard let single = displays.single?.name else { return [] }
        switch check {
        case "first-frame-2x":
            guard let double = displays.double?.name else { return [] }
            return ["move w to \(double)", "expect w on \(double), scale 2"]
        case "move-to-1x":
            return ["move w to \(single)", "expect w on \(single), scale 1"]
        case "move-to-2x":
            guard let double = displays.double?.name else { return [] }
            return ["move w to \(single)", "move w to \(double)", "expect w on \(double), scale 2"]
        case "fractional-scale":
            guard let fractional = displays.fractional?.name else { return [] }
            return ["move w to \(fractional)", "expect w on \(fractional), no stale frames"]
        case "rescale-under-window":
            return ["move w to \(single)", "rescale \(single) to 2", "expect w on \(single), scale 2", "rescale \(single) to 1"]
        case "rotate":
            return [
                "move w to \(single)", "maximize w", "rotate \(single) to 90", "expect w on \(single), maximized",
                "rotate \(single) to normal",
            ]
        case "unplug-other-display":
            let right = layout.displays.map(\.logicalRect.maxX).max() ?? 0
            return [
                "move w to \(single)", "plug display CHECK-1 1280x720 scale 1 at \(right),0", "unplug CHECK-1",
                "expect w on \(single)",
            ]
        case "unplug-current-display":
            guard let double = displays.double?.name else { return [] }
            return ["move w to \(double)", "unplug \(double)", "expect w on \(single), scale 1"]
        case "interactive-resize":
            return ["move w to \(single)", "resize w 800x600 interactively in 4 steps", "expect w on \(single)"]
        case "min-size":
            return ["move w to \(single)", "resize w 1x1", "expect w on \(single)"]
        default:
            return []
        }
    }

    /// Writes `text` to `path` and runs it on the simulator twice; writes
    /// `control` (the scenario without variations) to a scratch folder and
    /// runs it once. The finding reproduces when the first fails both times
    /// (a client that fails now and then does not make a finding) and the
    /// second passes.
    static func reproduces(
        scenario path: String, text: String, control: String, workDirectory: String
    ) async throws -> (reproduced: Bool, description: String) {
        try OutputFileWriter.write(text.utf8, to: path)
        let varied = await run(path, workDirectory: workDirectory)
        guard !varied.passed else { return (false, "the scenario passed: \(varied.outcome)") }
        let again = await run(path, workDirectory: workDirectory)
        guard !again.passed else { return (false, "the scenario failed once (\(varied.outcome)), then passed") }
        let controlPath = workDirectory + "/control.scenario"
        try OutputFileWriter.write(control.utf8, to: controlPath)
        let baseline = await run(controlPath, workDirectory: workDirectory)
        guard baseline.passed else {
            return (false, "the scenario failed without the variations too: \(baseline.outcome)")
        }
        return (true, "the scenario failed (\(varied.outcome)) and passed without the variations")
    }

    /// Runs one scenario file on the simulator backend; whether it passed and what it said.
    private static func run(_ path: String, workDirectory: String) async -> (passed: Bool, outcome: String) {
        let validated: ValidatedScenario
        do {
            validated = try ScenarioLoader.load(path: path)
        } catch {
            return (false, "\(path) does not load: \(error)")
        }
        let backend = ScenarioBackends.make(.sim, configuration: BackendConfiguration(workDirectory: workDirectory))
        let options = ScenarioRunOptions(artifactsDirectory: workDirectory + "/artifacts")
        let result = await ScenarioRunner(options: options).run(validated, on: backend)
        if result.isSuccess { return (true, "passed") }
        guard let failed = result.entries.first(where: \.isFailure) else { return (false, "\(result.status)") }
        let message: String
        if case .failed(let text) = failed.outcome {
            // The client's stderr the message may end with is in the battery's logs already.
            message = text.components(separatedBy: "; stderr:")[0]
        } else {
            message = "an expectation failed"
        }
        return (false, "line \(failed.step.location.line), `\(failed.step.text)`: \(message)")
    }
}
