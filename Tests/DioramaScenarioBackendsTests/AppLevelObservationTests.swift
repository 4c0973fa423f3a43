import DioramaModel
import DioramaScenarios
import Foundation
import Testing

@testable import DioramaScenarioBackends

/// Trace → observation on recorded runtime traces (the JSON lines the runtime writes).
@Suite("App-level observation from the runtime trace")
struct AppLevelObservationTests {
    static let scene = "S1"

    static func log(_ lines: [String]) throws -> RuntimeTraceLog {
        var log = RuntimeTraceLog(file: URL(fileURLWithPath: "/recorded.jsonl"), entries: [])
        try log.append(Data((lines.joined(separator: "\n") + "\n").utf8))
        return log
    }

    static func geometry(_ width: Int, _ height: Int, resizing: Bool, t: Int) -> String {
        #"{"v":2,"t_ns":\#(t),"type":"geometry","scene":"S1","bounds":[\#(width),\#(height)],"orientation":"landscapeRight","interactively_resizing":\#(resizing),"orientation_locked":false,"below_minimum_size":false}"#
    }

    static func drawable(_ width: Int, _ height: Int, t: Int) -> String {
        #"{"v":2,"t_ns":\#(t),"type":"drawable_size","scene":"S1","size":[\#(width),\#(height)],"contents_scale":2}"#
    }

    static let connected =
        #"{"v":2,"t_ns":1,"type":"session_connected","scene":"S1","configuration":"Default","role":"UIWindowSceneSessionRoleApplication","restored":false}"#
    static let traits =
        #"{"v":2,"t_ns":2,"type":"traits","scene":"S1","changed":["displayScale"],"display_scale":2,"horizontal_size_class":"regular","vertical_size_class":"compact","active_appearance":"active","user_interface_style":"light"}"#
    static let traitHandlerCalled =
        #"{"v":2,"t_ns":2,"type":"trait_handler_called","scene":"S1","changed":["displayScale"],"previous_display_scale":1}"#
    static let screen = #"{"v":2,"t_ns":3,"type":"screen","scene":"S1","screen":"DP-2","scale":2}"#
    static let active = #"{"v":2,"t_ns":4,"type":"lifecycle","scene":"S1","event":"didBecomeActive","state":"foregroundActive"}"#

