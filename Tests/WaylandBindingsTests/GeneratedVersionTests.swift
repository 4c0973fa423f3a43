import TestProtocolClient
import TestProtocolServer
import Testing

/// Stand-ins the way code that must also build against older XML declares
/// them (DioramaClient's `SurfaceEventsSinceVersion6`): `done` (since 2) is
/// generated, `vanished` is not in the test protocol at all.
protocol ProbeEventsSinceVersion2 {
    var doneArguments: UInt32? { get }
    var vanishedArguments: Int32? { get }
}

extension ProbeEventsSinceVersion2 {
    var doneArguments: UInt32? { nil }
    var vanishedArguments: Int32? { nil }
}

extension TestProtocolClient.DtProbe.Event: ProbeEventsSinceVersion2 {}

@Suite("what the scanner tells the code about the XML it read")
struct GeneratedVersionTests {
    @Test("the version table has each interface's XML version, on both sides")
    func versionTable() {
        #expect(TestProtocolClient.GeneratedProtocolVersions.dt_factory == 3)
        #expect(TestProtocolClient.GeneratedProtocolVersions.dt_probe == 3)
        #expect(TestProtocolServer.GeneratedProtocolVersions.dt_probe == TestProtocolServer.DtProbe.maxVersion)
    }

    @Test("a generated accessor answers instead of a stand-in; a missing one leaves the stand-in's nil")
    func generatedAccessorTakesPrecedence() {
        let done = TestProtocolClient.DtProbe.Event.done(serial: 7)
        #expect(done.doneArguments == 7)
        func throughTheProtocol(_ event: some ProbeEventsSinceVersion2) -> UInt32? { event.doneArguments }
        #expect(throughTheProtocol(done) == 7)
        #expect(done.vanishedArguments == nil)
    }
}
