import DioramaClient
import DioramaModel
import DioramaTestTraits
import HeadlessCompositors
import SwayIPC
import Testing

/// A real toplevel under real sway, moved between outputs by sway commands.
@Suite("surface enter/leave under sway", .ownThreads)
struct SurfaceOutputTrackingTests {
    @Test("a floating toplevel moved to HEADLESS-2 and back leaves and enters the right outputs")
    func moveBetweenOutputs() throws {
        let sway = try SwayHeadless.start(floatingWindows: true)
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let client = try ClientHarness(sway)
        #expect(client.outputs.outputs.compactMap(\.info.name) == ["HEADLESS-1", "HEADLESS-2"])

        let appID = uniqueAppID("move")
        let recorder = SurfaceEventRecorder()
        let (toplevel, _) = try client.mapToplevel(appID: appID, surfaceHandler: recorder)
        let surface = toplevel.surface
        try client.run(until: { !surface.outputs.isEmpty }, "the first wl_surface.enter")

        // The configure was acknowledged before the buffer's commit, or sway
        // would have killed the connection: the window is in sway's tree.
        let placed = try ipc.waitForWindow(appID: appID)
        #expect(placed.isFloating)
        #expect(placed.output == "HEADLESS-1")
        #expect(surface.outputs.map(\.info.name) == ["HEADLESS-1"])
        #expect(recorder.events == [.entered("HEADLESS-1")])

        let moved = try ipc.command("[app_id=\"\(appID)\"] move container to output HEADLESS-2")
        #expect(moved.allSatisfy { $0.success }, "\(moved)")
        try client.run(
            until: { surface.outputs.map(\.info.name) == ["HEADLESS-2"] },
            "the surface to be on HEADLESS-2 only")
        let movedPlacement = try ipc.window(appID: appID)
        #expect(movedPlacement?.output == "HEADLESS-2")
        #expect(recorder.events.suffix(2).contains(.left("HEADLESS-1")))
        #expect(recorder.events.suffix(2).contains(.entered("HEADLESS-2")))

        let back = try ipc.command("[app_id=\"\(appID)\"] move container to output HEADLESS-1")
        #expect(back.allSatisfy { $0.success }, "\(back)")
        try client.run(
            until: { surface.outputs.map(\.info.name) == ["HEADLESS-1"] },
            "the surface to be back on HEADLESS-1 only")
        #expect(Set(recorder.events.suffix(2)) == [.left("HEADLESS-2"), .entered("HEADLESS-1")])
        #expect(recorder.events.count == 5, "\(recorder.events)")
        #expect(client.connection.error == nil)
    }
}
