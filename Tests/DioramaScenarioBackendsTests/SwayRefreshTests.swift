import DioramaModel
import DioramaScenarios
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

@testable import DioramaScenarioBackends

/// A display's refresh reaches sway: its headless outputs run their frame
/// timer at the mode's rate, so `--refresh` lowers what a client that draws
/// every frame (GameScene) and sway's compositing cost, as on Mutter.
@Suite("display refresh on sway", .ownThreads)
struct SwayRefreshTests {
    @Test("the `mode` argument: WxH alone without a refresh, WxH@RATEHz with one, in hertz with its decimals")
    func modeArgument() {
        #expect(SwayHeadless.Output(width: 1920, height: 1080).modeArgument == "1920x1080")
        #expect(SwayHeadless.Output(width: 1920, height: 1080, refreshMilliHz: 60_000).modeArgument == "1920x1080@60Hz")
        #expect(SwayHeadless.Output.modeArgument(width: 800, height: 600, refreshMilliHz: 12_500) == "800x600@12.5Hz")
        #expect(SwayHeadless.Output.modeArgument(width: 800, height: 600, refreshMilliHz: 59_940) == "800x600@59.94Hz")
    }

    @Test(
        "sway's outputs get each display's refresh: a display line's @HZ, 60 Hz without one, --refresh over both; a plugged display its own @HZ",
        .timeLimit(.minutes(5)))
    func displayRefreshReachesSway() async throws {
        let work = try PackageRoot.temporaryDirectory("sway-refresh")
        defer { try? FileManager.default.removeItem(at: work) }
        let location = StartingDisplayRefreshTests.location
        let displays = StartingDisplayRefreshTests.thirtyAndSixtyHertz
        let tv = DisplaySpec(
            name: "TV", modeSize: Size(width: 1280, height: 720), refreshMilliHz: 12_500, position: Point(x: 2560, y: 0), location: location)
        for (override, expected) in [(nil, [30_000, 60_000, 12_500]), (Optional(10_000), [10_000, 10_000, 12_500])] {
            let backend = SwayScenarioBackend(configuration: BackendConfiguration(workDirectory: work.path))
            try await backend.start(
                ScenarioSetup(
                    scenarioName: "refresh", displays: displays, profile: .modern, timeout: .seconds(30),
                    artifactsDirectory: work.path, refreshMilliHz: override))
            let plugged = await backend.perform(Step(.plugDisplay(tv), text: "plug display TV 1280x720@12.5 scale 1 at 2560,0", location: location))
            let outputs = try backend.compositor.map { try SwayIPC($0).outputs() } ?? []
            await backend.stop()
            #expect(plugged.status == .done, "\(plugged)")
            let rates = outputs.sorted { $0.rect.x < $1.rect.x }.map { $0.currentMode?.refresh }
            #expect(rates == expected, "--refresh \(override.map(String.init) ?? "none"): \(outputs)")
        }
    }
}
