import DioramaModel
import DioramaScenarioBackends
import DioramaScenarios
import DioramaSimulator
import Foundation
import HeadlessCompositors

/// The battery on a real compositor (`check --on sway|weston|kwin|mutter`):
/// the compositor started headless by its scenario backend (its own
/// runtime, config and D-Bus folders), the layout's displays laid out by it
/// (the 2x display first, so new windows open there), the client launched
/// by it, and every change made as a scenario step through it: what a
/// compositor cannot do, its backend skips with the reason, and so is the
/// check. Real compositors keep no trace, so what the client drew is read
/// from its own `WAYLAND_DEBUG=client` log (``ClientProtocolView``), and
/// every wait wakes on that log being written or the client exiting.
///
/// The backend is always stopped (client, then compositor), whatever a
/// check did.
final class CompositorCheckSession {
    static let clientAlias = "client"
    static let windowName = "checked"

    let stage: BackendKind
    let backend: any ScenarioBackend
    let configuration: CheckConfiguration
    let displays: CheckDisplays
    /// The client's log; nil until it was launched.
    private var log: ClientLogFollower?
    private var process: ClientProcess?
    /// What the running check is doing now, for a crash report.
    private var step = "starting"
    /// Set when the client died or never showed a window: later checks do not apply.
    private var stoppedBecause: String?
    private var windowDeclared: StepOutcome?
    private var results: [CheckResult] = []

    init(stage: BackendKind, backend: any ScenarioBackend, configuration: CheckConfiguration, displays: CheckDisplays) {
        self.stage = stage
        self.backend = backend
        self.configuration = configuration
        self.displays = displays
    }

    typealias Outcome = CheckOutcome
    typealias Abort = CheckAbort

    // MARK: Start

    /// The layout's displays as the backend's starting displays: the 2x one
    /// first, since every compositor here opens a new window on its first
    /// output, then the others in the layout's order, side by side in that
    /// order from x = 0 (each display's logical width after the last), so
    /// the new order leaves no overlap. With `oneMode` (KWin, whose virtual
    /// outputs all get the first display's mode) every display is laid out
    /// at the first one's mode, as it will run.
    static func startingDisplays(_ layout: DisplayLayout, first: String?, oneMode: Bool) -> StartingDisplays {
        let ordered = layout.displays.filter { $0.name == first } + layout.displays.filter { $0.name != first }
        guard let firstMode = ordered.first?.mode else { return .inline([]) }
        var x = 0
        return .inline(
            ordered.map { display in
                let mode = oneMode ? firstMode : display.mode
                let spec = DisplaySpec(
                    name: display.name, modeSize: Size(width: mode.width, height: mode.height), refreshMilliHz: mode.refreshMilliHz,
                    scale: display.scale, position: Point(x: x, y: 0), transform: display.transform, location: location)
                x += Int((Double(display.transform.swapsAxes ? mode.height : mode.width) / display.scale.doubleValue).rounded(.down))
                return spec
            })
    }

    /// Starts the compositor and the client; nil when both run, else why not.
    func start(workDirectory: String, launchedProgram: String) async throws(CheckError) {
        let setup = ScenarioSetup(
            scenarioName: "check-on-\(stage.rawValue)",
            displays: Self.startingDisplays(configuration.layout, first: displays.double?.name, oneMode: stage == .kwin),
            profile: .modern, timeout: Self.scenarioDuration(configuration.startTimeout),
            artifactsDirectory: workDirectory)
        do {
            try await backend.start(setup)
        } catch {
            throw .compositor(stage.rawValue, "\(error)")
        }
        let logPath = URL(fileURLWithPath: workDirectory).appendingPathComponent(setup.scenarioName)
            .appendingPathComponent("\(Self.clientAlias).stderr.log").path
        log = ClientLogFollower(path: logPath)
        let words = configuration.command.map(Self.shellQuoted).joined(separator: " ")
        let launch = ClientLaunch(
            alias: NameReference(Self.clientAlias, at: Self.location), program: .command(words),
            environment: [.init(name: "WAYLAND_DEBUG", value: "client")])
        do {
            _ = try await backend.launch(launch)
        } catch {
            throw .clientDidNotStart(launchedProgram, reason: "\(error)")
        }
        process = (backend as? HeadlessCompositorBackend)?.clientProcess(Self.clientAlias)
    }

    static let location = SourceLocation(file: "check", line: 0, column: 0)

