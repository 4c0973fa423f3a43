import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// A popup made from raw bindings, with the events it got.
final class TestPopup {
    enum Event: Hashable { case configure, popupDone }

    let client: WindowingClient
    let surface: WlSurface
    let xdgSurface: XdgSurface
    private(set) var popup: XdgPopup?
    private(set) var log: [Event] = []
    /// Each xdg_popup.configure as [x, y, width, height], oldest first.
    private(set) var configures: [[Int32]] = []
    /// Each xdg_surface.configure serial, oldest first.
    private(set) var serials: [UInt32] = []
    /// Names of the displays the popup's surface was sent enter for.
    private(set) var entered: [String] = []
    /// Called when `popup_done` arrives.
    var onDone: () -> Void = {}

    init(client: WindowingClient) {
        self.client = client
        surface = client.compositor.createSurface()
        xdgSurface = client.wmBase.getXdgSurface(surface: surface)
        xdgSurface.onEvent = { [unowned self] event in
            if case .configure(let serial) = event { self.serials.append(serial) }
        }
        surface.onEvent = { [unowned self] event in
            if case .enter(let output) = event { self.entered.append(client.outputs.name(of: output)) }
        }
    }

    /// Gives the surface the popup role: 100x50 below the parent's top-left corner.
    func makePopup(parent: XdgSurface?) {
        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 100, height: 50)
        positioner.setAnchorRect(x: 0, y: 0, width: 10, height: 10)
        makePopup(parent: parent, positioner: positioner)
        positioner.destroy()
    }

    /// Gives the surface the popup role, placed by `positioner`.
    func makePopup(parent: XdgSurface?, positioner: XdgPositioner) {
        let popup = xdgSurface.getPopup(parent: parent, positioner: positioner)
        popup.onEvent = { [unowned self] event in
            switch event {
            case .configure(let x, let y, let width, let height):
                self.log.append(.configure)
                self.configures.append([x, y, width, height])
            case .popupDone:
                self.log.append(.popupDone)
                self.onDone()
            case .repositioned: break
            }
        }
        self.popup = popup
    }

    /// Acknowledges the latest configure and commits a `width`x`height`
    /// buffer: the popup maps.
    func ackAndAttach(width: Int, height: Int) throws {
        xdgSurface.ackConfigure(serial: try #require(serials.last))
        surface.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: width, height: height), x: 0, y: 0)
        surface.commit()
    }

    /// A popup that went through configure, ack and a first buffer, with an
    /// explicit grab (`xdg_popup.grab`) on `grabbing` when given.
    static func mapped(
        client: WindowingClient, parent: XdgSurface, harness: Simulator.Harness, grabbing seat: WlSeat? = nil
    ) throws -> TestPopup {
        let popup = TestPopup(client: client)
        popup.makePopup(parent: parent)
        if let seat { try #require(popup.popup).grab(seat: seat, serial: 0) }
        popup.surface.commit()
        try harness.roundtrip(client.connection)
        try popup.ackAndAttach(width: 100, height: 50)
        try harness.roundtrip(client.connection)
        return popup
    }
}
