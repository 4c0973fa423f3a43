import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Each protocol violation the specs name gets that exact error, the
/// offending client is disconnected, and a second client goes on unaffected.
@Suite struct ProtocolErrorTests {
    /// A mistake a client can make, with the error the spec names for it.
    enum Violation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case ackOfUnknownSerial
        case minimumLargerThanMaximum
        case negativeMinimumSize
        case bufferNotMultipleOfScale
        case zeroViewportDestination
        case viewportSourceOutsideBuffer
        case secondRole
        case bufferBeforeConfigure
        case zeroBufferScale

        var testDescription: String { rawValue }

        /// The interface and the error code the client must see.
        var expected: (interface: String, code: UInt32, name: String) {
            switch self {
            case .ackOfUnknownSerial: ("xdg_surface", 4, "invalid_serial")
            case .minimumLargerThanMaximum, .negativeMinimumSize: ("xdg_toplevel", 2, "invalid_size")
            case .bufferNotMultipleOfScale: ("wl_surface", 2, "invalid_size")
            case .zeroViewportDestination: ("wp_viewport", 0, "bad_value")
            case .viewportSourceOutsideBuffer: ("wp_viewport", 2, "out_of_buffer")
            case .secondRole: ("xdg_wm_base", 0, "role")
            case .bufferBeforeConfigure: ("xdg_surface", 3, "unconfigured_buffer")
            case .zeroBufferScale: ("wl_surface", 0, "invalid_scale")
            }
        }

        /// Makes the mistake on a fresh client (sending, not yet flushed).
        func commit(with client: WindowingClient, harness: Simulator.Harness) throws {
            switch self {
            case .ackOfUnknownSerial:
                let window = client.makeWindow()
                try harness.roundtrip(client.connection)
                window.xdgSurface.ackConfigure(serial: 987_654)
            case .minimumLargerThanMaximum:
                let window = client.makeWindow(initialCommit: false)
                window.toplevel.setMinSize(width: 800, height: 600)
                window.toplevel.setMaxSize(width: 400, height: 300)
                window.surface.commit()
            case .negativeMinimumSize:
                let window = client.makeWindow(initialCommit: false)
                window.toplevel.setMinSize(width: -1, height: 10)
            case .bufferNotMultipleOfScale:
                let window = client.makeWindow()
                try harness.roundtrip(client.connection)
                window.ackLastConfigure()
                window.commitBuffer(width: 401, height: 300, scale: 2)
            case .zeroViewportDestination:
                let window = client.makeWindow(viewport: true)
                window.viewport?.setDestination(width: 0, height: 100)
            case .viewportSourceOutsideBuffer:
                let window = client.makeWindow(viewport: true)
                try harness.roundtrip(client.connection)
                window.ackLastConfigure()
                window.viewport?.setSource(x: 0, y: 0, width: 500, height: 300)
                window.commitBuffer(width: 400, height: 300)
            case .secondRole:
                let parent = client.compositor.createSurface()
                let child = client.compositor.createSurface()
                let subcompositor = try client.connection.bind(WlSubcompositor.self)
                _ = subcompositor.getSubsurface(surface: child, parent: parent)
                _ = client.wmBase.getXdgSurface(surface: child)
            case .bufferBeforeConfigure:
                let window = client.makeWindow(initialCommit: false)
                window.commitBuffer(width: 400, height: 300)
            case .zeroBufferScale:
                let surface = client.compositor.createSurface()
                surface.setBufferScale(scale: 0)
            }
        }
    }

    @Test(arguments: Violation.allCases)
    func theOffenderIsDisconnectedWithTheSpecsErrorAndOthersGoOn(_ violation: Violation) throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let bystander = try WindowingClient(harness: harness)
        let bystanderWindow = try mapWindow(bystander, in: harness, appID: "org.diorama.bystander")
        let offender = try WindowingClient(harness: harness)
        let offenderID = try #require(harness.simulator.connectedClients.last?.id)

        try violation.commit(with: offender, harness: harness)
        let error = try harness.roundtripExpectingError(offender.connection)

        #expect(error.interface == violation.expected.interface)
        #expect(error.code == violation.expected.code)
        let traced = harness.simulator.trace.records.compactMap { record -> ProtocolErrorFact? in
            if case .protocolError(let fact) = record.event { return fact }
            return nil
        }
        #expect(traced.count == 1)
        #expect(traced.first?.client == offenderID)
        #expect(traced.first?.error == violation.expected.name)
        #expect(traced.first?.interface == violation.expected.interface)
        #expect(harness.simulator.connectedClients.map(\.id).contains(offenderID) == false)

        // The bystander is untouched: it can still be moved and answer.
        try harness.simulator.moveWindow(.appID("org.diorama.bystander"), to: Point(x: 2100, y: 50))
        try harness.roundtrip(bystander.connection)
        #expect(bystanderWindow.enteredOutputs == ["DP-2"])
        #expect(bystander.connection.protocolError == nil)
        #expect(try harness.simulator.window(.appID("org.diorama.bystander")).isMapped)
    }

    @Test func ackingTheSameSerialTwiceIsInvalid() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow()
        try harness.roundtrip(client.connection)
        window.ackLastConfigure()
        try harness.roundtrip(client.connection)
        window.ackLastConfigure()
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "xdg_surface" && error.code == 4)
    }
}