    static func scenarioDuration(_ duration: Duration) -> ScenarioDuration {
        ScenarioDuration(milliseconds: Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
    }

    /// A word for `/bin/sh -c`, quoted so the shell splits nothing.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    var clientExit: String {
        guard let process else { return "never started" }
        return process.isRunning ? "still running" : process.exitDescription
    }

    // MARK: The battery

    func runAll() async -> [CheckResult] {
        let single = displays.single, double = displays.double, fractional = displays.fractional
        await run("first-frame-2x", needs: []) { [self] in
            try await firstFrame(on: double)
        }
        await run("move-to-1x", needs: ["1x"]) { [self] in
            try await scaleChange(.moveToDisplay(window: window, display: name(single!)), on: single!)
        }
        await run("move-to-2x", needs: ["1x", "2x"]) { [self] in
            if let skipped = try await setUp(.moveToDisplay(window: window, display: name(single!)), landing: single) { return skipped }
            return try await scaleChange(.moveToDisplay(window: window, display: name(double!)), on: double!)
        }
        await run("fractional-scale", needs: ["fractional"]) { [self] in
            try await scaleChange(.moveToDisplay(window: window, display: name(fractional!)), on: fractional!)
        }
        await run("rescale-under-window", needs: ["1x"]) { [self] in
            if let skipped = try await setUp(.moveToDisplay(window: window, display: name(single!)), landing: single) { return skipped }
            let outcome = try await scaleChange(
                .rescaleDisplay(display: name(single!), scale: Scale(integer: 2)!), on: single!, becoming: 2)
            _ = await perform(.rescaleDisplay(display: name(single!), scale: .one))
            return outcome
        }
        await run("rotate", needs: ["1x"]) { [self] in
            // Turned first: a compositor that cannot turn a display is not
            // left with a maximized window (no step un-maximizes it).
            if let skipped = try await setUp(.rotateDisplay(display: name(single!), transform: .rotated90)) { return skipped }
            var outcome = try await setUp(.moveToDisplay(window: window, display: name(single!)), landing: single)
            if outcome == nil { outcome = try await configureAnswer(.maximize(window: window)) }
            _ = await perform(.rotateDisplay(display: name(single!), transform: .normal))
            return outcome!
        }
        await run("unplug-other-display", needs: []) { [self] in
            try await unplugOther()
        }
        await run("unplug-current-display", needs: ["1x", "2x"]) { [self] in
            if let skipped = try await setUp(.moveToDisplay(window: window, display: name(double!)), landing: double) { return skipped }
            return try await scaleChange(.unplugDisplay(display: name(double!)), on: single!)
        }
        await run("interactive-resize", needs: []) { [self] in
            try await configureAnswer(.resize(window: window, size: Size(width: 900, height: 700), interactiveSteps: 4))
        }
        await run("min-size", needs: []) { [self] in
            try await minimumSize()
        }
        return results
    }

    private var window: NameReference { NameReference(Self.windowName, at: Self.location) }
    private func name(_ display: DisplayConfiguration) -> NameReference { NameReference(display.name, at: Self.location) }

    /// The first check also waits for the window every other check uses.
    private func firstFrame(on double: DisplayConfiguration?) async throws -> Outcome {
        if let missing = await waitForWindow() { return missing }
        guard let double else { return Outcome(verdict: .notApplicable, reason: "the layout has no 2x display") }
        step = "waiting for a frame drawn for the scale in effect on \(double.name)"
        _ = await waitForAnswer(after: nil, scale: double.scale.doubleValue)
        guard let view = log?.view else { return Outcome(verdict: .fail, reason: "the client has no log") }
        let latest = view.latestCommit.map { "it draws at \(ClientProtocolView.number($0.drawnScale))" } ?? "no frame"
        // Where a new window opens is the compositor's choice, and so is telling it.
        guard ScaleAnswer(view.history).told != nil else {
            return Outcome(
                verdict: .skipped,
                reason: "\(stage.rawValue) told the surface of no display within \(seconds) s (no enter or preferred scale; \(latest))")
        }
        guard view.scaleInEffect >= double.scale.doubleValue else {
            return Outcome(
                verdict: .skipped,
                reason:
                    "\(stage.rawValue) opened the window where the scale in effect is \(ClientProtocolView.number(view.scaleInEffect)), not on \(double.name) (\(latest))"
            )
        }
        return grade(after: nil, display: double.name, scale: double.scale.doubleValue)
    }

