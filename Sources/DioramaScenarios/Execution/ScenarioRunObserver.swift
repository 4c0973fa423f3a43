/// Hears a run as it happens: the console reporter prints each entry as soon as it
/// is finished. Calls arrive in order for one scenario; with `--jobs` above 1,
/// scenarios run concurrently and an observer must be safe to call from several
/// tasks.
package protocol ScenarioRunObserver: AnyObject, Sendable {
    func scenarioWillStart(_ scenario: Scenario, backend: BackendKind, profile: ScenarioProfile)
    func scenario(_ scenario: Scenario, didFinish entry: TimelineEntry)
    func scenarioDidFinish(_ result: ScenarioResult)
}
