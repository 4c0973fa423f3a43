import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// What each compositor profile offers, seen from a client's registry.
@Suite struct ProfileTests {
    private func versions(_ client: HarnessClient) -> [String: UInt32] {
        Dictionary(client.globals.map { ($0.interface, $0.version) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func modernOffersFractionalScaleAndTheSystemsHighestVersions() throws {
        let harness = try Simulator.Harness.shipped("studio.json")
        let client = try harness.connect()
        let offered = versions(client)
        #expect(offered["wp_fractional_scale_manager_v1"] == 1)
        #expect(offered["wp_viewporter"] == 1)
        #expect(offered["wp_presentation"] == 1)
        #expect(offered["wl_compositor"] == WaylandClient.WlCompositor.maxVersion)
        #expect(offered["xdg_wm_base"] == WaylandClient.XdgWmBase.maxVersion)
        #expect(offered["wl_output"] == 4)
        #expect(offered["zxdg_output_manager_v1"] == 3)
        #expect(offered["wl_seat"] != nil)
        #expect(offered["wl_data_device_manager"] == 3)
        #expect(offered["wl_subcompositor"] == 1)
        #expect(offered["wl_shm"] == 1)
        #expect(client.globals(named: "wl_output").count == 3)
    }

    /// Floating, so the window keeps the size it chose on the display it is moved to.
    @Test func sway17HasNoFractionalScaleAndRoundsOutputScalesUp() throws {
        let harness = try Simulator.Harness.shipped("studio.json") { $0.profile = .sway17Floating }
        let client = try WindowingClient(harness: harness)
        let offered = versions(client.connection)
        #expect(offered["wp_fractional_scale_manager_v1"] == nil)
        #expect(offered["wl_compositor"] == 4)
        #expect(offered["xdg_wm_base"] == 2)
        #expect(client.outputs.info(named: "HDMI-A-1")?.scale == 2)
        #expect(client.outputs.info(named: "DP-1")?.scale == 1)
        // Without fractional scale, the scale a commit is judged against is the
        // entered output's integer scale.
        let window = try mapWindow(client, in: harness, fractional: false)
        window.ackAndCommit()  // sway shows the window once the client answered its map configure
        try harness.roundtrip(client.connection)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), toDisplay: "HDMI-A-1")
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["HDMI-A-1"])
        window.commitBuffer(width: 800, height: 600, scale: 2)
        try harness.roundtrip(client.connection)
        let commit = try harness.simulator.window(.appID("org.diorama.test")).lastCommit
        #expect(commit?.preferredScale120 == 240)
        #expect(commit?.staleScale == false)
    }

    @Test func weston10OffersOutputVersion3WithoutNames() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .weston10 }
        let client = try WindowingClient(harness: harness)
        let offered = versions(client.connection)
        #expect(offered["wl_output"] == 3)
        #expect(offered["wl_compositor"] == 4)
        #expect(offered["xdg_wm_base"] == 3)
        #expect(offered["zxdg_output_manager_v1"] == 2)
        #expect(offered["wp_fractional_scale_manager_v1"] == nil)
        // No wl_output.name at v3: the name comes from xdg_output only.
        let outputs = client.outputs.outputs.map(\.info)
        #expect(outputs.allSatisfy { $0.name == nil })
        #expect(outputs.compactMap(\.xdgName) == ["DP-1", "DP-2"])
        #expect(outputs.map(\.scale) == [1, 2])
    }

    @Test func profilesAreFoundByName() {
        #expect(CompositorProfile.named("sway-1.7") == .sway17)
        #expect(CompositorProfile.named("weston-10") == .weston10)
        #expect(CompositorProfile.named("modern") == .modern)
        #expect(CompositorProfile.named("kwin") == nil)
    }
}
