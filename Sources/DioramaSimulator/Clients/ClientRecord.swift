import CWaylandServer
import WaylandServer

/// What the simulator knows about one connected client.
///
/// Created when libwayland accepts the connection, dropped when the client
/// disconnects (libwayland's client destroy signal, which fires before the
/// client's resources are destroyed, so resource handlers must not expect the
/// record to still exist).
final class ClientRecord {
    /// The simulator's number for the client (1, 2, …), used in the trace.
    let id: UInt32
    let client: OpaquePointer
    let pid: Int32
    var surfaceCount = 0
    var keyboards: [WlKeyboard] = []
    var pointers: [WlPointer] = []
    var touches: [WlTouch] = []
    var dataDevices: [WlDataDevice] = []
    /// Set once disconnected; handlers of late resource destructions check it.
    var isConnected = true
    /// Set when a control request gave up waiting for this client to read
    /// its events (``ClientBacklog``); cleared once it has caught up.
    var isGivenUpOnWhileBehind = false
    /// Half the socket's send buffer: more unread than this is a backlog.
    var backlogLimitBytes: Int?
    /// Set while the event loop watches for its socket to drain (a control
    /// request waits for it to read its backlog).
    var drainWatch: DescriptorWatch?
    /// Its `xdg_wm_base` objects, the last one bound is pinged.
    var wmBases: [XdgWmBase] = []
    /// The serial of its last `xdg_wm_base.pong`.
    var lastPongSerial: UInt32?
    /// An event was queued for it since the last flush (``Simulator/traced(_:)``).
    var hasUnflushedEvents = false
    /// When events were last flushed to it (simulator clock nanoseconds).
    var eventsFlushedNanoseconds: UInt64?
    let destroyListener: NativeListener

    init(id: UInt32, client: OpaquePointer, destroyListener: NativeListener) {
        self.id = id
        self.client = client
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
        wl_client_get_credentials(client, &pid, &uid, &gid)
        self.pid = pid
        self.destroyListener = destroyListener
    }
}
