import DioramaModel
import DioramaTestSupport
import Foundation
import Testing

@testable import Diorama

/// The trace writer (`RuntimeTrace`) against the documented format, as the
/// strict reader the app tests and scenarios use (`RuntimeTraceLog`) reads it.
@Suite("runtime trace format")
struct RuntimeTraceFormatTests {
    func temporaryTraceFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("diorama-trace-\(UUID().uuidString).jsonl")
    }

    @Test("every event the runtime records reads back, field by field, as its documented kind")
    func everyKindRoundTrips() throws {
        let file = temporaryTraceFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let trace = try RuntimeTrace.fromEnvironment(["DIORAMA_TRACE": file.path])
        let geometry = EffectiveGeometry(
            coordinateSpaceBounds: Rect(x: 0, y: 0, width: 500, height: 480),
            interfaceOrientation: .landscapeLeft, isInteractivelyResizing: true,
            isInterfaceOrientationLocked: false, isBelowMinimumSize: true)
        let traits = TraitCollection(
            sceneSize: Size(width: 500, height: 480), scale: try #require(Scale(1.5)),
            activeAppearance: .active)
        let activity = UserActivity(
            activityType: "org.example.main", title: "Main",
            userInfo: [
                "format": "seconds", "count": 3, "on": true, "ratio": 0.25,
                "blob": .data(Data([0, 1, 254])), "at": .date(Date(timeIntervalSinceReferenceDate: 7.5)),
                "nested": .dictionary(["list": .array(["a \"quoted\"\n line", 1])]),
            ])
        let events: [RuntimeTraceEvent] = [
            .launched(appID: "org.example", stateDirectory: "/state/org.example", sessionsPersisted: false),
            .screenConnected(name: "HEADLESS-2", scale: 2, nativeScale: 2, bounds: Rect(x: 1280, y: 0, width: 640, height: 400)),
            .sessionConnected(scene: "S1", configuration: nil, role: .windowApplication, restored: true),
            .restored(scene: "S1", activity: activity),
            .sizeRestrictions(scene: "S1", minimum: Size(width: 500, height: 0), maximum: .zero),
            .geometry(scene: "S1", geometry: geometry),
            .traits(scene: "S1", changed: [.displayScale, .activeAppearance], traits: traits),
            .screen(scene: "S1", name: "HEADLESS-2", scale: 2),
            .drawableSize(scene: "S1", size: Size(width: 750, height: 720), contentsScale: 1.5),
            .lifecycle(scene: "S1", event: .willResignActive, state: SceneLifecycleEvent.willResignActive.resultingState),
            .commit(
                scene: "S1", bufferSize: Size(width: 750, height: 720), bufferScale: 1,
                viewport: Size(width: 500, height: 480), logicalSize: Size(width: 500, height: 480), scale: try #require(Scale(1.5))),
            .commit(
                scene: "S1", bufferSize: Size(width: 1000, height: 960), bufferScale: 2,
                viewport: nil, logicalSize: Size(width: 500, height: 480), scale: try #require(Scale(integer: 2))),
            .sessionDiscarded(scene: "S1"),
            .screenDisconnected(name: "HEADLESS-2"),
            .toplevel(scene: "S1", surfaceID: 17, appID: "org.example", title: "Main", fullscreenOn: nil),
            .title(scene: "S1", title: "Main (seconds)"),
            .renderer(scene: "S1", renderer: "software", presentation: nil, fallbackReason: "eglInitialize failed"),
            .traitHandlerCalled(scene: "S1", changed: [.horizontalSizeClass], previous: traits),
            .input(
                scene: "S1", event: "touchesBegan",
                touch: Touch(
                    id: 3, kind: .direct, location: CGPoint(x: 10.5, y: 20),
                    previousLocation: CGPoint(x: 10.5, y: 20)),
                location: CGPoint(x: 10.5, y: 20), press: nil, modifiers: nil),
            .input(
                scene: "S1", event: "keyPressed", touch: nil, location: nil,
                press: Press(
                    key: Key(characters: "é\t", charactersIgnoringModifiers: "e", keyCode: .e, modifierFlags: [.alternate, .shift]),
                    timestamp: 12.5, isRepeat: true),
                modifiers: [.alternate, .shift]),
            .idle(socketEmpty: 1_234_567_890),
            .terminated(reason: "quit"),
        ]
        for event in events { trace.record(event) }

        let log = try RuntimeTraceLog.read(file)
        #expect(log.entries.count == events.count)
        #expect(Set(log.entries.map(\.kind)).count == 20, "every kind is exercised")
        #expect(log.first(RendererRecord.self) == RendererRecord(scene: "S1", renderer: "software", fallbackReason: "eglInitialize failed"))
        #expect(zip(log.entries, log.entries.dropFirst()).allSatisfy { $0.time <= $1.time }, "monotonic timestamps")

        #expect(
            log.first(LaunchedRecord.self)
                == LaunchedRecord(appID: "org.example", stateDirectory: "/state/org.example", sessionsPersisted: false))
        let screenConnected = try #require(log.first(ScreenConnectedRecord.self))
        #expect(screenConnected.screen == "HEADLESS-2" && screenConnected.scale == 2 && screenConnected.bounds == [1280, 0, 640, 400])
        let connected = try #require(log.first(SessionConnectedRecord.self))
        #expect(connected.configuration == nil && connected.restored && connected.role == "UIWindowSceneSessionRoleApplication")
        let restored = try #require(log.first(RestoredRecord.self))
        #expect(restored.activityType == "org.example.main")
        #expect(restored.userInfo == activity.userInfo, "every kind of user-info value, tagged as in session files")
        #expect(log.first(SizeRestrictionsRecord.self).map { [$0.minimum, $0.maximum] } == [TraceSize(500, 0), TraceSize(0, 0)])
        let traced = try #require(log.first(GeometryRecord.self))
        #expect(traced.bounds == TraceSize(500, 480) && traced.orientation == "landscapeLeft")
        #expect(traced.interactivelyResizing && !traced.orientationLocked && traced.belowMinimumSize)
        let tracedTraits = try #require(log.first(TraitsRecord.self))
        #expect(tracedTraits.changed == ["activeAppearance", "displayScale"], "sorted")
        #expect(tracedTraits.displayScale == 1.5)
        #expect(tracedTraits.horizontalSizeClass == "compact" && tracedTraits.verticalSizeClass == "regular")
        #expect(tracedTraits.activeAppearance == "active" && tracedTraits.userInterfaceStyle == "light")
        let screen = try #require(log.first(ScreenRecord.self))
        #expect(screen.scene == "S1" && screen.screen == "HEADLESS-2" && screen.scale == 2)
        let drawable = try #require(log.first(DrawableSizeRecord.self))
        #expect(drawable.size == TraceSize(750, 720) && drawable.contentsScale == 1.5)
        let lifecycle = try #require(log.first(LifecycleRecord.self))
        #expect(lifecycle.event == "willResignActive" && lifecycle.state == "foregroundInactive")
        let commits = log.records(CommitRecord.self)
        let fractional = try #require(commits.first)
        #expect(fractional.buffer == TraceSize(750, 720) && fractional.bufferScale == 1 && fractional.viewport == TraceSize(500, 480))
        #expect(fractional.logical == TraceSize(500, 480) && fractional.scale == 1.5 && fractional.scale120 == 180)
        #expect(commits.last?.viewport == nil && commits.last?.scale120 == 240)
        #expect(log.first(SessionDiscardedRecord.self)?.scene == "S1")
        #expect(log.first(ScreenDisconnectedRecord.self)?.screen == "HEADLESS-2")
        #expect(log.first(TerminatedRecord.self)?.reason == "quit")
        #expect(log.first(IdleRecord.self)?.socketEmpty == 1_234_567_890)
        let toplevel = try #require(log.first(ToplevelRecord.self))
        #expect(toplevel.surface == 17 && toplevel.appID == "org.example" && toplevel.title == "Main" && toplevel.fullscreenOn == nil)
        #expect(log.first(TitleRecord.self)?.title == "Main (seconds)")
        let handler = try #require(log.first(TraitHandlerCalledRecord.self))
        #expect(handler.changed == ["horizontalSizeClass"] && handler.previousDisplayScale == 1.5)
        let inputs = log.records(InputRecord.self)
        #expect(inputs.first == InputRecord(scene: "S1", event: "touchesBegan", id: 3, touch: "direct", tapCount: 1, x: 10.5, y: 20))
        #expect(
            inputs.last
                == InputRecord(
                    scene: "S1", event: "keyPressed", key: "e", text: "é\t", isRepeat: true, modifiers: ["shift", "alternate"]))
    }

    /// Golden lines: renaming a key, retyping a field or reordering the common
    /// fields breaks readers outside this repository, so it must fail here
    /// first (and come with a new format version, Docs/trace-format.md).
    @Test("the runtime trace's lines keep their documented keys")
    func goldenLines() throws {
        let encoder = JSONLineEncoder()
        let commit = CommitRecord(
            scene: "S1", buffer: Size(width: 750, height: 720), bufferScale: 1,
            viewport: Size(width: 500, height: 480), logical: Size(width: 500, height: 480),
            scale: try #require(Scale(1.5)))
        #expect(
            try encoder.string(RuntimeTraceLine(time: 42, record: commit))
                == #"{"v":2,"t_ns":42,"type":"commit","scene":"S1","buffer":[750,720],"buffer_scale":1,"viewport":[500,480],"logical":[500,480],"scale":1.5,"scale120":180}"#
        )
        let launched = LaunchedRecord(appID: "org.example", stateDirectory: "/state/org.example", sessionsPersisted: true)
        #expect(
            try encoder.string(RuntimeTraceLine(time: 1, record: launched))
                == #"{"v":2,"t_ns":1,"type":"launched","app_id":"org.example","state_directory":"/state/org.example","sessions_persisted":true}"#
        )
        let connected = SessionConnectedRecord(scene: "S1", configuration: nil, role: "UIWindowSceneSessionRoleApplication", restored: false)
        #expect(
            try encoder.string(RuntimeTraceLine(time: 1, record: connected))
                == #"{"v":2,"t_ns":1,"type":"session_connected","scene":"S1","configuration":null,"role":"UIWindowSceneSessionRoleApplication","restored":false}"#
        )
        let geometry = GeometryRecord(
            scene: "S1",
            geometry: EffectiveGeometry(
                coordinateSpaceBounds: Rect(x: 0, y: 0, width: 390, height: 844), interfaceOrientation: .portrait,
                isInteractivelyResizing: false, isInterfaceOrientationLocked: true, isBelowMinimumSize: false))
        #expect(
            try encoder.string(RuntimeTraceLine(time: 2, record: geometry))
                == #"{"v":2,"t_ns":2,"type":"geometry","scene":"S1","bounds":[390,844],"orientation":"portrait","interactively_resizing":false,"orientation_locked":true,"below_minimum_size":false}"#
        )
    }

    @Test("each lifecycle step is traced with the state it reaches")
    func lifecycleStates() {
        let reached = SceneLifecycle.events(from: .foregroundActive, to: .background).map(\.resultingState)
        #expect(reached == [.foregroundInactive, .background])
        #expect(SceneLifecycle.events(from: .background, to: .foregroundActive).map(\.resultingState) == [.foregroundInactive, .foregroundActive])
        #expect(
            SceneLifecycle.eventsForDisconnect(from: .foregroundActive).map(\.resultingState)
                == [.foregroundInactive, .background, .unattached])
    }

    @Test("a line still being written is left for the next read; a bad line is an error naming file and line")
    func partialAndBadLines() throws {
        let file = temporaryTraceFile()
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try RuntimeTraceLog.read(file).entries.isEmpty, "no file yet: an empty trace")

        let complete = #"{"v":2,"t_ns":1,"type":"launched","app_id":"a"}"# + "\n"
        try Data((complete + #"{"v":2,"type":"terminated","rea"#).utf8).write(to: file)
        #expect(try RuntimeTraceLog.read(file).entries.map(\.kind) == ["launched"])

        try Data((complete + #"{"v":2,"t_ns":2,"type":"teleported"}"# + "\n").utf8).write(to: file)
        let unknown = #expect(throws: TraceFormatError.self) { try RuntimeTraceLog.read(file) }
        #expect(unknown?.line == 2)
        #expect(unknown?.description.hasPrefix("\(file.path):2: unknown type 'teleported'") == true, "\(String(describing: unknown))")

        try Data((complete + #"{"v":2,"t_ns":3,"type":"screen","scene":"S"}"# + "\n").utf8).write(to: file)
        let missing = #expect(throws: TraceFormatError.self) { try RuntimeTraceLog.read(file) }
        #expect(missing?.problem == "a 'screen' line not as documented: missing field `screen`", "\(String(describing: missing))")
    }

    @Test("a line from another major format version is refused with the file and line, even by a tolerant read")
    func otherVersionsAreRefused() throws {
        let file = temporaryTraceFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let complete = #"{"v":2,"t_ns":1,"type":"launched","app_id":"a"}"# + "\n"
        try Data((complete + complete + #"{"v":3,"t_ns":2,"type":"launched","app_id":"a","new":1}"# + "\n").utf8).write(to: file)
        let newer = #expect(throws: TraceFormatError.self) { try RuntimeTraceLog.read(file) }
        #expect(
            newer?.description.hasPrefix("\(file.path):3: trace written by a newer Diorama (format v3)") == true,
            "\(String(describing: newer))")
        let tolerant = try RuntimeTraceLog.read(file, strictness: .tolerant)
        #expect(tolerant.entries.count == 2 && tolerant.problems.map(\.line) == [3])

        try Data((#"{"appID":"a","kind":"launched","t":1}"# + "\n").utf8).write(to: file)
        let unversioned = #expect(throws: TraceFormatError.self) { try RuntimeTraceLog.read(file) }
        #expect(
            unversioned?.description.hasPrefix("\(file.path):1: no `v` (format version) field") == true,
            "\(String(describing: unversioned))")

        // Fields a later minor change adds are skipped, and a line written
        // before `launched` gained its state-directory fields reads them as
        // nil: the promise that lets the format grow without a new version.
        try Data(#"{"v":2,"t_ns":1,"type":"launched","app_id":"a","added_later":[1]}"#.utf8 + [0x0A]).write(to: file)
        #expect(try RuntimeTraceLog.read(file).first(LaunchedRecord.self) == LaunchedRecord(appID: "a", stateDirectory: nil, sessionsPersisted: nil))
    }
}
