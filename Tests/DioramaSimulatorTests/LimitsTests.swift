import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// Configured limits stop a client with an implementation error and a trace record.
@Suite struct LimitsTests {
    @Test func tooManySurfacesDisconnectTheClient() throws {
        let harness = try Simulator.Harness.shipped("laptop.json") { $0.limits.maximumSurfacesPerClient = 3 }
        let client = try WindowingClient(harness: harness)
        for _ in 0..<3 { _ = client.compositor.createSurface() }
        try harness.roundtrip(client.connection)
        _ = client.compositor.createSurface()
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "wl_display")
        #expect(error.code == 3)  // implementation
        let limits = harness.simulator.trace.records.compactMap { record -> String? in
            if case .limitExceeded(_, let limit, _) = record.event { return limit }
            return nil
        }
        #expect(limits == ["maximumSurfacesPerClient"])
    }

    @Test func destroyedSurfacesNoLongerCount() throws {
        let harness = try Simulator.Harness.shipped("laptop.json") { $0.limits.maximumSurfacesPerClient = 2 }
        let client = try WindowingClient(harness: harness)
        for _ in 0..<5 {
            client.compositor.createSurface().destroy()
        }
        try harness.roundtrip(client.connection)
        #expect(client.connection.protocolError == nil)
    }

    @Test func oversizedBuffersAreRefused() throws {
        let harness = try Simulator.Harness.shipped("laptop.json") { $0.limits.maximumBufferBytes = 1 << 20 }
        let client = try WindowingClient(harness: harness)
        _ = ShmBufferFactory.makeBuffer(shm: client.shm, width: 1024, height: 512)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "wl_display" && error.code == 3)
    }

    @Test func aStrideShorterThanARowIsInvalidStride() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        _ = ShmBufferFactory.makeBuffer(shm: client.shm, width: 100, height: 100, stride: 200)
        let error = try harness.roundtripExpectingError(client.connection)
        // The factory already destroyed the pool on its side, so only the
        // code survives in the client; the trace names the interface.
        #expect(error.code == 1)  // invalid_stride
        let fact = harness.simulator.trace.records.compactMap { record -> ProtocolErrorFact? in
            if case .protocolError(let fact) = record.event { return fact }
            return nil
        }.first
        #expect(fact?.interface == "wl_shm_pool")
        #expect(fact?.error == "invalid_stride")
        #expect(fact?.message.contains("stride 200 is less than width × 4 = 400") == true)
    }
}
