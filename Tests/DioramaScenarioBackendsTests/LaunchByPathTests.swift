import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// An app outside `Configs/apps`, launched by executable path with its own
/// Info.plist, on the simulator: the scenario reaches it as it would an app
/// built in another package.
@Suite("Launch by path on the simulator", .ownThreads)
struct LaunchByPathOnSimulatorTests {
    @Test("launch app \"PATH\" info-plist \"PATH\" starts that executable with --info-plist, the trace enabled")
    func launchByPath() async throws {
        let timer = try TestExecutable.locate("TimerApp")
        let work = try PackageRoot.temporaryDirectory("launch-by-path")
        defer { try? FileManager.default.removeItem(at: work) }
        // A copy of TimerApp's plist under another bundle identifier: the
        // window's app_id proves the app read this file and not its own.
        let plist = try String(contentsOfFile: PackageRoot.path("Configs/apps/TimerApp/Info.plist"), encoding: .utf8)
            .replacingOccurrences(of: "org.diorama.TimerApp", with: "org.example.ByPath")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("app"), withIntermediateDirectories: true)
        try plist.write(to: work.appendingPathComponent("app/Info.plist"), atomically: true, encoding: .utf8)
        let scenarioFile = work.appendingPathComponent("scenarios/by-path.scenario")
        try FileManager.default.createDirectory(at: scenarioFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
        display DP-1 1280x800 scale 2 at 0,0
        launch app "\(timer.path)" info-plist "../app/Info.plist" as elsewhere
        window main = elsewhere app_id "org.example.ByPath" title "Main"
        expect main traits.displayScale 2, drawable = bounds * 2, minimum 500x0
        """.write(to: scenarioFile, atomically: true, encoding: .utf8)

        let scenario = try ScenarioLoader.load(path: scenarioFile.path)
        let configuration = BackendConfiguration(executableDirectories: [], workDirectory: work.appendingPathComponent("run").path)
        let options = ScenarioRunOptions(backend: .sim, jobs: 1, artifactsDirectory: work.appendingPathComponent("artifacts").path)
        let results = await ScenarioSuiteRunner(options: options).run([scenario]) {
            ScenarioBackends.make(.sim, configuration: configuration)
        }
        let result = try #require(results.first)
        let timeline = ConsoleReporter.render(result, useColor: false)
        #expect(result.status == .passed, "\(timeline)")
        #expect(result.failedClauseCount == 0 && result.passedClauseCount >= 3, "\(timeline)")
    }
}
