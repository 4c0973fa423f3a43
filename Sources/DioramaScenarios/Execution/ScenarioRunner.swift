import DioramaModel

/// Runs one validated scenario on a backend and records its timeline.
///
/// The rules, in the order they apply:
/// - A scenario whose `backend:` line does not list this backend is skipped whole.
/// - If the backend does not start, the scenario is an error and nothing runs.
/// - Each step runs in file order. After an action, the declared windows settle
///   (up to the scenario's timeout) and are observed for the timeline.
/// - `expect` settles its window, observes it once and checks every clause.
/// - `wait until` re-checks its clauses each time the backend saw something change
///   (``ScenarioBackend/watchForObservationChange()``; every
///   ``ScenarioRunOptions/pollInterval`` on a backend that sees no such event)
///   until all hold (done) or its timeout passes (failed). A clause that cannot be
///   observed makes the wait skipped, since it could never end.
/// - A step the backend skips does not stop the run, but the checks after it (up to
///   the next action that is done) are skipped too, with the reason: they would
///   test a state the scenario never reached.
/// - A step that fails stops the run; the rest is "not run".
package struct ScenarioRunner: Sendable {
    package var options: ScenarioRunOptions

    package init(options: ScenarioRunOptions = ScenarioRunOptions()) {
        self.options = options
    }

    /// Runs `validated` on `backend`, then stops the backend.
    package func run(
        _ validated: ValidatedScenario, on backend: some ScenarioBackend,
        observer: (any ScenarioRunObserver)? = nil
    ) async -> ScenarioResult {
        let result = await runLeavingBackendToStop(validated, on: backend, observer: observer)
        if result.startedItsBackend { await backend.stop() }
        return result
    }

    /// Runs `validated` on `backend` and returns its result without stopping
    /// the backend: the caller stops it when ``ScenarioResult/startedItsBackend``
    /// (also after a start that failed half-way). The suite runner does so
    /// while the next scenario starts, since nothing in a result depends on
    /// how the clients and the compositor exit (a client that ignores SIGTERM
    /// holds up its own stop, not the suite). The result's time therefore
    /// ends with the last step.
    ///
    /// `pausing` is called with true just before a `wait` step (a fixed
    /// pause) and with false once the step is done: the suite runner starts
    /// another scenario meanwhile.
    package func runLeavingBackendToStop(
        _ validated: ValidatedScenario, on backend: some ScenarioBackend,
        observer: (any ScenarioRunObserver)? = nil, pausing: (@Sendable (_ paused: Bool) -> Void)? = nil
    ) async -> ScenarioResult {
        let scenario = validated.scenario
        let profile = options.profile(for: scenario)
        observer?.scenarioWillStart(scenario, backend: backend.kind, profile: profile)
        var run = Run(
            scenario: scenario, backendKind: backend.kind, profile: profile, started: .now, shard: options.shard,
            machine: options.machine)

        if let wanted = scenario.backends, !wanted.contains(backend.kind) {
            let reason = "written for \(wanted.map(\.rawValue).joined(separator: ", ")) (its `backend:` line), not \(backend.kind.rawValue)"
            run.markRemaining(notRun: reason, observer: observer)
            return run.finish(status: .skipped(reason: reason), observer: observer)
        }

        let setup = ScenarioSetup(
            scenarioName: scenario.name, displays: validated.startingDisplays, profile: profile,
            timeout: scenario.timeout,
            artifactsDirectory: options.artifactsDirectory + "/" + scenario.name, variations: scenario.variations,
            refreshMilliHz: options.refreshMilliHz)
        do {
            try await backend.start(setup)
        } catch {
            let message = "the \(backend.kind.rawValue) backend did not start: \(error)"
            run.markRemaining(notRun: message, observer: observer)
            return run.finish(status: .error(message: message), observer: observer)
        }
        run.initialDisplays = await backend.observeDisplays()

        for (offset, step) in scenario.steps.enumerated() {
            let stepStarted = ContinuousClock.now
            let pauses = if case .wait = step.action { true } else { false }
            if pauses { pausing?(true) }
            var entry = await runStep(step, index: offset + 1, run: &run, backend: backend)
            if pauses { pausing?(false) }
            entry.duration = .now - stepStarted
            run.entries.append(entry)
            observer?.scenario(scenario, didFinish: entry)
            if case .failed(let message) = entry.outcome {
                run.markRemaining(notRun: "an earlier step failed (line \(step.location.line): \(message))", observer: observer)
                break
            }
        }
        let failed = run.entries.contains(where: \.isFailure)
        return run.finish(status: failed ? .failed : .passed, observer: observer)
    }

    /// The state of one run.
    struct Run {
        let scenario: Scenario
        let backendKind: BackendKind
        let profile: ScenarioProfile
        /// When the run began, for the scenario's duration.
        let started: ContinuousClock.Instant
        /// Where it runs, recorded in the result.
        let shard: Shard?
        let machine: String?
        var initialDisplays: [DisplayObservation] = []
        var entries: [TimelineEntry] = []
        /// Declared windows, in order.
        var windows: [String] = []
        /// The last skipped action, until an action is done again.
        var pendingSkip: (line: Int, reason: String)?

        mutating func markRemaining(notRun reason: String, observer: (any ScenarioRunObserver)?) {
            for (offset, step) in scenario.steps.enumerated().dropFirst(entries.count) {
                let entry = TimelineEntry(index: offset + 1, step: step, outcome: .notRun(reason: reason))
                entries.append(entry)
                observer?.scenario(scenario, didFinish: entry)
            }
        }

        func finish(status: ScenarioResult.Status, observer: (any ScenarioRunObserver)?) -> ScenarioResult {
            var result = ScenarioResult(
                name: scenario.name, file: scenario.file, summary: scenario.summary,
                backend: backendKind, profile: profile, status: status,
                initialDisplays: initialDisplays, entries: entries)
            result.duration = .now - started
            result.shard = shard
            result.machine = machine
            observer?.scenarioDidFinish(result)
            return result
        }
    }

    func runStep(_ step: Step, index: Int, run: inout Run, backend: some ScenarioBackend) async -> TimelineEntry {
        var entry = TimelineEntry(index: index, step: step, outcome: .done)
        switch step.action {
        case .expect(let expectation):
            entry.clauses = await check(
                expectation.clauses, window: expectation.window.name, entry: &entry,
                run: run, backend: backend)
            return entry
        case .waitUntil(let condition):
            await waitUntil(condition, entry: &entry, run: run, backend: backend)
            return entry
        case .launch(let client):
            do {
                let handle = try await backend.launch(client)
                entry.detail = handle.description
            } catch {
                entry.outcome = .failed(message: "could not launch \(client.program): \(error)")
                return entry
            }
        default:
            let outcome = await backend.perform(options.applyingRefresh(to: step))
            entry.detail = outcome.detail
            entry.screenshots = outcome.screenshots
            switch outcome.status {
            case .done: break
            case .skipped(let reason): entry.outcome = .skipped(reason: reason)
            case .failed(let message):
                entry.outcome = .failed(message: message)
                return entry
            }
        }
        if case .declareWindow(let declaration) = step.action, case .done = entry.outcome {
            run.windows.append(declaration.name.name)
        }
        if step.action.isAction {
            if case .skipped(let reason) = entry.outcome {
                run.pendingSkip = (step.location.line, reason)
            } else {
                run.pendingSkip = nil
            }
        }
        if case .done = entry.outcome, !run.windows.isEmpty,
            let note = await backend.settle(windows: run.windows, timeout: run.scenario.timeout).note(timeout: run.scenario.timeout)
        {
            entry.settleNote = note
        }
        for window in run.windows {
            entry.windows.append(WindowSnapshot(window: window, observation: await backend.observe(window: window)))
        }
        if step.action.changesDisplays {
            entry.displays = await backend.observeDisplays()
        }
        return entry
    }

    /// Settles and observes `window`, then checks each clause (or skips them all
    /// after a skipped step).
    func check(
        _ clauses: [Clause], window: String, entry: inout TimelineEntry, run: Run,
        backend: some ScenarioBackend
    ) async -> [ClauseResult] {
        if let skip = run.pendingSkip {
            let reason = "follows a skipped step (line \(skip.line): \(skip.reason))"
            entry.outcome = .skipped(reason: reason)
            return clauses.map { ClauseResult(clause: $0, window: window, verdict: .skipped(reason: reason)) }
        }
        if let note = await backend.settle(windows: [window], timeout: run.scenario.timeout).note(timeout: run.scenario.timeout) {
            entry.settleNote = note
        }
        var observation = await backend.observe(window: window)
        if clauses.contains(where: { $0.kind == .crisp }) {
            observation.crispness = await backend.judgeCrispness(window: window)
        }
        entry.windows = [WindowSnapshot(window: window, observation: observation)]
        return clauses.map { ClauseResult(clause: $0, window: window, verdict: ExpectationEvaluator.evaluate($0, against: observation)) }
    }

    func waitUntil(_ condition: WaitCondition, entry: inout TimelineEntry, run: Run, backend: some ScenarioBackend) async {
        let timeout = condition.timeout ?? run.scenario.timeout
        let window = condition.window.name
        // Changes are real events, so their wait ends at a real deadline; a
        // backend's pauses may be simulated time, so those are counted.
        let deadline = ContinuousClock.now + timeout.duration
        var paused = ScenarioDuration(milliseconds: 0)
        while true {
            // Watched before the look: a change during it wakes the wait.
            let change = backend.watchForObservationChange()
            let results = await check(condition.clauses, window: window, entry: &entry, run: run, backend: backend)
            entry.clauses = results
            if case .skipped = entry.outcome { return }
            if let skipped = results.first(where: { $0.verdict.isSkipped }), case .skipped(let reason) = skipped.verdict {
                entry.outcome = .skipped(reason: "cannot wait for `\(skipped.clause.text)`: \(reason)")
                return
            }
            guard let failing = results.first(where: { $0.verdict.isFailed }) else { return }
            if change.map({ _ in ContinuousClock.now >= deadline }) ?? (paused >= timeout) {
                // The step failed, and its clauses keep the last check's
                // verdicts: each is a test case of its own in JUnit and JSON,
                // whether the wait held or not.
                if case .failed(let expected, let actual) = failing.verdict {
                    entry.outcome = .failed(message: "still not true after \(timeout): expected \(expected), got \(actual)")
                }
                return
            }
            if let change {
                await change.next(before: deadline)
            } else {
                await backend.pause(for: options.pollInterval)
                paused = ScenarioDuration(milliseconds: paused.milliseconds + options.pollInterval.milliseconds)
            }
        }
    }
}
