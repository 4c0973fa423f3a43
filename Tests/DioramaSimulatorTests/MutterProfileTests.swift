import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Glibc
import Testing
import WaylandClient

/// The window and layout rules of `mutter-43` that real Mutter 43.8 showed
/// when measured headless (issue #25; `Docs/fidelity.md`, "Mutter 43"):
/// where new windows open, what a layout change does to the surfaces on
/// it, and what a window larger than its shrunk monitor is told.
@Suite struct MutterProfileTests {
    /// Two 1920×1200 monitors side by side, the first at 1x, the second at
    /// 2x (960×600 points): the fidelity session's monitors.
    private static let twoMonitors = DisplayLayout(displays: [
        DisplayConfiguration(name: "A", mode: DisplayMode(width: 1920, height: 1200), position: Point(x: 0, y: 0)),
        DisplayConfiguration(
            name: "B", mode: DisplayMode(width: 1920, height: 1200), scale: Scale(integer: 2)!, position: Point(x: 1920, y: 0)),
    ])

    /// Mutter opens a new window on the monitor under the pointer, not on
    /// the focused window's: with foot moved to Meta-1 and the pointer on
    /// Meta-0, the next foot opened on Meta-0; with the pointer moved onto
    /// Meta-1, the one after opened there.
    @Test func aNewWindowOpensOnTheMonitorUnderThePointerWhereverFocusIs() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let first = try mapWindow(client, in: harness, appID: "first")
        #expect(first.enteredOutputs == ["Meta-0"], "the pointer starts on the first monitor")
        try harness.simulator.moveWindow(.appID("first"), toDisplay: "B")
        try harness.roundtrip(client.connection)
        let second = try mapWindow(client, in: harness, appID: "second")
        #expect(second.enteredOutputs == ["Meta-0"], "where the pointer is, not where the focused window went")
        try harness.simulator.movePointer(to: .global(Point(x: 2400, y: 300)))
        try harness.roundtrip(client.connection)
        let third = try mapWindow(client, in: harness, appID: "third")
        #expect(third.enteredOutputs == ["Meta-1"])
        #expect(try harness.simulator.window(.appID("third")).homeDisplayName == "B")
    }

    /// Mutter rebuilds every monitor on any configuration change: moving
    /// Meta-1 down by 300 points (no new scale or mode) made foot on Meta-1
    /// leave it and enter it again, and so did foot on the unmoved Meta-0,
    /// which was also sent its unchanged position and size and `done`.
    @Test func aMonitorThatOnlyMovesMakesEverySurfaceLeaveItsMonitorsAndEnterThemAgain() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let onFirst = try mapWindow(client, in: harness, appID: "first")
        try harness.simulator.movePointer(to: .global(Point(x: 2400, y: 300)))
        let onSecond = try mapWindow(client, in: harness, appID: "second")
        #expect(onFirst.enteredOutputs == ["Meta-0"] && onSecond.enteredOutputs == ["Meta-1"])
        let unmovedDones = try #require(client.outputs.info(named: "Meta-0")).doneCount
        onFirst.clearLog()
        onSecond.clearLog()

        try harness.simulator.moveDisplay("B", to: Point(x: 1920, y: 300))
        try harness.roundtrip(client.connection)

        #expect(onSecond.log == [.leave("Meta-1"), .enter("Meta-1")])
        #expect(onFirst.log == [.leave("Meta-0"), .enter("Meta-0")], "the unmoved monitor is made anew too")
        #expect(client.outputs.info(named: "Meta-0")?.doneCount == unmovedDones + 1, "the unmoved monitor announced again")
        #expect(client.outputs.info(named: "Meta-1")?.logicalY == 300)
    }

    /// A 1600×1000 foot on Meta-0 (1x) with Meta-0 rescaled to 2x (960×600,
    /// Meta-1 following to x=960): Mutter left its monitors, sent the
    /// outputs' new state, then `configure(1600, 600)` with bounds 960×600 —
    /// the height cut to the monitors' extent, the width kept because the
    /// two monitors together are 1920 wide — and the surface entered again
    /// after. (Mutter sent that configure twice; the profile sends it once:
    /// `Docs/fidelity.md`.)
    @Test func aWindowLargerThanTheMonitorsNewExtentIsConfiguredDownToItBeforeItEntersAgain() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "big", size: (1600, 1000))
        window.autoRespond = true
        window.clearLog()

        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)

        let fitted = window.log.firstIndex {
            if case .configure(let configure) = $0 { return configure.width == 1600 && configure.height == 600 }
            return false
        }
        let leave = window.log.firstIndex(of: .leave("Meta-0"))
        let enter = window.log.firstIndex(of: .enter("Meta-0"))
        #expect(fitted != nil, "configured down to the monitors' extent: \(window.log)")
        #expect(window.log.contains(.configureBounds(width: 960, height: 600)))
        if let fitted, let leave, let enter { #expect(leave < fitted && fitted < enter, "\(window.log)") }
        #expect(leave != nil && enter != nil, "\(window.log)")
    }

    /// GTK 4 sends `unset_maximized` and `unset_fullscreen` right after its
    /// first commit; Mutter answered that commit with one configure and the
    /// two requests with none, while the protocol's rule (which `modern`
    /// follows) answers every state request with a configure.
    @Test(arguments: [(CompositorProfile.mutter43, 1), (.modern, 3)])
    func aStateRequestThatChangesNothingIsAnsweredWhereTheCompositorAnswersIt(
        _ profile: CompositorProfile, _ configures: Int
    ) throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "gtk-like")
        window.toplevel.unsetMaximized()
        window.toplevel.unsetFullscreen()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == configures, "\(window.log)")
    }

    /// Mutter releases an shm buffer right after the commit that attached
    /// it, having copied it: what the client draws into the released memory
    /// afterwards does not show until it is committed again. `modern`
    /// releases a buffer only when another replaces it, and reads it in place.
    @Test(arguments: [(CompositorProfile.mutter43, true), (.modern, false)])
    func aBufferCopiedAtItsCommitIsReleasedAtOnceAndShowsWhatWasCommitted(
        _ profile: CompositorProfile, _ copiesAtCommit: Bool
    ) throws {
        let red: UInt32 = 0xFFFF_0000
        let green: UInt32 = 0xFF00_FF00
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "copied", size: (64, 48))
        let (buffer, file) = ShmBufferFactory.makeBufferKeepingFile(shm: client.shm, width: 64, height: 48) { _, _ in red }
        defer { close(file) }
        var released = false
        buffer.onEvent = { _ in released = true }
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.damageBuffer(x: 0, y: 0, width: 64, height: 48)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(released == copiesAtCommit)

        // The client draws green into the same memory without committing.
        let size = 64 * 48 * 4
        let mapping = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0))
        let words = mapping.bindMemory(to: UInt32.self, capacity: size / 4)
        for index in 0..<(size / 4) { words[index] = green }
        munmap(mapping, size)

        let origin = try harness.simulator.window(.appID("copied")).frame.origin
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(shot.image.pixel(x: origin.x + 1, y: origin.y + 1).argb == (copiesAtCommit ? red : green))
    }

    /// A window that still fits the monitors' extent is told nothing (the
    /// fidelity session: TimerApp's 640×480 on Meta-0 rescaled to 2x).
    @Test func aWindowThatStillFitsIsToldNothing() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "small", size: (640, 480))
        window.clearLog()
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)
        #expect(!window.log.contains { if case .configure = $0 { true } else { false } }, "\(window.log)")
    }

    /// Mutter's first fit, measured by where the RemoteDesktop pointer met
    /// each window on a 1920×1200 monitor: gtk4-widget-factory's 1666×881
    /// at 126,106; three 700×500 foot windows at 259,66, right below it
    /// (259,566), then right of the first (959,66). The cascade put them at
    /// 32,32 and 64,64.
    @Test func newWindowsTakeMuttersFirstFitBelowThenBeside() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        var origins: [Point] = []
        for index in 0..<3 {
            try mapWindow(client, in: harness, appID: "foot\(index)", size: (700, 500))
            origins.append(try harness.simulator.window(.appID("foot\(index)")).frame.origin)
        }
        #expect(origins == [Point(x: 259, y: 66), Point(x: 259, y: 566), Point(x: 959, y: 66)])

        let alone = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        try mapWindow(try WindowingClient(harness: alone), in: alone, appID: "gtk", size: (1666, 881))
        #expect(try alone.simulator.window(.appID("gtk")).frame.origin == Point(x: 126, y: 106))
    }

    /// gtk4-widget-factory (1666×881, at least 1391×757) moved by Super+Shift+Right
    /// from Meta-0 (1x) to Meta-1 (960×600 to its right): Mutter scaled its
    /// place to 1983,53 and pushed it left to 1214,53, where it overlaps
    /// both monitors (it entered Meta-1 and never left Meta-0). Mostly on
    /// Meta-0 still, Super+Shift+Left then moved it nowhere.
    @Test func aWindowMovedToANarrowerNeighbourOverlapsBothAndIsStillMostlyWhereItWas() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try Self.mapGTKLikeWindow(client, in: harness)
        window.clearLog()

        try harness.simulator.moveWindow(.appID("gtk-like"), toDisplay: "B")
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("gtk-like")).frame.origin == Point(x: 1214, y: 53))
        #expect(window.log == [.enter("Meta-1")])

        window.clearLog()
        try harness.simulator.moveWindow(.appID("gtk-like"), toDisplay: "A")
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("gtk-like")).frame.origin == Point(x: 1214, y: 53))
        #expect(window.log.isEmpty, "\(window.log)")

        // Meta-0 rescaled to 2x, Meta-1 following to x=960: the window
        // follows Meta-0, the monitor it is mostly on, from where the move
        // put it before the push (1983,53 halved: 991,26), onto Meta-1
        // alone: where the pointer found it on Mutter.
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)
        let followed = try harness.simulator.window(.appID("gtk-like")).frame.origin
        #expect(followed == Point(x: 991, y: 26), "\(followed)")
        #expect(window.log.filter { if case .enter = $0 { true } else { false } } == [.enter("Meta-1")], "\(window.log)")
    }

    /// weston-terminal (742×427, at 217,114 on Meta-0 by the first fit),
    /// Meta-0 rescaled to 2x: on Mutter it stayed on Meta-0 (it entered
    /// Meta-0 again and nothing else), which its unscaled place would not;
    /// the profile halves its offset (108,57), as Mutter did for
    /// gtk4-widget-factory (probed).
    @Test func aWindowFollowsItsRescaledMonitorWithItsOffsetScaled() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "terminal", size: (742, 427))
        #expect(try harness.simulator.window(.appID("terminal")).frame.origin == Point(x: 217, y: 114))
        window.clearLog()
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("terminal")).frame.origin == Point(x: 108, y: 57))
        #expect(window.log.filter { if case .enter = $0 { true } else { false } } == [.enter("Meta-0")], "\(window.log)")
    }

    /// Meta-0 rescaled to 2x (the monitors then span 1920×600):
    /// gtk4-widget-factory, whose minimum height 757 cannot fit, got no
    /// configure on Mutter, and Super+Up and Alt+F10 did not maximize it
    /// (Mutter turns maximize off for a window whose minimum size does not
    /// fit its monitor). Before the rescale Super+Up maximized it to 1920×1200.
    @Test func aWindowWhoseMinimumSizeCannotFitIsNeitherFittedNorMaximized() throws {
        let harness = try Simulator.Harness(layout: Self.twoMonitors) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try Self.mapGTKLikeWindow(client, in: harness)
        window.clearLog()

        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)
        try harness.simulator.maximizeWindow(.appID("gtk-like"))
        try harness.roundtrip(client.connection)
        #expect(!window.log.contains { if case .configure = $0 { true } else { false } }, "\(window.log)")

        try harness.simulator.setScale(Scale(integer: 1)!, ofDisplay: "A")
        try harness.simulator.maximizeWindow(.appID("gtk-like"))
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 1920 && window.lastConfigure?.height == 1200, "\(window.log)")
    }

    /// Maps a window `gtk-like` the size of gtk4-widget-factory's window
    /// geometry (1666×881) with its minimum size (1391×757).
    private static func mapGTKLikeWindow(_ client: WindowingClient, in harness: Simulator.Harness) throws -> ClientWindow {
        let window = client.makeWindow(appID: "gtk-like", initialCommit: false)
        window.toplevel.setMinSize(width: 1391, height: 757)
        window.preferredSize = (1666, 881)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        return window
    }
}