    /// A set-up step (a move before the check's own change), waited out
    /// like a change when it lands the window on `display`; nil when it was
    /// done, else the skip it became.
    private func setUp(_ action: StepAction, landing display: DisplayConfiguration? = nil) async throws -> Outcome? {
        step = "\(Self.describe(action)) (set-up)"
        let mark = WaylandDebugLog.now()
        if let skipped = try await performChange(action) { return skipped }
        // Nothing to wait for when the window already shows that display's
        // scale (a move to where it is sends no event).
        if let display { _ = await waitForAnswer(after: mark, scale: display.scale.doubleValue, told: false) }
        return nil
    }

    /// Performs a check's change through the backend: nil when it was done,
    /// the skip when the backend skipped it; a failed step ends the check.
    private func performChange(_ action: StepAction) async throws -> Outcome? {
        let outcome = await perform(action)
        switch outcome.status {
        case .skipped(let reason): return Outcome(verdict: .skipped, reason: reason)
        case .failed(let message): throw Abort(reason: "\(stage.rawValue) could not \(action.keyword): \(message)")
        case .done: return nil
        }
    }

    /// Makes a change that should make the window draw for the scale of
    /// `display` (`becoming`, when the change is that display's new scale),
    /// and grades the client's answer.
    private func scaleChange(_ action: StepAction, on display: DisplayConfiguration, becoming scale: Double? = nil)
        async throws -> Outcome
    {
        step = Self.describe(action)
        let mark = WaylandDebugLog.now()
        if let skipped = try await performChange(action) { return skipped }
        let target = scale ?? display.scale.doubleValue
        _ = await waitForAnswer(after: mark, scale: target)
        return grade(after: mark, display: display.name, scale: target)
    }

    /// A change answered by a configure (a rotation of a maximized window, an
    /// interactive resize): the client must answer with a commit no larger
    /// than configured.
    private func configureAnswer(_ action: StepAction) async throws -> Outcome {
        step = Self.describe(action)
        if let skipped = try await performChange(action) { return skipped }
        return Outcome(verdict: .skipped, reason: "\(stage.rawValue) does not report the configured size and the window's geometry here")
    }

    private func unplugOther() async throws -> Outcome {
        let right = await backend.observeDisplays().map(\.logicalRect.maxX).max() ?? 0
        let spec = DisplaySpec(
            name: "CHECK-1", modeSize: Size(width: 1280, height: 720), refreshMilliHz: configuration.plugRefreshMilliHz,
            position: Point(x: right, y: 0), location: Self.location)
        step = "plugging in CHECK-1"
        let outputsBefore = log?.view.outputGlobalsAnnounced ?? 0
        if let skipped = try await performChange(.plugDisplay(spec)) { return skipped }
        await waitForOutputTakenIn(announcedBefore: outputsBefore)
        step = "unplugging CHECK-1"
        // Counted before the unplug: the client may dispatch the removal
        // before the compositor's answer reaches us.
        let removalsBefore = log?.view.globalRemovals ?? 0
        let unplugged = await perform(.unplugDisplay(display: NameReference("CHECK-1", at: Self.location)))
        guard clientRunning else { return Outcome(verdict: .fail, reason: "the client died") }
        if case .skipped(let reason) = unplugged.status {
            return Outcome(verdict: .skipped, reason: "survived the plug; the unplug: \(reason)")
        }
        if case .failed(let message) = unplugged.status { throw Abort(reason: "\(stage.rawValue) could not unplug: \(message)") }
        // Every client with a registry is told `global_remove`, bound or
        // not; libwayland logs it as the client dispatches it. A client that
        // dies of the removal dies in that handler: if it is still running
        // now, it is no later than the next check that notices, which then
        // names the removal as the last event it dispatched.
        let told = await log?.wait(configuration.answerTimeout, stop: { !self.clientRunning }) { view in
            view.globalRemovals > removalsBefore
        }
        guard clientRunning else { return Outcome(verdict: .fail, reason: "the client died") }
        guard told == true else {
            return Outcome(verdict: .pass, reason: "still running, though it had not read CHECK-1's removal by the time limit")
        }
        return Outcome(verdict: .pass, reason: "still running after CHECK-1 came and went")
    }

