import DioramaModel
import DioramaSimulatorHarness
import Testing
import WaylandClient

@testable import DioramaSimulator

/// Trees a client shapes (issue #21, findings 5 and 6): nesting deeper than
/// `SimulatorLimits.maximumNestingDepth` is refused with the protocol's
/// error to that client only, and growing a tree costs the simulator work in
/// proportion to what each request adds, not to the whole tree.
@Suite struct SurfaceTreeLimitTests {
    /// How many requests the attacker sends between roundtrips: libwayland's
    /// client buffer only holds so much before the simulator must read it.
    static let levelsPerRoundtrip = 32

    /// The chain of the issue (9,998 levels, under the 10,000-surface limit)
    /// and one level too deep: both end at the first level over the limit,
    /// the attacker alone is disconnected, and a screenshot (which once
    /// recursed down the chain and overflowed the stack) and the other
    /// clients carry on.
    @Test(arguments: [SimulatorLimits.standard.maximumNestingDepth + 1, 9_998])
    func aSubsurfaceChainDeeperThanTheLimitIsBadSurfaceForItsClientOnly(levels: Int) throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let bystander = try WindowingClient(harness: harness)
        try mapWindow(bystander, in: harness, appID: "org.diorama.bystander")
        let attacker = try WindowingClient(harness: harness)
        let attackerID = try #require(harness.simulator.connectedClients.last?.id)
        let window = try mapWindow(attacker, in: harness)
        let subcompositor = try attacker.connection.bind(WlSubcompositor.self)
        let buffer = ShmBufferFactory.makeBuffer(shm: attacker.shm, width: 4, height: 4)

        var parent = window.surface
        var error: ClientProtocolError?
        for level in 1...levels where error == nil {
            let child = attacker.compositor.createSurface()
            _ = subcompositor.getSubsurface(surface: child, parent: parent)
            child.attach(buffer: buffer, x: 0, y: 0)
            child.commit()
            parent = child
            if level % Self.levelsPerRoundtrip == 0 || level == levels {
                do {
                    try harness.roundtrip(attacker.connection)
                } catch HarnessError.protocolError(let protocolError) {
                    error = protocolError
                }
            }
        }

        let refused = try #require(error, "the chain of \(levels) levels was accepted")
        #expect(refused.interface == "wl_subcompositor" && refused.code == 0)
        let limit = SimulatorLimits.standard.maximumNestingDepth
        let records = harness.simulator.trace.records.map(\.event)
        let limits = records.compactMap { event -> (client: UInt32, limit: String, message: String)? in
            if case .limitExceeded(let client, let limit, let message) = event { return (client, limit, message) }
            return nil
        }
        #expect(limits.map(\.limit) == ["maximumNestingDepth"])
        #expect(limits.first?.client == attackerID)
        #expect(limits.first?.message.contains("nested \(limit + 1) subsurface levels deep") == true)
        #expect(harness.simulator.connectedClients.map(\.id).contains(attackerID) == false)

