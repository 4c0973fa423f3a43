import DioramaClient
import DioramaTestSupport
import Foundation
import Testing
import WaylandClient

/// Pointer events with surface-local fractional coordinates, from the
/// in-process compositor (headless sway and weston have no pointer device).
@Suite("pointer")
struct PointerTests {
    final class Recorder: SeatHandler, PointerHandler {
        var log: [String] = []
        var enteredSurface: Surface?
        func seatCapabilitiesChanged(_ seat: Seat, previous: SeatCapabilities) {
            if seat.capabilities.contains(.pointer) { seat.makePointer(handler: self) }
        }
        func pointerEntered(_ pointer: Pointer, surface: Surface?, position: CGPoint, serial: UInt32) {
            enteredSurface = surface
            log.append("enter \(position.x),\(position.y)")
        }
        func pointerMoved(_ pointer: Pointer, position: CGPoint, timeMillis: UInt32) {
            log.append("motion \(position.x),\(position.y) t\(timeMillis)")
        }
        func pointerButtonChanged(_ pointer: Pointer, button: UInt32, isPressed: Bool, serial: UInt32, timeMillis: UInt32) {
            log.append("button \(button) \(isPressed ? "down" : "up")")
        }
        func pointerScrolled(_ pointer: Pointer, axis: ScrollAxis, value: Double, discreteSteps: Int?, timeMillis: UInt32) {
            log.append("scroll \(value) steps \(discreteSteps.map(String.init) ?? "-")")
        }
        func pointerLeft(_ pointer: Pointer, surface: Surface?, serial: UInt32) { log.append("leave") }
        func pointerFrameEnded(_ pointer: Pointer) { log.append("frame") }
    }

    @Test("enter, motion, button, wheel and leave arrive with surface-local positions and the right surface")
    func events() throws {
        let server = try InProcessCompositor()
        server.addSeatWithPointer()
        let connection = try Connection(adoptingSocket: try #require(server.clientSocket))
        let registry = try Registry(connection: connection)
        let compositor = try CompositorState(registry: registry, outputState: nil)
        let recorder = Recorder()
        let seats = SeatState(registry: registry, compositor: compositor, handler: recorder)
        let surface = compositor.createSurface()
        try connection.roundtrip()
        let seat = try #require(seats.seats.first)
        #expect(seat.name == "test-seat")
        #expect(seat.capabilities == [.pointer])
        let pointer = try #require(seat.pointer)
        try connection.roundtrip()

        server.pointerScript(surface: 0)
        try connection.run(
            until: { recorder.log.last == "frame" && recorder.log.contains("leave") },
            timeout: .seconds(5), waitingFor: "the pointer script")
        #expect(recorder.enteredSurface === surface)
        #expect(
            recorder.log == [
                "enter 12.5,7.25", "frame",
                "motion 40.75,30.5 t1000", "frame",
                "button 272 down", "frame",
                "button 272 up", "frame",
                "scroll 30.0 steps 2", "frame",
                "leave", "frame",
            ])
        #expect(pointer.focusedSurface == nil)
        #expect(pointer.position == CGPoint(x: 40.75, y: 30.5))
        #expect(connection.error == nil)
    }
}
