import DioramaLogging
import Logging
import Synchronization
import Testing

@Suite("the plain stderr log handler")
struct PlainLogHandlerTests {
    @Test("warnings and errors get the prefix a command-line tool prints; notice and info are the bare message")
    func lines() {
        #expect(PlainLogHandler.line(level: .warning, message: "no configure") == "warning: no configure")
        #expect(PlainLogHandler.line(level: .error, message: "lost it") == "error: lost it")
        #expect(PlainLogHandler.line(level: .critical, message: "gone") == "error: gone")
        #expect(PlainLogHandler.line(level: .notice, message: "wl_display: log") == "wl_display: log")
        #expect(PlainLogHandler.line(level: .info, message: "hello") == "hello")
    }

    @Test("a logger on the handler writes each message once, drops debug by default, and honours a lower level")
    func throughALogger() {
        let written = Mutex<[String]>([])
        var logger = Logger(label: "test") { PlainLogHandler(label: $0) { line in written.withLock { $0.append(line) } } }
        logger.warning("falling back to 1x")
        logger.debug("not shown")
        logger.logLevel = .debug
        logger.debug("shown")
        #expect(written.withLock { $0 } == ["warning: falling back to 1x", "shown"])
    }

    @Test("with nothing bootstrapped, the libraries' loggers use the plain handler, not swift-log's timestamped one")
    func defaultForApps() {
        #expect(DioramaLog.logger("diorama.runtime").handler is PlainLogHandler)
    }
}
