import DioramaModel

/// The words every reporter uses for the same facts, so the console, JUnit, JSON and
/// HTML never describe one result two ways.
enum ReportText {
    /// `main → DP-2 · scale 2 · buffer 1600x1200 · drawable 1600x1200 · traits 2 regular/regular`;
    /// facts the backend did not observe are left out.
    static func measured(_ snapshot: WindowSnapshot) -> String {
        var parts: [String] = []
        if snapshot.isDisconnected == true {
            return "\(snapshot.window) → disconnected"
        }
        let place = snapshot.displays.map { $0.isEmpty ? "no display" : $0.joined(separator: "+") } ?? "?"
        parts.append("\(snapshot.window) → \(place)")
        if let scale = snapshot.scale { parts.append("scale \(scale)") }
        if let buffer = snapshot.bufferSize { parts.append("buffer \(buffer)") }
        if let drawable = snapshot.drawableSize { parts.append("drawable \(drawable)") }
        if let displayScale = snapshot.displayScale {
            var traits = "traits \(ExpectationEvaluator.number(displayScale))"
            if let horizontal = snapshot.horizontalSizeClass, let vertical = snapshot.verticalSizeClass {
                traits += " \(horizontal.rawValue)/\(vertical.rawValue)"
            }
            parts.append(traits)
        }
        if let state = snapshot.activationState, state != .foregroundActive { parts.append(state.rawValue) }
        return parts.joined(separator: " · ")
    }

    /// The snapshots an entry's line shows: its window's, or all for steps about displays.
    static func shownSnapshots(_ entry: TimelineEntry) -> [WindowSnapshot] {
        guard let window = entry.step.action.window?.name else { return entry.windows }
        return entry.windows.filter { $0.window == window }
    }

    /// `passed`, `failed`, `skipped`, `not run`: an entry's result in one word.
    static func outcomeWord(_ entry: TimelineEntry) -> String {
        switch entry.outcome {
        case .failed: return "failed"
        case .notRun: return "not run"
        case .skipped: return "skipped"
        case .done: return entry.isFailure ? "failed" : "passed"
        }
    }

    /// The reason or message of a skipped, failed or not-run entry.
    static func outcomeReason(_ entry: TimelineEntry) -> String? {
        switch entry.outcome {
        case .done: nil
        case .skipped(let reason), .notRun(let reason): reason
        case .failed(let message): message
        }
    }

    /// `expected X, got Y` for a failure, the reason for a skip, the value for a pass.
    static func verdict(_ verdict: ClauseVerdict) -> String {
        switch verdict {
        case .passed(let actual): actual
        case .failed(let expected, let actual): "expected \(expected), got \(actual)"
        case .skipped(let reason): "skipped: \(reason)"
        }
    }

    static func statusWord(_ status: ScenarioResult.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .error: "error"
        }
    }

    /// `18 passed, 1 failed, 2 skipped`: the JUnit test cases of the results
    /// (each clause, plus each step that failed or that the backend skipped;
    /// a start error counts as failed), so the console, the HTML report and a
    /// CI page give the same numbers.
    static func counts(_ results: [ScenarioResult]) -> String {
        var passed = 0, failed = 0, skipped = 0
        for testCase in results.flatMap(JUnitReport.cases(of:)) {
            switch testCase.result {
            case .passed: passed += 1
            case .failure, .error: failed += 1
            case .skipped: skipped += 1
            }
        }
        return "\(passed) passed, \(failed) failed, \(skipped) skipped"
    }

    static func counts(_ result: ScenarioResult) -> String { counts([result]) }

    /// `sim, profile modern`, or just `sway`: a profile is what the simulator
    /// imitates, so it means nothing for a real compositor and is left out.
    static func backendAndProfile(_ backend: BackendKind, _ profile: ScenarioProfile) -> String {
        backend == .sim ? "\(backend.rawValue), profile \(profile.rawValue)" : backend.rawValue
    }

    /// `1.5x`, `2x`.
    static func scaleLabel(_ scale: Scale) -> String { "\(scale)x" }

    /// The clauses an entry was meant to check (also when it did not run).
    static func plannedClauses(_ entry: TimelineEntry) -> [Clause] {
        switch entry.step.action {
        case .expect(let expectation): expectation.clauses
        case .waitUntil(let condition): condition.clauses
        default: []
        }
    }
}
