import Testing
import WaylandClient

@testable import DioramaClient

/// The client core's own seat types carry exactly what the protocol's events
/// said, so code above it (the scene runtime) loses nothing by not importing
/// the generated bindings.
@Suite("seat capabilities and scroll axes in the client core's types")
struct SeatVocabularyTests {
    @Test("each wl_seat capability bit maps to the same SeatCapabilities member")
    func capabilities() {
        #expect(SeatCapabilities(WlSeat.Capability.pointer) == .pointer)
        #expect(SeatCapabilities(WlSeat.Capability.keyboard) == .keyboard)
        #expect(SeatCapabilities(WlSeat.Capability.touch) == .touch)
        #expect(SeatCapabilities([WlSeat.Capability.keyboard, .touch]) == [.keyboard, .touch])
        #expect(SeatCapabilities(WlSeat.Capability()) == [])
        #expect(!SeatCapabilities(WlSeat.Capability.pointer).contains(.keyboard))
    }

    @Test("wl_pointer's vertical and horizontal axes map to ScrollAxis; an unknown axis to nil")
    func scrollAxes() {
        #expect(ScrollAxis(WlPointer.Axis.verticalScroll) == .vertical)
        #expect(ScrollAxis(WlPointer.Axis.horizontalScroll) == .horizontal)
        #expect(ScrollAxis(WlPointer.Axis(rawValue: 7)) == nil)
    }
}