    /// Waits (bounded) for the client to be done with a new output: told of
    /// its global after `announcedBefore` globals, and, if it bound it, the
    /// `wl_output.done` that ends its description; or for its exit.
    private func waitForOutputTakenIn(announcedBefore: Int) async {
        _ = await log?.wait(configuration.answerTimeout, stop: { !self.clientRunning }) { view in
            view.outputGlobalsAnnounced > announcedBefore && view.newestOutputTakenIn
        }
    }

    private func minimumSize() async throws -> Outcome {
        guard let minimum = log?.view.minimumSize, minimum.width > 0 || minimum.height > 0 else {
            return Outcome(verdict: .notApplicable, reason: "declares no minimum size (xdg_toplevel.set_min_size)")
        }
        step = "asking for 1x1 points (minimum \(minimum.width)x\(minimum.height))"
        if let skipped = try await performChange(.resize(window: window, size: Size(width: 1, height: 1), interactiveSteps: nil)) {
            return skipped
        }
        _ = await backend.settle(windows: [Self.windowName], timeout: Self.scenarioDuration(configuration.answerTimeout))
        guard case .value(let frame) = await backend.observe(window: Self.windowName).frame else {
            return Outcome(verdict: .skipped, reason: "\(stage.rawValue) does not report the window's size here")
        }
        guard frame.width >= minimum.width && frame.height >= minimum.height else {
            return Outcome(
                verdict: .fail,
                reason: "drew \(frame.width)x\(frame.height) points, below its minimum \(minimum.width)x\(minimum.height)")
        }
        return Outcome(verdict: .pass, reason: "kept \(frame.width)x\(frame.height) points (minimum \(minimum.width)x\(minimum.height))")
    }

    // MARK: Grading a scale change

    /// The commits and tellings after `mark` (all of them for nil).
    private func moments(after mark: UInt32?) -> [ClientProtocolView.Moment] {
        guard let view = log?.view else { return [] }
        guard let mark else { return view.history }
        return view.history.filter { WaylandDebugLog.microseconds(from: mark, to: $0.microseconds) >= 0 }
    }

    /// Waits until the client was told of the change, the scale in effect
    /// is the one a display of `scale` gives, and its latest frame is drawn
    /// for it; or the time ran out, or the client exited. The scale in
    /// effect is waited for, not only a fitting frame: a move from 1x to 2x
    /// is an enter then a leave, and between the two the old frame fits
    /// for a moment (foot "passed" a move that way while still drawn at 2).
    ///
    /// - Parameter told: whether an event telling the surface must have come
    ///   after `mark` (a check's change), or not (a set-up move).
    private func waitForAnswer(after mark: UInt32?, scale: Double, told: Bool = true) async -> Bool {
        guard let log else { return false }
        return await log.wait(configuration.answerTimeout, stop: { !self.clientRunning }) { [self] view in
            (!told || ScaleAnswer(moments(after: mark)).told != nil)
                && view.scaleInEffect == view.expectedScale(onDisplayOf: scale) && view.latestFrameFitsScaleInEffect
        }
    }

    /// The told → answer measurement over the moments of one change.
    struct ScaleAnswer {
        var told: ClientProtocolView.Moment?
        var answer: ClientProtocolView.Moment?
        var staleCommits = 0

        init(_ moments: [ClientProtocolView.Moment]) {
            for moment in moments {
                switch moment.kind {
                case .told:
                    if told == nil { told = moment }
                case .commit(let commit):
                    guard told != nil, answer == nil else { continue }
                    if commit.drawnForScaleInEffect { answer = moment } else { staleCommits += 1 }
                }
            }
        }
    }

