import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// xdg_popup placement by positioner, on its parent window's displays, kept
/// on its display by the positioner's constraint adjustments.
@Suite struct PopupTests {
    @Test func aPopupIsPlacedByItsPositionerAndShownWhereItsWindowIs() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2000, y: 100))
        try harness.roundtrip(client.connection)

        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 200, height: 100)
        positioner.setAnchorRect(x: 10, y: 20, width: 50, height: 30)
        positioner.setAnchor(anchor: .bottomLeft)
        positioner.setGravity(gravity: .bottomRight)
        positioner.setOffset(x: 5, y: 0)
        let popup = Self.popup(client, parent: parent.xdgSurface, positioner: positioner)
        popup.surface.commit()
        try harness.roundtrip(client.connection)
        // Anchor: the anchor rect's bottom-left (10, 50); gravity bottom-right
        // puts the popup's corner there; then the offset.
        #expect(popup.configures == [[15, 50, 200, 100]])

        try popup.ackAndAttach(width: 200, height: 100)
        try harness.roundtrip(client.connection)
        #expect(popup.entered == ["DP-2"])
    }

    /// A 100x50 menu at x 380 of a 400-point window at x 1500 reaches past
    /// DP-1's right edge (1920) onto DP-2. Mutter, KWin and weston tell each
    /// popup the outputs its own rectangle overlaps, so the menu enters DP-2
    /// while its window stays on DP-1; moved with its window wholly onto
    /// DP-2, it leaves DP-1. sway 1.7 tells a view's popups the view's outputs.
    @Test(arguments: [
        (CompositorProfile.modern, ["DP-1", "DP-2"]), (.kwin527, ["DP-1", "DP-2"]), (.mutter43, ["DP-1", "DP-2"]),
        (.sway17Floating, ["DP-1"]),
    ])
    func aMenuSpillingOntoTheNextDisplayEntersIt(profile: CompositorProfile, spilledOn: [String]) throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        if profile.mapWaitsForClient {
            // sway shows a window once its client answered the configure its first buffer got.
            parent.ackAndCommit()
            try harness.roundtrip(client.connection)
        }
        let selector = WindowSelector.appID("org.diorama.test")
        try harness.simulator.moveWindow(selector, to: Point(x: 1500, y: 100))
        try harness.roundtrip(client.connection)
        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 100, height: 50)
        positioner.setAnchorRect(x: 380, y: 20, width: 10, height: 10)
        positioner.setAnchor(anchor: .topLeft)
        positioner.setGravity(gravity: .bottomRight)
        let menu = Self.popup(client, parent: parent.xdgSurface, positioner: positioner)
        menu.surface.commit()
        try harness.roundtrip(client.connection)
        try menu.ackAndAttach(width: 100, height: 50)
        try harness.roundtrip(client.connection)

        let main = try #require(
            harness.simulator.trace.records.lazy.compactMap { record -> UInt32? in
                if case .windowCreated(_, _, let surface) = record.event { return surface }
                return nil
            }.first)
        /// The displays each surface of the window is on, by the trace's enter and leave records.
        func displays() -> (window: [String], menu: [String]) {
            var on: [UInt32: [String]] = [:]
            for record in harness.simulator.trace.records {
                switch record.event {
                case .enter(let surface, _, let display): on[surface, default: []].append(display)
                case .leave(let surface, _, let display): on[surface, default: []].removeAll { $0 == display }
                default: break
                }
            }
            let menuDisplays = on.filter { $0.key != main }.values.first ?? []
            return (on[main, default: []].sorted(), menuDisplays.sorted())
        }
        #expect(displays().window == ["DP-1"])
        #expect(displays().menu == spilledOn, "\(profile.name)")
        #expect(menu.entered.count == spilledOn.count, "each display's output (named by the profile): \(menu.entered)")

        try harness.simulator.moveWindow(selector, to: Point(x: 2000, y: 100))
        try harness.roundtrip(client.connection)
        #expect(displays().window == ["DP-2"])
        #expect(displays().menu == ["DP-2"], "moved with its window, the menu is wholly on DP-2: \(profile.name)")
        #expect(client.connection.protocolError == nil)
    }

    /// A submenu beside a menu item of a 400x300 window: 150x100, opening to
    /// the right of the item (100, 40, 80x20) and down.
    private static func submenuPositioner(
        _ client: WindowingClient, adjustment: XdgPositioner.ConstraintAdjustment, reactive: Bool = false
    ) -> XdgPositioner {
        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 150, height: 100)
        positioner.setAnchorRect(x: 100, y: 40, width: 80, height: 20)
        positioner.setAnchor(anchor: .topRight)
        positioner.setGravity(gravity: .bottomRight)
        positioner.setConstraintAdjustment(constraintAdjustment: adjustment.rawValue)
        if reactive { positioner.setReactive() }
        return positioner
    }

    /// A popup of `parent` placed by `positioner`, not yet committed.
    private static func popup(_ client: WindowingClient, parent: XdgSurface, positioner: XdgPositioner) -> TestPopup {
        let popup = TestPopup(client: client)
        popup.makePopup(parent: parent, positioner: positioner)
        return popup
    }

    @Test func aPopupThatWouldLeaveItsDisplayIsFlippedInItsConfigure() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        // laptop.json is 1440 points wide: unadjusted, the submenu would span
        // 1380–1530; flipped to the item's left it spans 1150–1300.
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1200, y: 100))
        try harness.roundtrip(client.connection)

        let popup = Self.popup(client, parent: parent.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: [.flipX, .slideX]))
        popup.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(popup.configures == [[-50, 40, 150, 100]])

        try popup.ackAndAttach(width: 150, height: 100)
        try harness.roundtrip(client.connection)
        // The popup is composited where the configure put it.
        let window = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(window.contents.last.map { Rect(origin: $0.origin, size: $0.size) } == Rect(x: 1150, y: 140, width: 150, height: 100))
    }

    @Test func withoutConstraintAdjustmentAPopupIsLeftPastTheDisplayEdge() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1200, y: 100))
        try harness.roundtrip(client.connection)
        let popup = Self.popup(client, parent: parent.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: .none))
        popup.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(popup.configures == [[180, 40, 150, 100]])
    }

    @Test func aNestedPopupIsConstrainedByItsPositionOnTheDisplay() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        // The first submenu fits (window at 1000: it spans 1180–1330); its own
        // submenu, relative to it, would span 1510–1660 and flips to 1280–1430.
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1000, y: 100))
        try harness.roundtrip(client.connection)
        let first = Self.popup(client, parent: parent.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: .flipX))
        first.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(first.configures == [[180, 40, 150, 100]])
        try first.ackAndAttach(width: 150, height: 100)
        try harness.roundtrip(client.connection)

        let second = Self.popup(client, parent: first.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: .flipX))
        second.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(second.configures == [[-50, 40, 150, 100]])
        try second.ackAndAttach(width: 150, height: 100)
        try harness.roundtrip(client.connection)
        // Composited relative to the first submenu (1180, 140), not the window.
        let window = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(window.contents.last.map { Rect(origin: $0.origin, size: $0.size) } == Rect(x: 1130, y: 180, width: 150, height: 100))
    }

    @Test func aReactivePopupIsPlacedAgainWhenItsWindowMoves() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1200, y: 100))
        try harness.roundtrip(client.connection)
        let reactive = Self.popup(client, parent: parent.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: .flipX, reactive: true))
        let fixed = Self.popup(client, parent: parent.xdgSurface, positioner: Self.submenuPositioner(client, adjustment: .flipX))
        for popup in [reactive, fixed] { popup.surface.commit() }
        try harness.roundtrip(client.connection)
        for popup in [reactive, fixed] { try popup.ackAndAttach(width: 150, height: 100) }
        try harness.roundtrip(client.connection)

        // Moved left, the submenu fits on the right again (280–430).
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 100, y: 100))
        try harness.roundtrip(client.connection)
        #expect(reactive.configures == [[-50, 40, 150, 100], [180, 40, 150, 100]])
        #expect(reactive.serials.count == 2)
        #expect(fixed.configures == [[-50, 40, 150, 100]])

        // A move that changes nothing for it sends no configure.
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 120, y: 100))
        try harness.roundtrip(client.connection)
        #expect(reactive.configures.count == 2)
    }

    @Test func aPositionerWithoutASizeIsInvalid() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        let positioner = client.wmBase.createPositioner()
        positioner.setAnchorRect(x: 0, y: 0, width: 1, height: 1)
        let xdgSurface = client.wmBase.getXdgSurface(surface: client.compositor.createSurface())
        _ = xdgSurface.getPopup(parent: parent.xdgSurface, positioner: positioner)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "xdg_wm_base")
        #expect(error.code == 5)  // invalid_positioner
    }

    /// An anchor or gravity outside the protocol's enum (0–8) is the
    /// positioner's invalid_input, as on wlroots; the simulator goes on.
    @Test(arguments: ["anchor", "gravity"])
    func anAnchorOrGravityOutsideTheEnumIsInvalidInput(request: String) throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let positioner = client.wmBase.createPositioner()
        if request == "anchor" {
            positioner.setAnchor(anchor: XdgPositioner.Anchor(rawValue: 9))
        } else {
            positioner.setGravity(gravity: XdgPositioner.Gravity(rawValue: 42))
        }
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "xdg_positioner")
        #expect(error.code == 0)  // invalid_input
        let messages = harness.simulator.trace.records.compactMap { record in
            if case .protocolError(let fact) = record.event { fact.message } else { nil }
        }
        #expect(messages.count == 1 && messages[0].contains("xdg_positioner.set_\(request)"), "\(messages)")
        // Another client is unaffected.
        let other = try WindowingClient(harness: harness)
        _ = try mapWindow(other, in: harness)
        #expect(harness.simulator.windows.count == 1)
    }
}