    /// Settling on a real compositor waits for a declared window's first
    /// frame: the trace followed from a real file says so only once the
    /// scene's `commit` record is written; commits never count as records.
    @Test("a scene is pending until its trace holds a commit of its own")
    func aSceneIsPendingUntilItsCommitIsWritten() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-committed-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((Self.connected + "\n" + Self.screen + "\n").utf8).write(to: file)
        let traces = RuntimeTraces()
        traces.follow(file)
        let before = traces.settleLook(file.path, scene: Self.scene, window: "main")
        #expect(before.records == 2)
        #expect(before.pending == "`main` has not drawn its first frame")
        let otherScene =
            #"{"v":2,"t_ns":5,"type":"commit","scene":"S2","buffer":[800,600],"buffer_scale":2,"viewport":null,"logical":[400,300],"scale":2,"scale120":240}"#
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((otherScene + "\n").utf8))
        #expect(traces.settleLook(file.path, scene: Self.scene, window: "main").pending != nil, "another scene's frame")
        try handle.write(contentsOf: Data((otherScene.replacingOccurrences(of: "\"S2\"", with: "\"S1\"") + "\n").utf8))
        let after = traces.settleLook(file.path, scene: Self.scene, window: "main")
        #expect(after.pending == nil)
        #expect(after.records == 2, "a commit is not a record settling waits on")
        #expect(traces.log(file.path)?.entries.count == 4, "every line was read")
    }

    /// A scene in the foreground whose drawable changed (a move to another
    /// scale) is pending until it commits a frame after the change: under
    /// load Mesa's software GL can take longer to draw it than the quiet
    /// period lasts. In the background nothing is drawn, so nothing is waited for.
    @Test("a foreground scene is pending from a drawable change to its next commit; a background one is not")
    func aDrawableChangeIsPendingUntilTheNextCommit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-redrawn-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let commit =
            #"{"v":2,"t_ns":5,"type":"commit","scene":"S1","buffer":[800,600],"buffer_scale":1,"viewport":null,"logical":[800,600],"scale":1,"scale120":120}"#
        try Data(([Self.connected, Self.active, commit].joined(separator: "\n") + "\n").utf8).write(to: file)
        let traces = RuntimeTraces()
        traces.follow(file)
        #expect(traces.settleLook(file.path, scene: Self.scene, window: "main").pending == nil)

        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        func append(_ line: String) throws {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((line + "\n").utf8))
        }
        try append(Self.drawable(1600, 1200, t: 6))
        let moved = traces.settleLook(file.path, scene: Self.scene, window: "main")
        #expect(moved.pending == "`main` has not drawn a frame since its drawable became 1600x1200")
        try append(commit.replacingOccurrences(of: "[800,600],\"buffer_scale\":1", with: "[1600,1200],\"buffer_scale\":2"))
        let redrawn = traces.settleLook(file.path, scene: Self.scene, window: "main")
        #expect(redrawn.pending == nil)
        #expect(redrawn.records == moved.records, "a commit is not a record settling waits on")

        try append(#"{"v":2,"t_ns":8,"type":"lifecycle","scene":"S1","event":"didEnterBackground","state":"background"}"#)
        try append(Self.drawable(800, 600, t: 9))
        #expect(traces.settleLook(file.path, scene: Self.scene, window: "main").pending == nil, "a background scene draws nothing")
    }

    /// Mutter turns every monitor on for a moment when one is plugged:
    /// TimerApp makes an external scene for a monitor gone 30 ms later, with
    /// the title of the plugged display's scene. A window declared by that
    /// title is the connected scene, and the disconnected one, which never
    /// draws, is not waited for.
    @Test("a window is bound to a connected scene before a disconnected one of its title, and a disconnected scene is settled")
    func aDisconnectedSceneIsBoundLastAndSettled() throws {
        func toplevel(_ scene: String, t: Int) -> String {
            #"{"v":2,"t_ns":\#(t),"type":"toplevel","scene":"\#(scene)","surface":\#(t),"app_id":"org.diorama.TimerApp","title":"Timer","fullscreen_on":null}"#
        }
        let gone = #"{"v":2,"t_ns":4,"type":"lifecycle","scene":"GONE","event":"didDisconnect","state":"unattached"}"#
        let log = try Self.log([toplevel("GONE", t: 1), toplevel("TV", t: 2), gone])
        #expect(RuntimeTraces.scene(in: log, appID: nil, title: "Timer", declaration: nil, excluding: []) == "TV")
        #expect(
            RuntimeTraces.scene(in: log, appID: nil, title: "Timer", declaration: nil, excluding: ["TV"]) == "GONE",
            "with no connected scene left, the disconnected one is still found")
        let back = #"{"v":2,"t_ns":5,"type":"lifecycle","scene":"GONE","event":"willEnterForeground","state":"foregroundInactive"}"#
        let reconnected = try Self.log([toplevel("GONE", t: 1), toplevel("TV", t: 2), gone, back])
        #expect(
            RuntimeTraces.scene(in: reconnected, appID: nil, title: "Timer", declaration: nil, excluding: []) == "GONE",
            "a scene connected again counts as connected")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-gone-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(([toplevel("GONE", t: 1)].joined(separator: "\n") + "\n").utf8).write(to: file)
        let traces = RuntimeTraces()
        traces.follow(file)
        #expect(traces.settleLook(file.path, scene: "GONE", window: "tv").pending == "`tv` has not drawn its first frame")
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((gone + "\n").utf8))
        #expect(traces.settleLook(file.path, scene: "GONE", window: "tv").pending == nil, "a disconnected scene never draws")
    }

    func observe(_ log: RuntimeTraceLog, since index: Int) -> WindowObservation {
        var observation = WindowObservation(unavailableBecause: "test")
        AppLevelObservation.fill(&observation, from: log, scene: Self.scene, stepStartIndex: index)
        return observation
    }

    @Test("the latest record of each kind gives the facts")
    func latestFacts() throws {
        let log = try Self.log([
            Self.connected, Self.traits, Self.screen, Self.active,
            Self.geometry(800, 600, resizing: false, t: 5), Self.drawable(1600, 1200, t: 6),
        ])
        let observation = observe(log, since: 0)
        #expect(observation.screen == .value("DP-2"))
        #expect(observation.displayScale == .value(2))
        #expect(observation.verticalSizeClass == .value(.compact))
        #expect(observation.bounds == .value(Size(width: 800, height: 600)))
        #expect(observation.drawableSize == .value(Size(width: 1600, height: 1200)))
        #expect(observation.activationState == .value(.foregroundActive))
        #expect(observation.role == .value(.windowApplication))
        #expect(observation.isDisconnected == .value(false))
        #expect(observation.isRestored == .value(false))
    }

    static func renderer(_ name: String, presentation: String? = nil, fallbackReason: String? = nil, t: Int) -> String {
        let reason = fallbackReason.map { "\"\($0)\"" } ?? "null"
        let presented = presentation.map { #","presentation":"\#($0)""# } ?? ""
        return #"{"v":2,"t_ns":\#(t),"type":"renderer","scene":"S1","renderer":"\#(name)"\#(presented),"fallback_reason":\#(reason)}"#
    }

    @Test("the renderer is the latest renderer record's; none yet (no frame drawn) is unavailable, not a guess")
    func renderer() throws {
        #expect(observe(try Self.log([Self.connected]), since: 0).renderer.value == nil)
        let switched = try Self.log([Self.connected, Self.renderer("openGLES", t: 2), Self.renderer("software", t: 3)])
        #expect(observe(switched, since: 0).renderer == .value(.software))
        let fellBack = try Self.log([Self.connected, Self.renderer("software", fallbackReason: "eglInitialize failed", t: 2)])
        #expect(observe(fellBack, since: 0).renderer == .value(.software))
        // A relaunch starts over: the new process has drawn nothing yet.
        let relaunched = try Self.log([Self.connected, Self.renderer("openGLES", t: 2), Self.connected])
        #expect(observe(relaunched, since: 0).renderer.value == nil)
    }

    @Test("the GL presentation is the latest renderer record's: nil for software, unavailable when a GL record names none or an unknown one")
    func glesPresentation() throws {
        let presented = try Self.log([
            Self.connected, Self.renderer("openGLES", presentation: "windowSurface", t: 2),
            Self.renderer("openGLES", presentation: "sharedMemory", t: 3),
        ])
        #expect(observe(presented, since: 0).glesPresentation == .value(.sharedMemory))
        let software = try Self.log([Self.connected, Self.renderer("openGLES", presentation: "sharedMemory", t: 2), Self.renderer("software", t: 3)])
        #expect(observe(software, since: 0).glesPresentation == .value(nil))
        #expect(observe(try Self.log([Self.connected, Self.renderer("openGLES", t: 2)]), since: 0).glesPresentation.value == nil)
        let unknown = try Self.log([Self.connected, Self.renderer("openGLES", presentation: "dmabuf", t: 2)])
        #expect(observe(unknown, since: 0).glesPresentation == .unavailable("the trace names an unknown presentation `dmabuf`"))
        #expect(observe(try Self.log([Self.connected]), since: 0).glesPresentation.value == nil)
    }

    @Test("one drawable change after the resize ended passes `after the resize ended`")
    func drawableAfterResizeEnded() throws {
        let before = [Self.connected, Self.geometry(800, 600, resizing: false, t: 2), Self.drawable(1600, 1200, t: 3)]
        let resize =
            (0..<4).map { Self.geometry(850 + $0 * 50, 600, resizing: true, t: 10 + $0) }
            + [Self.geometry(1000, 600, resizing: false, t: 20), Self.drawable(2000, 1200, t: 21)]
        let log = try Self.log(before + resize)
        let observation = observe(log, since: before.count)
        let callbacks = try #require(observation.callbacks.value)
        #expect(callbacks[.drawableSizeWillChange] == CallbackObservation(count: 1, duringInteractiveResize: 0))
        #expect(callbacks[.didUpdateEffectiveGeometry] == CallbackObservation(count: 5, duringInteractiveResize: 4))
        let clause = ClauseKind.callbackFired(.drawableSizeWillChange, Comparison(.equal, 1), afterResizeEnded: true)
        #expect(ExpectationEvaluator.evaluate(clause, against: observation).isPassed)
    }

    @Test("a drawable change during the resize fails `after the resize ended`")
    func drawableDuringResize() throws {
        let log = try Self.log([
            Self.connected, Self.geometry(800, 600, resizing: true, t: 2), Self.drawable(1700, 1200, t: 3),
            Self.geometry(900, 600, resizing: false, t: 4),
        ])
        let observation = observe(log, since: 1)
        let callbacks = try #require(observation.callbacks.value)
        #expect(callbacks[.drawableSizeWillChange] == CallbackObservation(count: 1, duringInteractiveResize: 1))
        let clause = ClauseKind.callbackFired(.drawableSizeWillChange, Comparison(.equal, 1), afterResizeEnded: true)
        #expect(ExpectationEvaluator.evaluate(clause, against: observation).isFailed)
    }

    @Test("records before the step are not counted")
    func countsStartAtTheStep() throws {
        let log = try Self.log([
            Self.connected, Self.traits, Self.traitHandlerCalled, Self.traits, Self.traitHandlerCalled, Self.screen,
        ])
        let callbacks = try #require(observe(log, since: 3).callbacks.value)
        #expect(callbacks[.traitsDidChange]?.count == 1)
        #expect(callbacks[.screenDidChange]?.count == 1)
        #expect(callbacks[.willConnectTo] == nil)
    }

    @Test("traitsDidChange counts handler calls, not traits records")
    func traitsDidChangeCountsHandlerCalls() throws {
        // The first collection (and any change no handler registered for) is a
        // traits record without a handler call.
        let unhandled = try #require(observe(try Self.log([Self.connected, Self.traits, Self.traits]), since: 0).callbacks.value)
        #expect(unhandled[.traitsDidChange] == nil)
        let twoHandlers = try Self.log([Self.connected, Self.traits, Self.traitHandlerCalled, Self.traitHandlerCalled])
        #expect(try #require(observe(twoHandlers, since: 0).callbacks.value)[.traitsDidChange]?.count == 2)
    }

    @Test("disconnect and a restored reconnection")
    func disconnectAndRestore() throws {
        let gone = #"{"v":2,"t_ns":9,"type":"lifecycle","scene":"S1","event":"didDisconnect","state":"unattached"}"#
        let disconnected = observe(try Self.log([Self.connected, Self.active, gone]), since: 0)
        #expect(disconnected.isDisconnected == .value(true))
        #expect(disconnected.activationState == .value(.unattached))

        let restored =
            #"{"v":2,"t_ns":1,"type":"session_connected","scene":"S1","configuration":"Default","role":"UIWindowSceneSessionRoleApplication","restored":true}"#
        let again = observe(try Self.log([restored]), since: 0)
        #expect(again.isRestored == .value(true))
        #expect(again.isDisconnected == .value(false))
    }

    @Test("a scene the trace does not know leaves every app fact unavailable, with the reason")
    func unknownScene() throws {
        let log = try Self.log([Self.connected])
        var observation = WindowObservation(unavailableBecause: "test")
        AppLevelObservation.fill(&observation, from: log, scene: "other", stepStartIndex: 0)
        guard case .unavailable(let reason) = observation.screen else {
            Issue.record("expected unavailable, got \(observation.screen)")
            return
        }
        #expect(reason.contains("no scene other"))
    }

    @Test("a trace of another format version leaves the app facts unavailable, naming the file, line and version")
    func traceOfAnotherVersion() throws {
        var log = RuntimeTraceLog(file: URL(fileURLWithPath: "/recorded.jsonl"), entries: [])
        let newer = Self.connected.replacingOccurrences(of: #"{"v":2,"#, with: #"{"v":3,"#)
        try log.append(Data((newer + "\n").utf8), strictness: .tolerant)
        guard case .unavailable(let reason) = observe(log, since: 0).screen else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("/recorded.jsonl:1: trace written by a newer Diorama (format v3)"), "\(reason)")
    }

    @Test("a tolerant read skips a bad line and keeps the rest")
    func tolerantRead() throws {
        var log = RuntimeTraceLog(file: URL(fileURLWithPath: "/recorded.jsonl"), entries: [])
        let consumed = try log.append(
            Data((Self.connected + "\nnot json\n" + Self.screen + "\n{\"v\":2,\"type\":\"partial").utf8),
            strictness: .tolerant)
        #expect(log.entries.map(\.kind) == ["session_connected", "screen"])
        #expect(log.problems.map(\.line) == [2])
        #expect(consumed == Self.connected.utf8.count + 10 + Self.screen.utf8.count + 1)
        #expect(throws: TraceFormatError.self) {
            var strict = RuntimeTraceLog(file: URL(fileURLWithPath: "/x"), entries: [])
            try strict.append(Data("not json\n".utf8))
        }
    }
}
