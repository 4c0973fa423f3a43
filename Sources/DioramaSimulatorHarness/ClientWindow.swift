import DioramaSimulator
import WaylandClient
import WaylandCommon

/// Something a test window was told, in arrival order: the log tests compare
/// to check event ordering.
public enum ClientWindowEvent: Hashable, Sendable {
    /// `wl_surface.enter` on the named output.
    case enter(String)
    /// `wl_surface.leave` of the named output.
    case leave(String)
    /// `wp_fractional_scale_v1.preferred_scale`, in 120ths.
    case preferredScale(UInt32)
    /// `xdg_toplevel.configure_bounds`.
    case configureBounds(width: Int32, height: Int32)
    /// A complete configure sequence, at its `xdg_surface.configure`.
    case configure(ClientConfigure)
    /// `xdg_toplevel.close`.
    case close
}

/// One complete configure sequence a window received.
public struct ClientConfigure: Hashable, Sendable {
    /// The `xdg_surface.configure` serial to acknowledge.
    public var serial: UInt32
    /// The suggested width; 0 leaves it to the client.
    public var width: Int32
    /// The suggested height; 0 leaves it to the client.
    public var height: Int32
    /// `xdg_toplevel.state` wire values.
    public var states: [UInt32]

    /// Whether the configure carried `state`.
    public func has(_ state: XdgToplevel.State) -> Bool { states.contains(state.rawValue) }
}

/// A test client's toplevel window built from raw bindings: wl_surface,
/// xdg_surface, xdg_toplevel and optionally fractional scale and viewport.
///
/// With ``autoRespond`` set, every configure is acknowledged and answered at
/// once with a commit of a buffer of the configured size (the window's own
/// ``preferredSize`` where the configure says 0) at ``bufferScale`` — a
/// well-behaved client, so scripted changes settle.
public final class ClientWindow {
    /// The window's wl_surface.
    public let surface: WlSurface
    /// The xdg_surface role object on ``surface``.
    public let xdgSurface: XdgSurface
    /// The xdg_toplevel of ``xdgSurface``.
    public let toplevel: XdgToplevel
    /// The surface's fractional-scale object, when asked for and offered.
    public let fractionalScale: WpFractionalScaleV1?
    /// The surface's viewport, when asked for and offered.
    public let viewport: WpViewport?
    /// Strong on purpose: a test may keep only the window, and its event
    /// handlers need the client's outputs (the pair lives as long as the test).
    let kit: WindowingClient

    /// Everything the window was told, in arrival order (``clearLog()`` empties it).
    public private(set) var log: [ClientWindowEvent] = []
    /// Every complete configure sequence received, oldest first.
    public private(set) var configures: [ClientConfigure] = []
    /// The outputs the surface is on now (entered and not left), by name.
    public private(set) var enteredOutputs: [String] = []
    /// The last preferred fractional scale, in 120ths; nil before one arrives.
    public private(set) var preferredScale120: UInt32?
    /// Whether every configure is acknowledged and answered with a buffer at once.
    public var autoRespond = false
    /// The size drawn when a configure leaves the choice to the client.
    public var preferredSize = (width: Int32(400), height: Int32(300))
    /// Buffer scale used by ``commitBuffer(width:height:)`` and auto responses.
    public var bufferScale: Int32 = 1
    private var pendingToplevel: (width: Int32, height: Int32, states: [UInt32])?

