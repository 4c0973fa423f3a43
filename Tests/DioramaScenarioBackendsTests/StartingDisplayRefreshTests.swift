import DioramaModel
import DioramaScenarios
import Testing

@testable import DioramaScenarioBackends

/// The starting displays' refresh, as every backend reads it: a layout
/// file's `mode.refreshMilliHz`, a `display` line's `@HZ`, and `--refresh`
/// over either.
@Suite struct StartingDisplayRefreshTests {
    static func setup(_ displays: StartingDisplays, refreshMilliHz: Int?) -> ScenarioSetup {
        ScenarioSetup(
            scenarioName: "refresh", displays: displays, profile: .modern, timeout: .seconds(10), artifactsDirectory: "unused",
            refreshMilliHz: refreshMilliHz)
    }

    /// Where the displays below are written.
    static let location = SourceLocation(file: "refresh.scenario", line: 1, column: 9)

    /// Two 1280x800 displays side by side, DP-1 at 30 Hz by its `@HZ` and
    /// DP-2 without one (60 Hz): what a real compositor's refresh is checked on.
    static let thirtyAndSixtyHertz = StartingDisplays.inline([
        DisplaySpec(name: "DP-1", modeSize: Size(width: 1280, height: 800), refreshMilliHz: 30_000, position: Point(x: 0, y: 0), location: location),
        DisplaySpec(name: "DP-2", modeSize: Size(width: 1280, height: 800), position: Point(x: 1280, y: 0), location: location),
    ])

    @Test("a display line's @HZ becomes its mode's refresh; --refresh replaces it on every display")
    func inlineDisplays() throws {
        let displays = StartingDisplays.inline([
            DisplaySpec(name: "DP-1", modeSize: Size(width: 1920, height: 1080), refreshMilliHz: 30_000, position: Point(x: 0, y: 0), location: Self.location),
            DisplaySpec(name: "DP-2", modeSize: Size(width: 1920, height: 1080), position: Point(x: 1920, y: 0), location: Self.location),
        ])
        let own = try SimulatorLayout.layout(for: Self.setup(displays, refreshMilliHz: nil))
        #expect(own.displays.map(\.mode.refreshMilliHz) == [30_000, 60_000])
        let overridden = try SimulatorLayout.layout(for: Self.setup(displays, refreshMilliHz: 10_000))
        #expect(overridden.displays.map(\.mode.refreshMilliHz) == [10_000, 10_000])
        #expect(overridden.displays.map(\.mode.width) == [1920, 1920])
    }

    @Test("--refresh replaces a layout file's refresh on every display")
    func layoutFile() throws {
        let path = PackageRoot.path("Configs/displays/studio.json")
        let reference = try DisplayLayoutReference.load(path: path)
        let own = try SimulatorLayout.layout(for: Self.setup(.layoutFile(reference), refreshMilliHz: nil))
        #expect(own.displays.count == 3)
        #expect(own.displays.allSatisfy { $0.mode.refreshMilliHz != 12_345 })
        let overridden = try SimulatorLayout.layout(for: Self.setup(.layoutFile(reference), refreshMilliHz: 12_345))
        #expect(overridden.displays.map(\.mode.refreshMilliHz) == [12_345, 12_345, 12_345])
        #expect(overridden.displays.map(\.name) == own.displays.map(\.name))
    }
}
