import DioramaControlClient
import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import Glibc
import Testing

/// The control endpoint in-process: a harness simulator serves it, and the
/// requests come from ControlClients on other threads while the test thread
/// pumps the simulator (as its event loop would).
@Suite final class ControlEndpointTests {
    let harness: Simulator.Harness
    let client: WindowingClient
    let server: ControlServer

    init() throws {
        harness = try Simulator.Harness(layout: TestLayouts.dual)
        client = try WindowingClient(harness: harness)
        server = try ControlServer(simulator: harness.simulator)
    }

    deinit { server.stop() }

    /// Holds what a client thread got, for the pumping test thread.
    final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<Value, any Error>?
        var value: Result<Value, any Error>? {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }

    /// Runs `body` on another thread and pumps the simulator until it is done.
    func onClientThread<Value: Sendable>(_ body: @escaping @Sendable (ControlClient) throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let path = server.path
        Thread { outcome.value = Result { try body(ControlClient(path: path)) } }.start()
        try harness.run(until: { outcome.value != nil }, timeout: .seconds(10), "the control request")
        return try outcome.value!.get()
    }

    func send(_ request: ControlRequest) throws -> ControlResponse {
        try onClientThread { try $0.send(request) }
    }

    @Test func socketIsForItsUserOnlyAndNamedAfterTheWaylandSocket() throws {
        #expect(server.path == harness.simulator.socketPath! + ".control")
        var info = stat()
        #expect(stat(server.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        server.stop()
        #expect(stat(server.path, &info) != 0, "stop removes the socket file")
    }

