import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a connection to the compositor could not be made or was lost.
///
/// Once a connection has failed it stays failed: every later call on the
/// `Connection` throws the same error, so a caller several layers up sees the
/// first cause, not a follow-on symptom.
package enum ConnectionError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Nothing accepted a connection at the place the search resolved to.
    case noCompositor(CompositorSearch)
    /// The compositor sent `wl_display.error` — a fatal protocol error caused
    /// by one of our requests — and closed the connection. `interface` and
    /// `objectID` name the object the error is about ("?" and 0 when the
    /// object was already destroyed on our side); `code` is that interface's
    /// error enum value; `message` is the compositor's text.
    case protocolError(interface: String, objectID: UInt32, code: UInt32, message: String)
    /// The connection broke without a protocol error (the compositor exited or
    /// closed the socket); `errno` is libwayland's reason (EPIPE, ECONNRESET…).
    case disconnected(errno: Int32)
    /// A bounded wait ended before what it waited for happened.
    case timedOut(waitingFor: String, seconds: Double)

    package var description: String {
        switch self {
        case let .noCompositor(search):
            return search.description
        case let .protocolError(interface, objectID, code, message):
            let object = objectID == 0 ? "an already destroyed object" : "\(interface)@\(objectID)"
            let text = message.isEmpty ? "" : ": \(message)"
            return "the compositor reported protocol error \(code) on \(object) (interface \(interface))\(text); it closed the connection"
        case let .disconnected(code):
            return "the compositor closed the connection (\(String(cString: strerror(code))))"
        case let .timedOut(what, seconds):
            return "timed out after \(String(format: "%.1f", seconds)) s waiting for \(what)"
        }
    }

    package var errorDescription: String? { description }
}
