import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Window commands and client-requested states: focus, maximize, fullscreen,
/// close, unmap and remap, selectors.
@Suite struct WindowControlTests {
    @Test func focusMovesActivatedBetweenWindows() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let first = try mapWindow(client, in: harness, appID: "first")
        let second = try mapWindow(client, in: harness, appID: "second")
        // Focus follows the last mapped window.
        #expect(harness.simulator.focusedWindow?.appID == "second")
        #expect(first.lastConfigure?.has(.activated) == false)
        #expect(second.lastConfigure?.has(.activated) == true)

        try harness.simulator.focusWindow(.appID("first"))
        try harness.roundtrip(client.connection)
        #expect(first.lastConfigure?.has(.activated) == true)
        #expect(second.lastConfigure?.has(.activated) == false)

        // Destroying the focused window hands focus to the other one.
        first.toplevel.destroy()
        try harness.roundtrip(client.connection)
        #expect(harness.simulator.focusedWindow?.appID == "second")
        #expect(harness.simulator.windows.map(\.appID) == ["second"])
    }

    @Test func maximizeThenRestoreReturnsToTheSavedFrame() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        window.autoRespond = true
        let before = try harness.simulator.window(.appID("org.diorama.test")).frame

        try harness.simulator.maximizeWindow(.appID("org.diorama.test"))
        try harness.pump()
        let maximized = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(maximized.frame == Rect(x: 0, y: 32, width: 1440, height: 868))
        #expect(maximized.isSettled)

        try harness.simulator.maximizeWindow(.appID("org.diorama.test"), false)
        try harness.pump()
        #expect(window.lastConfigure?.has(.maximized) == false)
        #expect(try harness.simulator.window(.appID("org.diorama.test")).frame == before)
    }

    @Test func aClientAskingForMaximizedBeforeItsFirstCommitGetsItInTheInitialConfigure() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(initialCommit: false)
        window.toplevel.setMaximized()
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == 1)
        #expect(window.lastConfigure?.has(.maximized) == true)
        #expect(window.lastConfigure?.width == 1440 && window.lastConfigure?.height == 868)
    }

    @Test func fullscreenOnTheOutputTheClientNames() throws {
        let harness = try Simulator.Harness.shipped("studio.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let hdmi = try #require(client.outputs.outputs.first { $0.info.name == "HDMI-A-1" }?.proxy)
        window.toplevel.setFullscreen(output: hdmi)
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.has(.fullscreen) == true)
        #expect(window.lastConfigure?.width == 1920 && window.lastConfigure?.height == 1080)
        #expect(window.enteredOutputs == ["HDMI-A-1"])
        #expect(window.preferredScale120 == 180)
    }

    @Test func closeAsksTheClient() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.closeWindow(.appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        #expect(window.log.last == .close)
        // Asking is all: the window stays until the client destroys it.
        #expect(harness.simulator.windows.count == 1)
    }

    @Test func aNullBufferUnmapsAndTheNextCommitStartsOver() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        window.clearLog()
        window.surface.attach(buffer: nil, x: 0, y: 0)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(!simulated.isMapped)
        #expect(window.log == [.leave("eDP-1")])
        #expect(simulated.lastCommit?.nullAttach == true)

        let count = window.configures.count
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == count + 1)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("org.diorama.test")).isMapped)
    }

    @Test func selectorsFindWindowsByIDAppIDAndTitle() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "org.diorama.same", title: "One")
        _ = client.makeWindow(appID: "org.diorama.same", title: "Two")
        try harness.roundtrip(client.connection)
        _ = window
        #expect(try harness.simulator.window(.title("Two")).id == 2)
        #expect(try harness.simulator.window(WindowSelector(parsing: "1")).title == "One")
        #expect(try harness.simulator.window(WindowSelector(parsing: "title:One")).id == 1)
        #expect(throws: SimulatorControlError.ambiguousWindow(.appID("org.diorama.same"), matches: [1, 2])) {
            try harness.simulator.window(WindowSelector(parsing: "org.diorama.same"))
        }
        #expect(throws: SimulatorControlError.noSuchWindow(.id(9))) {
            try harness.simulator.window(.id(9))
        }
    }

    @Test func snapshotsCarryWhatCtlWillList() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness, scale: 1)
        let snapshot = try harness.simulator.window(.id(1)).snapshot
        #expect(snapshot.appID == "org.diorama.test")
        #expect(snapshot.displays == ["DP-1"])
        #expect(snapshot.bufferSize == Size(width: 400, height: 300))
        #expect(snapshot.preferredScale == .one)
        #expect(snapshot.isMapped && snapshot.states.contains(.activated))
        let displays = harness.simulator.displays.map(\.snapshot)
        #expect(displays.map(\.outputScale) == [1, 2])
    }
}

extension WindowControlTests {
    @Test func tilingSetsTheTiledStatesOnly() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.tileWindow(.appID("org.diorama.test"), edges: [.tiledLeft, .tiledTop, .maximized])
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.has(.tiledLeft) == true)
        #expect(window.lastConfigure?.has(.tiledTop) == true)
        #expect(window.lastConfigure?.has(.maximized) == false)
        try harness.simulator.tileWindow(.appID("org.diorama.test"), edges: [])
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.states == [XdgToplevel.State.activated.rawValue])
    }
}

extension WindowControlTests {
    @Test func focusRaisesAndContentsDescribeWhatIsOnScreen() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness, appID: "below", scale: 2)
        try mapWindow(client, in: harness, appID: "above", size: (200, 100), scale: 2)
        #expect(harness.simulator.stackingOrder.map(\.appID) == ["below", "above"])
        try harness.simulator.focusWindow(.appID("below"))
        #expect(harness.simulator.stackingOrder.map(\.appID) == ["above", "below"])

        let contents = try harness.simulator.window(.appID("above")).contents
        #expect(contents.count == 1)
        #expect(contents.first?.buffer?.size == Size(width: 400, height: 200))
        #expect(contents.first?.bufferScale == 2)
        #expect(contents.first?.size == Size(width: 200, height: 100))
        #expect(contents.first?.origin == Point(x: 64, y: 96))
        let pixel = contents.first?.buffer?.withBytes { $0.load(as: UInt32.self) }
        #expect(pixel == 0xFF80_8080)
    }
}
