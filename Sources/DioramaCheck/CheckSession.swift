import DioramaModel
import DioramaScenarioBackends
import DioramaSimulator
import Foundation

/// One battery run: the simulator, the client, its window, and the checks
/// in order. Each check is a body that drives the simulator and returns a
/// verdict; ``run(_:_:needs:_:)`` wraps it with what every check shares —
/// skipping when the client is gone or a display is missing, noticing a
/// crash (and the step that caused it), screenshots for failures, timing.
final class CheckSession {
    let simulator: BackgroundSimulator
    let client: ClientProcess
    let configuration: CheckConfiguration
    let displays: CheckDisplays
    /// The client's first mapped window with a frame, once it has one.
    private var window: UInt32?
    /// That window's `window_created` record (``ScaleResponse`` finds the
    /// main surface in it), kept because the trace is read incrementally.
    private var windowCreated: TraceRecord?
    /// What the running check is doing now, for a crash report.
    private var step = "starting"
    /// Set when the client died or never showed a window: later checks do not apply.
    private var stoppedBecause: String?
    private var results: [CheckResult] = []

    init(simulator: BackgroundSimulator, client: ClientProcess, configuration: CheckConfiguration, displays: CheckDisplays) {
        self.simulator = simulator
        self.client = client
        self.configuration = configuration
        self.displays = displays
        // The client's exit is an event a wait looks at (a client that dies
        // before it connects tells the simulator nothing).
        client.process.whenExited { [simulator] in _ = try? simulator.perform { $0.wakeWaiters() } }
    }

    /// What a check body decided.
    struct Outcome {
        var verdict: CheckVerdict
        var reason: String
        var response: ScaleResponse?

        /// As the shared runner takes it.
        var checkOutcome: CheckOutcome {
            CheckOutcome(
                verdict: verdict, reason: reason, reactionMilliseconds: response?.reactionNanoseconds.map { Double($0) / 1e6 },
                staleFrames: response?.staleCommits)
        }
    }

    /// A check that cannot go on (the window disappeared, a control call was refused).
    typealias Abort = CheckAbort

    func runAll() async -> [CheckResult] {
        let single = displays.single, double = displays.double, fractional = displays.fractional
        await run(
            "first-frame-2x", needs: []
        ) { [self] in
            try await firstFrame(on: double)
        }
        await run("move-to-1x", needs: ["1x"]) { [self] in
            try await scaleChange(to: single!.name, scale: .one) { try $0.moveWindow(.id($1), toDisplay: single!.name) }
        }
        await run("move-to-2x", needs: ["1x", "2x"]) { [self] in
            try await settle(moving: single!.name, scale: .one)
            return try await scaleChange(to: double!.name, scale: double!.scale) { try $0.moveWindow(.id($1), toDisplay: double!.name) }
        }
        await run("fractional-scale", needs: ["fractional"]) { [self] in
            try await scaleChange(to: fractional!.name, scale: fractional!.scale) {
                try $0.moveWindow(.id($1), toDisplay: fractional!.name)
            }
        }
        await run("rescale-under-window", needs: ["1x"]) { [self] in
            try await settle(moving: single!.name, scale: .one)
            defer { try? restore { try $0.setScale(.one, ofDisplay: single!.name) } }
            return try await scaleChange(to: single!.name, scale: Scale(integer: 2)!) {
                try $0.setScale(Scale(integer: 2)!, ofDisplay: single!.name)
                _ = $1
            }
        }
        await run("rotate", needs: ["1x"]) { [self] in
            try await rotate(single!.name)
        }
        await run(
            "unplug-other-display", needs: []
        ) { [self] in
            try await unplugOther()
        }
        await run(
            "unplug-current-display", needs: ["1x", "2x"]
        ) { [self] in
            try await unplugCurrent(leaving: double!, for: single!)
        }
        await run(
            "interactive-resize", needs: []
        ) { [self] in
            try await interactiveResize()
        }
        await run(
            "min-size", needs: []
        ) { [self] in
            try await minimumSize()
        }
        return results
    }

    // MARK: The checks

    /// The first check also waits for the window every other check uses.
    private func firstFrame(on double: DisplayConfiguration?) async throws -> Outcome {
        if let missing = await waitForWindow() { return missing }
        guard let window else { throw Abort(reason: "the client has no window") }
        guard let double else {
            return Outcome(verdict: .notApplicable, reason: "the layout has no 2x display")
        }
        step = "waiting for a frame drawn at 2 on \(double.name)"
        let measured = try await answer(window: window, after: 0, display: double.name, scale: double.scale)
        return Self.grade(measured, display: double.name, scale: double.scale, seconds: seconds)
    }

