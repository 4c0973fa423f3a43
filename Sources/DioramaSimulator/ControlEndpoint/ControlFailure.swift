/// Why a control request was not carried out, as the endpoint answers it.
///
/// The kind decides `diorama ctl`'s exit status: a request the endpoint
/// could not understand is bad usage (2); a well-formed request the
/// simulator could not carry out (an unknown window, an overlapping layout,
/// a timeout) is a failed operation (1).
public enum ControlFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Malformed JSON, an unknown command, a missing or invalid field.
    case badRequest(String)
    /// The simulator refused or could not finish the operation.
    case failed(String)

    /// The `kind` field on the wire.
    public var kind: String {
        switch self {
        case .badRequest: "bad_request"
        case .failed: "failed"
        }
    }

    public var message: String {
        switch self {
        case .badRequest(let message), .failed(let message): message
        }
    }

    public var description: String { message }

    init(kind: String, message: String) {
        self = kind == "bad_request" ? .badRequest(message) : .failed(message)
    }
}
