import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// `diorama_window_placement_v1`, Diorama's own protocol: a toplevel that
/// asks for an output before its first buffer opens there; asking after a
/// buffer is the protocol's `already_mapped` error.
@Suite struct WindowPlacementProtocolTests {
    /// The wl_output proxy the client has for display `name`.
    static func output(named name: String, of client: WindowingClient) throws -> WlOutput {
        try #require(client.outputs.outputs.first { $0.info.name == name }?.proxy)
    }

    @Test("a toplevel placed on DP-2 before its initial commit opens, is configured and is entered on DP-2")
    func placedBeforeTheFirstCommit() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let placement = try client.connection.bind(DioramaWindowPlacementManagerV1.self)
        let window = client.makeWindow(appID: "org.diorama.placed", initialCommit: false)
        placement.placeToplevel(toplevel: window.toplevel, output: try Self.output(named: "DP-2", of: client), width: 400, height: 300)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("org.diorama.placed")).homeDisplayName == "DP-2")
        #expect(window.enteredOutputs == ["DP-2"])
    }

    @Test("placing a toplevel that already has a buffer is the already_mapped error on the manager")
    func placedAfterABuffer() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let placement = try client.connection.bind(DioramaWindowPlacementManagerV1.self)
        let window = try mapWindow(client, in: harness, appID: "org.diorama.late")
        placement.placeToplevel(toplevel: window.toplevel, output: try Self.output(named: "DP-2", of: client), width: 0, height: 0)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "diorama_window_placement_manager_v1")
        #expect(error.code == DioramaWindowPlacementManagerV1.Error.alreadyMapped.rawValue)
    }
}