    /// Makes a change that should make the window draw at `scale` on
    /// `display`, and grades its answer.
    private func scaleChange(
        to display: String, scale: Scale,
        _ change: @escaping @Sendable (Simulator, UInt32) throws -> Void
    ) async throws -> Outcome {
        let window = try requireWindow()
        step = "changing the scale to \(scale) on \(display)"
        let (before, entered) = try control { simulator in
            let sequence = simulator.trace.lastSequence
            let entered = try simulator.window(.id(window)).enteredDisplayNames.contains(display)
            try change(simulator, window)
            return (sequence, entered)
        }
        var measured = try await answer(window: window, after: before, display: display, scale: scale)
        measured.enteredBefore = entered
        return Self.grade(measured, display: display, scale: scale, seconds: seconds)
    }

    /// Moves the window to `display` and gives it the usual time to redraw,
    /// without grading: the set-up of a check.
    private func settle(moving display: String, scale: Scale) async throws {
        let window = try requireWindow()
        step = "moving the window to \(display) (set-up)"
        let home = try control { simulator in try simulator.window(.id(window)).homeDisplayName }
        guard home != display else { return }
        let before = try control { simulator in
            let sequence = simulator.trace.lastSequence
            try simulator.moveWindow(.id(window), toDisplay: display)
            return sequence
        }
        _ = try await answer(window: window, after: before, display: display, scale: scale)
    }

    private func rotate(_ display: String) async throws -> Outcome {
        let window = try requireWindow()
        try await settle(moving: display, scale: .one)
        step = "maximizing the window on \(display)"
        try control { simulator in try simulator.maximizeWindow(.id(window)) }
        _ = await waitFor(configuration.answerTimeout) { try $0.window(.id(window)).isSettled }
        let unrotate = { @Sendable (simulator: Simulator) throws -> Void in
            try simulator.setTransform(.normal, ofDisplay: display)
            try simulator.maximizeWindow(.id(window), false)
        }
        var restored = false
        defer { if !restored { try? restore(unrotate) } }
        step = "turning \(display) to portrait"
        let before = try control { simulator in
            let sequence = simulator.trace.lastSequence
            try simulator.setTransform(.rotated90, ofDisplay: display)
            return sequence
        }
        let sentAfterRotation = { @Sendable (simulator: Simulator) -> ConfigureFact? in
            simulator.trace.records(after: before).lazy.reversed().compactMap { record -> ConfigureFact? in
                if case .configureSent(let fact) = record.event, fact.window == window { fact } else { nil }
            }.first
        }
        let settled = await waitFor(configuration.answerTimeout) { simulator in
            try sentAfterRotation(simulator) != nil && simulator.window(.id(window)).isSettled
        }
        let state = try snapshot(window)
        let portrait = try control(sentAfterRotation)
        let outcome = Self.rotated(
            settled: settled, lastConfigure: state.lastConfigure, portraitConfigure: portrait, frame: state.frame.size, seconds: seconds)
        restored = true
        try? restore(unrotate)
        // The window leaves this check maximized at the portrait size until
        // the client answers the unmaximize: a later check's set-up moving
        // it then (`unplug-current-display`) placed a 1080x1920-point window
        // on a 1280x720-point 2x display, spilling onto its neighbours, and
        // the window did not land where that check expects (1 battery run
        // in 12 on such a layout). A client that did not answer the
        // rotation is not waited for again.
        if settled {
            step = "waiting for the window to answer its unmaximize on \(display)"
            _ = await waitFor(configuration.answerTimeout) { try $0.window(.id(window)).isSettled }
        }
        return outcome
    }