    /// The verdict on a change to a display of `scale`, from the client's log.
    private func grade(after mark: UInt32?, display: String, scale: Double) -> Outcome {
        guard let view = log?.view else { return Outcome(verdict: .fail, reason: "the client has no log") }
        let measured = ScaleAnswer(moments(after: mark))
        let effect = ClientProtocolView.number(view.scaleInEffect)
        let expected = ClientProtocolView.number(view.expectedScale(onDisplayOf: scale))
        let fractional = "fractional-scale-v1 \(view.bindsFractionalScale ? "bound" : "not used")"
        let latest = view.latestCommit.map { "draws at \(ClientProtocolView.number($0.drawnScale))" } ?? "no frame"
        guard let told = measured.told, view.scaleInEffect == view.expectedScale(onDisplayOf: scale) else {
            return Outcome(
                verdict: .fail,
                reason: measured.told == nil
                    ? "its surface was never told about \(display) (no enter, leave or preferred scale)"
                    : "the scale in effect for its surface is \(effect), not the \(expected) of \(display) (\(latest))")
        }
        let stale = measured.staleCommits
        let reaction = measured.answer.map {
            Double(WaylandDebugLog.microseconds(from: told.microseconds, to: $0.microseconds)) / 1000
        }
        guard view.latestFrameFitsScaleInEffect else {
            let frames = stale == 0 ? "no new frame" : "\(stale) frames"
            let once = measured.answer == nil ? "" : "; one fitted for a moment, but not the latest"
            return Outcome(
                verdict: .fail,
                reason: "\(frames) drawn for the scale in effect (\(effect)) on \(display) within \(seconds) s (\(latest)\(once))",
                reactionMilliseconds: reaction, staleFrames: stale)
        }
        guard measured.answer != nil else {
            // Told after it drew (foot picks its outputs' scale before its surface's enter comes).
            let when = mark == nil ? "from its first frame, before it was told" : "no redraw needed"
            return Outcome(verdict: .pass, reason: "\(when): \(latest), the scale in effect (\(fractional))", staleFrames: 0)
        }
        return Outcome(
            verdict: .pass, reason: "\(latest) (\(fractional))", reactionMilliseconds: reaction, staleFrames: stale)
    }

    // MARK: What every check shares

    private var clientRunning: Bool { process?.isRunning ?? false }
    private var seconds: Int64 { configuration.answerTimeout.components.seconds }

    /// Performs one step through the backend.
    private func perform(_ action: StepAction) async -> StepOutcome {
        await backend.perform(Step(action, text: Self.describe(action), location: Self.location))
    }

    static func describe(_ action: StepAction) -> String {
        switch action {
        case .moveToDisplay(_, let display): "moving the window to \(display.name)"
        case .rescaleDisplay(let display, let scale): "setting \(display.name) to scale \(scale)"
        case .rotateDisplay(let display, _): "turning \(display.name) to portrait"
        case .unplugDisplay(let display): "unplugging \(display.name), the display the window is on"
        case .resize(_, let size, _): "resizing the window to \(size.width)x\(size.height)"
        default: action.keyword
        }
    }

    /// Waits for the client's first toplevel with a frame and names it for
    /// the backend's steps.
    ///
    /// - Returns: nil once the window is there, else the failed outcome (and
    ///   later checks do not apply).
    private func waitForWindow() async -> Outcome? {
        step = "waiting for the client to map a window with a frame"
        let seconds = configuration.startTimeout.components.seconds
        let shown =
            await log?.wait(configuration.startTimeout, stop: { !self.clientRunning }) { $0.latestCommit != nil } ?? false
        guard shown else {
            stoppedBecause = "the client showed no window"
            return Outcome(verdict: .fail, reason: "no window with a frame within \(seconds) s")
        }
        windowDeclared = await backend.perform(
            Step(
                .declareWindow(
                    WindowDeclaration(
                        name: window, client: NameReference(Self.clientAlias, at: Self.location))),
                text: "window \(Self.windowName) = \(Self.clientAlias)", location: Self.location))
        return nil
    }

    private func run(_ name: String, needs roles: [String], _ body: () async throws -> Outcome) async {
        step = name
        let result = await CheckBattery.runCheck(
            name, needs: roles, configuration: configuration, displays: displays, stoppedBecause: stoppedBecause,
            hasWindow: windowDeclared != nil, waitForWindow: waitForWindow, body: body
        ) { result in
            guard let process, !process.isRunning else { return }
            log?.catchUp()
            let crash = CheckCrash(
                exit: process.exitDescription, step: step, protocolError: nil,
                standardErrorTail: Self.withoutProtocolLines(process.standardErrorTail(20_000)))
            result.crash = crash
            result.verdict = .fail
            let ended = crash.exit.hasPrefix("killed") ? "was \(crash.exit)" : crash.exit
            result.reason =
                "the client \(ended) on \(stage.rawValue) while \(step)"
                + (log?.view.lastDispatched.map { "; the last event it dispatched: \($0)" } ?? "")
            stoppedBecause = "the client \(ended) during \(name)"
        }
        if let result { results.append(result) }
    }

    /// The client's own stderr lines, without libwayland's `WAYLAND_DEBUG`
    /// ones (the last 2000 characters).
    static func withoutProtocolLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { WaylandDebugLog.parseLine($0) == nil }
        return String(lines.joined(separator: "\n").suffix(2000))
    }
}