    @Test func listsWindowsWithTheirScaleAndState() throws {
        try mapWindow(client, in: harness, appID: "org.example.one", size: (400, 300), scale: 1)
        try harness.simulator.moveWindow(.appID("org.example.one"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        let windows = try #require(try send(.listWindows).windows)
        let window = try #require(windows.first)
        #expect(windows.count == 1)
        #expect(window.appID == "org.example.one")
        #expect(window.displays == ["DP-2"])
        #expect(window.bufferWidth == 400 && window.bufferScale == 1)
        #expect(window.preferredScale == 2 && window.preferredScale120 == 240)
        #expect(window.states == ["activated"])
        #expect(window.mapped && !window.minimized)
        #expect(window.width == 400 && window.height == 300)

        let displays = try #require(try send(.listDisplays).displays)
        #expect(displays.map(\.name) == ["DP-1", "DP-2"])
        #expect(displays.map(\.outputScale) == [1, 2])
        #expect(displays.map(\.isDefault) == [true, false])
    }

    @Test func unknownAndAmbiguousWindowsFailWithTheListOfWindows() throws {
        try mapWindow(client, in: harness, appID: "same")
        try mapWindow(client, in: harness, appID: "same")
        let unknown = try send(.focusWindow(.appID("other")))
        #expect(unknown.failure == .failed("no window matches app_id:other; the windows are: id:1 app_id:same title:; id:2 app_id:same title:"))
        let ambiguous = try send(.closeWindow(.appID("same")))
        #expect(ambiguous.failure?.message.hasPrefix("app_id:same matches windows 1, 2; select one by id") == true)
        let layout = try send(.moveDisplay("DP-2", Point(x: 100, y: 0)))
        #expect(layout.kind == "failed")
        #expect(layout.error?.contains("overlaps") == true)
    }

    /// A name too long for a wl_output event once disconnected every client
    /// that bound the output; control and bidi characters got through too.
    @Test func plugRefusesNamesThatCannotTravelOrPrintAndClientsStillBindOutputs() throws {
        let path = server.path
        let plug = { (field: String, value: String) in
            let name = field == "display" ? value : "HDMI-A-1"
            return #"{"command":"plug","width":800,"height":600,"x":5000,"y":0,"display":""# + name + "\""
                + (field == "display" ? "" : ",\"\(field)\":\"\(value)\"") + "}"
        }
        let requests = [
            plug("display", String(repeating: "x", count: 5000)),
            plug("display", "HDMI\\nA-1"),
            plug("display", "HDMI\\u0000"),
            plug("display", "1-A-IMDH\\u202E"),
            plug("make", String(repeating: "m", count: 64)),
            plug("model", "Panel\\u2066"),
        ]
        let lines = try onClientThread { _ in try Self.rawExchange(path: path, lines: requests) }
        let responses = try lines.map { try JSONDecoder().decode(ControlResponse.self, from: Data($0.utf8)) }
        #expect(responses.count == requests.count)
        #expect(responses.allSatisfy { $0.kind == "failed" })
        #expect(responses.first?.error?.contains("display \"#3\", field \"name\": the name is 5000 bytes long; use at most 63") == true)
        #expect(responses.dropFirst().first?.error?.contains("character 5 of the name is U+000A") == true)
        #expect(responses.dropFirst(2).first?.error?.contains("U+0000") == true)
        #expect(responses.dropFirst(3).first?.error?.contains("U+202E") == true)
        #expect(responses.dropFirst(4).first?.error?.contains("field \"make\": the make is 64 bytes long") == true)
        #expect(responses.dropFirst(5).first?.error?.contains("field \"model\"") == true)
        #expect(harness.simulator.displays.map(\.name) == ["DP-1", "DP-2"])

        // A new client binds every output and stays connected.
        let fresh = try WindowingClient(harness: harness)
        #expect(fresh.outputs.outputs.count == 2)
        #expect(fresh.connection.protocolError == nil)
    }

    @Test func malformedRequestsAreBadRequests() throws {
        let path = server.path
        let lines = try onClientThread { _ in
            try Self.rawExchange(
                path: path,
                lines: [
                    "not json", #"{"command":"teleport"}"#, #"{"command":"move","window":"x"}"#,
                    #"{"command":"display_scale","display":"DP-1","scale":1.3333}"#,
                    #"{"command":"tile","window":"x","side":"up"}"#, #"{"command":"tile","window":"x"}"#,
                ])
        }
        let responses = try lines.map { try JSONDecoder().decode(ControlResponse.self, from: Data($0.utf8)) }
        #expect(responses.allSatisfy { $0.kind == "bad_request" })
        #expect(responses[0].error?.contains("not a JSON object") == true)
        #expect(responses[1].error?.contains("unknown command \"teleport\"") == true)
        #expect(responses[2].error == "\"move\" needs \"display\", or \"x\" and \"y\"")
        #expect(responses[3].error?.contains("not a positive multiple of 1/120") == true)
        #expect(responses[4].error == "\"tile\": unknown side \"up\"; use left or right")
        #expect(responses[5].error == "\"tile\" needs \"side\" (left or right), or \"enable\":false to untile")
    }

    /// A batch line is answered by one line with an answer per element, in
    /// order; a bad element is answered in its place and the rest still run.
    @Test func aBatchLineIsAnsweredElementByElementInOrder() throws {
        try mapWindow(client, in: harness, appID: "batched")
        let path = server.path
        let lines = try onClientThread { _ in
            try Self.rawExchange(
                path: path,
                lines: [
                    #"[{"command":"move","window":"batched","display":"DP-2"},{"command":"teleport"},{"command":"trace"},"#
                        + #"{"command":"move","window":"nope","display":"DP-1"},{"command":"windows"}]"#,
                    #"[{"command":"windows"}"#,
                ])
        }
        let answers = try JSONDecoder().decode([ControlResponse].self, from: Data(lines[0].utf8))
        #expect(answers.map(\.ok) == [true, false, false, false, true])
        #expect(answers[1].error?.contains("unknown command \"teleport\"") == true)
        #expect(answers[2].error?.contains("\"trace\" cannot be part of a batch") == true)
        #expect(answers[3].kind == "failed")
        #expect(answers[4].windows?.first?.displays == ["DP-2"], "the move before it was carried out first")
        let malformed = try JSONDecoder().decode(ControlResponse.self, from: Data(lines[1].utf8))
        #expect(malformed.kind == "bad_request")
        #expect(malformed.error?.contains("not a JSON array of control requests") == true)

        let typed = try onClientThread { try $0.send(batch: [.moveWindow(.appID("batched"), .display("DP-1")), .listDisplays]) }
        #expect(typed.map(\.ok) == [true, true])
        #expect(typed[1].displays?.count == 2)
    }

    /// A client that writes many requests without waiting for answers gets
    /// one answer per request, in order, as if it had waited for each: a
    /// failure is answered in its place, and a request sees what the ones
    /// before it changed.
    @Test func pipelinedRequestsAreAnsweredOneByOneInOrder() throws {
        try mapWindow(client, in: harness, appID: "piped")
        let moves: [ControlRequest] = (0..<10).map { .moveWindow(.appID("piped"), .display($0 % 2 == 0 ? "DP-2" : "DP-1")) }
        let requests = moves + [.moveWindow(.appID("nope"), .display("DP-1")), .listDisplays] + moves.prefix(1) + [.listWindows]
        let responses = try onClientThread { try $0.send(pipelined: requests, depth: 4) }
        #expect(responses.count == requests.count)
        #expect(responses.prefix(10).allSatisfy { $0.ok && $0.warning == nil })
        #expect(responses[10].failure?.message.hasPrefix("no window matches app_id:nope") == true)
        #expect(responses[11].displays?.count == 2)
        #expect(responses[12].ok)
        #expect(responses[13].windows?.first?.displays == ["DP-2"], "the move just before it was carried out first")
    }

    /// Lines that arrive together are answered in order, each by its own
    /// line: a malformed line and a batch line in their places, a blank line
    /// not at all. A wait among them does not hold back the answers of the
    /// lines before it: those are written before the wait starts.
    @Test func linesSentTogetherAreAnsweredInOrderAndAWaitDoesNotHoldBackEarlierAnswers() throws {
        let window = try mapWindow(client, in: harness, appID: "together")
        try harness.simulator.resizeWindow(.appID("together"), to: Size(width: 500, height: 400))
        try harness.roundtrip(client.connection)
        let lines = [
            #"{"command":"move","window":"together","display":"DP-2"}"#,
            "",
            "not json",
            #"[{"command":"displays"},{"command":"move","window":"nope","display":"DP-1"}]"#,
            #"{"command":"wait","until":"settled","window":"together","timeout_ms":3600000}"#,
            #"{"command":"windows"}"#,
        ]
        let received = Outcome<[String]>()
        let path = server.path
        Thread {
            var got: [String] = []
            do {
                try Self.pipelinedExchange(path: path, lines: lines, answers: 5) { line in
                    got.append(line)
                    received.value = .success(got)
                }
            } catch {
                received.value = .failure(error)
            }
        }.start()
        func answers() throws -> [String] { try received.value?.get() ?? [] }
        try harness.run(
            until: { (try? answers().count) == 3 && self.harness.simulator.pendingWaiterCount == 1 }, timeout: .seconds(10), "the answers before the wait")
        #expect(try answers().count == 3, "the wait's answer and the one after it are still to come")
        try harness.roundtrip(client.connection)  // the configures the move sent too
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        try harness.run(until: { (try? answers().count) == 5 }, timeout: .seconds(10), "the wait's answer and the last one")
        let all = try answers()
        let decoder = JSONDecoder()
        #expect(try decoder.decode(ControlResponse.self, from: Data(all[0].utf8)).ok)
        #expect(try decoder.decode(ControlResponse.self, from: Data(all[1].utf8)).kind == "bad_request")
        let batch = try decoder.decode([ControlResponse].self, from: Data(all[2].utf8))
        #expect(batch.map(\.ok) == [true, false])
        #expect(try decoder.decode(ControlResponse.self, from: Data(all[3].utf8)).settled == true)
        #expect(try decoder.decode(ControlResponse.self, from: Data(all[4].utf8)).windows?.first?.displays == ["DP-2"])
    }

    /// Writes `lines` in one write, then hands each answer line to `received`
    /// as it arrives, until `answers` came.
    static func pipelinedExchange(path: String, lines: [String], answers: Int, received: (String) -> Void) throws {
        let socket = ControlLineSocket(descriptor: try UnixSocket.connect(to: path))
        try socket.writeLines(lines)
        for _ in 0..<answers {
            guard let line = try socket.readLine() else { throw POSIXError(.ECONNRESET) }
            received(line)
        }
    }

    /// Writes raw lines and reads one response line for each.
    static func rawExchange(path: String, lines: [String]) throws -> [String] {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var received: [String] = []
        var pending = Data()
        for line in lines {
            handle.write(Data((line + "\n").utf8))
            while !pending.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { return received }
                pending.append(chunk)
            }
            let newline = pending.firstIndex(of: UInt8(ascii: "\n"))!
            received.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending = Data(pending[(newline + 1)...])
        }
        return received
    }

    @Test func traceDumpsSinceASequenceAndFollowsNewRecords() throws {
        try mapWindow(client, in: harness, appID: "traced")
        let all = harness.simulator.trace.lastSequence
        let dumped = try onClientThread { client -> [String] in
            var lines: [String] = []
            try client.trace(since: 3, follow: false) {
                lines.append($0); return true
            }
            return lines
        }
        #expect(dumped.count == Int(all) - 3)
        #expect(dumped.first?.hasPrefix(#"{"v":2,"seq":4,"#) == true)

        // Follow: the client stops after the first record that names DP-2.
        let outcome = Outcome<[String]>()
        let path = server.path
        Thread {
            outcome.value = Result {
                var lines: [String] = []
                try ControlClient(path: path).trace(since: all, follow: true) { line in
                    lines.append(line)
                    return !line.contains("\"display\":\"DP-2\"")
                }
                return lines
            }
        }.start()
        try harness.run(until: { true }, timeout: .seconds(1))
        try harness.simulator.moveWindow(.appID("traced"), toDisplay: "DP-2")
        try harness.run(until: { outcome.value != nil }, timeout: .seconds(10), "the followed trace")
        let followed = try outcome.value!.get()
        #expect(followed.first?.contains("\"type\":\"window_moved\"") == true)
        #expect(followed.last?.contains("\"type\":\"enter\"") == true)
    }

    /// A followed trace waits on the simulator (one waiter, no timer), and
    /// the client hanging up ends that wait: a watch on the simulator's event
    /// loop reports it.
    @Test func aFollowedTraceWaitsForRecordsAndEndsWhenTheClientHangsUp() throws {
        let simulator = harness.simulator
        let path = server.path
        let since = simulator.trace.lastSequence
        let follower = Outcome<Int32>()
        Thread {
            follower.value = Result {
                let descriptor = try UnixSocket.connect(to: path)
                let line = #"{"command":"trace","since":\#(since),"follow":true}"# + "\n"
                _ = line.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                return descriptor
            }
        }.start()
        try harness.run(
            until: { simulator.pendingWaiterCount == 1 && follower.value != nil }, timeout: .seconds(10), "the follower's wait")
        close(try follower.value!.get())
        try harness.run(until: { simulator.pendingWaiterCount == 0 }, timeout: .seconds(10), "the hang-up to end the wait")
    }

    @Test func waitSettledTimesOutWhileAConfigureIsUnanswered() throws {
        let window = try mapWindow(client, in: harness, appID: "slow")
        try harness.simulator.resizeWindow(.appID("slow"), to: Size(width: 500, height: 400))
        try harness.roundtrip(client.connection)
        let waiting = try send(.wait(.settled(.appID("slow")), timeoutMilliseconds: 100))
        #expect(waiting.failure?.message.contains("did not settle within 100 ms") == true)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try send(.wait(.settled(.appID("slow")), timeoutMilliseconds: 1000)).settled == true)
    }

    /// A wait registered before the event is answered by the event itself:
    /// the commit that settles the window, then a trace record of a type,
    /// each within the same dispatch (the harness pumps with no timer).
    @Test func waitIsAnsweredByTheCommitThatCompletesIt() throws {
        let window = try mapWindow(client, in: harness, appID: "late")
        try harness.simulator.resizeWindow(.appID("late"), to: Size(width: 500, height: 400))
        try harness.roundtrip(client.connection)
        let since = harness.simulator.trace.lastSequence
        let outcome = Outcome<[ControlResponse]>()
        let path = server.path
        Thread {
            outcome.value = Result {
                let control = try ControlClient(path: path)
                return [
                    try control.send(.wait(.settled(.appID("late")), timeoutMilliseconds: 3_600_000)),
                    try control.send(.wait(.traceRecord(type: "commit", window: .appID("late"), since: since), timeoutMilliseconds: 3_600_000)),
                ]
            }
        }.start()
        try harness.run(until: { self.harness.simulator.pendingWaiterCount == 1 }, timeout: .seconds(10), "the wait to be registered")
        #expect(outcome.value == nil, "nothing answered the wait yet")
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        try harness.run(until: { outcome.value != nil }, timeout: .seconds(10), "the waits' answers")
        let answers = try outcome.value!.get()
        #expect(answers[0].settled == true)
        let commit = try #require(harness.simulator.trace.records(after: since).first { TraceJSON.typeName($0.event) == "commit" })
        #expect(answers[1].lastSequence == commit.sequence)
        #expect(harness.simulator.pendingWaiterCount == 0)
    }

    @Test func waitForATraceRecordFailsNamingItAfterTheTimeout() throws {
        try mapWindow(client, in: harness, appID: "quiet")
        let answer = try send(.wait(.traceRecord(type: "close_sent", window: .appID("quiet"), since: 0), timeoutMilliseconds: 50))
        #expect(answer.failure?.message == "no close_sent record about app_id:quiet after seq 0 within 50 ms")
        #expect(try send(.closeWindow(.appID("quiet"))).ok)
        let closed = try send(.wait(.traceRecord(type: "close_sent", window: nil, since: 0), timeoutMilliseconds: 5000))
        #expect(closed.lastSequence == harness.simulator.trace.records.last { TraceJSON.typeName($0.event) == "close_sent" }?.sequence)
        let unknown = try send(.wait(.settled(.appID("nobody")), timeoutMilliseconds: 5000))
        #expect(unknown.failure?.message.hasPrefix("no window matches app_id:nobody") == true)
    }

    @Test func interactiveResizeAndTypingGoThroughTheEndpoint() throws {
        let window = try mapWindow(client, in: harness, appID: "typed", size: (400, 300))
        window.autoRespond = true
        let before = window.configures.count
        #expect(try send(.resizeWindow(.appID("typed"), Size(width: 700, height: 450), interactiveSteps: 3)).ok)
        try harness.pump()
        let sequence = Array(window.configures.dropFirst(before))
        #expect(sequence.map { [$0.width, $0.height] } == [[500, 350], [600, 400], [700, 450], [700, 450]])
        #expect(sequence.map { $0.has(.resizing) } == [true, true, true, false])
        #expect(try send(.wait(.settled(.appID("typed")), timeoutMilliseconds: 2000)).settled == true)

        #expect(try send(.typeText(.appID("typed"), "Hi!")).ok)
        #expect(harness.simulator.trace.records.contains { $0.event == .keyboardInput(window: 1, keys: "Hi!") })
        #expect(try send(.pressKeys(.appID("typed"), ["Return"])).ok)
        let untypable = try send(.typeText(.appID("typed"), "→"))
        #expect(untypable.failure == .failed("the us keymap cannot type \"→\""))
        let badKey = try send(.pressKeys(.appID("typed"), ["NoSuchKey"]))
        #expect(badKey.kind == "failed" && badKey.error?.contains("NoSuchKey") == true)
    }

    @Test func aStoppedSimulatorAnswersWithAnErrorInsteadOfHanging() throws {
        let remote = harness.simulator.remoteControl
        harness.simulator.shutDown()
        #expect(throws: RemoteControlError.simulatorStopped) { try remote.perform { $0.windows.count } }
    }
}
