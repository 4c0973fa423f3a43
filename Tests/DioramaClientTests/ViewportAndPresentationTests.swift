import DioramaClient
import DioramaModel
import DioramaTestTraits
import HeadlessCompositors
import Testing

/// Viewports and presentation feedback on a real compositor (weston offers
/// both; neither it nor sway 1.7 has fractional-scale, which the registry
/// test covers).
@Suite("viewport and presentation", .ownThreads)
struct ViewportAndPresentationTests {
    @Test("a 2x buffer shown through a viewport at its logical size is accepted; presentation feedback arrives")
    func viewportAndFeedback() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let client = try ClientHarness(weston)
        let viewporter = try Viewporter(registry: client.registry)
        let presentation = try Presentation(registry: client.registry)
        let (toplevel, _) = try client.mapToplevel(appID: uniqueAppID("viewport"), defaultSize: Size(width: 100, height: 80))
        try client.connection.roundtrip()
        #expect(presentation.clockID != nil)

        let viewport = viewporter.viewport(for: toplevel.surface)
        let large = try client.bufferPool.nextBuffer(size: Size(width: 200, height: 160))
        large.fill(0xFFFF_0000)
        viewport.setSource(x: 0, y: 0, width: 200, height: 160)
        viewport.setDestination(Size(width: 100, height: 80))
        var outcome: PresentationFeedback?
        presentation.requestFeedback(for: toplevel.surface) { outcome = $0 }
        toplevel.attachAndCommit(large)
        try client.run(until: { outcome != nil }, "presentation feedback")
        switch outcome {
        case let .presented(timestamp, _, _, _, _)?:
            #expect(timestamp > 0)
        case .discarded?, nil:
            Issue.record("expected the frame to be presented, got \(String(describing: outcome))")
        }
        #expect(viewport.destination == Size(width: 100, height: 80))

        viewport.unsetSource()
        viewport.setDestination(nil)
        #expect(viewport.destination == nil)
        let small = try client.bufferPool.nextBuffer(size: Size(width: 100, height: 80))
        toplevel.attachAndCommit(small)
        try client.connection.roundtrip()
        #expect(client.connection.error == nil, "weston accepted every viewport request")
    }
}
