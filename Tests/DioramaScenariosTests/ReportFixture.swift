import DioramaModel

@testable import DioramaScenarios

/// A run with a bit of everything a report shows: passes, a failed clause, a
/// clause the backend cannot observe, a skipped step and the check it skips, a
/// hot-plugged display, a screenshot and a wait.
enum ReportFixture {
    static let file = "Configs/scenarios/report-sample.scenario"

    static let text = """
        # A sample run for the report snapshots: a move, a failure, a skipped step and a hot-plug.
        displays: studio
        launch TimerApp as timer
        window main = timer title "Main"
        expect main on DP-1, scale 1, minimum 500x0
        move main to DP-2
        expect main on DP-2, scale 2, drawable = bounds * 2, no stale frames
        rotate DP-2 to 90
        expect main orientation portrait
        move main to HDMI-A-1
        expect main scale 1.5, buffer = round(bounds * 1.5), restored
        plug display TV 1920x1080 scale 1 at 0,1080
        screenshot all as overview
        unplug TV
        wait until main on HDMI-A-1 timeout 1s

        """

    static let studio = [
        DisplayObservation(name: "DP-1", logicalRect: Rect(x: 0, y: 0, width: 1920, height: 1080), scale: .one),
        DisplayObservation(name: "DP-2", logicalRect: Rect(x: 1920, y: 0, width: 2560, height: 1440), scale: Scale(integer: 2)!),
        DisplayObservation(name: "HDMI-A-1", logicalRect: Rect(x: 4480, y: 0, width: 1920, height: 1080), scale: Scale(numerator120: 180)),
    ]
    static let tv = DisplayObservation(name: "TV", logicalRect: Rect(x: 0, y: 1080, width: 1920, height: 1080), scale: .one)

    static func backend(screenshotPath: String) -> ScriptedBackend {
        let size = Size(width: 801, height: 601)
        let backend = ScriptedBackend { _, line, _ in
            var observation: WindowObservation
            switch line {
            case 10...: observation = renderedObservation(on: ["HDMI-A-1"], scale: Scale(numerator120: 180), bounds: size, origin: Point(x: 5000, y: 200))
            case 6...: observation = renderedObservation(on: ["DP-2"], scale: Scale(integer: 2)!, bounds: size, origin: Point(x: 2800, y: 300))
            default: observation = renderedObservation(on: ["DP-1"], scale: .one, bounds: size, origin: Point(x: 300, y: 200))
            }
            observation.minimumSize = .unavailable("the scripted backend does not track size hints")
            return observation
        }
        backend.displays = { line in
            switch line {
            case 14...: studio
            case 12...: studio + [tv]
            default: studio
            }
        }
        backend.outcomes[8] = .skipped("sway cannot rotate a headless output")
        backend.outcomes[13] = .done(detail: "1 file", screenshots: [ScreenshotFile(name: "overview", display: nil, path: screenshotPath)])
        return backend
    }

    static func result(screenshotPath: String = "artifacts/report-sample/overview.png") async throws -> ScenarioResult {
        let validated = try ScenarioLoader.load(text: text, file: file, environment: shippedEnvironment)
        return await ScenarioRunner().run(validated, on: backend(screenshotPath: screenshotPath))
    }

    /// A second scenario that was skipped whole and a third that could not start.
    static func otherResults() async throws -> [ScenarioResult] {
        let skipped = try ScenarioLoader.load(
            text: "# Only for weston.\ndisplays: studio\nbackend: weston\nlaunch TimerApp as t\nwindow w = t\nexpect w scale 2\n",
            file: "Configs/scenarios/weston-only.scenario", environment: shippedEnvironment)
        let broken = ScriptedBackend()
        broken.startError = ScriptedBackend.ScriptError(description: "sway not found; install it with apt-get install sway")
        let error = try ScenarioLoader.load(
            text: "displays: dual\nlaunch GameScene as g\n",
            file: "Configs/scenarios/no-start.scenario", environment: shippedEnvironment)
        return [
            await ScenarioRunner().run(skipped, on: ScriptedBackend()),
            await ScenarioRunner().run(error, on: broken),
        ]
    }

    /// `result` as if each step had taken a quarter of a second and the
    /// scenario one second more: times a snapshot can hold.
    static func withFixedTimes(_ result: ScenarioResult) -> ScenarioResult {
        var timed = result
        for index in timed.entries.indices { timed.entries[index].duration = .milliseconds(250) }
        timed.duration = .milliseconds(250) * timed.entries.count + .seconds(1)
        return timed
    }
}
