import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// The scale an app sees for a display it has no surface on yet: a TV
/// plugged next to a 2x desk gets an external-display scene whose very first
/// traits and frame are the TV's, and every screen reports its fractional
/// scale from the start.
@Suite("External displays and screens the app is not on", .ownThreads)
struct ExternalDisplayScaleTests {
    /// A 2x panel first (the default display) and a 1.5x monitor beside it.
    static func desk() -> DisplayLayout {
        DisplayLayout(displays: [
            DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 2560, height: 1600), scale: Scale(integer: 2)!),
            DisplayConfiguration(
                name: "HDMI-A-1", mode: DisplayMode(width: 2880, height: 1620), scale: Scale(1.5)!, position: Point(x: 1280, y: 0)),
        ])
    }

    @Test("a 1x TV plugged beside a 2x display: the external scene's first traits, screen and frame are the TV's", .timeLimit(.minutes(10)))
    func externalSceneStartsAtTheTVsScale() throws {
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: Self.desk(), defaultDisplay: "DP-1") }
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "external-scale")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: simulator.clientEnvironment)
        let main = try app.waitForTrace("the main scene's first commit") { $0.first(CommitRecord.self) }

        try simulator.perform {
            try $0.plugDisplay(
                DisplayConfiguration(name: "TV", mode: DisplayMode(width: 1280, height: 720), position: Point(x: 0, y: 800)))
        }
        let log = try app.waitForTrace("the external scene's first commit") { log -> RuntimeTraceLog? in
            guard let external = log.records(SessionConnectedRecord.self).first(where: { $0.role.contains("External") }),
                log.records(CommitRecord.self).contains(where: { $0.scene == external.scene })
            else { return nil }
            return log
        }
        let external = try #require(log.records(SessionConnectedRecord.self).first { $0.role.contains("External") })
        #expect(external.scene != main.scene)
        let firstTraits = try #require(log.records(TraitsRecord.self).first { $0.scene == external.scene })
        #expect(firstTraits.displayScale == 1, "willConnectTo saw \(firstTraits)")
        let firstCommit = try #require(log.records(CommitRecord.self).first { $0.scene == external.scene })
        #expect(firstCommit.buffer == TraceSize(1280, 720) && firstCommit.scale == 1, "\(firstCommit)")
        #expect(log.records(ScreenRecord.self).first { $0.scene == external.scene }?.screen == "TV")
    }

    @Test("a 1.5x display the app has no surface on reports nativeScale 1.5 (wl_output says 2)", .timeLimit(.minutes(10)))
    func nativeScaleBeforeASurfaceIsThere() throws {
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: Self.desk(), defaultDisplay: "DP-1") }
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "native-scale")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: simulator.clientEnvironment)
        let log = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        let screens = Dictionary(uniqueKeysWithValues: log.records(ScreenConnectedRecord.self).map { ($0.screen, $0) })
        #expect(screens["HDMI-A-1"]?.scale == 2)
        #expect(screens["HDMI-A-1"]?.nativeScale == 1.5, "\(screens)")
        #expect(screens["DP-1"]?.nativeScale == 2)
        #expect(log.records(ScreenRecord.self).allSatisfy { $0.screen == "DP-1" }, "no surface of the app went to HDMI-A-1")
    }
}
