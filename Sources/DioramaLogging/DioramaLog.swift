import DioramaModel
import Logging

/// Loggers for Diorama's libraries (client core, scene runtime, simulator,
/// fuzzers). Libraries never write to stderr themselves: they log through
/// swift-log, and the program decides where the lines go by bootstrapping
/// `LoggingSystem` — the CLI with ``PlainLogHandler`` (the lines it has
/// always printed), an app with any handler it likes.
///
/// An app that bootstraps nothing still sees the runtime's warnings
/// ("warning: the compositor sent no configure within 5 s …") on stderr, in
/// the same words as before: while the logging system holds swift-log's
/// default handler, these loggers use ``PlainLogHandler`` instead of its
/// timestamped format.
package enum DioramaLog {
    /// A logger labelled `label` (`diorama.runtime`, `diorama.simulator`, …).
    package static func logger(_ label: String) -> Logger {
        let bootstrapped = Logger(label: label)
        guard bootstrapped.handler is StreamLogHandler else { return bootstrapped }
        return Logger(label: label, factory: PlainLogHandler.init)
    }
}

/// Writes each message as one plain line on stderr, as a command-line tool
/// does: `warning: …` and `error: …` for those levels, the bare message for
/// notice and below. Metadata is not printed. Shows `.info` and above.
package struct PlainLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    package init(label: String) {
        self.init(label: label) { DescriptorWriter.reportToStandardError($0) }
    }

    /// A handler that hands each finished line to `write` instead (tests).
    package init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        write(Self.line(level: event.level, message: "\(event.message)"))
    }

    /// The line printed for a message at `level`.
    package static func line(level: Logger.Level, message: String) -> String {
        switch level {
        case .trace, .debug, .info, .notice: return message
        case .warning: return "warning: " + message
        case .error, .critical: return "error: " + message
        }
    }
}