    /// The verdict on a rotation, once the wait is over. It passes only when
    /// the configure the client answered last (all are answered once it
    /// settled) is the maximized one the display's rotation called for (the
    /// last sent since), and it drew no larger: "answered the configure for
    /// the portrait display" was once said of imv, which had answered
    /// another. That configure is taller than wide unless the window's
    /// maximum size keeps it from being so, which the client is not failed for.
    static func rotated(
        settled: Bool, lastConfigure: ConfigureFact?, portraitConfigure: ConfigureFact?, frame: Size, seconds: Int64
    ) -> Outcome {
        guard settled else {
            return Outcome(verdict: .fail, reason: "did not answer the configure for the portrait display within \(seconds) s")
        }
        guard let configure = lastConfigure, configure.states.contains(.maximized),
            configure.serial == portraitConfigure?.serial
        else {
            let last = lastConfigure.map { "\(size($0.size))" + ($0.states.contains(.maximized) ? "" : ", not maximized") } ?? "none"
            return Outcome(
                verdict: .fail,
                reason: "the configure it answered last is not the maximized one for the portrait display (\(last)); now \(size(frame)) points")
        }
        if let oversize = oversize(configure, frame: frame) {
            return Outcome(verdict: .fail, reason: "maximized on the portrait display, " + oversize)
        }
        let landscape = configure.size.width >= configure.size.height ? " (its maximum size keeps it from being taller than wide)" : ""
        return Outcome(
            verdict: .pass,
            reason: "answered the \(size(configure.size)) configure for the portrait display\(landscape); now \(size(frame)) points")
    }

    private func unplugOther() async throws -> Outcome {
        let plugRefreshMilliHz = configuration.plugRefreshMilliHz
        let extra = try control { simulator in
            let right = simulator.displays.map(\.logicalRect.maxX).max() ?? 0
            return DisplayConfiguration(
                name: "CHECK-1", mode: DisplayMode(width: 1280, height: 720, refreshMilliHz: plugRefreshMilliHz),
                scale: .one, position: Point(x: right, y: 0))
        }
        step = "plugging in \(extra.name)"
        let window = try requireWindow()
        try control { simulator in try simulator.plugDisplay(extra) }
        // A client binds the new output (if it does) before it answers a
        // ping sent after the global: the bind has happened when the pong came.
        _ = await answersPing(window)
        step = "unplugging \(extra.name)"
        try control { simulator in try simulator.unplugDisplay(extra.name) }
        // The pong comes after the client handled the removal (or never, when it died of it).
        _ = await answersPing(window)
        guard client.isRunning else { return Outcome(verdict: .fail, reason: "the client died") }
        let state = try snapshot(try requireWindow())
        return Outcome(verdict: .pass, reason: "still running, its window on \(state.displays.joined(separator: ", "))")
    }

    private func unplugCurrent(leaving unplugged: DisplayConfiguration, for landing: DisplayConfiguration) async throws -> Outcome {
        let window = try requireWindow()
        try await settle(moving: unplugged.name, scale: unplugged.scale)
        defer {
            try? restore { simulator in
                if simulator.displays.contains(where: { $0.name == unplugged.name }) { return }
                try simulator.plugDisplay(unplugged)
                try simulator.setDefaultDisplay(unplugged.name)
            }
        }
        step = "unplugging \(unplugged.name), the display the window is on"
        let before = try control { simulator in
            let sequence = simulator.trace.lastSequence
            try simulator.setDefaultDisplay(landing.name)
            try simulator.unplugDisplay(unplugged.name)
            return sequence
        }
        let measured = try await answer(window: window, after: before, display: landing.name, scale: landing.scale)
        return Self.grade(measured, display: landing.name, scale: landing.scale, seconds: seconds)
    }

    private func interactiveResize() async throws -> Outcome {
        let window = try requireWindow()
        let start = try snapshot(window).frame.size
        let target = Size(width: start.width + 120, height: start.height + 80)
        step = "resizing interactively from \(start.width)x\(start.height) to \(target.width)x\(target.height)"
        try control { simulator in try simulator.resizeWindowInteractively(.id(window), to: target, steps: 4) }
        let done = await waitFor(configuration.answerTimeout * 4) { simulator in
            let live = try simulator.window(.id(window))
            return !live.isInteractivelyResizing && live.isSettled
        }
        let state = try snapshot(window)
        guard done else {
            return Outcome(
                verdict: .fail,
                reason: state.isInteractivelyResizing
                    ? "stopped answering the resize configures (it still had steps to go after \(seconds * 4) s)"
                    : "did not answer the final configure within \(seconds) s")
        }
        return Self.resized(finalConfigure: state.lastConfigure, frame: state.frame.size)
    }