    init(kit: WindowingClient, appID: String?, title: String?, fractional: Bool, withViewport: Bool) {
        self.kit = kit
        surface = kit.compositor.createSurface()
        fractionalScale = fractional ? kit.fractionalScaleManager?.getFractionalScale(surface: surface) : nil
        viewport = withViewport ? kit.viewporter?.getViewport(surface: surface) : nil
        xdgSurface = kit.wmBase.getXdgSurface(surface: surface)
        toplevel = xdgSurface.getToplevel()
        if let appID { toplevel.setAppId(appId: appID) }
        if let title { toplevel.setTitle(title: title) }
        surface.onEvent = { [unowned self] event in
            switch event {
            case .enter(let output):
                let name = self.kit.outputs.name(of: output)
                self.enteredOutputs.append(name)
                self.log.append(.enter(name))
            case .leave(let output):
                let name = self.kit.outputs.name(of: output)
                self.enteredOutputs.removeAll { $0 == name }
                self.log.append(.leave(name))
            }
        }
        fractionalScale?.onEvent = { [unowned self] event in
            guard case .preferredScale(let scale) = event else { return }
            self.preferredScale120 = scale
            self.log.append(.preferredScale(scale))
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, let states):
                self.pendingToplevel = (width, height, WireArray.unpack(states))
            case .close:
                self.log.append(.close)
            case .configureBounds(let width, let height):
                self.log.append(.configureBounds(width: width, height: height))
            case .wmCapabilities:
                break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            guard case .configure(let serial) = event else { return }
            let role = self.pendingToplevel ?? (0, 0, [])
            self.pendingToplevel = nil
            let configure = ClientConfigure(serial: serial, width: role.width, height: role.height, states: role.states)
            self.configures.append(configure)
            self.log.append(.configure(configure))
            if self.autoRespond { self.respond(to: configure) }
        }
    }

    /// The newest configure sequence, if any arrived.
    public var lastConfigure: ClientConfigure? { configures.last }

    /// Acknowledges the newest configure.
    public func ackLastConfigure() {
        guard let last = configures.last else { return }
        xdgSurface.ackConfigure(serial: last.serial)
    }

    /// Attaches a new buffer of `width` × `height` pixels and commits.
    public func commitBuffer(width: Int, height: Int, scale: Int32? = nil) {
        let buffer = ShmBufferFactory.makeBuffer(shm: kit.shm, width: width, height: height)
        surface.attach(buffer: buffer, x: 0, y: 0)
        if let scale { bufferScale = scale }
        surface.setBufferScale(scale: bufferScale)
        surface.damageBuffer(x: 0, y: 0, width: Int32(width), height: Int32(height))
        surface.commit()
    }

    /// The first-map dance: ack the newest configure, commit a buffer of the
    /// configured size (or ``preferredSize``) times the buffer scale.
    public func ackAndCommit() {
        guard let configure = configures.last else { return }
        respond(to: configure)
    }

    private func respond(to configure: ClientConfigure) {
        xdgSurface.ackConfigure(serial: configure.serial)
        let width = configure.width > 0 ? configure.width : preferredSize.width
        let height = configure.height > 0 ? configure.height : preferredSize.height
        commitBuffer(width: Int(width * bufferScale), height: Int(height * bufferScale))
    }

    /// Empties the log (to look only at what a later step causes).
    public func clearLog() { log.removeAll() }
}

/// A test client with the usual globals bound: compositor, shm, xdg_wm_base,
/// every output (with xdg_output), and viewporter/fractional scale when offered.
public final class WindowingClient {
    /// The client connection the globals are bound on.
    public let connection: HarnessClient
    /// The bound wl_compositor.
    public let compositor: WlCompositor
    /// The bound wl_shm, for buffers.
    public let shm: WlShm
    /// The bound xdg_wm_base (its pings are answered).
    public let wmBase: XdgWmBase
    /// The bound wp_viewporter, when the compositor offers it.
    public let viewporter: WpViewporter?
    /// The bound fractional-scale manager, when the compositor offers it.
    public let fractionalScaleManager: WpFractionalScaleManagerV1?
    /// Every output the client sees, with its events.
    public let outputs: ClientOutputs
    /// The windows made with ``makeWindow(appID:title:fractional:viewport:initialCommit:)``, oldest first.
    public private(set) var windows: [ClientWindow] = []

    /// Binds the globals and roundtrips so output events have arrived.
    ///
    /// - Parameter wmBaseVersion: the xdg_wm_base version to bind (default:
    ///   the highest both sides know), to act as an older client.
    public init(harness: Simulator.Harness, outputVersion: UInt32? = nil, wmBaseVersion: UInt32? = nil) throws {
        connection = try harness.connect()
        compositor = try connection.bind(WlCompositor.self)
        shm = try connection.bind(WlShm.self)
        wmBase = try connection.bind(XdgWmBase.self, version: wmBaseVersion)
        viewporter = try? connection.bind(WpViewporter.self)
        fractionalScaleManager = try? connection.bind(WpFractionalScaleManagerV1.self)
        outputs = try ClientOutputs(client: connection, version: outputVersion)
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        try harness.roundtrip(connection)
    }

    /// Creates a toplevel and sends the initial commit (no buffer); after a
    /// roundtrip its first configure has arrived.
    public func makeWindow(
        appID: String? = "org.diorama.test", title: String? = nil, fractional: Bool = true,
        viewport: Bool = false, initialCommit: Bool = true
    ) -> ClientWindow {
        let window = ClientWindow(kit: self, appID: appID, title: title, fractional: fractional, withViewport: viewport)
        windows.append(window)
        if initialCommit { window.surface.commit() }
        return window
    }
}
