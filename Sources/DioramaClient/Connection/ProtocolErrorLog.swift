import CDioramaClientShim
import DioramaLogging
import DioramaModel
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Recovers the text of `wl_display.error` events.
///
/// Why this exists: libwayland handles `wl_display.error` itself. It records
/// the interface, object id and code (readable later through
/// `wl_display_get_protocol_error`) but passes the compositor's message only to
/// its log function, as "`wl_surface@3: error 0: buffer scale must be …`". So
/// Diorama installs a client log handler once per process, keeps the recent
/// protocol-error lines, and `Connection` picks the one matching its error.
/// Every other log line is written to stderr unchanged, as libwayland's
/// default handler would.
///
/// The log handler is process-wide while connections are many: lines are
/// matched on interface, object id and code and consumed when taken, so two
/// connections failing at once each get their own line in practice.
final class ProtocolErrorLog: Sendable {
    static let shared = ProtocolErrorLog()

    private struct Entry {
        var prefix: String
        var message: String
    }

    private let entries = Mutex<[Entry]>([])
    private static let capacity = 32

    private init() {}

    /// Installs the handler (idempotent: the first call installs it).
    func install() {
        _ = Self.installed
    }

    /// libwayland's own log lines that are not protocol errors, printed as
    /// libwayland wrote them (notice level: no `warning:` prefix added).
    private static let logger = DioramaLog.logger("diorama.client.libwayland")

    private static let installed: Bool = {
        CDioramaClientShim_install_log_handler { line in
            guard let line else { return }
            ProtocolErrorLog.shared.record(String(cString: line))
        }
        return true
    }()

    /// Called with each formatted libwayland log line.
    func record(_ line: String) {
        // "<interface>@<id>: error <code>: <message>" or "[destroyed object]: error <code>: <message>"
        guard let range = line.range(of: ": error ") else {
            Self.logger.notice("\(line)")
            return
        }
        let rest = line[range.upperBound...]
        guard let colon = rest.firstIndex(of: ":") else {
            Self.logger.notice("\(line)")
            return
        }
        let prefix = String(line[..<colon])
        var message = String(rest[rest.index(after: colon)...])
        message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        entries.withLock { entries in
            entries.append(Entry(prefix: prefix, message: message))
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }

    /// The message libwayland logged for this error, removed from the log;
    /// empty when none was seen.
    func takeMessage(interface: String?, objectID: UInt32, code: UInt32) -> String {
        let prefix = interface.map { "\($0)@\(objectID): error \(code)" } ?? "[destroyed object]: error \(code)"
        return entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.prefix == prefix }) else { return "" }
            return entries.remove(at: index).message
        }
    }
}
