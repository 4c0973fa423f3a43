/// Which configure serial to acknowledge, and when. Pure bookkeeping,
/// unit-tested on its own; `Toplevel` drives it.
///
/// Rules (xdg_surface): acknowledge with the serial of the *latest* configure
/// (acknowledging it implicitly acknowledges the earlier ones, which the
/// client skipped); never acknowledge a serial twice; and send the
/// acknowledgement before the commit whose content answers it.
public struct ConfigureAcknowledgement: Sendable, Hashable {
    /// The newest serial received and not yet acknowledged.
    public private(set) var pendingSerial: UInt32?
    /// The last serial acknowledged.
    public private(set) var lastAcknowledged: UInt32?
    /// True once any configure arrived; before that, attaching a buffer is a
    /// protocol error (`unconfigured_buffer`).
    public private(set) var hasReceivedConfigure = false

    public init() {}

    /// A configure sequence closed with `serial`; it supersedes any pending one.
    public mutating func received(serial: UInt32) {
        pendingSerial = serial
        hasReceivedConfigure = true
    }

    /// The serial to acknowledge now, if any; afterwards nothing is pending.
    public mutating func takeSerialToAcknowledge() -> UInt32? {
        guard let serial = pendingSerial else { return nil }
        pendingSerial = nil
        lastAcknowledged = serial
        return serial
    }

    /// True once a configure has been acknowledged: the surface may now
    /// commit buffers.
    public var isConfigured: Bool { lastAcknowledged != nil }
}
