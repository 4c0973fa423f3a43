import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestTraits
import Foundation
import Testing
import WaylandClient

/// Each explore variation (`Docs/explore.md`) makes the simulator send the
/// legal sequence it claims: `wayland-info`, a real client on the real
/// socket, prints every event it received (`WAYLAND_DEBUG=1`), and the
/// in-process test client logs what its window was told. Each test also
/// shows that, without the variation, the sequence is the usual one.
@Suite(.ownThreads) struct ExplorationVariationTests {
    /// Two 1280×800 displays at 1 and 1.5, side by side.
    private static let layout = DisplayLayout(displays: [
        DisplayConfiguration(
            name: "A", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: Point(x: 0, y: 0),
            physicalSizeMM: Size(width: 300, height: 190)),
        DisplayConfiguration(
            name: "B", mode: DisplayMode(width: 1920, height: 1200), scale: Scale(1.5)!, position: Point(x: 1280, y: 0),
            physicalSizeMM: Size(width: 300, height: 190)),
    ])

    /// The events `wayland-info` received from the simulator run on `layout`
    /// under `modern` with `variations`, as `WAYLAND_DEBUG` prints them
    /// (`wl_output#12.geometry(0, 0, -1, -1, 0, "", "", 0)`), without the timestamps.
    private static func events(under variations: [ExplorationVariation]) throws -> [String] {
        let path = "/usr/bin/wayland-info"
        try #require(
            FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install wayland-utils")
        let (profile, layout) = ExplorationVariation.applying(variations, to: .modern, layout: layout)
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: layout, profile: profile) }
        defer { simulator.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        environment["WAYLAND_DEBUG"] = "1"
        let run = try ProgramRun.run(path, environment: environment.merging(simulator.clientEnvironment) { $1 }, timeout: .seconds(30))
        #expect(run.succeeded, "wayland-info \(run.termination): \(run.output)")
        return run.standardError.split(separator: "\n").compactMap { line in
            guard !line.contains(" -> "), let start = line.firstIndex(of: "]") else { return nil }
            return line[line.index(after: start)...].trimmingCharacters(in: .whitespaces)
        }
    }

    /// The events of `interface` named `event`, their arguments only.
    private static func arguments(_ events: [String], _ interface: String, _ event: String) -> [String] {
        events.compactMap { line in
            guard line.hasPrefix(interface + "#") || line.hasPrefix(interface + "@"),
                let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix(event + "("),
                let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// The comma-separated arguments of one event, trimmed.
    private static func fields(_ arguments: String) -> [String] {
        arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The events sent to each object of `interface`, in order, by object.
    private static func eventNames(_ events: [String], _ interface: String) -> [[String]] {
        var byObject: [String: [String]] = [:]
        var order: [String] = []
        for line in events where line.hasPrefix(interface + "#") || line.hasPrefix(interface + "@") {
            guard let dot = line.firstIndex(of: "."), let open = line.firstIndex(of: "(") else { continue }
            let object = String(line[..<dot])
            if byObject[object] == nil { order.append(object) }
            byObject[object, default: []].append(String(line[line.index(after: dot)..<open]))
        }
        return order.map { byObject[$0]! }
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (ExplorationVariation.physicalSizeZero, "0, 0"), (.physicalSizeMinusOne, "-1, -1"),
            (.physicalSizeHuge, "1000000, 1000000"),
        ])
    func physicalSizeVariationsReachEveryGeometryEvent(_ variation: ExplorationVariation, _ millimetres: String) throws {
        let geometries = Self.arguments(try Self.events(under: [variation]), "wl_output", "geometry")
        #expect(geometries.count == 2)
        #expect(geometries.allSatisfy { Self.fields($0)[2...3].joined(separator: ", ") == millimetres }, "\(geometries)")
        let usual = Self.arguments(try Self.events(under: []), "wl_output", "geometry")
        #expect(usual.allSatisfy { $0.contains("300, 190") }, "without the variation, the layout's millimetres: \(usual)")
    }

    @Test(.timeLimit(.minutes(10)))
    func blankMakeModelSendsEmptyStrings() throws {
        let geometries = Self.arguments(try Self.events(under: [.blankMakeModel]), "wl_output", "geometry")
        #expect(geometries.count == 2)
        #expect(geometries.allSatisfy { $0.contains("\"\", \"\"") }, "\(geometries)")
    }

    @Test(.timeLimit(.minutes(10)))
    func outputVersion3SendsNoNameOrDescription() throws {
        let events = try Self.events(under: [.outputVersion3])
        #expect(Self.eventNames(events, "wl_output") == Array(repeating: ["geometry", "mode", "scale", "done"], count: 2))
        #expect(
            Self.eventNames(try Self.events(under: []), "wl_output")
                == Array(repeating: ["geometry", "mode", "scale", "name", "description", "done"], count: 2))
    }

    @Test(.timeLimit(.minutes(10)))
    func modeCurrentOnlyFlagsTheModeCurrent() throws {
        let modes = Self.arguments(try Self.events(under: [.modeCurrentOnly]), "wl_output", "mode")
        #expect(modes.map { Self.fields($0)[0] } == ["1", "1"], "flag current (1) only: \(modes)")
        let usual = Self.arguments(try Self.events(under: []), "wl_output", "mode")
        #expect(usual.map { Self.fields($0)[0] } == ["3", "3"], "current | preferred: \(usual)")
    }

    /// `wayland-info` binds zxdg_output_manager_v1 at version 2 whatever is
    /// offered, so a client binding the highest version offered shows the
    /// difference: at 3 no xdg_output.done, at 2 (the variation) one per output.
    @Test func xdgOutputDoneEndsEachXdgOutputsFacts() throws {
        for (variations, expected) in [
            ([ExplorationVariation.xdgOutputDone], ["logical_position", "logical_size", "name", "description", "done"]),
            ([], ["logical_position", "logical_size", "name", "description"]),
        ] {
            let harness = try Simulator.Harness(layout: Self.layout) { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: .modern, layout: Self.layout).profile
            }
            let client = try harness.connect()
            let manager = try client.bind(ZxdgOutputManagerV1.self)
            var received: [[String]] = []
            var xdgOutputs: [ZxdgOutputV1] = []
            for (index, global) in client.globals(named: "wl_output").enumerated() {
                received.append([])
                let xdgOutput = manager.getXdgOutput(output: client.bind(WlOutput.self, global: global))
                xdgOutput.onEvent = { event in
                    switch event {
                    case .logicalPosition: received[index].append("logical_position")
                    case .logicalSize: received[index].append("logical_size")
                    case .name: received[index].append("name")
                    case .description: received[index].append("description")
                    case .done: received[index].append("done")
                    }
                }
                xdgOutputs.append(xdgOutput)
            }
            try harness.roundtrip(client)
            #expect(received == [expected, expected], "under \(variations), xdg_output_manager v\(manager.version)")
        }
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (ExplorationVariation.scale125, 2, "1536, 960"), (.scale175, 2, "1097, 686"), (.scale225, 3, "853, 533"),
            (.scale3, 3, "640, 400"),
        ])
    func scaleVariationsRescaleTheFractionalDisplay(_ variation: ExplorationVariation, _ outputScale: Int, _ logicalSize: String) throws {
        let events = try Self.events(under: [variation])
        #expect(Self.arguments(events, "wl_output", "scale") == ["1", "\(outputScale)"])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_size") == ["1280, 800", logicalSize])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["0, 0", "1280, 0"], "still side by side")
    }

    @Test(.timeLimit(.minutes(10)))
    func negativePositionsPutEveryDisplayAboveAndLeftOfTheOrigin() throws {
        let events = try Self.events(under: [.negativePositions])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["-2560, -800", "-1280, -800"])
        #expect(
            Self.arguments(events, "wl_output", "geometry").map { Self.fields($0)[0...1].joined(separator: ", ") } == [
                "-2560, -800", "-1280, -800",
            ])
    }

    @Test(.timeLimit(.minutes(10)))
    func displayGapsLeaveThreeHundredPointsBetweenDisplays() throws {
        let events = try Self.events(under: [.displayGaps])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["0, 0", "1580, 0"])
    }

    /// The preferred scale is told before the enter of the display that
    /// caused it, where the usual order is leave, enter, preferred scale.
    @Test func preferredScaleBeforeEnterReordersTheMovesEvents() throws {
        for (variations, expected) in [
            ([ExplorationVariation.preferredScaleBeforeEnter], [ClientWindowEvent.preferredScale(240), .leave("DP-1"), .enter("DP-2")]),
            ([], [.leave("DP-1"), .enter("DP-2"), .preferredScale(240)]),
        ] {
            let harness = try Simulator.Harness.shipped("dual.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness)
            window.clearLog()
            try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2200, y: 100))
            try harness.roundtrip(client.connection)
            #expect(window.log == expected, "under \(variations)")
        }
    }

    /// A display is plugged under a window; when the client binds its
    /// output, the window's `enter` comes after the output's first `done`,
    /// or before it under `enter-before-output-done`.
    @Test func enterBeforeOutputDoneEntersInsideTheBindsBatch() throws {
        for (variations, enteredAtDone) in [
            ([ExplorationVariation.enterBeforeOutputDone], [ClientWindowEvent.enter("DP-2")]), ([], []),
        ] {
            let layout = DisplayLayout(displays: [TestLayouts.display("DP-1", x: 0)])
            let harness = try Simulator.Harness(layout: layout) { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: .modern, layout: layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness, size: (400, 300))
            try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1800, y: 100))
            try harness.simulator.plugDisplay(TestLayouts.display("DP-2", x: 1920, scale: Scale(integer: 2)!))
            try harness.roundtrip(client.connection)
            window.clearLog()

            client.outputs.refresh()
            let added = try #require(client.outputs.outputs.last?.proxy)
            var toldAtDone: [ClientWindowEvent]?
            let recordOutputEvent = added.onEvent
            added.onEvent = { event in
                if case .done = event, toldAtDone == nil { toldAtDone = window.log }
                recordOutputEvent?(event)
            }
            try harness.roundtrip(client.connection)

            #expect(toldAtDone == enteredAtDone, "under \(variations)")
            #expect(window.log == [.enter("DP-2")], "one enter either way, under \(variations)")
        }
    }

    /// On an unplug, the window's `leave` of the display comes before the
    /// display's `global_remove`, or after it under `leave-after-global-remove`.
    @Test func leaveAfterGlobalRemoveRemovesTheGlobalFirst() throws {
        for (variations, toldBeforeRemoval) in [
            ([ExplorationVariation.leaveAfterGlobalRemove], [ClientWindowEvent]()),
            ([], [.leave("DP-2"), .enter("DP-1"), .preferredScale(120)]),
        ] {
            let harness = try Simulator.Harness.shipped("dual.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let told = try unplugDisplayUnderWindow(in: harness)

            #expect(told.beforeRemoval == toldBeforeRemoval, "under \(variations)")
            #expect(told.all == [.leave("DP-2"), .enter("DP-1"), .preferredScale(120)], "under \(variations)")
        }
    }

    /// A rescale of the display a maximized window is on: its new preferred
    /// scale comes before the configure for its new size, or after it under
    /// `configure-before-scale`.
    @Test func configureBeforeScaleSendsTheRescalesConfigureFirst() throws {
        for variations in [[ExplorationVariation.configureBeforeScale], []] {
            let harness = try Simulator.Harness.shipped("laptop.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness)
            try harness.simulator.maximizeWindow(.appID("org.diorama.test"))
            try harness.roundtrip(client.connection)
            window.clearLog()

            try harness.simulator.setScale(Scale(1.5)!, ofDisplay: "eDP-1")
            try harness.roundtrip(client.connection)

            let configure = try #require(window.lastConfigure)
            // 2880x1800 at 1.5 is 1920x1200; minus the 32-point bar.
            #expect(configure.width == 1920 && configure.height == 1168)
            let configureEvents: [ClientWindowEvent] = [.configureBounds(width: 1920, height: 1168), .configure(configure)]
            let expected = variations.isEmpty ? [.preferredScale(180)] + configureEvents : configureEvents + [.preferredScale(180)]
            #expect(window.log == expected, "under \(variations)")
        }
    }

    /// A rescale gives a floating 400×300 window new `configure_bounds` in a
    /// configure that repeats its size, or says 0×0 under `configure-zero-size`.
    @Test func configureZeroSizeLeavesAFloatingWindowsSizeToTheClient() throws {
        for (variations, expectedSize) in [([ExplorationVariation.configureZeroSize], (0, 0)), ([], (400, 300))] {
            let harness = try Simulator.Harness.shipped("laptop.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness, size: (400, 300))
            window.clearLog()

            try harness.simulator.setScale(Scale(1.5)!, ofDisplay: "eDP-1")
            try harness.roundtrip(client.connection)

            let configure = try #require(window.lastConfigure)
            #expect(window.log.contains(.configureBounds(width: 1920, height: 1168)), "under \(variations): \(window.log)")
            #expect(window.log.last == .configure(configure))
            #expect(configure.width == expectedSize.0 && configure.height == expectedSize.1, "under \(variations)")
            #expect(!configure.has(.maximized))
        }
    }

    private static func isBounds(_ event: ClientWindowEvent) -> Bool {
        if case .configureBounds = event { true } else { false }
    }

    /// A window with a 600×400 minimum on the 1440×868-point usable area is
    /// told bounds of 300×200 under `bounds-below-minimum`, the usable area
    /// without it; a window without a minimum is told the usable area either way.
    @Test func boundsBelowMinimumHalvesTheBoundsOfAWindowWithAMinimum() throws {
        for (variations, expectedBounds) in [
            ([ExplorationVariation.boundsBelowMinimum], ClientWindowEvent.configureBounds(width: 300, height: 200)),
            ([], .configureBounds(width: 1440, height: 868)),
        ] {
            let harness = try Simulator.Harness.shipped("laptop.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let limited = client.makeWindow(appID: "org.diorama.limited", initialCommit: false)
            limited.toplevel.setMinSize(width: 600, height: 400)
            limited.surface.commit()
            let unlimited = client.makeWindow(appID: "org.diorama.unlimited")
            try harness.roundtrip(client.connection)

            #expect(limited.log.first(where: Self.isBounds) == expectedBounds, "under \(variations): \(limited.log)")
            #expect(
                unlimited.log.first(where: Self.isBounds) == .configureBounds(width: 1440, height: 868),
                "under \(variations): \(unlimited.log)")
        }
    }

    /// A window mapped on `laptop.json`'s eDP-1 (at 2) under `modern` with
    /// `variations`, its log empty, and how many `done`s eDP-1 had sent.
    private static func windowOnTheLaptop(
        under variations: [ExplorationVariation]
    ) throws -> (Simulator.Harness, WindowingClient, ClientWindow, Int) {
        let harness = try Simulator.Harness.shipped("laptop.json") { configuration in
            configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
        }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        window.clearLog()
        return (harness, client, window, try #require(client.outputs.info(named: "eDP-1")?.doneCount))
    }

    /// Right after a rescale, before the simulator's dispatch flushes: under
    /// `split-dispatch` the client can already read the output's new scale
    /// (a Unix socket's write is readable at once) but not its window's
    /// preferred scale; without it, nothing has been sent yet. The rest
    /// arrives with the dispatch either way.
    @Test func splitDispatchFlushesTheOutputEventsFirst() throws {
        for (variations, scaleReadEarly) in [([ExplorationVariation.splitDispatch], Int32(1)), ([], 2)] {
            let (harness, client, window, donesBefore) = try Self.windowOnTheLaptop(under: variations)

            try harness.simulator.setScale(.one, ofDisplay: "eDP-1")  // from 2
            #expect(client.connection.dispatchAvailable() >= 0)

            let early = try #require(client.outputs.info(named: "eDP-1"))
            #expect(early.scale == scaleReadEarly, "under \(variations)")
            #expect(early.doneCount == donesBefore + (variations.isEmpty ? 0 : 1), "under \(variations)")
            #expect(window.log.isEmpty, "no surface event in the first batch, under \(variations): \(window.log)")
            try harness.roundtrip(client.connection)
            #expect(window.log.first == .preferredScale(120), "under \(variations): \(window.log)")
            #expect(client.outputs.info(named: "eDP-1")?.scale == 1)
        }
    }

    /// A harness on `dual.json` under `modern` with `variations`; `adjust`
    /// changes the varied profile further.
    private static func dualHarness(
        under variations: [ExplorationVariation], adjust: (inout CompositorProfile) -> Void = { _ in }
    ) throws -> Simulator.Harness {
        try Simulator.Harness.shipped("dual.json") { configuration in
            var profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            adjust(&profile)
            configuration.profile = profile
        }
    }

    private static func isOutputEvent(_ event: ClientWindowEvent) -> Bool {
        switch event {
        case .enter, .leave, .preferredScale: true
        default: false
        }
    }

    /// DP-2 is unplugged while a window is on DP-1: under
    /// `enter-for-removed-output` the window gets, after DP-2's
    /// `global_remove`, an `enter` naming the client's DP-2 object, then its
    /// `leave`; without it, nothing.
    @Test func enterForRemovedOutputEntersTheGoneOutputAfterItsGlobalRemove() throws {
        for (variations, expected) in [
            ([ExplorationVariation.enterForRemovedOutput], [ClientWindowEvent.enter("DP-2"), .leave("DP-2")]), ([], []),
        ] {
            let told = try unplugDisplayUnderWindow(in: try Self.dualHarness(under: variations), at: Point(x: 200, y: 200))

            #expect(told.beforeRemoval == [], "under \(variations)")
            #expect(told.all == expected, "under \(variations)")
        }
    }

    /// The `enter` names only output objects the client still holds: a
    /// client that released its DP-2 object when DP-2's global went (before
    /// the held part of the unplug was sent) is told nothing about DP-2,
    /// while one that kept it gets the enter and the leave.
    @Test func enterForRemovedOutputNeverNamesAReleasedOutput() throws {
        // Held until the next change, so the release is handled first whatever the machine's speed.
        let harness = try Self.dualHarness(under: [.enterForRemovedOutput, .delayedChangeEvents]) { profile in
            profile.displayChangeEventDelay = .seconds(3600)
        }
        let keeping = try WindowingClient(harness: harness)
        let keeper = try mapWindow(keeping, in: harness, appID: "org.diorama.keeping")
        let releasing = try WindowingClient(harness: harness)
        let releaser = try mapWindow(releasing, in: harness, appID: "org.diorama.releasing")
        for appID in ["org.diorama.keeping", "org.diorama.releasing"] {
            try harness.simulator.moveWindow(.appID(appID), toDisplay: "DP-1")
        }
        try harness.pump()
        keeper.clearLog()
        releaser.clearLog()
        let releasedOutput = try #require(releasing.outputs.outputs.first { $0.info.name == "DP-2" }?.proxy)
        releasing.connection.onGlobalRemove = { _ in releasedOutput.release() }

        try harness.simulator.unplugDisplay("DP-2")
        try harness.pump()
        #expect(releasing.connection.removedGlobals.count == 1)
        #expect(keeper.log.isEmpty && releaser.log.isEmpty, "the enter waits for the next change")
        try harness.simulator.setScale(.one, ofDisplay: "DP-1")  // the next change sends what was held
        try harness.pump()

        #expect(keeper.log == [.enter("DP-2"), .leave("DP-2")])
        #expect(releaser.log.isEmpty, "\(releaser.log)")
        let enters = harness.simulator.trace.records.filter { record in
            if case .enter(_, _, "DP-2") = record.event { true } else { false }
        }
        #expect(enters.count == 2, "the trace has both surfaces' enter, sent or not")
    }

    /// Two rescales of DP-1 and a move of the window to DP-2 in a row:
    /// under `coalesced-changes` DP-1 and DP-2 get one `done` each for the
    /// three changes, and the window one leave, enter and preferred scale;
    /// without it, a `done` per change and the window the scale of each.
    /// A change with none after it goes out when the hold's timer fires.
    @Test func coalescedChangesSendOneBatchForConsecutiveChanges() throws {
        for (variations, dones, expected) in [
            ([ExplorationVariation.coalescedChanges], 1, [ClientWindowEvent.leave("DP-1"), .enter("DP-2"), .preferredScale(240)]),
            ([], 2, [.preferredScale(180), .preferredScale(240), .leave("DP-1"), .enter("DP-2")]),
        ] {
            let harness = try Self.dualHarness(under: variations)
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness)
            try harness.simulator.moveWindow(.appID("org.diorama.test"), toDisplay: "DP-1")
            try harness.roundtrip(client.connection)
            window.clearLog()
            let before = try ["DP-1", "DP-2"].map { try #require(client.outputs.info(named: $0)?.doneCount) }

            try harness.simulator.setScale(Scale(1.5)!, ofDisplay: "DP-1")
            try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
            try harness.simulator.moveWindow(.appID("org.diorama.test"), toDisplay: "DP-2")
            try harness.roundtrip(client.connection)

            let after = ["DP-1", "DP-2"].map { client.outputs.info(named: $0)?.doneCount }
            #expect(after == before.map { $0 + dones }, "under \(variations)")
            #expect(client.outputs.info(named: "DP-1")?.scale == 2)
            #expect(window.log.filter(Self.isOutputEvent) == expected, "under \(variations): \(window.log)")

            // A rescale alone: told in the same roundtrip, or, under the
            // variation, when the hold's timer fires (never before 250 ms).
            let donesBefore = try #require(client.outputs.info(named: "DP-1")?.doneCount)
            let start = ContinuousClock.now
            try harness.simulator.setScale(.one, ofDisplay: "DP-1")
            try harness.roundtrip(client.connection)
            if variations.isEmpty { #expect(client.outputs.info(named: "DP-1")?.doneCount == donesBefore + 1) }
            try harness.run(until: { client.outputs.info(named: "DP-1")?.doneCount == donesBefore + 1 }, timeout: .seconds(60))
            if !variations.isEmpty { #expect(ContinuousClock.now - start >= .milliseconds(250)) }
            #expect(client.outputs.info(named: "DP-1")?.scale == 1)
        }
    }

    /// A rescale of eDP-1 from 2 to 1 with a window on it: under
    /// `delayed-change-events` the output's new scale and `done` arrive in
    /// the roundtrip after the change and the window's preferred scale and
    /// configure only when the event loop's timer fires (never before the
    /// 250 ms hold); the window is told the same events as without the
    /// variation, where they come in that first roundtrip.
    @Test func delayedChangeEventsSendTheSurfaceEventsAfterTheOutputEvents() throws {
        var usual: [ClientWindowEvent]?
        for variations in [[], [ExplorationVariation.delayedChangeEvents]] {
            let (harness, client, window, donesBefore) = try Self.windowOnTheLaptop(under: variations)

            let start = ContinuousClock.now
            try harness.simulator.setScale(.one, ofDisplay: "eDP-1")
            try harness.roundtrip(client.connection)
            #expect(client.outputs.info(named: "eDP-1")?.scale == 1, "under \(variations)")
            #expect(client.outputs.info(named: "eDP-1")?.doneCount == donesBefore + 1, "under \(variations)")
            if variations.isEmpty { #expect(!window.log.isEmpty, "told in the same roundtrip") }

            try harness.run(until: { window.log.contains { if case .configure = $0 { true } else { false } } }, timeout: .seconds(60))
            if variations.isEmpty {
                usual = window.log
            } else {
                #expect(ContinuousClock.now - start >= .milliseconds(250), "a timer cannot fire early")
                #expect(window.log.map(Self.withoutSerial) == usual?.map(Self.withoutSerial))
            }
            #expect(window.log.first == .preferredScale(120), "under \(variations): \(window.log)")
        }
    }

    /// A configure's serial differs between two simulators; the rest is compared.
    private static func withoutSerial(_ event: ClientWindowEvent) -> ClientWindowEvent {
        guard case .configure(var configure) = event else { return event }
        configure.serial = 0
        return .configure(configure)
    }
}