    /// The verdict on an interactive resize every step of which was
    /// answered. The final configure (no `resizing` state) suggests a size
    /// the client may choose not to take, as mpv keeping its video's aspect
    /// does: a frame of another size is no failure, and the reason says so.
    static func resized(finalConfigure: ConfigureFact?, frame: Size) -> Outcome {
        if let oversize = oversize(finalConfigure, frame: frame) {
            return Outcome(verdict: .fail, reason: "after the resize, " + oversize)
        }
        var reason = "answered every step; now \(size(frame)) points"
        if let suggested = finalConfigure?.size, suggested.width > 0, suggested.height > 0, suggested != frame {
            reason += " (the final configure's \(size(suggested)) is a suggestion it may not take)"
        }
        return Outcome(verdict: .pass, reason: reason)
    }

    /// xdg-shell: with `maximized`, `fullscreen` or `resizing` the window
    /// geometry must not exceed the configured size (a client may be
    /// smaller, as a terminal snapping to its cell grid is); without them
    /// the size is only a suggestion. Why it is too large, when it is.
    static func oversize(_ configure: ConfigureFact?, frame: Size) -> String? {
        guard let configure, !configure.states.isDisjoint(with: [.maximized, .fullscreen, .resizing]) else { return nil }
        let configured = configure.size
        guard configured.width > 0, configured.height > 0 else { return nil }
        guard frame.width > configured.width || frame.height > configured.height else { return nil }
        return "it drew \(size(frame)) points, larger than the \(size(configured)) it was configured to"
    }

    static func size(_ size: Size) -> String { "\(size.width)x\(size.height)" }

    private func minimumSize() async throws -> Outcome {
        let window = try requireWindow()
        let before = try snapshot(window)
        let minimum = before.minimumSize
        guard minimum.width > 0 || minimum.height > 0 else {
            return Outcome(verdict: .notApplicable, reason: "declares no minimum size (xdg_toplevel.set_min_size)")
        }
        step = "asking for 1x1 points (minimum \(minimum.width)x\(minimum.height))"
        try control { simulator in try simulator.resizeWindow(.id(window), to: Size(width: 1, height: 1)) }
        defer { try? restore { try $0.resizeWindow(.id(window), to: before.frame.size) } }
        _ = await waitFor(configuration.answerTimeout) { try $0.window(.id(window)).isSettled }
        let size = try snapshot(window).frame.size
        guard size.width >= minimum.width && size.height >= minimum.height else {
            return Outcome(verdict: .fail, reason: "drew \(size.width)x\(size.height) points, below its minimum \(minimum.width)x\(minimum.height)")
        }
        return Outcome(verdict: .pass, reason: "kept \(size.width)x\(size.height) points (minimum \(minimum.width)x\(minimum.height))")
    }

    // MARK: Grading a scale change

    /// A client's answer to a change of scale: the trace's measurement, and
    /// whether the frame it shows now is drawn for the scale in effect.
    struct ScaleAnswer: Sendable {
        var response: ScaleResponse
        /// True also when the client did not need to redraw (the new
        /// display has the integer scale its frame was already drawn for).
        var showsRightScale: Bool
        /// The scale its latest frame was drawn for (buffer ÷ surface width).
        var latestDrawnScale: Double?
        /// The window's surface had entered the display before the change
        /// (a window across two displays, as imv's is while it loops between
        /// scales): no enter can tell it then.
        var enteredBefore = false
        /// The displays its surface is on when measured.
        var enteredDisplays: [String] = []

        /// `DP-1`, or `DP-1 and DP-2` when the window lies across more than
        /// the display a check moved it to (the scale in effect is then the
        /// largest of theirs).
        func displays(besides display: String) -> String {
            enteredDisplays.count > 1 ? enteredDisplays.joined(separator: " and ") : display
        }
    }

    /// Waits until the window answered the change, or needs no answer (or
    /// the wait ran out, or the client died), and returns the measurement.
    private func answer(window: UInt32, after sequence: UInt64, display: String, scale: Scale) async throws -> ScaleAnswer {
        guard let created = windowCreated else { throw Abort(reason: "the window's creation is not in the trace") }
        let measure = { @Sendable (simulator: Simulator) throws -> ScaleAnswer in
            let response = ScaleResponse.measure(
                [created] + simulator.trace.records(after: sequence), window: window,
                after: sequence, display: display, scale: scale)
            let live = try simulator.window(.id(window))
            return ScaleAnswer(
                response: response, showsRightScale: live.isDrawnForScaleInEffect,
                latestDrawnScale: live.lastCommit.flatMap(ScaleResponse.drawnScale),
                enteredDisplays: live.enteredDisplayNames)
        }
        // A ping sent after the change's events: its pong says the client
        // has handled them.
        let ping = try control { simulator in simulator.ping(window: window) }
        _ = await waitFor(configuration.answerTimeout) { simulator in
            let measured = try measure(simulator)
            let handled = ping.map { simulator.hasAnsweredPing($0, window: window) == true } ?? false
            return Self.answerIsIn(measured, changeHandled: handled, settled: try simulator.window(.id(window)).isSettled)
        }
        return try control(measure)
    }

