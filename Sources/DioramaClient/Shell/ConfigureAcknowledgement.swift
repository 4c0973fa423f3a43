/// Which configure serial to acknowledge, and when. Pure bookkeeping,
/// unit-tested on its own; `Toplevel` drives it.
///
/// Rules (xdg_surface): acknowledge with the serial of the *latest* configure
/// (acknowledging it implicitly acknowledges the earlier ones, which the
/// client skipped); never acknowledge a serial twice; and send the
/// acknowledgement before the commit whose content answers it.
package struct ConfigureAcknowledgement: Sendable, Hashable {
    /// The newest serial received and not yet acknowledged.
    package private(set) var pendingSerial: UInt32?
    /// The last serial acknowledged.
    package private(set) var lastAcknowledged: UInt32?
    /// True once any configure arrived; before that, attaching a buffer is a
    /// protocol error (`unconfigured_buffer`).
    package private(set) var hasReceivedConfigure = false

    package init() {}

    /// A configure sequence closed with `serial`; it supersedes any pending one.
    package mutating func received(serial: UInt32) {
        pendingSerial = serial
        hasReceivedConfigure = true
    }

    /// The serial to acknowledge now, if any; afterwards nothing is pending.
    package mutating func takeSerialToAcknowledge() -> UInt32? {
        guard let serial = pendingSerial else { return nil }
        pendingSerial = nil
        lastAcknowledged = serial
        return serial
    }

    /// True once a configure has been acknowledged: the surface may now
    /// commit buffers.
    package var isConfigured: Bool { lastAcknowledged != nil }
}
