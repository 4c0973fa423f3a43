import DioramaModel
import DioramaPOSIX
import DioramaScenarios
import DioramaSimulator
import Foundation

/// Runs scenarios on the embedded simulator: a ``BackgroundSimulator`` on its
/// own thread, every step a call of its control API, every observation read
/// from its window model and trace plus the client's runtime trace.
///
/// Time is real (the simulator's monotonic clock): frames are paced by each
/// display's refresh rate, and nothing sleeps except `wait` steps; waiting
/// for a declared window looks again when something changed
/// (``ChangeWait``), like settling.
///
/// Settling (`Docs/scenario-language.md`, "Expectation clauses"): a window has
/// settled when the simulator has nothing outstanding for it (every configure
/// acked and committed after, no interactive resize under way, its last frame
/// rendered for the scale preferred now) and, for a Diorama app, the app wrote
/// an `idle` record to its runtime trace after the simulator last sent it
/// events: it has handled them, so a new `screen` or `traits` record after an
/// enter with no configure is already there. Each look happens when something
/// changed (``ChangeWait``), never after a quiet period.
package final class SimulatorScenarioBackend: ScenarioBackend {
    package let kind = BackendKind.sim
    package let configuration: BackendConfiguration
    private var simulator: BackgroundSimulator?
    private var clients: ScenarioClients?
    private var setup: ScenarioSetup?
    /// Names bound to simulator window ids. A wait for a window looks again
    /// when the simulator recorded something (a window maps with a commit),
    /// an app wrote its trace (its `toplevel` record) or the client ended.
    private lazy var windows = ScenarioWindows<UInt32> { [unowned self] client in
        self.watchForChange(of: client)
    }
    private let traces = RuntimeTraces()
    /// Wakes the waits (settling, `wait until`) when an app writes its
    /// trace; one for the whole run (``ChangeWait``).
    private let traceWrites = FolderWriteWatch(foldersOf: [])
    /// Where the current step began in the simulator's trace (the runtime
    /// traces keep their own marks).
    private var stepSequence: UInt64 = 0
    /// For each window an input step went to: the serial of the
    /// `xdg_wm_base.ping` sent right after the input, in the same flush, until
    /// its pong came. A client answers a ping while dispatching it, after
    /// every event before it, and the runtime writes a pointer, touch or key
    /// `input` record while dispatching that event: the pong says the step's
    /// input is in the app's trace. (An `idle` record cannot say so: a batch
    /// that read the socket dry just before the input came may write its
    /// `idle` just after, on a loaded machine — issue 23, part 4, bug 3.)
    /// A plug or unplug pings every bound window's client the same way.
    private var inputPings: [String: UInt32] = [:]
    /// For each window a settle ran out of time on whose client did not
    /// answer the ping that settle sent when it began waiting: that ping,
    /// with the window it went to, until its pong comes. While it is
    /// unanswered the client has handled nothing for a whole `timeout:` (it
    /// hangs), so later steps do not wait out theirs for it again: their
    /// settle names it at once. A pong ends that. (A ping sent only when
    /// the wait ran out would give a live client no time to answer before
    /// the next step looks.)
    private var stalledPings: [String: (serial: UInt32, window: UInt32)] = [:]
    /// For each window a settle ran out of time on while its last frame was
    /// not drawn for the scale in effect: what the window looked like then.
    /// Until that changes (a new frame, another scale or display), later
    /// steps do not wait for the redraw again but name it at once: an app
    /// that does not scale (weston-simple-shm, foot on a fractional display)
    /// would otherwise cost every later step the whole `timeout:`.
    private var undrawnAfterTimeout: [String: UndrawnFrame] = [:]

    package init(configuration: BackendConfiguration) {
        self.configuration = configuration
    }

    // MARK: Start and stop

    package func start(_ setup: ScenarioSetup) async throws {
        self.setup = setup
        let (profile, layout) = ExplorationVariation.applying(
            setup.variations, to: SimulatorLayout.profile(for: setup.profile),
            layout: try SimulatorLayout.layout(for: setup))
        clients = try ScenarioClients(configuration: configuration, scenarioName: setup.scenarioName)
        simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: layout, profile: profile)
        }
    }

    package func stop() async {
        await clients?.stopAll()
        simulator?.stop()
        simulator = nil
    }

    /// Composites on the simulator's thread (it reads the committed
    /// buffers), then encodes the PNG on a thread of its own so the
    /// compositor is not held up. Both together are bounded by the scenario's
    /// timeout, like every other wait of a step: a screenshot that takes
    /// longer fails its step instead of holding up the run.
    /// Files go to `<work dir>/<scenario>/screenshots/NAME.png`.
    private func takeScreenshot(_ target: ScreenshotTarget, named name: String) async throws -> StepOutcome {
        guard let clients, let simulator else { return .failed("the simulator is not running") }
        let display: String?
        switch target {
        case .all: display = nil
        case .display(let reference): display = reference.name
        }
        let folder = clients.directory.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).png").path
        let timeout = setup?.timeout ?? .seconds(10)
        let written = try await BoundedWork.run(within: timeout.duration) { () -> Screenshot in
            let shot = try simulator.perform { simulator in
                if let display { try simulator.screenshot(ofDisplay: display) } else { try simulator.layoutScreenshot() }
            }
            try shot.writePNG(to: path)
            return shot
        }
        guard let shot = written else {
            return .failed("the screenshot `\(name)` was not written within \(timeout) (the scenario's timeout); raise `timeout:` if it is genuinely this slow")
        }
        return .done(
            detail: "\(shot.image.width)x\(shot.image.height) px → \(path)",
            screenshots: [ScreenshotFile(name: name, display: display, path: path)])
    }

    private func run<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws -> Result {
        guard let simulator else { throw ScenarioBackendError.unavailable("the simulator is not running") }
        return try simulator.perform(body)
    }

    // MARK: Clients

    package func launch(_ client: ClientLaunch) async throws -> ClientHandle {
        guard let clients, let simulator else { throw ScenarioBackendError.unavailable("the simulator is not running") }
        beginStep()
        return try clients.launch(client, compositorEnvironment: simulator.clientEnvironment, followedBy: traces)
    }

    // MARK: Steps

    /// Starts a new "since the step" period.
    private func beginStep() {
        stepSequence = (try? run { $0.trace.lastSequence }) ?? stepSequence
        traces.beginStep()
    }

    package func perform(_ step: Step) async -> StepOutcome {
        await StepPerforming.outcome(
            of: step, beginStep: beginStep,
            refusal: { ($0 as? SimulatorControlError).map { "the simulator refused: \($0)" } },
            perform: perform)
    }

    private func perform(_ action: StepAction) async throws -> StepOutcome {
        switch action {
        case .declareWindow(let declaration):
            return try await declare(declaration)
        case .moveToDisplay(let window, let display):
            let id = try liveWindow(window)
            let name = display.name
            try run { simulator in
                let target = try simulator.window(WindowSelector.id(id))
                // Maximized, fullscreen and tiled windows take the display's
                // size there; floating ones are centred, as sway centres them.
                if target.states.contains(.maximized) || target.states.contains(.fullscreen)
                    || target.states.contains(.tiled)
                {
                    try simulator.moveWindow(.id(id), toDisplay: name)
                } else {
                    guard let area = simulator.display(named: name)?.usableArea else {
                        throw SimulatorControlError.noSuchDisplay(name, known: simulator.displays.map(\.name))
                    }
                    try simulator.moveWindow(.id(id), to: SimulatorLayout.centredPosition(of: target.size, in: area))
                }
            }
        case .moveToPosition(let window, let position):
            try onWindow(window) { try $0.moveWindow($1, to: position) }
        case .resize(let window, let size, let steps):
            if let steps {
                try onWindow(window) { try $0.resizeWindowInteractively($1, to: size, steps: steps) }
            } else {
                try onWindow(window) { try $0.resizeWindow($1, to: size) }
            }
        case .focus(let window):
            try onWindow(window) { try $0.focusWindow($1) }
        case .maximize(let window):
            try onWindow(window) { try $0.maximizeWindow($1) }
        case .fullscreen(let window, let display):
            let name = display?.name
            try onWindow(window) { try $0.fullscreenWindow($1, on: name) }
        case .minimize(let window):
            try onWindow(window) { try $0.minimizeWindow($1) }
        case .tile(let window, let half):
            // As on the real sway and weston, which have no half tiling.
            let profile = try run { $0.profile }
            if profile.halfTiling == .unsupported {
                return .skipped(SimulatorControlError.halfTilingUnsupported(profile: profile.name).description)
            }
            try onWindow(window) { try $0.halfTileWindow($1, half) }
        case .close(let window):
            try onWindow(window) { try $0.closeWindow($1) }
        case .type(let window, let text):
            try sendInput(to: window) { try $0.typeText(text, into: .id($1)) }
        case .click(let window, let point):
            if let problem = try inputMisses(window, at: point) { return .failed(problem) }
            try sendInput(to: window) { simulator, id in
                try simulator.movePointer(to: .window(.id(id), point))
                simulator.clickPointer()
            }
        case .touch(let window, let start, let end):
            if let problem = try inputMisses(window, at: start) { return .failed(problem) }
            try sendInput(to: window) { simulator, id in
                try simulator.touchDown(id: 0, at: .window(.id(id), start))
                if let end { try simulator.touchMove(id: 0, to: .window(.id(id), end)) }
                try simulator.touchUp(id: 0)
            }
        case .drag(let window, let offset, let display):
            return try await drag(window, by: offset, to: display?.name)
        case .doubleClick(let window, let point):
            if let problem = try inputMisses(window, at: point) { return .failed(problem) }
            try sendInput(to: window) { simulator, id in
                try simulator.movePointer(to: .window(.id(id), point))
                simulator.clickPointer()
                simulator.clickPointer()
            }
        case .pointerPress(let window, let point):
            if let problem = try inputMisses(window, at: point) { return .failed(problem) }
            try sendInput(to: window) { simulator, id in
                try simulator.movePointer(to: .window(.id(id), point))
                simulator.pressPointerButton()
            }
        case .pointerMove(let window, let point):
            try sendInput(to: window) { try $0.movePointer(to: .window(.id($1), point)) }
        case .pointerRelease(let window):
            try sendInput(to: window) { simulator, _ in simulator.releasePointerButton() }
        case .scroll(let window, let point, let delta):
            if let problem = try inputMisses(window, at: point) { return .failed(problem) }
            try sendInput(to: window) { simulator, id in
                try simulator.movePointer(to: .window(.id(id), point))
                simulator.scrollPointer(dx: delta.x, dy: delta.y)
            }
        case .keyPress(let window, let key):
            try sendInput(to: window) { try $0.holdKey(key, in: .id($1)) }
        case .keyRelease(let window, let key):
            try sendInput(to: window) { try $0.releaseKey(key, in: .id($1)) }
        case .holdKey(let window, let key, let duration):
            // The app repeats the key on its own clock while it is down: real time.
            try sendInput(to: window) { try $0.holdKey(key, in: .id($1)) }
            await pause(for: duration)
            try sendInput(to: window) { try $0.releaseKey(key, in: .id($1)) }
        case .rescaleDisplay(let display, let scale):
            try run { try $0.setScale(scale, ofDisplay: display.name) }
        case .rotateDisplay(let display, let transform):
            try run { try $0.setTransform(transform, ofDisplay: display.name) }
        case .moveDisplay(let display, let position):
            try run { try $0.moveDisplay(display.name, to: position) }
        case .plugDisplay(let spec):
            let configuration = SimulatorLayout.configuration(for: spec)
            try changeDisplaysAndPing { try $0.plugDisplay(configuration) }
        case .unplugDisplay(let display):
            try changeDisplaysAndPing { try $0.unplugDisplay(display.name) }
        case .screenshot(let target, let name):
            return try await takeScreenshot(target, named: name.name)
        case .quit(let client):
            guard let clients else { return .failed("no clients") }
            // Its pings die with it; a relaunched client must not wait for them.
            inputPings = inputPings.filter { windows[$0.key]?.declaration.client.name != client.name }
            stalledPings = stalledPings.filter { windows[$0.key]?.declaration.client.name != client.name }
            undrawnAfterTimeout = undrawnAfterTimeout.filter { windows[$0.key]?.declaration.client.name != client.name }
            let ids = try run { sim in Set(sim.windows.filter(\.isMapped).map(\.id)) }
            // Reads the scene's trace to its end before the client quits.
            return await windows.quit(client, clients: clients) { binding in
                if let path = binding.traceFile { _ = traces.log(path) }
                return binding.windowID.map(ids.contains) == true
            }
        case .relaunch(let client):
            guard let clients, let simulator else { return .failed("the simulator is not running") }
            return try await windows.relaunch(
                client.name, clients: clients,
                compositorEnvironment: simulator.clientEnvironment, traces: traces,
                timeout: timeout, returning: .showingAtQuit, keepScenes: true,
                rebind: { try rebind($0, waiting: true) })
        case .wait(let duration):
            await pause(for: duration)
        case .launch, .waitUntil, .expect:
            return .failed("the runner decides `\(action.keyword)` steps; the backend was asked to perform one")
        }
        return .done
    }

    /// A user's drag of the window by its top strip: press there, wait
    /// (bounded) for the app to answer with `xdg_toplevel.move`, carry the
    /// pointer, release. An app that never asks for the move fails the step
    /// (the button is released first, so later steps start clean).
    private func drag(_ window: NameReference, by offset: Point, to displayName: String?) async throws -> StepOutcome {
        let id = try liveWindow(window)
        let start = try run { simulator -> Point in
            let target = try simulator.window(.id(id))
            let grab = try simulator.globalPoint(.window(.id(id), Point(x: target.size.width / 2, y: 10)))
            try simulator.movePointer(to: .global(grab))
            simulator.pressPointerButton()
            return grab
        }
        // The app's xdg_toplevel.move is a request the simulator handles: a
        // waiter on it, not a poll.
        guard try await simulator?.value(timeout: .seconds(5), { $0.windowBeingMoved?.id == id ? true : nil }) == true else {
            try run { $0.releasePointerButton() }
            return .failed("the app did not start a drag-move (xdg_toplevel.move) within 5 s of a press at \(start.x),\(start.y)")
        }
        try sendInput(to: window) { simulator, _ in
            var end = Point(x: start.x + offset.x, y: start.y + offset.y)
            if let displayName {
                guard let target = simulator.display(named: displayName) else {
                    throw SimulatorControlError.noSuchDisplay(displayName, known: simulator.displays.map(\.name))
                }
                let source = simulator.displays.first { $0.logicalRect.contains(start) } ?? target
                end.x += target.logicalRect.minX - source.logicalRect.minX
                end.y += target.logicalRect.minY - source.logicalRect.minY
            }
            // Through the midpoint, as a hand moves, then to the end.
            try simulator.movePointer(to: .global(Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)))
            try simulator.movePointer(to: .global(end))
            simulator.releasePointerButton()
        }
        return .done
    }

    /// Why input that starts at `point` of the window `name` (points from
    /// its top-left) would not reach it: another window is on top there, or
    /// none is; nil when it would. A click, press, scroll or touch there
    /// would go to whatever is at that place on the desk, so the step fails
    /// instead of reporting input the window never got. (A `move pointer`
    /// may leave the window: a drag does.)
    private func inputMisses(_ name: NameReference, at point: Point) throws -> String? {
        let id = try liveWindow(name)
        let (under, size) = try run { simulator -> ((id: UInt32, label: String)?, Size) in
            let under = try simulator.window(under: .window(.id(id), point)).map { window in
                (window.id, window.appID.isEmpty ? "client \(window.clientID)'s window" : "the window of \(window.appID)")
            }
            return (under, try simulator.window(.id(id)).size)
        }
        guard under?.id != id else { return nil }
        let there = under?.label ?? "no window"
        return "\(point.x),\(point.y) is not on `\(name.name)` (\(size.width)x\(size.height) points; \(there) is there), "
            + "so the input would not reach it; give a point inside the window"
    }

    /// Sends a step's input to a bound, live window on the simulator's
    /// thread, then pings its client in the same job, so the ping goes out
    /// after the input in one flush; settling waits for the pong
    /// (``inputPings``).
    private func sendInput(to name: NameReference, _ body: @escaping @Sendable (Simulator, UInt32) throws -> Void) throws {
        let id = try liveWindow(name)
        let serial = try run { simulator -> UInt32? in
            try body(simulator, id)
            return simulator.ping(window: id)
        }
        inputPings[name.name] = serial
    }

    /// Plugs or unplugs a display, then pings every bound window's client in
    /// the same job; settling waits for the pongs (``inputPings``). A client
    /// answers after it handled the change: it has bound a plugged display's
    /// output (so a later step's events can name it), and a client that dies
    /// of an unplug's events is gone before the next step looks at it.
    private func changeDisplaysAndPing(_ change: @escaping @Sendable (Simulator) throws -> Void) throws {
        let bound = windows.bindings.compactMap { name, binding in binding.windowID.map { (name, $0) } }
        let pings = try run { simulator in
            try change(simulator)
            return bound.map { name, id in (name, simulator.ping(window: id)) }
        }
        for (name, serial) in pings { inputPings[name] = serial }
    }

    /// Runs `body` on the simulator's thread with the selector of a bound, live window.
    private func onWindow(_ name: NameReference, _ body: @escaping @Sendable (Simulator, WindowSelector) throws -> Void) throws {
        let id = try liveWindow(name)
        try run { try body($0, .id(id)) }
    }

    /// The simulator id of a bound, live window.
    private func liveWindow(_ name: NameReference) throws -> UInt32 {
        guard let binding = windows[name.name] else {
            throw ScenarioBackendError.launchFailed("window `\(name.name)` was not found when it was declared")
        }
        if binding.windowID == nil { _ = try? rebind(name.name, waiting: false) }
        guard let id = windows[name.name]?.windowID, try run({ sim in sim.windows.contains { $0.id == id } }) else {
            throw ScenarioBackendError.launchFailed("window `\(name.name)` is gone (closed, or its client quit)")
        }
        return id
    }

    // MARK: Windows

    /// The scenario's timeout, the longest wait for a window.
    private var timeout: Duration { setup?.timeout.duration ?? .seconds(10) }

    private func declare(_ declaration: WindowDeclaration) async throws -> StepOutcome {
        try await windows.declare(
            declaration, client: clients?.client(declaration.client.name), timeout: timeout,
            rebind: { try rebind($0, waiting: true) }
        ) {
            let seen = (try? run { sim in sim.windows.map { "\($0.appID) \"\($0.title)\" (pid \($0.pid))" } }) ?? []
            return "no window of `\(declaration.client.name)` matched within \(timeout); windows: \(seen.isEmpty ? "none" : seen.joined(separator: ", "))"
        }
    }

    /// Binds `name` to its client's matching mapped window (and, for a Diorama
    /// app, its scene), when there is one now.
    ///
    /// - Returns: a description for the timeline, nil when nothing matched yet.
    @discardableResult
    private func rebind(_ name: String, waiting: Bool) throws -> String? {
        guard var binding = windows[name], let client = clients?.client(binding.declaration.client.name),
            let process = client.current, process.isRunning
        else { return nil }
        let pid = process.processID
        let taken = windows.windowIDs(boundToOtherThan: name)
        let candidates = try run { sim in
            sim.windows.filter { $0.pid == pid && $0.isMapped }.map(\.snapshot)
        }
        guard
            let window = candidates.filter({ !taken.contains($0.id) })
                .first(where: { WindowMatch.matches(binding.declaration, appID: $0.appID, title: $0.title) })
        else { return nil }
        if client.launch.isDioramaApp {
            guard
                let toplevel = traces.log(process.traceFile.path)?
                    .last(ToplevelRecord.self, where: { $0.surface == window.surfaceProtocolID })
            else { return nil }
            binding.scene = toplevel.scene
            binding.traceFile = process.traceFile.path
        }
        binding.windowID = window.id
        windows[name] = binding
        return "window \(window.id) \"\(window.title)\"" + (binding.scene.map { ", scene \($0)" } ?? "")
    }

    /// Marks the simulator's trace and watches the apps' traces and
    /// `client` now, before a look; the returned wait ends at the first
    /// change after that.
    private func watchForChange(of client: ClientProcess?) -> ObservationChange {
        let change = ChangeWait(watching: traceWrites, files: traces.followedPaths, client: client)
        let sequence = (try? run { $0.trace.lastSequence }) ?? 0
        let simulator = self.simulator
        return ObservationChange { deadline in
            guard let simulator else { return }
            await change.next(simulator: simulator, after: sequence, deadline: deadline)
        }
    }

    /// `wait until` looks again when the simulator or an app recorded something.
    package func watchForObservationChange() -> ObservationChange? {
        watchForChange(of: nil)
    }

    // MARK: Settling and observing

    /// Waits until no window in `names` has anything outstanding
    /// (``pendingReason(of:)``), looking again only when the simulator
    /// recorded something or an app wrote to its trace (``ChangeWait``).
    package func settle(windows names: [String], timeout: ScenarioDuration) async -> SettleOutcome {
        guard let simulator else { return .timedOut("the simulator is not running") }
        let stalledNames = names.filter(isStalled)
        let stalled = stalledNames.map {
            "\($0): its app has not answered the ping an earlier step's wait sent before it ran out, so it is not waited for again"
        }
        let waitedFor = names.filter { !stalledNames.contains($0) }
        let deadline = ContinuousClock.now + timeout.duration
        // The ping sent to each window's client when the window was first
        // found outstanding: at the deadline, a client that has not answered
        // it in all that time hangs (``stalledPings``).
        var probes: [String: (serial: UInt32, window: UInt32)] = [:]
        while true {
            // Watch and mark first, then look: whatever happens after the
            // look began wakes the wait.
            let change = ChangeWait(watching: traceWrites, files: traces.followedPaths)
            let sequence = (try? run { $0.trace.lastSequence }) ?? 0
            var stillUndrawn: [String] = []
            let pending = waitedFor.compactMap { name in
                pendingReason(of: name, stillUndrawn: { stillUndrawn.append(name) }).map { (name, $0) }
            }
            let known =
                stalled
                + stillUndrawn.map {
                    "\($0): \(Self.notDrawnForScale), as when an earlier step's wait ran out, so the redraw is not waited for again"
                }
            if pending.isEmpty { return known.isEmpty ? .settled : .notWaitedFor(known.joined(separator: "; ")) }
            if ContinuousClock.now >= deadline {
                for (name, reason) in pending {
                    if let probe = probes[name], windows[name]?.windowID == probe.window,
                        (try? run({ $0.hasAnsweredPing(probe.serial, window: probe.window) })) == false
                    {
                        stalledPings[name] = probe
                    }
                    if reason == Self.notDrawnForScale { noteUndrawnAfterTimeout(name) }
                }
                return .timedOut((pending.map { "\($0.0): \($0.1)" } + known).joined(separator: "; "))
            }
            for (name, _) in pending where probes[name] == nil {
                guard let id = windows[name]?.windowID, let serial = try? run({ $0.ping(window: id) }) else { continue }
                probes[name] = (serial, id)
            }
            // A pong is no trace record: it wakes the wait on its own.
            let awaitedPongs = names.compactMap { name in
                inputPings[name].flatMap { serial in windows[name]?.windowID.map { (serial, $0) } }
            }
            await change.next(simulator: simulator, after: sequence, deadline: deadline) { simulator in
                awaitedPongs.contains { simulator.hasAnsweredPing($0.0, window: $0.1) != false }
            }
        }
    }

    /// Keeps what window `name` looks like now (``undrawnAfterTimeout``).
    private func noteUndrawnAfterTimeout(_ name: String) {
        guard let id = windows[name]?.windowID, let frame = try? run({ sim in sim.windows.first { $0.id == id }.map { UndrawnFrame($0.snapshot) } })
        else { return }
        undrawnAfterTimeout[name] = frame
    }

    /// Whether window `name`'s client still has not answered the ping of an
    /// earlier settle that ran out of time on it (``stalledPings``).
    private func isStalled(_ name: String) -> Bool {
        guard let stall = stalledPings[name] else { return false }
        guard windows[name]?.windowID == stall.window, (try? run({ $0.hasAnsweredPing(stall.serial, window: stall.window) })) == false
        else {
            stalledPings[name] = nil
            return false
        }
        return true
    }

    /// What the window still waits for, nil when nothing: a configure not
    /// yet acked and committed, an interactive resize under way, a last
    /// frame not drawn for the scale in effect, or, for a Diorama app, no
    /// `idle` record in its trace since the simulator last sent it events
    /// (so a `screen` or `traits` record an enter causes, with no configure,
    /// is written before the window counts as settled), and the app's last
    /// `commit` record not of the buffer the simulator last applied. A window not bound
    /// or gone has nothing outstanding.
    ///
    /// A frame not drawn for the scale in effect that is still the one an
    /// earlier settle ran out on (``undrawnAfterTimeout``) is not waited
    /// for: `stillUndrawn` is called instead.
    private func pendingReason(of name: String, stillUndrawn: () -> Void = {}) -> String? {
        if windows[name]?.windowID == nil { _ = try? rebind(name, waiting: false) }
        guard let binding = windows[name], let id = binding.windowID,
            let (snapshot, eventsFlushed) = try? run({ sim -> (DioramaSimulator.WindowSnapshot, UInt64?)? in
                guard let window = sim.windows.first(where: { $0.id == id }) else { return nil }
                return (window.snapshot, sim.eventsFlushedNanoseconds(toClientOfWindow: id))
            })
        else { return nil }
        if let serial = inputPings[name] {
            guard (try? run({ $0.hasAnsweredPing(serial, window: id) })) == false else {
                inputPings[name] = nil
                return pendingReason(of: name, stillUndrawn: stillUndrawn)
            }
            return "the app has not yet handled the step's input or display change (no pong to the ping sent after it)"
        }
        if snapshot.isInteractivelyResizing { return "interactive resize under way" }
        if !snapshot.isSettled {
            let serial = snapshot.lastConfigure.map { "configure \($0.serial)" } ?? "the initial configure"
            return "\(serial) not yet acked and committed"
        }
        // Judged against the scale in effect now, not when the frame came:
        // right after a move to another scale the last frame predates it.
        // (A window with no frame yet counts as drawn: there is nothing to judge.)
        if snapshot.isMapped && !snapshot.isMinimized && !snapshot.isDrawnForScaleInEffect {
            guard undrawnAfterTimeout[name] == UndrawnFrame(snapshot) else { return Self.notDrawnForScale }
            stillUndrawn()
        } else {
            undrawnAfterTimeout[name] = nil
        }
        if let path = binding.traceFile, let eventsFlushed, (traces.eventsHandledBefore(path) ?? 0) <= eventsFlushed {
            return "the app has not written an `idle` trace record since the simulator last sent it events"
        }
        // The runtime writes a frame's `commit` record once the commit has
        // left (after eglSwapBuffers for a GL window surface), so the
        // simulator can apply the frame before the record the scene's
        // facts (scale, buffer) are read from exists.
        if let path = binding.traceFile, let scene = binding.scene, let buffer = snapshot.lastCommit?.bufferSize,
            let recorded = traces.log(path)?.last(CommitRecord.self, where: { $0.scene == scene }),
            recorded.buffer != TraceSize(buffer.width, buffer.height)
        {
            return "the app has not yet written the `commit` trace record of its \(buffer) frame"
        }
        return nil
    }

    static let notDrawnForScale = "its last frame is not drawn for the scale in effect"

    package func observe(window name: String) async -> WindowObservation {
        var observation = WindowObservation(unavailableBecause: "the window `\(name)` is not bound")
        guard let binding = windows[name] else { return observation }
        let since = stepSequence
        if let id = binding.windowID,
            let facts = try? run({ sim -> (DioramaSimulator.WindowSnapshot, [TraceRecord])? in
                guard let window = sim.windows.first(where: { $0.id == id }) else { return nil }
                return (window.snapshot, sim.trace.events(since: since, window: id))
            })
        {
            ProtocolLevelObservation.fill(&observation, window: facts.0, recordsSinceStep: facts.1)
        } else {
            observation = WindowObservation(unavailableBecause: "the window is gone (closed, or its client quit)")
            observation.isMapped = .value(false)
            observation.enteredDisplays = .value([])
        }
        let client = clients?.client(binding.declaration.client.name)
        guard client?.launch.isDioramaApp == true else {
            observation.markAppLevelUnavailable("`\(binding.declaration.client.name)` runs a command, which writes no Diorama trace")
            return observation
        }
        guard let path = binding.traceFile, let scene = binding.scene, let log = traces.log(path) else {
            observation.markAppLevelUnavailable("the window's scene is not known")
            return observation
        }
        AppLevelObservation.fill(&observation, from: log, scene: scene, stepStartIndex: traces.stepStartIndex(path))
        if binding.windowID != nil, observation.renderScale.value != nil,
            let scale = AppLevelObservation.lastRenderScale(in: log, scene: scene)
        {
            observation.renderScale = .value(scale)
        }
        return observation
    }

    /// Composites the window's display on the simulator's thread and
    /// compares it with the window's committed buffer.
    package func judgeCrispness(window name: String) async -> Observed<FrameCrispness> {
        guard let id = windows[name]?.windowID else { return .unavailable("the window `\(name)` is not bound") }
        do {
            return .value(try run { try $0.frameCrispness(ofWindow: .id(id)) })
        } catch {
            return .unavailable("\(error)")
        }
    }

    package func observeDisplays() async -> [DisplayObservation] {
        (try? run { sim in
            sim.displays.map {
                DisplayObservation(
                    name: $0.name, logicalRect: $0.logicalRect, scale: $0.scale,
                    transform: $0.configuration.transform)
            }
        }) ?? []
    }

    package func pause(for duration: ScenarioDuration) async {
        try? await Task.sleep(for: duration.duration)
    }
}

/// What decides whether a window's frame not drawn for the scale in effect
/// is still the one an earlier settle gave up on: the window, its last
/// commit and the scale and displays it has been told.
private struct UndrawnFrame: Equatable {
    var window: UInt32
    var lastCommit: CommitFact?
    var preferredScale: Scale?
    var displays: [String]

    init(_ window: DioramaSimulator.WindowSnapshot) {
        self.window = window.id
        lastCommit = window.lastCommit
        preferredScale = window.preferredScale
        displays = window.displays
    }
}