    /// Whether the wait for a window's answer to a scale change is over: the
    /// answer came and still stands (see ``grade(_:display:scale:seconds:)``),
    /// or none is needed. A client that has handled the change's events
    /// (its pong to a ping sent after them came), has answered every
    /// configure and whose latest frame is drawn for the scale in effect
    /// has nothing to redraw (foot at buffer scale 2 moved from 2x to 1.5x,
    /// whose wl_output.scale is 2): waiting longer would only wait out the
    /// timeout, as the settling of a scenario's window does not.
    static func answerIsIn(_ measured: ScaleAnswer, changeHandled: Bool, settled: Bool) -> Bool {
        guard measured.showsRightScale else { return false }
        return measured.response.answer != nil || (changeHandled && settled)
    }

    /// The verdict on a scale change. A pass needs an answer that still
    /// stands: the latest frame drawn for the scale in effect too (foot once
    /// passed `move-to-1x` on a frame that fitted, then was still drawn at 2).
    static func grade(_ measured: ScaleAnswer, display: String, scale: Scale, seconds: Int64) -> Outcome {
        let response = measured.response
        guard response.toldNanoseconds != nil else {
            if measured.enteredBefore {
                let latest = measured.latestDrawnScale.map { "draws at \(Self.number($0))" } ?? "has no frame"
                return Outcome(
                    verdict: measured.showsRightScale ? .pass : .fail,
                    reason: "its surface was on \(display) before the change already, so no enter told it; its latest frame "
                        + latest + (measured.showsRightScale ? ", the scale in effect" : ", not for the scale in effect"),
                    response: response)
            }
            return Outcome(
                verdict: .fail, reason: "its surface was never told about \(display) (no enter or preferred scale)",
                response: response)
        }
        guard let answer = response.answer else {
            let latest = measured.latestDrawnScale.map { "draws at \(Self.number($0))" } ?? "no frame"
            if response.staleCommits == 0 && measured.showsRightScale {
                // Told, and its frame already fits the scale in effect (foot at
                // buffer scale 2 moved from 2x to 1.5x, whose wl_output.scale is 2).
                return Outcome(
                    verdict: .pass,
                    reason: "no redraw needed: \(latest), the scale in effect "
                        + "(fractional-scale-v1 \(response.usesFractionalScale ? "bound" : "not used"))",
                    response: response)
            }
            let frames = response.staleCommits == 0 ? "no new frame" : "\(response.staleCommits) frames, none"
            return Outcome(
                verdict: .fail,
                reason:
                    "\(frames) drawn for the scale in effect on \(measured.displays(besides: display)) within \(seconds) s (\(latest))",
                response: response)
        }
        let drawn = ScaleResponse.drawnScale(of: answer).map(Self.number) ?? "?"
        guard measured.showsRightScale else {
            let latest = measured.latestDrawnScale.map { "draws at \(Self.number($0))" } ?? "has no frame"
            return Outcome(
                verdict: .fail,
                reason:
                    "drew at \(drawn) once, but its latest frame \(latest), not for the scale in effect on \(measured.displays(besides: display))",
                response: response)
        }
        let how: String
        if response.followed {
            let viewport = answer.viewportDestination != nil
            switch (scale.isInteger, response.usesFractionalScale) {
            case (true, _) where !viewport: how = "buffer scale \(answer.bufferScale)"
            case (_, true): how = viewport ? "fractional-scale-v1 + viewport" : "fractional-scale-v1"
            default: how = "a viewport"
            }
        } else {
            how = "the integer wl_output.scale; fractional-scale-v1 \(response.usesFractionalScale ? "bound" : "not used")"
        }
        return Outcome(verdict: .pass, reason: "draws at \(drawn) (\(how))", response: response)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    // MARK: What every check shares

    /// Waits for the client's first window with a frame, which every check
    /// acts on: the first check's start, or the set-up of a shard's first
    /// check when the first check is another shard's.
    ///
    /// - Returns: nil once the window is there, else the failed outcome (and
    ///   later checks do not apply).
    private func waitForWindow() async -> Outcome? {
        step = "waiting for the client to map a window with a frame"
        let seconds = configuration.startTimeout.components.seconds
        guard let (id, created) = await waitForValue(configuration.startTimeout, Self.windowWithFrame) else {
            stoppedBecause = "the client showed no window"
            return Outcome(verdict: .fail, reason: "no window with a frame within \(seconds) s")
        }
        window = id
        windowCreated = created
        return nil
    }

    private func run(_ name: String, needs roles: [String], _ body: () async throws -> Outcome) async {
        step = name
        // A variation may still hold the events of the last check's restore;
        // they go out now, so the check measures only what its own change sent.
        let traceStart =
            (try? control { simulator -> UInt64 in
                simulator.sendHeldDisplayEvents()
                return simulator.trace.lastSequence
            }) ?? 0
        let result = await CheckBattery.runCheck(
            name, needs: roles, configuration: configuration, displays: displays, stoppedBecause: stoppedBecause,
            hasWindow: window != nil, waitForWindow: { await waitForWindow()?.checkOutcome },
            body: { try await body().checkOutcome }
        ) { result in
            if !client.isRunning {
                let crash = CheckCrash(
                    exit: client.exitDescription, step: step, protocolError: protocolError(after: traceStart),
                    standardErrorTail: client.standardErrorTail())
                result.crash = crash
                result.verdict = .fail
                let ended = crash.exit.hasPrefix("killed") ? "was \(crash.exit)" : crash.exit
                result.reason = "the client \(ended) while \(step)" + (crash.protocolError.map { " (protocol error: \($0))" } ?? "")
                stoppedBecause = "the client \(ended) during \(name)"
            }
            if result.verdict == .fail {
                result.screenshots = screenshots(named: name)
            }
        }
        guard var result else { return }
        // A client that failed a check and no longer answers a ping has hung:
        // every later check would only wait out its timeout (a hung battery
        // took 35 s at a 2 s timeout), so they are skipped with the reason.
        if result.verdict == .fail, result.crash == nil, stoppedBecause == nil, client.isRunning, let window,
            await answersPing(window) == false
        {
            result.reason += "; it no longer answers xdg_wm_base.ping, so the checks after it are not run"
            stoppedBecause = "the client stopped answering (no pong to xdg_wm_base.ping within \(seconds) s) during \(name)"
        }
        results.append(result)
    }

    /// What the failure looks like, as PNG files: the window's area of each
    /// display it is on, at that display's scale (an upscaled 1x buffer looks
    /// blurry there). None without a window on a display: empty displays
    /// show nothing, and a whole layout is a slow PNG (so is a 5K display,
    /// hence the crop to the window).
    private func screenshots(named name: String) -> [String] {
        let folder = configuration.outputDirectory
        let window = self.window
        return
            (try? control { simulator in
                let live = window.flatMap { id in simulator.windows.first { $0.id == id } }
                guard let live else { return [] }
                return live.enteredDisplayNames.compactMap { display -> String? in
                    guard let screen = try? simulator.screenshot(ofDisplay: display),
                        let area = live.frame.intersection(screen.logicalRect)
                    else { return nil }
                    let origin = screen.pixelPosition(ofLogical: area.origin)
                    let end = screen.pixelPosition(ofLogical: Point(x: area.maxX, y: area.maxY))
                    let pixels = Rect(x: origin.x, y: origin.y, width: end.x - origin.x, height: end.y - origin.y)
                    let cropped = Screenshot(
                        image: screen.image.cropped(to: pixels), display: display, scale: screen.scale,
                        logicalRect: area, orientation: screen.orientation)
                    let path = "\(folder)/\(name)-\(display).png"
                    guard (try? cropped.writePNG(to: path)) != nil else { return nil }
                    return path
                }
            }) ?? []
    }

    private func protocolError(after sequence: UInt64) -> String? {
        try? control { simulator in
            simulator.trace.records(after: sequence).lazy.compactMap { record -> String? in
                if case .protocolError(let fact) = record.event {
                    return "\(fact.interface)@\(fact.objectID): \(fact.error)"
                }
                return nil
            }.first
        }
    }

    /// The client's first mapped window with a frame, remembered with its creation record.
    /// The client's first mapped window with a frame and its
    /// `window_created` record; nil while there is none.
    private static func windowWithFrame(_ simulator: Simulator) -> (UInt32, TraceRecord?)? {
        guard let window = simulator.windows.first(where: { $0.isMapped && $0.lastCommit?.bufferSize != nil }) else { return nil }
        let created = simulator.trace.records.first { record in
            if case .windowCreated(window.id, _, _) = record.event { true } else { false }
        }
        return (window.id, created)
    }

    private func requireWindow() throws -> UInt32 {
        guard let window else { throw Abort(reason: "the client has no window") }
        guard try control({ simulator in simulator.windows.contains { $0.id == window && $0.isMapped } }) else {
            throw Abort(reason: "the client closed or unmapped its window")
        }
        return window
    }

    private func snapshot(_ window: UInt32) throws -> WindowSnapshot {
        try control { simulator in try simulator.window(.id(window)).snapshot }
    }

    /// Undoes a check's change to the world so the next check starts from the
    /// layout as given. The next check's set-up waits for the client.
    private func restore(_ change: @escaping @Sendable (Simulator) throws -> Void) throws {
        try control(change)
    }

    /// Runs `body` on the simulator's thread; a refused control call ends the check.
    private func control<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws -> Result {
        do {
            return try simulator.perform(body)
        } catch let error as SimulatorControlError {
            throw Abort(reason: "the simulator refused a step: \(error)")
        }
    }

    /// Waits until `condition` holds on the simulator's thread (looked at
    /// again whenever the simulator records something: a commit, an ack, a
    /// bind, the client's disconnection or exit; never on a timer), the
    /// client disconnects or exits, or `timeout` passes. Returns whether it held. An error
    /// counts as "not yet".
    private func waitFor(_ timeout: Duration, _ condition: @escaping @Sendable (Simulator) throws -> Bool) async -> Bool {
        await waitForValue(timeout) { try condition($0) ? true : nil } != nil
    }

    /// The first value `condition` gives, waited for as ``waitFor(_:_:)``
    /// waits; nil when the client disconnected or the time ran out first.
    private func waitForValue<Value: Sendable>(
        _ timeout: Duration, _ condition: @escaping @Sendable (Simulator) throws -> Value?
    ) async -> Value? {
        let process = client.process
        let pid = client.processID
        let start = (try? control { $0.trace.lastSequence }) ?? 0
        let found = try? await simulator.value(timeout: timeout) { simulator -> Value?? in
            if let value = try? condition(simulator) { return .some(value) }
            return Self.disconnected(pid, after: start, in: simulator) || !process.isRunning ? .some(nil) : nil
        }
        let value = found.flatMap { $0 } ?? nil
        // A client whose connection dropped is most often dying (a crash in
        // an event handler): wait for its exit, bounded, so the check reports
        // the crash rather than a timeout it never waited out.
        if value == nil, process.isRunning, (try? control { Self.disconnected(pid, after: start, in: $0) }) == true {
            _ = await process.waitForExit(timeout: configuration.answerTimeout)
        }
        return value
    }

    /// Whether the client `pid` lost its window's connection after `start`:
    /// a connection of its that had made a window closed. A connection that
    /// made none is not the client going (mpv opens and closes one for each
    /// video output it tries before its window maps); a client that dies
    /// without a window is seen by its exit.
    private static func disconnected(_ pid: Int32, after start: UInt64, in simulator: Simulator) -> Bool {
        let closed = Set(
            simulator.trace.records(after: start).compactMap { record -> UInt32? in
                if case .clientDisconnected(let client, pid) = record.event { client } else { nil }
            })
        guard !closed.isEmpty else { return false }
        return simulator.trace.records.contains { record in
            if case .windowCreated(_, let client, _) = record.event { closed.contains(client) } else { false }
        }
    }

    /// Whether the window's client answers `xdg_wm_base.ping` within the
    /// answer timeout (having handled every event sent before); nil when
    /// it cannot be pinged (it bound no `xdg_wm_base`, or the window is gone).
    private func answersPing(_ window: UInt32) async -> Bool? {
        guard let serial = try? control({ $0.ping(window: window) }) else { return nil }
        return await waitFor(configuration.answerTimeout) { $0.hasAnsweredPing(serial, window: window) == true }
    }

    private var seconds: Int64 { configuration.answerTimeout.components.seconds }
}
