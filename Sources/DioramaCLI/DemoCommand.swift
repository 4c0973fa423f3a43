import ArgumentParser
import DioramaModel
import DioramaPOSIX
import DioramaScenarioBackends
import DioramaScenarios
import Foundation

/// `diorama demo` (what `make run` runs): the tour scenario on the simulator,
/// narrated by the live timeline, with an HTML report at the end.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A one-minute tour: two apps on a simulated three-display desk, with a report.",
        discussion: """
            Starts the simulator with the studio layout (DP-1 at 1x, DP-2 at 2x, HDMI-A-1 at 1.5x), \
            launches TimerApp and GameScene, and runs Configs/scenarios/demo-tour.scenario: windows \
            move between displays, resize (also interactively), displays are rescaled and rotated, \
            a TV is plugged in and out. Each line of the timeline shows where a window is, the scale \
            it rendered at and its pixels, and every expectation checked. The HTML report (layout \
            drawing, each window's path, the timeline) is written at the end.

            Exit status: 0 the tour passed, 1 an expectation failed, 2 the tour could not be found or run.

            Examples:
              diorama demo
              diorama demo --report /tmp/tour
            """)

    @Option(help: "Where to write the HTML report.")
    var report: String = "diorama-demo-report"

    @Option(help: "The tour scenario (default: Configs/scenarios/demo-tour.scenario, here or above this executable).")
    var scenario: String?

    @Option(help: "Where clients' traces, logs and saved state go.")
    var workDir: String = ".diorama-demo"

    func run() throws {
        ExitCleanup.stopOnTerminationSignals()
        try ScenarioSession.checkWorkDirectory(workDir, command: "demo")
        guard let tour = scenario ?? Self.findTour() else {
            var standardError = StandardError()
            print(
                "diorama demo: Configs/scenarios/demo-tour.scenario was not found in this folder or above the diorama executable; run it from the Diorama checkout, or pass --scenario FILE",
                to: &standardError)
            throw DioramaExitCode.badInput
        }
        let useColor = ConsoleReporter.shouldUseColor()
        print(
            """
            Diorama: the iPad's resizable-scene model on Wayland, tested on a simulated desk.
            Two apps run on three displays of different scales (1x, 2x, 1.5x); every step below
            moves, resizes or re-plugs something, and each line shows where the window landed, the
            scale it re-rendered at and the pixels it drew. ✓ lines are expectations that held.

            """)
        // The live timeline follows; this text goes first.
        CommandOutput.flush()
        let scenarios = try ScenarioSession.load([tour])
        try ScenarioSession.prepareWorkDirectory(workDir, command: "demo")
        let options = ScenarioRunOptions(backend: .sim, reportDirectory: report, artifactsDirectory: workDir + "/artifacts")
        let session = ScenarioSession(
            options: options, backend: BackendConfiguration(workDirectory: workDir),
            useColor: useColor)
        let results = try session.run(scenarios)
        let index = URL(fileURLWithPath: report).appendingPathComponent("index.html").standardizedFileURL.path
        print("\nThe report is in \(report)/ — open \(index) in a browser to see the layout and each window's path.")
        let code = ScenarioSession.exitCode(for: results)
        if code != DioramaExitCode.success { throw code }
    }

    /// `Configs/scenarios/demo-tour.scenario` under the current folder, else in
    /// a folder above the executable (a checkout's `.build/debug/diorama`) or
    /// above the current folder.
    static func findTour() -> String? {
        let relative = "Configs/scenarios/demo-tour.scenario"
        if FileManager.default.fileExists(atPath: relative) { return relative }
        return ConfigFileLocator.locate(relative)?.path
    }
}
