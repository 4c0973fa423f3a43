/// Why a harness step failed.
public enum HarnessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The client was disconnected with a protocol error it did not expect.
    case protocolError(ClientProtocolError)
    /// The client lost its connection for another reason (errno).
    case connectionLost(errno: Int32)
    /// A roundtrip did not complete within its iteration budget.
    case roundtripIncomplete
    /// A condition did not become true before the timeout.
    case timedOut(String)
    /// The compositor does not advertise a global the test needs.
    case missingGlobal(String)
    /// The client could not connect to the simulator's socket.
    case connectFailed(String)

    public var description: String {
        switch self {
        case .protocolError(let error): "the client was disconnected with a protocol error: \(error)"
        case .connectionLost(let code): "the client's connection failed (errno \(code))"
        case .roundtripIncomplete: "the roundtrip did not complete; the simulator or client stopped answering"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .missingGlobal(let interface): "the compositor has no \(interface) global"
        case .connectFailed(let reason): "cannot connect to the simulator: \(reason)"
        }
    }
}

/// A protocol error as the client saw it (`wl_display_get_protocol_error`).
public struct ClientProtocolError: Hashable, Sendable, CustomStringConvertible {
    /// The interface of the object the error was sent on (`xdg_surface`).
    public var interface: String
    /// The error code, from the interface's `error` enum.
    public var code: UInt32
    /// The id of the object the error was sent on.
    public var objectID: UInt32

    public var description: String { "\(interface)@\(objectID) error \(code)" }
}
