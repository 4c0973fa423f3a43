/// Runs a suite's validated scenarios, up to ``ScenarioRunOptions/jobs`` at a time,
/// each on a backend of its own, and returns the results in suite order whatever
/// order they finish in.
///
/// A scenario's job ends with its result: the next scenario starts then, while
/// the finished one's backend stops (its clients get SIGTERM and up to their
/// grace to exit, then the compositor ends) beside it. So up to `jobs` scenarios
/// run steps at once, and stops that are still under way come on top. `run`
/// returns once every backend has stopped.
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
        // Each scenario's task hands its result over here as soon as it has
        // one, then goes on to stop its backend; the task group outlives the
        // loop below, so leaving it waits for the last stops.
        let (finished, finishing) = AsyncStream.makeStream(of: (index: Int, result: ScenarioResult).self)
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func startNext() {
                guard next < scenarios.count else { return }
                let index = next
                let scenario = scenarios[index]
                next += 1
                group.addTask {
                    let backend = makeBackend()
                    let result = await runner.runLeavingBackendToStop(scenario, on: backend, observer: observer)
                    finishing.yield((index, result))
                    if result.startedItsBackend { await backend.stop() }
                }
            }
            for _ in 0..<min(options.jobs, scenarios.count) { startNext() }
            var received = 0
            for await (index, result) in finished {
                results[index] = result
                received += 1
                if received == scenarios.count { break }
                startNext()
            }
        }
        finishing.finish()
        return results.map { $0! }
    }
}
