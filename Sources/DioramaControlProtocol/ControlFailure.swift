/// Why a control request was not carried out, as the endpoint answers it.
///
/// The kind decides `diorama ctl`'s exit status: a request the endpoint
/// could not understand is bad usage (2); a well-formed request the
/// simulator could not carry out (an unknown window, an overlapping layout,
/// a timeout) is a failed operation (1), and so is an endpoint too busy to
/// take another connection.
public enum ControlFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Malformed JSON, an unknown command, a missing or invalid field.
    case badRequest(String)
    /// The simulator refused or could not finish the operation.
    case failed(String)
    /// The endpoint already serves as many connections as it may; the
    /// connection is closed after this answer. Try again later.
    case busy(String)

    /// The `kind` field on the wire.
    public var kind: String {
        switch self {
        case .badRequest: "bad_request"
        case .failed: "failed"
        case .busy: "busy"
        }
    }

    /// What went wrong and what to do, as the `error` field carries it.
    public var message: String {
        switch self {
        case .badRequest(let message), .failed(let message), .busy(let message): message
        }
    }

    public var description: String { message }

    init(kind: String, message: String) {
        switch kind {
        case "bad_request": self = .badRequest(message)
        case "busy": self = .busy(message)
        default: self = .failed(message)
        }
    }
}
