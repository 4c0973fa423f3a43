import DioramaModel
import WaylandClient
import WaylandCommon

/// A window: a `Surface` with an `xdg_surface` and an `xdg_toplevel`.
///
/// ## Configure and acknowledge
/// The compositor decides a window's size and state and tells the client in
/// a *configure sequence*: `xdg_toplevel.configure` (size, states), possibly
/// `configure_bounds` and `wm_capabilities`, then `xdg_surface.configure`
/// with a serial that closes the sequence. The client answers by drawing for
/// that configuration and committing — and before that commit it must send
/// `xdg_surface.ack_configure(serial)`. The order matters because the
/// compositor applies the acknowledged configuration *at the next commit*:
/// ack after the commit, and the compositor would pair the new size with the
/// old buffer (a window that briefly shows the wrong size, or a protocol
/// error if the sizes conflict with fullscreen/maximized rules).
///
/// Only the latest serial is acknowledged. When configures arrive faster than
/// the client draws (an interactive resize), the intermediate ones are never
/// drawn; acknowledging the newest one tells the compositor the commit
/// reflects that one, and it discards the older ones.
///
/// So this class keeps the newest unacknowledged serial and acknowledges it
/// inside `commit()` — on the `Surface` too, since the role installs a hook
/// there — just before `wl_surface.commit`. A client cannot get the order
/// wrong, nor acknowledge a stale serial.
///
/// The very first configure follows the initial commit (without a buffer);
/// attaching a buffer before it has been acknowledged is a protocol error,
/// which `attachAndCommit` guards against.
package final class Toplevel {
    package let surface: Surface
    package let xdgSurface: XdgSurface
    package let xdgToplevel: XdgToplevel
    package weak var handler: ToplevelHandler?

    /// The last configure delivered to the handler.
    package private(set) var currentConfigure: ToplevelConfigure?
    /// How many configure sequences arrived.
    package private(set) var configureCount = 0
    /// True after `xdg_toplevel.close` arrived.
    package private(set) var closeRequested = false
    /// Acknowledgement bookkeeping (see the type's comment).
    package private(set) var acknowledgement = ConfigureAcknowledgement()

    private let shell: XdgShell
    private var collector = ToplevelConfigureCollector()

    init(shell: XdgShell, surface: Surface, handler: ToplevelHandler?) {
        precondition(surface.beforeCommit == nil, "Toplevel: the surface already has a role")
        self.shell = shell
        self.surface = surface
        self.handler = handler
        xdgSurface = shell.wmBase.getXdgSurface(surface: surface.wlSurface)
        xdgToplevel = xdgSurface.getToplevel()
        xdgToplevel.onEvent = { [weak self] event in self?.toplevelEventArrived(event) }
        xdgSurface.onEvent = { [weak self] event in self?.xdgSurfaceEventArrived(event) }
        surface.beforeCommit = { [weak self] in self?.acknowledgeLatestConfigure() }
    }

    deinit {
        surface.beforeCommit = nil
        xdgToplevel.onEvent = nil
        xdgSurface.onEvent = nil
        // The role object goes first, then the xdg_surface (the protocol's order).
        xdgToplevel.destroy()
        xdgSurface.destroy()
    }

    /// The serial a commit would acknowledge now, if a configure is pending.
    package var pendingConfigureSerial: UInt32? { acknowledgement.pendingSerial }

    /// True once the first configure has been acknowledged: buffers may be attached.
    package var isConfigured: Bool { acknowledgement.isConfigured }

    /// Acknowledges the latest configure (if any is pending) and commits the
    /// surface. Same as `surface.commit()`.
    package func commit() {
        surface.commit()
    }

    /// Attaches `buffer`, damages it all and commits (acknowledging first).
    /// - Precondition: a configure has arrived (attaching earlier is the
    ///   protocol error `unconfigured_buffer`).
    package func attachAndCommit(_ buffer: Buffer) {
        precondition(
            acknowledgement.hasReceivedConfigure,
            "Toplevel.attachAndCommit: wait for the first configure before attaching a buffer")
        surface.attach(buffer)
        surface.damageAll()
        commit()
    }

    /// Dispatches until the first configure has arrived.
    package func waitForFirstConfigure(timeout: Duration? = nil) throws(ConnectionError) {
        let connection = shell.registry.connection
        try connection.run(
            until: { self.acknowledgement.hasReceivedConfigure },
            timeout: timeout ?? connection.defaultTimeout,
            waitingFor: "the toplevel's first configure")
    }

    private func acknowledgeLatestConfigure() {
        guard let serial = acknowledgement.takeSerialToAcknowledge() else { return }
        xdgSurface.ackConfigure(serial: serial)
    }

    // MARK: Requests

    /// Asks the compositor to let the user drag the window: it follows the
    /// pointer (or finger) until the button is released. `serial` must be
    /// that of the press (`wl_pointer.button`) or touch-down that started the
    /// drag; compositors ignore any other.
    package func beginInteractiveMove(seat: Seat, serial: UInt32) {
        xdgToplevel.move(seat: seat.wlSeat, serial: serial)
    }

    package func setTitle(_ title: String) { xdgToplevel.setTitle(title: title) }
    /// The app id (`com.example.App`); compositors match rules and icons on it.
    package func setAppID(_ appID: String) { xdgToplevel.setAppId(appId: appID) }

    /// The smallest window-geometry size the window accepts; nil for no limit.
    package func setMinimumSize(_ size: Size?) {
        xdgToplevel.setMinSize(width: Int32(clamping: size?.width ?? 0), height: Int32(clamping: size?.height ?? 0))
    }

    /// The largest window-geometry size; nil for no limit.
    package func setMaximumSize(_ size: Size?) {
        xdgToplevel.setMaxSize(width: Int32(clamping: size?.width ?? 0), height: Int32(clamping: size?.height ?? 0))
    }

    package func setMaximized(_ maximized: Bool) {
        if maximized { xdgToplevel.setMaximized() } else { xdgToplevel.unsetMaximized() }
    }

    /// Asks for fullscreen, on `output` or on one the compositor picks.
    package func setFullscreen(on output: Output?) { xdgToplevel.setFullscreen(output: output?.wlOutput) }
    package func unsetFullscreen() { xdgToplevel.unsetFullscreen() }
    package func setMinimized() { xdgToplevel.setMinimized() }

    /// The part of the surface that is the window proper (excluding shadows),
    /// in surface coordinates. Double-buffered: applies at the next commit.
    package func setWindowGeometry(_ rect: Rect) {
        xdgSurface.setWindowGeometry(
            x: Int32(clamping: rect.minX), y: Int32(clamping: rect.minY),
            width: Int32(clamping: rect.width), height: Int32(clamping: rect.height))
    }

    // MARK: Events

    /// Fires with the parts of a configure sequence, and when the window is asked to close.
    private func toplevelEventArrived(_ event: XdgToplevel.Event) {
        switch event {
        case let .configure(width, height, states):
            collector.configure(width: width, height: height, states: WireArray.unpack(states))
        case let .configureBounds(width, height):
            collector.configureBounds(width: width, height: height)
        case let .wmCapabilities(capabilities):
            collector.wmCapabilities(WireArray.unpack(capabilities))
        case .close:
            closeRequested = true
            handler?.toplevelCloseRequested(self)
        }
    }

    /// Fires at the end of each configure sequence.
    private func xdgSurfaceEventArrived(_ event: XdgSurface.Event) {
        guard case let .configure(serial) = event else { return }
        let configure = collector.close(serial: serial)
        acknowledgement.received(serial: serial)
        currentConfigure = configure
        configureCount += 1
        handler?.toplevelConfigured(self, configure: configure)
    }
}
