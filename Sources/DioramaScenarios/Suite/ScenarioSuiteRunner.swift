/// Runs a suite's validated scenarios, up to ``ScenarioRunOptions/jobs`` at a time,
/// each on a backend of its own, and returns the results in suite order whatever
/// order they finish in.
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
        let runner = ScenarioRunner(options: options)
        var results = [ScenarioResult?](repeating: nil, count: scenarios.count)
        await withTaskGroup(of: (Int, ScenarioResult).self) { group in
            var next = 0
            func startNext() {
                guard next < scenarios.count else { return }
                let index = next
                let scenario = scenarios[index]
                next += 1
                group.addTask {
                    (index, await runner.run(scenario, on: makeBackend(), observer: observer))
                }
            }
            for _ in 0..<min(options.jobs, scenarios.count) { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
        }
        return results.map { $0! }
    }
}
