import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Expectation evaluator: each clause against an observation")
struct ExpectationEvaluatorTests {
    let two = Scale(integer: 2)!
    let oneAndAHalf = Scale(numerator120: 180)
    let bounds = Size(width: 801, height: 601)

    func verdict(_ clause: String, _ observation: WindowObservation) throws -> ClauseVerdict {
        let parsed = try clauses(clause)
        try #require(parsed.count == 1)
        return ExpectationEvaluator.evaluate(parsed[0], against: observation)
    }

    var atOneAndAHalf: WindowObservation { renderedObservation(on: ["HDMI-A-1"], scale: oneAndAHalf, bounds: bounds) }

    @Test("displays: on is a subset, entered exactly is equality")
    func displays() throws {
        let spanning = renderedObservation(on: ["DP-1", "DP-2"], scale: two, bounds: bounds)
        #expect(try verdict("on DP-2", spanning) == .passed(actual: "on DP-1, DP-2"))
        #expect(try verdict("on DP-1, DP-2", spanning).isPassed)
        #expect(try verdict("on HDMI-A-1", spanning) == .failed(expected: "on HDMI-A-1", actual: "on DP-1, DP-2"))
        #expect(try verdict("entered exactly DP-2", spanning) == .failed(expected: "on exactly DP-2", actual: "on DP-1, DP-2"))
        #expect(try verdict("entered exactly DP-2, DP-1", spanning).isPassed)
        var nowhere = spanning
        nowhere.enteredDisplays = .value([])
        #expect(try verdict("on DP-1", nowhere) == .failed(expected: "on DP-1", actual: "on no display"))
    }

