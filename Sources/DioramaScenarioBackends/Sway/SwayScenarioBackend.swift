import DioramaModel
import DioramaPOSIX
import DioramaScenarios
import Foundation
import HeadlessCompositors
import SwayIPC

/// Runs scenarios on a real headless sway 1.7 (`--on sway`): outputs from the
/// scenario's displays, every window floating, steps as sway IPC commands,
/// Wayland-level facts from sway's tree (where the window is, its size, its
/// fullscreen and focus) and, for Diorama apps, everything else from their
/// runtime trace.
///
/// **Names.** wlroots names headless outputs `HEADLESS-1`, `HEADLESS-2`, … in
/// creation order. The n-th starting display of the scenario is `HEADLESS-n`,
/// a plugged one the output `create_output` made; ``SwayOutputNames``
/// translates every name in steps and observations both ways, so reports speak
/// the scenario's names.
///
/// **Fractional scales.** sway 1.7 lays a 1.5x output out at 1.5 but sends
/// clients `wl_output.scale` 2 (it has no fractional-scale-v1): the app
/// renders at 2 and sway scales the frame down. While a window is on such a
/// display, every fact that depends on the scale the scenario asked for
/// (rendered scale, buffer, viewport, drawable, displayScale) is unavailable
/// with that reason, so the clauses are skipped, not failed. The step that
/// puts the window there, or rescales its display, says so in its detail.
///
/// **What sway cannot do** is `.skipped` with the reason (the table in
/// `Docs/scenario-backends.md`): maximize and minimize of floating windows,
/// interactive resizes (no pointer), unplugging (sway 1.7 cannot remove a
/// headless output), screenshots.
///
/// **Settling**: a window has settled when sway's view of it (output, rect,
/// fullscreen, focus) and its scene's runtime-trace records other than
/// `commit` stayed the same for ``quietPeriod``. sway tells nothing about
/// pending configures, so a quiet period is all there is.
package final class SwayScenarioBackend: HeadlessCompositorBackend, ScenarioBackend {
    package let kind = BackendKind.sway
    static let noPreferredScale = "sway 1.7 sends no preferred scale (no fractional-scale-v1, no preferred_buffer_scale)"

    private var ipc: SwayIPC?
    private var names = SwayOutputNames()
    /// Names bound to sway container ids.
    private let windows = ScenarioWindows<Int>(pollInterval: .milliseconds(25))

    package init(configuration: BackendConfiguration) {
        super.init(configuration: configuration, compositorName: "sway")
    }

    // MARK: Start and stop

    package func start(_ setup: ScenarioSetup) async throws {
        let layout = try SimulatorLayout.layout(for: setup)
        var outputs: [SwayHeadless.Output] = []
        for (index, display) in layout.displays.enumerated() {
            names.add(display: display.name, output: SwayHeadless.outputName(index: index), scale: display.scale)
            outputs.append(
                SwayHeadless.Output(
                    width: display.mode.width, height: display.mode.height,
                    scale: display.scale.doubleValue,
                    x: display.position.x, y: display.position.y,
                    transform: display.transform == .normal ? nil : display.transform.name,
                    refreshMilliHz: display.mode.refreshMilliHz))
        }
        let compositor = try startCompositor(setup) {
            try SwayHeadless.start(outputs: outputs, floatingWindows: true)
        }
        do {
            ipc = try SwayIPC(compositor)
        } catch {
            throw ScenarioBackendError.unavailable("\(error)")
        }
    }

    package override func stop() async {
        ipc?.close()
        await super.stop()
    }

    // MARK: Steps

    override func refusal(_ error: any Error) -> String? {
        (error as? SwayIPCError).map { "sway refused: \($0)" }
    }

    override func performAction(_ action: StepAction) async throws -> StepOutcome {
        switch action {
        case .declareWindow(let declaration):
            return try await declare(declaration)
        case .moveToDisplay(let window, let display):
            let output = try names.output(for: display.name)
            // sway centres a floating window on the output it is moved to.
            try moveKeepingFocus(window, "move container to output \(output)")
            return .done(detail: names.scaleNote(display.name))
        case .moveToPosition(let window, let position):
            try moveKeepingFocus(window, "move absolute position \(position.x) \(position.y)")
        case .resize(let window, let size, let steps):
            if steps != nil {
                return .skipped("sway cannot resize interactively here: an interactive resize needs a pointer drag, and the headless sway has no pointer")
            }
            try command(window, "resize set \(size.width) \(size.height)")
        case .focus(let window):
            try command(window, "focus")
        case .maximize:
            return .skipped("sway has no maximize for floating windows (it never sends the maximized state)")
        case .fullscreen(let window, let display):
            if let display {
                try moveKeepingFocus(window, "move container to output \(try names.output(for: display.name))")
            }
            try command(window, "fullscreen enable")
        case .minimize:
            return .skipped("sway has no minimize (its scratchpad hides a window but does not minimize it)")
        case .tile:
            return .skipped(
                "sway 1.7 has no half tiling: its floating windows have no tiled half, and its tiling splits an output between windows, not by a binding")
        case .close(let window):
            try command(window, "kill")
        case .type(let window, let text):
            try command(window, "focus")
            return try await type(text, into: window.name)
        case .holdKey(let window, let key, let duration):
            try command(window, "focus")
            return await holdKey(key, for: duration, in: window.name)
        case .keyPress, .keyRelease:
            return .skipped(
                "wtype presses and releases a key within one run, so a key cannot stay down across steps on sway; use `hold W key NAME for D`")
        case .click, .drag, .touch, .doubleClick, .pointerPress, .pointerMove, .pointerRelease, .scroll:
            return .skipped(
                "the headless sway has no pointer or touchscreen: its seat has no pointer device, so `seat … cursor` commands move a cursor no client hears of, and a virtual pointer (zwlr_virtual_pointer_v1) needs a client that Diorama does not bind (its XML is in no Debian package) and Debian ships no tool for (`\(action.keyword)`)"
            )
        case .rescaleDisplay(let display, let scale):
            let output = try names.output(for: display.name)
            try run("output \(output) scale \(SwayHeadless.formatScale(scale.doubleValue))")
            names.setScale(scale, of: display.name)
            return .done(detail: names.scaleNote(display.name))
        case .rotateDisplay(let display, let transform):
            try run("output \(try names.output(for: display.name)) transform \(transform.name)")
        case .moveDisplay(let display, let position):
            try run("output \(try names.output(for: display.name)) position \(position.x) \(position.y)")
        case .plugDisplay(let spec):
            return try plug(spec)
        case .unplugDisplay:
            return .skipped("sway 1.7 cannot unplug a headless output (`output … disable` leaves it active)")
        case .screenshot:
            return .skipped("screenshots are not taken on sway")
        case .quit(let client):
            guard let clients else { return .failed("no clients") }
            // The application scenes showing now are the ones `relaunch` waits
            // for. An external-display scene is the system's to reconnect when
            // a display connects, so it is bound again only if it reappears.
            let showing = Set(((try? ipc?.tree())??.windows() ?? []).map(\.node.id))
            return await windows.quit(client, clients: clients) { binding in
                binding.windowID.map(showing.contains) == true && !isExternalDisplayScene(binding)
            }
        case .relaunch(let client):
            return try await relaunch(client.name, windows: windows, returning: .showingAtQuit, rebind: rebind)
        case .wait(let duration):
            await pause(for: duration)
        case .launch, .waitUntil, .expect:
            return .failed("the runner decides `\(action.keyword)` steps; the backend was asked to perform one")
        }
        return .done
    }

    private func isExternalDisplayScene(_ binding: WindowBinding<Int>) -> Bool {
        guard let path = binding.traceFile, let scene = binding.scene,
            let session = traces.log(path)?.last(SessionConnectedRecord.self, where: { $0.scene == scene })
        else { return false }
        return SceneSessionRole(rawValue: session.role) == .windowExternalDisplayNonInteractive
    }

    /// Runs a sway command list; throws sway's message when it fails.
    private func run(_ command: String) throws {
        guard let ipc else { throw ScenarioBackendError.unavailable("sway is not running") }
        try ipc.command(command)
    }

    /// Runs `command` on the window's container.
    private func command(_ window: NameReference, _ command: String) throws {
        try run("[con_id=\(try liveContainer(window))] \(command)")
    }

    /// Runs a move on the window's container and, when it had the focus,
    /// gives it back: sway leaves the focus on the workspace a window moves
    /// away from, while a window the user moves (as the simulator does it)
    /// stays active.
    private func moveKeepingFocus(_ window: NameReference, _ move: String) throws {
        let id = try liveContainer(window)
        let focused = try placement(of: id)?.node.focused ?? false
        try run("[con_id=\(id)] \(move)")
        if focused { try run("[con_id=\(id)] focus") }
    }

    /// The container id of a bound, live window.
    private func liveContainer(_ name: NameReference) throws -> Int {
        guard windows[name.name] != nil else {
            throw ScenarioBackendError.launchFailed("window `\(name.name)` was not found when it was declared")
        }
        if windows[name.name]?.windowID == nil { _ = try? rebind(name.name) }
        guard let id = windows[name.name]?.windowID, try placement(of: id) != nil else {
            throw ScenarioBackendError.launchFailed("window `\(name.name)` is gone (closed, or its client quit)")
        }
        return id
    }

    private func placement(of containerID: Int) throws -> SwayWindowPlacement? {
        try ipc?.tree().windows().first { $0.node.id == containerID }
    }

    /// `plug display …`: sway ≥ 1.6 makes a new headless output with
    /// `create_output`; it is then given the spec's mode (with its refresh),
    /// place, scale and transform.
    private func plug(_ spec: DisplaySpec) throws -> StepOutcome {
        guard let ipc else { return .failed("sway is not running") }
        let before = Set(try ipc.outputs().map(\.name))
        try ipc.command("create_output")
        guard let created = try ipc.outputs().map(\.name).first(where: { !before.contains($0) }) else {
            return .failed("sway's create_output made no new output")
        }
        var configure =
            "output \(created) mode "
            + SwayHeadless.Output.modeArgument(width: spec.modeSize.width, height: spec.modeSize.height, refreshMilliHz: spec.refreshMilliHz)
            + " position \(spec.position.x) \(spec.position.y) scale \(SwayHeadless.formatScale(spec.scale.doubleValue))"
        if spec.transform != .normal { configure += " transform \(spec.transform.name)" }
        try ipc.command(configure)
        names.add(display: spec.name, output: created, scale: spec.scale)
        return .done(detail: ["\(spec.name) is \(created)", names.scaleNote(spec.name)].compactMap { $0 }.joined(separator: "; "))
    }

    /// `type W "text"`: wtype types through the virtual-keyboard protocol into
    /// the focused window.
    ///
    /// Why keys got lost: wtype makes a virtual keyboard, uploads its own
    /// keymap and sends the keys at once, then exits, destroying the
    /// keyboard. sway hands the focused client the new keymap when that
    /// keyboard's first key arrives; keys that come in the same instant as
    /// the keymap, or as the keyboard's destruction, were dropped (`wtype -k
    /// Return` lost it, `wtype -s 1000 -k Return` never did). So wtype first
    /// pauses (`-s`) after its keymap is sent, spaces the keys (`-d`) and
    /// pauses again before it exits. Pauses only make loss unlikely, so for a
    /// Diorama app the step also waits (up to the scenario's timeout) for the
    /// app's trace to show one `keyPressed` per character typed, and fails
    /// naming how many arrived if they do not.
    private func type(_ text: String, into windowName: String) async throws -> StepOutcome {
        let binding = windows[windowName]
        let pressesBefore = binding.flatMap { typedKeys(in: $0) }
        if let failure = await runWtype(
            ["-s", "100", "-d", "10"] + Self.wtypeArguments(text) + ["-s", "100"],
            timeout: .seconds(5) + .milliseconds(10 * text.unicodeScalars.count))
        {
            return failure
        }
        guard let binding, let pressesBefore else { return .done(detail: "typed with wtype") }
        let expected = text.unicodeScalars.count
        let arrived = await waitForInput(expected, since: pressesBefore) { typedKeys(in: binding) }
        if arrived >= expected { return .done(detail: "typed with wtype; the app saw \(arrived) key presses") }
        return .failed(
            "wtype typed \(expected) keys, but the app's trace shows \(arrived) keyPressed within \(timeout); sway or wtype lost the rest")
    }

    /// `hold W key NAME for D` on sway: one wtype run presses the key
    /// (`-P`), sleeps for the duration (`-s`), and releases it (`-p`), with
    /// the same pauses as `type` around it; the app repeats the key itself
    /// meanwhile. The key name is an xkb keysym name, as wtype's `-P` takes.
    /// For a Diorama app the step then waits, as `type` does, for the
    /// release (`keyReleased`, its `pressesEnded`) in the app's trace.
    private func holdKey(_ key: String, for duration: ScenarioDuration, in windowName: String) async -> StepOutcome {
        let binding = windows[windowName]
        let releasesBefore = binding.flatMap { keyReleases(in: $0) }
        let milliseconds = Int((duration.duration / .milliseconds(1)).rounded())
        if let failure = await runWtype(
            ["-s", "100", "-P", key, "-s", String(milliseconds), "-p", key, "-s", "100"], timeout: .seconds(5) + duration.duration)
        {
            return failure
        }
        guard let binding, let releasesBefore else { return .done(detail: "held \(key) for \(duration) with wtype") }
        guard await waitForInput(1, since: releasesBefore, { keyReleases(in: binding) }) >= 1 else {
            return .failed(
                "wtype held \(key) for \(duration), but the app's trace shows no keyReleased within \(timeout); sway or wtype lost the key")
        }
        return .done(detail: "held \(key) for \(duration) with wtype; the app saw it released")
    }

    /// Runs wtype with the compositor's environment; nil when it exited 0,
    /// else the failed outcome saying why (wtype missing, its status and
    /// stderr, or it not finishing within `timeout`).
    private func runWtype(_ arguments: [String], timeout: Duration) async -> StepOutcome? {
        guard let compositor = run?.compositor else { return .failed("sway is not running") }
        guard let wtype = ["/usr/bin/wtype", "/usr/local/bin/wtype"].first(where: FileManager.default.isExecutableFile) else {
            return .failed("`type` and `hold` on sway need wtype: install it with `apt-get install wtype`")
        }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-wtype-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                executable: wtype, arguments: arguments, environment: compositor.clientEnvironment(), standardOutput: .null,
                standardError: .file(errors.path, append: false))
        } catch {
            return .failed("\(error)")
        }
        guard let termination = await process.waitForExit(timeout: timeout) else {
            _ = await process.terminate(grace: .milliseconds(200))
            return .failed("wtype did not finish within \(timeout)")
        }
        guard termination == .exited(0) else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return .failed("wtype \(termination): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return nil
    }

    /// wtype's arguments for `text`: each line break as the Return key
    /// (`-k Return`; apps take a typed line feed character for no key), a
    /// line's leading dashes as the `minus` key (wtype would read a text
    /// argument starting with `-` as an option, and everything after `--` as
    /// text, Return included), the rest of the line as text.
    static func wtypeArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { arguments += ["-k", "Return"] }
            let rest = line.drop { $0 == "-" }
            for _ in 0..<(line.count - rest.count) { arguments += ["-k", "minus"] }
            if !rest.isEmpty { arguments.append(String(rest)) }
        }
        return arguments
    }

    // MARK: Windows

    private func declare(_ declaration: WindowDeclaration) async throws -> StepOutcome {
        try await windows.declare(
            declaration, client: clients?.client(declaration.client.name), timeout: timeout,
            skips: skips, traces: traces, rebind: rebind
        ) {
            let seen = ((try? ipc?.tree())??.windows() ?? []).map {
                "\($0.node.appID ?? "?") \"\($0.node.name ?? "")\" (pid \($0.node.pid.map(String.init) ?? "?"))"
            }
            return "no window of `\(declaration.client.name)` matched within \(timeout); sway shows: \(seen.isEmpty ? "none" : seen.joined(separator: ", "))"
        }
    }

    /// Binds `name` to its client's matching window in sway's tree (and, for a
    /// Diorama app, to the scene whose toplevel has the same app_id and title).
    ///
    /// - Returns: a description for the timeline, nil when nothing matched yet.
    @discardableResult
    private func rebind(_ name: String) throws -> String? {
        guard var binding = windows[name], let ipc, let client = clients?.client(binding.declaration.client.name),
            let process = client.current, process.isRunning
        else { return nil }
        let taken = windows.windowIDs(boundToOtherThan: name)
        let takenScenes = windows.scenes(boundToOtherThan: name)
        let candidates = try ipc.tree().windows().filter { $0.node.pid == process.processID && !taken.contains($0.node.id) }
        guard
            let window = candidates.first(where: {
                WindowMatch.matches(binding.declaration, appID: $0.node.appID ?? "", title: $0.node.name ?? "")
            })
        else { return nil }
        if client.launch.isDioramaApp {
            guard let log = traces.log(process.traceFile.path),
                let scene = RuntimeTraces.scene(
                    in: log, appID: window.node.appID, title: window.node.name,
                    declaration: nil, excluding: takenScenes)
            else { return nil }
            binding.scene = scene
            binding.traceFile = process.traceFile.path
        }
        binding.windowID = window.node.id
        windows[name] = binding
        return "container \(window.node.id) \"\(window.node.name ?? "")\"" + (binding.scene.map { ", scene \($0)" } ?? "")
    }

    // MARK: Settling and observing

    /// What settling compares between polls.
    struct WindowLook: Hashable {
        var output: String?
        var rect: SwayRect?
        var fullscreen: Int?
        var focused: Bool
        var sceneRecords: Int
    }

    package func settle(windows names: [String], timeout: ScenarioDuration) async -> SettleOutcome {
        await windows.settle(
            timeout: timeout, quietPeriod: quietPeriod,
            stillChanging: "sway's tree or the app's trace kept changing"
        ) {
            let tree = (try? ipc?.tree())?.windows() ?? []
            var look: [String: WindowLook] = [:]
            var pending: [String] = []
            for name in names {
                if windows[name]?.windowID == nil { _ = try? rebind(name) }
                guard let binding = windows[name] else { continue }
                let placement = tree.first { $0.node.id == binding.windowID }
                var records = 0
                if let path = binding.traceFile, let scene = binding.scene {
                    let settle = traces.settleLook(path, scene: scene, window: name)
                    records = settle.records
                    if let reason = settle.pending { pending.append(reason) }
                }
                look[name] = WindowLook(
                    output: placement?.output, rect: placement?.rect,
                    fullscreen: placement?.node.fullscreenMode,
                    focused: placement?.node.focused ?? false, sceneRecords: records)
            }
            return (look, pending)
        }.outcome
    }

    package func observe(window name: String) async -> WindowObservation {
        var observation = WindowObservation(unavailableBecause: "the window `\(name)` is not bound")
        guard let binding = windows[name] else { return observation }
        let outputs = (try? ipc?.outputs()) ?? []
        if let id = binding.windowID, let placement = try? placement(of: id) {
            observation = WindowObservation(unavailableBecause: "sway's tree does not report it")
            SwayTreeObservation.fill(&observation, node: placement.node, output: placement.output, outputs: outputs, names: names)
        } else {
            observation = WindowObservation(unavailableBecause: "the window is gone (closed, or its client quit)")
            observation.isMapped = .value(false)
            observation.enteredDisplays = .value([])
        }
        guard clients?.client(binding.declaration.client.name)?.launch.isDioramaApp == true else {
            observation.markAppLevelUnavailable("`\(binding.declaration.client.name)` runs a command, which writes no Diorama trace")
            return observation
        }
        guard let path = binding.traceFile, let scene = binding.scene else {
            observation.markAppLevelUnavailable("the window's scene is not known")
            return observation
        }
        traces.fill(&observation, traceFile: path, scene: scene, noPreferredScale: Self.noPreferredScale)
        observation.screen = observation.screen.mapValue { $0.map(names.display(for:)) }
        if let entered = observation.enteredDisplays.value {
            names.markScaleDependentFactsUnavailable(&observation, onDisplays: entered)
        }
        return observation
    }

    package func observeDisplays() async -> [DisplayObservation] {
        ((try? ipc?.outputs()) ?? []).filter(\.active).map { output in
            DisplayObservation(
                name: names.display(for: output.name),
                logicalRect: Rect(
                    x: output.rect.x, y: output.rect.y,
                    width: output.rect.width, height: output.rect.height),
                scale: Scale(output.scale) ?? .one,
                transform: OutputTransform(name: output.transform) ?? .normal)
        }
    }
}

extension Observed {
    /// The value transformed, or the same reason.
    func mapValue(_ transform: (Value) -> Value) -> Observed<Value> {
        switch self {
        case .value(let value): .value(transform(value))
        case .unavailable(let reason): .unavailable(reason)
        }
    }
}
