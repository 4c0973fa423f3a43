import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Scenario parser: expectation clauses")
struct ClauseParserTests {
    let two = Scale(integer: 2)!
    let oneAndAHalf = Scale(numerator120: 180)

    @Test("Wayland-level clauses")
    func waylandClauses() throws {
        #expect(try clauseKinds("on DP-1") == [.onDisplays([name("DP-1")])])
        #expect(try clauseKinds("on DP-1, DP-2, scale 2") == [.onDisplays([name("DP-1"), name("DP-2")]), .scale(two)])
        #expect(try clauseKinds("entered exactly DP-1, DP-2") == [.enteredExactly([name("DP-1"), name("DP-2")])])
        #expect(try clauseKinds("buffer 1600x1200") == [.bufferSize(.literal(Size(width: 1600, height: 1200)))])
        #expect(try clauseKinds("buffer = round(bounds * 1.5)") == [.bufferSize(.bounds(times: oneAndAHalf, rounding: .round))])
        #expect(try clauseKinds("buffer = ceil(bounds*1.5)") == [.bufferSize(.bounds(times: oneAndAHalf, rounding: .ceil))])
        #expect(try clauseKinds("buffer = bounds") == [.bufferSize(.bounds(times: .one, rounding: nil))])
        #expect(try clauseKinds("buffer = 10x20") == [.bufferSize(.literal(Size(width: 10, height: 20)))])
        #expect(try clauseKinds("buffer scale 2") == [.bufferScale(2)])
        #expect(try clauseKinds("viewport = bounds") == [.viewport(.bounds(times: .one, rounding: nil))])
        #expect(try clauseKinds("viewport 800x600") == [.viewport(.literal(Size(width: 800, height: 600)))])
        #expect(try clauseKinds("viewport none") == [.viewport(nil)])
        #expect(try clauseKinds("preferred scale 1.5") == [.preferredScale(oneAndAHalf)])
        #expect(try clauseKinds("minimum 500x0, maximum 0x0") == [.minimumSize(Size(width: 500, height: 0)), .maximumSize(.zero)])
        #expect(try clauseKinds("configure 900x700") == [.configureSize(Size(width: 900, height: 700))])
        #expect(try clauseKinds("states activated resizing") == [.hasStates([.activated, .resizing])])
        #expect(try clauseKinds("maximized, not fullscreen") == [.hasStates([.maximized]), .lacksState(.fullscreen)])
        #expect(try clauseKinds("no stale frames") == [.noStaleFrames])
        #expect(try clauseKinds("commits 3, commits >= 1 since the step") == [.commits(.exactly(3)), .commits(Comparison(.atLeast, 1))])
        #expect(
            try clauseKinds("width >= 500, height < 300, width == 7") == [
                .width(Comparison(.atLeast, 500)), .height(Comparison(.less, 300)), .width(.exactly(7)),
            ])
    }

    @Test("app-level clauses")
    func appClauses() throws {
        #expect(try clauseKinds("screen DP-2, scale 1.5") == [.screen(name("DP-2")), .scale(oneAndAHalf)])
        #expect(try clauseKinds("traits.displayScale 2") == [.displayScale(two)])
        #expect(
            try clauseKinds("traits.horizontalSizeClass compact, traits.verticalSizeClass regular")
                == [.horizontalSizeClass(.compact), .verticalSizeClass(.regular)])
        #expect(try clauseKinds("bounds 800x600") == [.bounds(Size(width: 800, height: 600))])
        #expect(
            try clauseKinds("drawable = bounds * 2, drawable 10x10")
                == [.drawable(.bounds(times: two, rounding: nil)), .drawable(.literal(Size(width: 10, height: 10)))])
        #expect(
            try clauseKinds("orientation portrait, orientation landscapeLeft, orientation locked")
                == [.orientation(.portrait), .orientation(.exactly(.landscapeLeft)), .orientationLocked(true)])
        #expect(try clauseKinds("state foregroundActive") == [.activationState(.foregroundActive)])
        #expect(
            try clauseKinds("role external-display-non-interactive, role UIWindowSceneSessionRoleApplication")
                == [.role(.windowExternalDisplayNonInteractive), .role(.windowApplication)])
        #expect(try clauseKinds("disconnected, restored") == [.disconnected, .restored])
        #expect(try clauseKinds(#"title "Main (24h)", restored"#) == [.title("Main (24h)"), .restored])
        #expect(try clauseKinds("restored, connection order 2, crisp") == [.restored, .connectionOrder(2), .crisp])
        #expect(ClauseKind.connectionOrder(1).level == .app, "read from the runtime trace")
        #expect(ClauseKind.crisp.level == .wayland, "judged on the compositor's screenshot, for any client")
        #expect(ClauseKind.title("Main").level == .app, "read from the runtime trace")
        #expect(try clauseKinds("renderer openGLES, renderer software") == [.renderer(.openGLES), .renderer(.software)])
        #expect(ClauseKind.renderer(.openGLES).level == .app, "read from the runtime trace")
        #expect(
            try clauseKinds("renderer openGLES via sharedMemory, renderer openGLES via windowSurface, scale 2")
                == [.renderer(.openGLES, via: .sharedMemory), .renderer(.openGLES, via: .windowSurface), .scale(two)])
        #expect(ClauseKind.renderer(.openGLES, via: .windowSurface).level == .app)
    }

    @Test("callback counts, with and without `after the resize ended`")
    func callbacks() throws {
        #expect(
            try clauseKinds("drawableSizeWillChange fired 1 time, after the resize ended")
                == [.callbackFired(.drawableSizeWillChange, .exactly(1), afterResizeEnded: true)])
        #expect(
            try clauseKinds("drawableSizeWillChange fired 1 time after the resize ended, scale 2")
                == [.callbackFired(.drawableSizeWillChange, .exactly(1), afterResizeEnded: true), .scale(two)])
        #expect(
            try clauseKinds("sceneDidBecomeActive fired >= 2 times, traitsDidChange fired 0 times")
                == [
                    .callbackFired(.sceneDidBecomeActive, Comparison(.atLeast, 2), afterResizeEnded: false),
                    .callbackFired(.traitsDidChange, .exactly(0), afterResizeEnded: false),
                ])
    }

    @Test("`fullscreen on TV` is the state and the display, two clauses with their own text")
    func stateShorthandWithDisplay() throws {
        let parsed = try clauses("fullscreen on TV, role external-display-non-interactive")
        #expect(parsed.map(\.kind) == [.hasStates([.fullscreen]), .onDisplays([name("TV")]), .role(.windowExternalDisplayNonInteractive)])
        #expect(parsed.map(\.text) == ["fullscreen", "on TV", "role external-display-non-interactive"])
        #expect(parsed.map(\.location.column) == [10, 21, 28])
    }

    @Test("each clause keeps its source text, the after-modifier included")
    func clauseText() throws {
        let parsed = try clauses("scale 1.5, buffer = round(bounds * 1.5),   viewport = bounds, drawableSizeWillChange fired 1 time, after the resize ended")
        #expect(
            parsed.map(\.text) == [
                "scale 1.5", "buffer = round(bounds * 1.5)", "viewport = bounds",
                "drawableSizeWillChange fired 1 time, after the resize ended",
            ])
    }

    @Test("a display list stops at a clause keyword or a word followed by more")
    func displayListBoundaries() throws {
        #expect(try clauseKinds("on DP-1, restored") == [.onDisplays([name("DP-1")]), .restored])
        #expect(
            try clauseKinds("on DP-1, drawableSizeWillChange fired 1 time")
                == [.onDisplays([name("DP-1")]), .callbackFired(.drawableSizeWillChange, .exactly(1), afterResizeEnded: false)])
    }

    @Test("clause levels separate Wayland facts from app facts")
    func levels() throws {
        #expect(ClauseKind.bufferScale(1).level == .wayland)
        #expect(ClauseKind.noStaleFrames.level == .wayland)
        #expect(ClauseKind.drawable(.literal(.zero)).level == .app)
        #expect(ClauseKind.restored.level == .app)
    }
}
