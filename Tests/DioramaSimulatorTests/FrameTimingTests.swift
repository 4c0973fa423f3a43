import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Frame callbacks and presentation feedback under the manual clock: nothing
/// fires until the test moves time or asks for a frame.
@Suite struct FrameTimingTests {
    @Test func frameCallbacksWaitForTheNextVerticalBlank() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let clock = try #require(harness.clock)
        var doneTimes: [UInt32] = []
        let callback = window.surface.frame()
        callback.onEvent = { event in
            if case .done(let time) = event { doneTimes.append(time) }
        }
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(doneTimes.isEmpty)

        // 60 Hz: the blank after a commit at t = 1 s is at 1.0166… s.
        harness.simulator.advanceTime(by: .milliseconds(10))
        try harness.roundtrip(client.connection)
        #expect(doneTimes.isEmpty)
        harness.simulator.advanceTime(by: .milliseconds(7))
        try harness.roundtrip(client.connection)
        #expect(doneTimes == [UInt32(clock.nanoseconds / 1_000_000)])
        #expect(doneTimes == [1017])
    }

    @Test func deliverFrameFiresEverythingWaitingNow() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let first = try mapWindow(client, in: harness, appID: "one")
        let second = try mapWindow(client, in: harness, appID: "two")
        var done = 0
        for window in [first, second] {
            window.surface.frame().onEvent = { _ in done += 1 }
            window.surface.commit()
        }
        try harness.roundtrip(client.connection)
        #expect(done == 0)
        harness.simulator.deliverFrame()
        try harness.roundtrip(client.connection)
        #expect(done == 2)
        let traced = harness.simulator.trace.records.filter { if case .frameDone = $0.event { true } else { false } }
        #expect(traced.count == 2)
    }

    @Test func minimizedWindowsGetNoFramesUntilRestored() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        var done = 0
        window.surface.frame().onEvent = { _ in done += 1 }
        window.surface.commit()
        try harness.simulator.minimizeWindow(.appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        harness.simulator.deliverFrame()
        try harness.roundtrip(client.connection)
        #expect(done == 0)
        #expect(window.enteredOutputs.isEmpty)

        try harness.simulator.minimizeWindow(.appID("org.diorama.test"), false)
        harness.simulator.deliverFrame()
        try harness.roundtrip(client.connection)
        #expect(done == 1)
        #expect(window.enteredOutputs == ["eDP-1"])
    }

    @Test func presentationFeedbackIsPresentedOrDiscarded() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let presentation = try client.connection.bind(WpPresentation.self)
        var clockID: UInt32?
        presentation.onEvent = { event in
            if case .clockId(let id) = event { clockID = id }
        }
        let window = try mapWindow(client, in: harness)
        #expect(clockID == 1)  // CLOCK_MONOTONIC

        var outcomes: [String] = []
        var syncOutputs = 0
        var presentedNanoseconds: UInt64 = 0
        let superseded = presentation.feedback(surface: window.surface)
        superseded.onEvent = { event in
            if case .discarded = event { outcomes.append("discarded") }
        }
        window.surface.commit()
        let shown = presentation.feedback(surface: window.surface)
        shown.onEvent = { event in
            switch event {
            case .syncOutput: syncOutputs += 1
            case .presented(let high, let low, let nanoseconds, let refresh, _, _, _):
                outcomes.append("presented")
                presentedNanoseconds = (UInt64(high) << 32 | UInt64(low)) * 1_000_000_000 + UInt64(nanoseconds)
                #expect(refresh == 16_666_666)
            case .discarded: outcomes.append("discarded-too")
            }
        }
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(outcomes == ["discarded"])

        harness.simulator.advanceTime(by: .milliseconds(20))
        try harness.roundtrip(client.connection)
        #expect(outcomes == ["discarded", "presented"])
        #expect(syncOutputs == 1)
        #expect(presentedNanoseconds == harness.clock?.nanoseconds)
    }
}
