import DioramaModel
import DioramaPOSIX
import DioramaSimulatorHarness
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

@testable import DioramaSimulator

/// A script that floods the control socket must not kill the client it is
/// testing: the endpoint holds back a request's answer (and the next
/// request) while a client still has a socket full of unread events.
@Suite(.ownThreads(longChain: .seconds(11))) struct ControlBackpressureTests {
    /// 2,000 `move` requests written back to back on one connection (all
    /// sent before reading the answers), each moving foot between the 1×
    /// and the 2× display: every move queues a leave and an enter for each of
    /// foot's surfaces. Without backpressure libwayland's buffer for foot
    /// fills within the run and foot is disconnected ("failed to flush
    /// wayland socket").
    @Test(.timeLimit(.minutes(10)))
    func twoThousandPipelinedMovesLeaveFootConnected() throws {
        let setup = try FootUnderControl()
        defer { setup.stop() }
        let (background, server, process) = (setup.background, setup.server, setup.foot)

        let moves = 2000
        let answers = try PipelinedControlClient.exchange(path: server.path, lines: setup.moves(moves), timeout: .seconds(120))

        #expect(answers.count == moves, "every request is answered")
        let failures = answers.filter { !$0.contains(#""ok":true"#) }
        #expect(failures.isEmpty, "every move succeeds; the first failures: \(failures.prefix(3))")
        // foot reads promptly: it may make requests wait, but never for the whole 2 s.
        let warnings = answers.filter { $0.contains(#""warning""#) }
        #expect(warnings.isEmpty, "no answer gave up waiting for foot: \(warnings.prefix(1))")
        #expect(process.isRunning, "foot after the flood: \(process.state); stderr: \(process.standardError.suffix(2000))")
        let disconnects = try background.perform { simulator in
            simulator.trace.records(after: 0).filter { if case .clientDisconnected = $0.event { true } else { false } }.count
        }
        #expect(disconnects == 0, "no client was disconnected; foot's stderr: \(process.standardError.suffix(2000))")
        // Still connected and still listening: one more move is followed by an enter at DP-1.
        let final = try PipelinedControlClient.exchange(path: server.path, lines: setup.moves(1, first: "DP-1"), timeout: .seconds(10))
        #expect(final.first?.contains(#""ok":true"#) == true, "the last move: \(final)")
        let window = setup.window
        try background.wait(
            until: { simulator in
                simulator.windows.first { $0.id == window }?.enteredDisplayNames == ["DP-1"]
            }, timeout: .seconds(10), "foot's window to be on DP-1 only")
    }

    /// A client that reads nothing (foot, stopped with SIGSTOP) holds the
    /// flood back once, for at most `backlogPatience`; that answer is still
    /// ok and carries a warning naming the client, and the requests after it
    /// no longer wait for it.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatStopsReadingIsWaitedForOnceAndNamedInAWarning() throws {
        let setup = try FootUnderControl()
        defer { setup.stop() }
        setup.foot.send(SIGSTOP)
        defer { setup.foot.send(SIGCONT) }

        let answers = try PipelinedControlClient.exchange(path: setup.server.path, lines: setup.moves(400), timeout: .seconds(60))

        let warned = try #require(answers.firstIndex { $0.contains(#""warning""#) }, "an answer says foot is not reading")
        #expect(answers[warned].contains(#""ok":true"#), "the request was carried out: \(answers[warned])")
        #expect(answers[warned].contains("(pid \(setup.foot.processIdentifier)) has"), "the warning names foot: \(answers[warned])")
        #expect(answers[..<warned].allSatisfy { $0.contains(#""ok":true"#) })
        #expect(answers.filter { $0.contains(#""warning""#) }.count == 1, "later requests did not wait for foot again")
    }
}

/// The real foot under a simulator running on its own thread, with the
/// simulator's control endpoint open: the setup `diorama sim` gives a script.
private struct FootUnderControl {
    let background: BackgroundSimulator
    let server: ControlServer
    let foot: ChildProcess
    /// foot's window id.
    let window: UInt32

    /// Starts the simulator (studio: DP-1 1×, DP-2 2×) and foot, and waits
    /// until foot's window is mapped with a buffer.
    init() throws {
        let program = ThirdPartyClient.foot
        try #require(
            FileManager.default.isExecutableFile(atPath: program.executable),
            "\(program.executable) is missing; install it with: apt-get install \(program.package)")
        let layout = try DisplayLayout.load(contentsOf: Simulator.Harness.configsDirectory + "/studio.json")
        background = try BackgroundSimulator { SimulatorConfiguration(layout: layout, clock: MonotonicClock()) }
        do {
            server = try background.perform { try ControlServer(simulator: $0) }
        } catch {
            background.stop()
            throw error
        }
        do {
            foot = try ChildProcess(
                URL(fileURLWithPath: program.executable), arguments: program.arguments,
                environment: ChildProcess.minimalEnvironment(background.clientEnvironment.merging(["TERM": "xterm-256color"]) { _, new in new }))
        } catch {
            server.stop()
            background.stop()
            throw error
        }
        let pid = foot.processIdentifier
        do {
            try background.wait(
                until: { simulator in
                    simulator.windows.contains { $0.pid == pid && $0.isMapped && $0.lastCommit?.bufferSize != nil }
                }, timeout: .seconds(60), "foot to map")
            window = try background.perform { simulator in simulator.windows.first { $0.pid == pid }!.id }
        } catch {
            stopAll(foot: foot, server: server, background: background)
            throw error
        }
    }

    /// `count` move request lines for foot's window, alternating between the
    /// two displays starting with `first`.
    func moves(_ count: Int, first: String = "DP-2") -> [String] {
        let other = first == "DP-2" ? "DP-1" : "DP-2"
        return (0..<count).map { move in
            #"{"command":"move","window":"id:\#(window)","display":"\#(move % 2 == 0 ? first : other)"}"#
        }
    }

    func stop() { stopAll(foot: foot, server: server, background: background) }
}

private func stopAll(foot: ChildProcess, server: ControlServer, background: BackgroundSimulator) {
    foot.send(SIGCONT)
    foot.send(SIGTERM)
    _ = try? foot.waitForExit(timeout: 5)
    server.stop()
    background.stop()
}

/// Writes every request line without waiting, and reads the answers on
/// another thread as they come: a flood, as a careless script makes one.
enum PipelinedControlClient {
    static func exchange(path: String, lines: [String], timeout: Duration) throws -> [String] {
        let descriptor = try UnixSocket.connect(to: path)
        defer { close(descriptor) }
        // Bounded: a receive timeout ends the reader if answers stop coming.
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        // The reader owns a duplicate of the descriptor, and closes it.
        let reader = AnswerReader(socket: ControlLineSocket(descriptor: dup(descriptor)), expected: lines.count)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            reader.readAll()
            finished.signal()
        }
        thread.start()
        let bytes = Array(lines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { break }
            offset += written
        }
        finished.wait()
        return reader.answers
    }

    /// Reads up to `expected` lines; stops early at end of stream or a read timeout.
    private final class AnswerReader: @unchecked Sendable {
        let socket: ControlLineSocket
        let expected: Int
        var answers: [String] = []

        init(socket: ControlLineSocket, expected: Int) {
            self.socket = socket
            self.expected = expected
        }

        func readAll() {
            while answers.count < expected, let line = try? socket.readLine() { answers.append(line) }
            socket.close()
        }
    }
}