        for display in harness.simulator.displays {
            let picture = try harness.simulator.screenshot(ofDisplay: display.name)
            #expect(picture.image.width == display.configuration.transformedPixelSize.width)
        }
        try harness.simulator.moveWindow(.appID("org.diorama.bystander"), toDisplay: "DP-2")
        try harness.roundtrip(bystander.connection)
        #expect(bystander.connection.protocolError == nil)
        #expect(try harness.simulator.window(.appID("org.diorama.bystander")).enteredDisplayNames == ["DP-2"])
    }

    /// A chain exactly at the limit is fine, and a screenshot draws all of it.
    @Test func aSubsurfaceChainAtTheLimitIsAcceptedAndDrawn() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let buffer = ShmBufferFactory.makeBuffer(shm: client.shm, width: 4, height: 4)
        let limit = SimulatorLimits.standard.maximumNestingDepth
        var parent = window.surface
        for _ in 1...limit {
            let child = client.compositor.createSurface()
            let subsurface = subcompositor.getSubsurface(surface: child, parent: parent)
            subsurface.setPosition(x: 1, y: 1)
            child.attach(buffer: buffer, x: 0, y: 0)
            child.commit()
            parent = child
        }
        try harness.roundtrip(client.connection)

        let contents = try harness.simulator.window(.appID("org.diorama.test")).contents
        #expect(contents.count == limit + 1)
        // Each level sits one point right of and below its parent.
        #expect(contents.last?.origin == Point(x: contents[0].origin.x + limit, y: contents[0].origin.y + limit))
        _ = try harness.simulator.screenshot(ofDisplay: "eDP-1")
    }

    /// A subtree built first and attached later counts with its own depth.
    @Test func aDeepSubtreeAttachedLaterCountsItsOwnLevels() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let limit = SimulatorLimits.standard.maximumNestingDepth
        // A free-standing chain of `limit` levels below `top`…
        let top = client.compositor.createSurface()
        var parent = top
        for _ in 1...limit {
            let child = client.compositor.createSurface()
            _ = subcompositor.getSubsurface(surface: child, parent: parent)
            parent = child
        }
        try harness.roundtrip(client.connection)
        // …is one level too many below the window's surface.
        _ = subcompositor.getSubsurface(surface: top, parent: window.surface)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "wl_subcompositor" && error.code == 0)
    }

    @Test func aPopupChainDeeperThanTheLimitIsAnInvalidPopupParent() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let limit = SimulatorLimits.standard.maximumNestingDepth
        var parent = window.xdgSurface
        var popups: [TestPopup] = []
        for _ in 1...limit {
            let popup = TestPopup(client: client)
            popup.makePopup(parent: parent)
            popups.append(popup)
            parent = popup.xdgSurface
        }
        try harness.roundtrip(client.connection)
        #expect(
            harness.simulator.trace.records.allSatisfy { record in
                if case .limitExceeded = record.event { return false }
                return true
            })

        let tooDeep = TestPopup(client: client)
        tooDeep.makePopup(parent: parent)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "xdg_wm_base" && error.code == 3)
        let limits = harness.simulator.trace.records.compactMap { record -> String? in
            if case .limitExceeded(_, let limit, let message) = record.event, limit == "maximumNestingDepth" { return message }
            return nil
        }
        #expect(limits.count == 1 && limits[0].contains("nested \(limit + 1) popups deep"))
    }

    // MARK: Cost

    /// How many surfaces tree walks visit while `build` runs.
    private func surfacesWalked(in harness: Simulator.Harness, _ build: () throws -> Void) rethrows -> Int {
        let before = harness.simulator.surfaceRegistry.surfacesWalked
        try build()
        return harness.simulator.surfaceRegistry.surfacesWalked - before
    }

    /// Each get_subsurface walks only the surfaces it adds (and the tree's
    /// depth, bounded by the limit), however big the window's tree already
    /// is: a chain at the depth limit and a wide tree of thousands of
    /// siblings both cost a few visits per surface. Before, every
    /// get_subsurface recomputed enter/leave for the whole window (and
    /// copied the tree once per level), so growing a tree of n surfaces
    /// cost n² visits or worse.
    @Test(arguments: [(true, SimulatorLimits.standard.maximumNestingDepth), (false, 4_000)])
    func growingATreeCostsAFewVisitsPerSurface(nested: Bool, count: Int) throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        var entered = 0
        let walked = try surfacesWalked(in: harness) {
            var parent = window.surface
            for index in 1...count {
                let child = client.compositor.createSurface()
                child.onEvent = { event in if case .enter = event { entered += 1 } }
                _ = subcompositor.getSubsurface(surface: child, parent: parent)
                if nested { parent = child }
                if index % 256 == 0 { try harness.roundtrip(client.connection) }
            }
            try harness.roundtrip(client.connection)
        }
        // Every new surface was told it is on the window's display…
        #expect(entered == count)
        // …for a bounded number of visits each.
        #expect(walked <= 4 * count, "\(walked) surfaces visited to add \(count)")
    }

    /// Mapping a popup (or any later commit of it) visits the popup's own
    /// surfaces, not every surface of its window: many sibling popups cost
    /// a few visits each. Before, each popup commit recomputed enter/leave
    /// for the whole window and all its popups.
    @Test func mappingManySiblingPopupsCostsAFewVisitsEach() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let buffer = ShmBufferFactory.makeBuffer(shm: client.shm, width: 100, height: 50)
        let count = 1_000
        var popups: [TestPopup] = []
        let walked = try surfacesWalked(in: harness) {
            for index in 1...count {
                let popup = TestPopup(client: client)
                popup.makePopup(parent: window.xdgSurface)
                popup.surface.commit()
                popups.append(popup)
                if index % 100 == 0 { try harness.roundtrip(client.connection) }
            }
            try harness.roundtrip(client.connection)
            for (index, popup) in popups.enumerated() {
                popup.xdgSurface.ackConfigure(serial: try #require(popup.serials.last))
                popup.surface.attach(buffer: buffer, x: 0, y: 0)
                popup.surface.commit()
                if index % 100 == 99 { try harness.roundtrip(client.connection) }
            }
            try harness.roundtrip(client.connection)
        }
        #expect(client.connection.protocolError == nil)
        // Every popup is on its window's display…
        #expect(popups.allSatisfy { $0.entered == ["DP-1"] })
        // …for a bounded number of visits each.
        #expect(walked <= 4 * count, "\(walked) surfaces visited to map \(count) popups")
    }
}
