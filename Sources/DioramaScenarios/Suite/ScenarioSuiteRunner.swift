/// Runs a suite's validated scenarios, up to ``ScenarioRunOptions/jobs`` at a time,
/// each on a backend of its own, and returns the results in suite order whatever
/// order they finish in.
///
/// A scenario's job ends with its result: the next scenario starts then, while
/// the finished one's backend stops (its clients get SIGTERM and up to their
/// grace to exit, then the compositor ends) beside it. So up to `jobs` scenarios
/// run steps at once, and stops that are still under way come on top. `run`
/// returns once every backend has stopped.
///
/// With more than one job, a scenario that is waiting out a `wait` step (a
/// fixed pause, which needs no CPU and must not be shortened) does not count:
/// the next scenario starts then, and the paused one goes on when its pause
/// ends, beside the others. So a pause holds up no other scenario, and more
/// than `jobs` backends may be up at once. With one job the scenarios stay
/// strictly one after another.
package struct ScenarioSuiteRunner: Sendable {
    package var options: ScenarioRunOptions

    package init(options: ScenarioRunOptions) {
        self.options = options
    }

    /// - Parameter makeBackend: a new backend for each scenario (called in the task
    ///   that runs it).
    package func run(
        _ scenarios: [ValidatedScenario], observer: (any ScenarioRunObserver)? = nil,
        makeBackend: @escaping @Sendable () -> any ScenarioBackend
    ) async -> [ScenarioResult] {
        guard !scenarios.isEmpty else { return [] }
        let runner = ScenarioRunner(options: options)
        var results = [ScenarioResult?](repeating: nil, count: scenarios.count)
        // Each scenario's task reports here when it pauses, when it goes on,
        // and, as soon as it has one, its result, then goes on to stop its
        // backend; the task group outlives the loop below, so leaving it
        // waits for the last stops.
        let (events, reporting) = AsyncStream.makeStream(of: JobEvent.self)
        let report: @Sendable (Bool) -> Void = { paused in reporting.yield(paused ? .paused : .resumed) }
        let pausing = options.jobs > 1 ? report : nil
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            // Scenarios started and neither finished nor paused.
            var busy = 0
            func startWhileRoom() {
                while busy < options.jobs, next < scenarios.count {
                    let index = next
                    let scenario = scenarios[index]
                    next += 1
                    busy += 1
                    group.addTask {
                        let backend = makeBackend()
                        let result = await runner.runLeavingBackendToStop(scenario, on: backend, observer: observer, pausing: pausing)
                        reporting.yield(.finished(index: index, result: result))
                        if result.startedItsBackend { await backend.stop() }
                    }
                }
            }
            startWhileRoom()
            var received = 0
            for await event in events {
                switch event {
                case .paused:
                    busy -= 1
                    startWhileRoom()
                case .resumed:
                    busy += 1
                case .finished(let index, let result):
                    results[index] = result
                    received += 1
                    busy -= 1
                    startWhileRoom()
                }
                if received == scenarios.count { break }
            }
        }
        reporting.finish()
        return results.map { $0! }
    }

    /// What a scenario's task tells the loop that starts the next ones.
    private enum JobEvent: Sendable {
        /// It began a `wait` step.
        case paused
        /// Its `wait` step is done.
        case resumed
        case finished(index: Int, result: ScenarioResult)
    }
}