    @Test("title holds only for the exact title, and says which it saw")
    func title() throws {
        var observation = atOneAndAHalf
        observation.title = .value("Pinboard: dropped card 1 at 120,100")
        #expect(try verdict(#"title "Pinboard: dropped card 1 at 120,100""#, observation).isPassed)
        #expect(
            try verdict(#"title "Pinboard: dropped card 1""#, observation)
                == .failed(expected: #"title "Pinboard: dropped card 1""#, actual: #"title "Pinboard: dropped card 1 at 120,100""#))
        #expect(!(try verdict(#"title "x""#, WindowObservation(unavailableBecause: "no trace")).isPassed))
    }

    @Test("buffer expressions round half away from zero, exactly as fractional-scale-v1 says")
    func bufferExpressions() throws {
        // 801 x 1.5 = 1201.5 → 1202; 601 x 1.5 = 901.5 → 902.
        #expect(
            try verdict("buffer = round(bounds * 1.5)", atOneAndAHalf)
                == .passed(actual: "1202x902"))
        #expect(try verdict("buffer 1202x902", atOneAndAHalf).isPassed)
        #expect(try verdict("buffer = ceil(bounds * 1.5)", atOneAndAHalf).isPassed)
        #expect(
            try verdict("buffer = floor(bounds * 1.5)", atOneAndAHalf)
                == .failed(expected: "1201x901 (floor(bounds * 1.5) with bounds 801x601)", actual: "1202x902"))
        #expect(
            try verdict("buffer = bounds * 1.5", atOneAndAHalf)
                == .failed(
                    expected: "bounds * 1.5 with bounds 801x601 is 1201.5x901.5, not whole pixels; write round(bounds * 1.5) or ceil(bounds * 1.5)",
                    actual: "1202x902"))
        #expect(try verdict("buffer 1200x900", atOneAndAHalf) == .failed(expected: "1200x900", actual: "1202x902"))
    }

    @Test("size expressions on their own")
    func sizeExpressionArithmetic() throws {
        let quarter = Scale(numerator120: 150)
        #expect(
            try SizeExpression.bounds(times: quarter, rounding: .round).evaluate(bounds: Size(width: 2, height: 6)).get()
                == Size(width: 3, height: 8))  // 2.5 → 3, 7.5 → 8
        #expect(
            try SizeExpression.bounds(times: quarter, rounding: .floor).evaluate(bounds: Size(width: 2, height: 6)).get()
                == Size(width: 2, height: 7))
        #expect(
            try SizeExpression.bounds(times: quarter, rounding: .ceil).evaluate(bounds: Size(width: 4, height: 1)).get()
                == Size(width: 5, height: 2))
        #expect(
            try SizeExpression.bounds(times: Scale(integer: 2)!, rounding: nil).evaluate(bounds: Size(width: 3, height: 4)).get()
                == Size(width: 6, height: 8))
        #expect(SizeExpression.bounds(times: quarter, rounding: nil).description == "bounds * 1.25")
        #expect(SizeExpression.bounds(times: .one, rounding: .round).description == "round(bounds)")
    }

    @Test("bounds falls back to the window's logical size for clients without a trace")
    func boundsFallback() throws {
        var foreign = renderedObservation(on: ["DP-2"], scale: two, bounds: Size(width: 400, height: 300))
        foreign.markAppLevelUnavailable("`term` runs a command, which writes no Diorama trace")
        #expect(try verdict("buffer = bounds * 2", foreign).isPassed)
        #expect(
            try verdict("drawable = bounds * 2", foreign)
                == .skipped(reason: "the drawable size is not observable: `term` runs a command, which writes no Diorama trace"))
        foreign.frame = .unavailable("sway does not say")
        #expect(try verdict("buffer = bounds * 2", foreign) == .skipped(reason: "`bounds` is not observable: sway does not say"))
        #expect(try verdict("buffer 800x600", foreign).isPassed)
    }

    @Test("viewports: a destination, none, or bounds")
    func viewports() throws {
        #expect(try verdict("viewport = bounds", atOneAndAHalf).isPassed)
        #expect(try verdict("viewport 801x601", atOneAndAHalf).isPassed)
        #expect(try verdict("viewport none", atOneAndAHalf) == .failed(expected: "no viewport", actual: "viewport 801x601"))
        let integer = renderedObservation(on: ["DP-2"], scale: two, bounds: bounds)
        #expect(try verdict("viewport none", integer) == .passed(actual: "no viewport"))
        #expect(try verdict("viewport = bounds", integer) == .failed(expected: "viewport bounds", actual: "no viewport"))
    }

    @Test("scales: rendered, preferred, buffer, trait")
    func scales() throws {
        #expect(try verdict("scale 1.5", atOneAndAHalf) == .passed(actual: "scale 1.5"))
        #expect(try verdict("scale 2", atOneAndAHalf) == .failed(expected: "scale 2", actual: "scale 1.5"))
        #expect(try verdict("preferred scale 1.5", atOneAndAHalf).isPassed)
        #expect(try verdict("buffer scale 1", atOneAndAHalf).isPassed)
        #expect(try verdict("buffer scale 2", atOneAndAHalf) == .failed(expected: "buffer scale 2", actual: "buffer scale 1"))
        #expect(try verdict("traits.displayScale 1.5", atOneAndAHalf) == .passed(actual: "traits.displayScale 1.5"))
        #expect(
            try verdict("traits.displayScale 2", atOneAndAHalf)
                == .failed(expected: "traits.displayScale 2", actual: "traits.displayScale 1.5"))
        var never = atOneAndAHalf
        never.preferredScale = .value(nil)
        #expect(try verdict("preferred scale 1", never) == .failed(expected: "preferred scale 1", actual: "no preferred scale sent"))
    }

    @Test("sizes, hints, configure and states")
    func sizesAndStates() throws {
        let observation = atOneAndAHalf
        #expect(try verdict("width >= 500", observation) == .passed(actual: "width 801"))
        #expect(try verdict("height < 600", observation) == .failed(expected: "height < 600", actual: "height 601"))
        #expect(try verdict("minimum 500x0", observation).isPassed)
        #expect(try verdict("maximum 1x1", observation) == .failed(expected: "maximum 1x1", actual: "maximum 0x0"))
        #expect(try verdict("configure 801x601", observation).isPassed)
        #expect(try verdict("activated", observation) == .passed(actual: "states activated"))
        #expect(
            try verdict("states activated maximized", observation)
                == .failed(expected: "states activated maximized", actual: "states activated"))
        #expect(try verdict("not maximized", observation).isPassed)
        #expect(try verdict("not activated", observation) == .failed(expected: "not activated", actual: "states activated"))
        #expect(try verdict("bounds 801x601", observation).isPassed)
    }

    @Test("commits and stale frames since the step")
    func commits() throws {
        var observation = atOneAndAHalf
        observation.commitsSinceStep = .value(3)
        observation.staleCommitsSinceStep = .value([
            StaleCommit(renderedScale: .one, preferredScale: oneAndAHalf),
            StaleCommit(renderedScale: .one, preferredScale: oneAndAHalf),
        ])
        #expect(try verdict("commits >= 1", observation).isPassed)
        #expect(try verdict("commits 1", observation) == .failed(expected: "commits 1", actual: "commits 3"))
        #expect(
            try verdict("no stale frames", observation)
                == .failed(expected: "no stale frames", actual: "2 stale frames, the first rendered at 1 while 1.5 was preferred"))
        #expect(try verdict("no stale frames", atOneAndAHalf) == .passed(actual: "no stale frames"))
    }

    @Test("app facts: screen, size classes, orientation, state, role, disconnected, restored")
    func appFacts() throws {
        var observation = atOneAndAHalf
        #expect(try verdict("screen HDMI-A-1", observation).isPassed)
        #expect(try verdict("screen DP-1", observation) == .failed(expected: "screen DP-1", actual: "screen HDMI-A-1"))
        #expect(try verdict("traits.horizontalSizeClass regular", observation).isPassed)
        #expect(
            try verdict("traits.verticalSizeClass compact", observation)
                == .failed(expected: "traits.verticalSizeClass compact", actual: "traits.verticalSizeClass regular"))
        #expect(try verdict("orientation landscape", observation).isPassed)
        #expect(try verdict("orientation landscapeRight", observation).isPassed)
        #expect(try verdict("orientation landscapeLeft", observation).isFailed)
        #expect(
            try verdict("orientation portrait", observation)
                == .failed(expected: "orientation portrait", actual: "orientation landscapeRight"))
        #expect(try verdict("orientation unlocked", observation).isPassed)
        #expect(try verdict("state foregroundActive", observation).isPassed)
        #expect(
            try verdict("role external-display-non-interactive", observation)
                == .failed(expected: "role external-display-non-interactive", actual: "role application"))
        #expect(try verdict("disconnected", observation) == .failed(expected: "disconnected", actual: "still connected"))
        #expect(try verdict("restored", observation) == .failed(expected: "restored", actual: "not restored (connected fresh)"))
        observation.screen = .value(nil)
        observation.isDisconnected = .value(true)
        observation.isRestored = .value(true)
        #expect(try verdict("screen DP-1", observation) == .failed(expected: "screen DP-1", actual: "no screen"))
        #expect(try verdict("disconnected", observation).isPassed)
        #expect(try verdict("restored", observation).isPassed)
    }

    @Test("crisp: passes only when every buffer pixel shows unchanged; connection order compares the scene's place")
    func crispAndConnectionOrder() throws {
        var observation = atOneAndAHalf
        #expect(try verdict("crisp", observation).isSkipped, "judged only when a backend takes the screenshot")
        let pixels = Size(width: 1080, height: 720)
        observation.crispness = .value(.compared(display: "DP-2", scale: oneAndAHalf, pixels: pixels, differing: 0))
        #expect(try verdict("crisp", observation) == .passed(actual: "crisp on DP-2 at 1.5x: the 1080x720 buffer shows pixel for pixel"))
        observation.crispness = .value(.compared(display: "DP-2", scale: oneAndAHalf, pixels: pixels, differing: 12))
        #expect(try verdict("crisp", observation).isFailed)
        observation.crispness = .value(.resampled(display: "DP-2", scale: oneAndAHalf, buffer: Size(width: 1440, height: 960), onDisplay: pixels))
        #expect(
            try verdict("crisp", observation)
                == .failed(
                    expected: "crisp: each buffer pixel one display pixel, unchanged",
                    actual: "not crisp on DP-2 at 1.5x: the 1440x960 buffer is resampled onto 1080x720 display pixels"))
        observation.crispness = .value(.notOnOneDisplay(displays: ["DP-1", "DP-2"]))
        #expect(try verdict("crisp", observation).isFailed)

        observation.connectionOrder = .value(2)
        #expect(try verdict("connection order 2", observation) == .passed(actual: "connection order 2"))
        #expect(try verdict("connection order 1", observation) == .failed(expected: "connection order 1", actual: "connection order 2"))
    }

    @Test("renderer: the name alone, or with how GL frames are presented; a presentation the trace does not name skips `via`")
    func rendererPresentation() throws {
        var observation = atOneAndAHalf
        observation.renderer = .value(.openGLES)
        observation.glesPresentation = .value(.sharedMemory)
        #expect(try verdict("renderer openGLES", observation) == .passed(actual: "renderer openGLES via sharedMemory"))
        #expect(try verdict("renderer openGLES via sharedMemory", observation).isPassed)
        #expect(
            try verdict("renderer openGLES via windowSurface", observation)
                == .failed(expected: "renderer openGLES via windowSurface", actual: "renderer openGLES via sharedMemory"))
        #expect(
            try verdict("renderer software", observation)
                == .failed(expected: "renderer software", actual: "renderer openGLES via sharedMemory"))

        observation.renderer = .value(.software)
        observation.glesPresentation = .value(nil)
        #expect(try verdict("renderer software", observation) == .passed(actual: "renderer software"))
        #expect(
            try verdict("renderer openGLES via windowSurface", observation)
                == .failed(expected: "renderer openGLES via windowSurface", actual: "renderer software"))

        observation.renderer = .value(.openGLES)
        observation.glesPresentation = .unavailable("the trace's renderer record names no presentation")
        #expect(try verdict("renderer openGLES", observation) == .passed(actual: "renderer openGLES"))
        #expect(
            try verdict("renderer openGLES via windowSurface", observation)
                == .skipped(
                    reason: "how the scene's OpenGL ES frames are presented is not observable: the trace's renderer record names no presentation"))
    }

    @Test("callbacks: counts, comparisons, and calls during an interactive resize")
    func callbacks() throws {
        var observation = atOneAndAHalf
        #expect(try verdict("drawableSizeWillChange fired 0 times", observation) == .passed(actual: "drawableSizeWillChange fired 0 times"))
        #expect(
            try verdict("drawableSizeWillChange fired 1 time", observation)
                == .failed(expected: "drawableSizeWillChange fired 1 time", actual: "drawableSizeWillChange fired 0 times"))
        observation.callbacks = .value([.drawableSizeWillChange: CallbackObservation(count: 1)])
        #expect(try verdict("drawableSizeWillChange fired 1 time, after the resize ended", observation).isPassed)
        observation.callbacks = .value([.drawableSizeWillChange: CallbackObservation(count: 1, duringInteractiveResize: 1)])
        #expect(try verdict("drawableSizeWillChange fired 1 time", observation).isPassed)
        #expect(
            try verdict("drawableSizeWillChange fired 1 time, after the resize ended", observation)
                == .failed(
                    expected: "drawableSizeWillChange fired 1 time, after the resize ended",
                    actual: "drawableSizeWillChange fired 1 time, 1 of them during the resize"))
        observation.callbacks = .value([.traitsDidChange: CallbackObservation(count: 3)])
        #expect(try verdict("traitsDidChange fired >= 2 times", observation).isPassed)
        #expect(
            try verdict("traitsDidChange fired < 2 times", observation)
                == .failed(expected: "traitsDidChange fired < 2 times", actual: "traitsDidChange fired 3 times"))
    }

    @Test("a fact the backend cannot observe skips the clause with the backend's reason")
    func unobservable() throws {
        let nothing = WindowObservation(unavailableBecause: "sway does not report buffer scales")
        for clause in [
            "buffer scale 2", "on DP-1", "scale 2", "no stale frames", "restored", "drawableSizeWillChange fired 1 time",
            "states activated", "width 3", "preferred scale 1", "viewport none", "minimum 1x1", "orientation locked",
            "renderer openGLES via sharedMemory",
        ] {
            let result = try verdict(clause, nothing)
            guard case .skipped(let reason) = result else {
                Issue.record("\(clause): expected skipped, got \(result)")
                continue
            }
            #expect(reason.hasSuffix("is not observable: sway does not report buffer scales"), "\(clause): \(reason)")
        }
    }
}
