import DioramaModel
import DioramaScenarios
import Foundation
import HeadlessCompositors

/// Runs scenarios on a real headless KWin 5.27 (`--on kwin`): its virtual
/// outputs laid out as the scenario's displays (scales, fractional ones
/// included, and positions through `kscreen-doctor`), windows moved, resized,
/// maximized, tiled to half an output, made fullscreen or minimized by KWin
/// scripts, and each window's frame geometry read back by a script, which
/// gives the displays it is on.
///
/// **Names.** KWin names its virtual outputs `Virtual-0`, `Virtual-1`, …;
/// ``SwayOutputNames`` translates both ways, so reports speak the scenario's
/// names.
///
/// **Modes.** The virtual backend gives every output one mode, made at start:
/// the scenario's first display's. A display asking for another mode gets
/// that one (the step or the start says so). Plugging enables one of two
/// spare outputs made at start and disabled; unplugging disables it.
///
/// **Windows** are found from a Diorama app's runtime trace (as on weston)
/// and then in KWin by the app's process id and the declared title.
package final class KWinScenarioBackend: TraceBoundWindowsBackend, ScenarioBackend {
    package let kind = BackendKind.kwin
    static let noPreferredScale = "the kwin backend does not read the preferred fractional scale from the trace yet"
    /// Outputs made at start beyond the scenario's displays, for `plug`.
    static let spareOutputs = 2

    private var names = SwayOutputNames(integerClientScalesOn: nil)
    /// Outputs made at start and not yet a scenario display.
    private var spares: [String] = []
    /// The one mode every output has.
    private var mode = Size(width: 1280, height: 800)
    /// KWin's outputs as last listed, until the next step or output change.
    /// A listing is a `kscreen-doctor` run (about 60 ms here); a step's
    /// observations of every window, and a `wait until`'s looks, read the
    /// displays each time, and only a step changes KWin's outputs (a
    /// rescale, a plug, … through ``configure(_:)``): the KWin shipped suite
    /// ran it 59 times.
    private var listedOutputs: [KWinHeadless.Output]?

    package init(configuration: BackendConfiguration) {
        super.init(
            configuration: configuration, compositorName: "KWin",
            windowFindingLimit: "the kwin backend finds windows through their app's runtime trace")
    }

    // MARK: Start

    package func start(_ setup: ScenarioSetup) async throws {
        let layout = try SimulatorLayout.layout(for: setup)
        guard let first = layout.displays.first else { throw ScenarioBackendError.badLayout("the layout has no display") }
        mode = Size(width: first.mode.width, height: first.mode.height)
        listedOutputs = nil
        let count = layout.displays.count + Self.spareOutputs
        let compositor = try startCompositor(setup) {
            try KWinHeadless.start(outputCount: count, width: mode.width, height: mode.height)
        }
        var settings: [String] = []
        for (index, display) in layout.displays.enumerated() {
            let output = KWinHeadless.outputName(index: index)
            names.add(display: display.name, output: output, scale: display.scale)
            settings += Self.placement(of: output, scale: display.scale, at: display.position)
        }
        spares = (layout.displays.count..<count).map(KWinHeadless.outputName(index:))
        settings += spares.map { "output.\($0).disable" }
        do {
            listedOutputs = try KWinHeadless.configureOutputs(compositor, settings)
        } catch {
            await stop()
            throw ScenarioBackendError.unavailable("KWin did not take the scenario's layout: \(error)")
        }
    }

    /// kscreen-doctor settings that give `output` a scale and a place.
    static func placement(of output: String, scale: Scale, at position: Point) -> [String] {
        [
            "output.\(output).enable", "output.\(output).scale.\(SwayHeadless.formatScale(scale.doubleValue))",
            "output.\(output).position.\(position.x),\(position.y)",
        ]
    }

    /// Why a display runs at KWin's one mode rather than its own, or nil.
    private func modeNote(_ display: String, asked: Size) -> String? {
        asked == mode
            ? nil
            : "\(display) asks for \(asked.width)x\(asked.height); KWin's virtual outputs all have the first display's mode, \(mode.width)x\(mode.height)"
    }

    // MARK: Steps

    override func refusal(_ error: any Error) -> String? {
        (error as? CompositorLaunchError).map { "KWin refused: \($0)" }
    }

    override func performAction(_ action: StepAction) async throws -> StepOutcome {
        listedOutputs = nil
        switch action {
        case .moveToDisplay(let window, let display):
            let area = try outputRect(try names.output(for: display.name))
            // Centred on the display when it fits, as the simulator places a floating window.
            return try script(
                window,
                """
                var g = c.frameGeometry;
                c.frameGeometry = { x: \(area.minX) + Math.max(0, Math.floor((\(area.width) - g.width) / 2)),
                    y: \(area.minY) + Math.max(0, Math.floor((\(area.height) - g.height) / 2)),
                    width: g.width, height: g.height };
                """, detail: names.scaleNote(display.name))
        case .moveToPosition(let window, let position):
            return try script(
                window,
                "var g = c.frameGeometry; c.frameGeometry = { x: \(position.x), y: \(position.y), width: g.width, height: g.height };"
            )
        case .resize(let window, let size, let steps):
            if steps != nil {
                return .skipped("an interactive resize needs a pointer drag; the kwin backend drives no pointer")
            }
            return try script(
                window,
                "var g = c.frameGeometry; c.frameGeometry = { x: g.x, y: g.y, width: \(size.width), height: \(size.height) };"
            )
        case .focus(let window):
            return try script(window, "workspace.activeClient = c;")
        case .maximize(let window):
            return try script(window, "c.setMaximize(true, true);")
        case .fullscreen(let window, let display):
            var move = ""
            if let display {
                let area = try outputRect(try names.output(for: display.name))
                move = "c.frameGeometry = { x: \(area.minX), y: \(area.minY), width: c.frameGeometry.width, height: c.frameGeometry.height };"
            }
            return try script(window, move + " c.fullScreen = true;")
        case .minimize(let window):
            return try script(window, "c.minimized = true;")
        case .tile(let window, let half):
            return try script(window, KWinHeadless.quickTileScript(side: half?.rawValue)) { lines in
                guard lines.contains("blocked") else { return .done(detail: "KWin's quick tiling (Meta+Left/Right)") }
                return .skipped(
                    "KWin 5.27 untiles a window only by its half's quick-tile key, which tiles it on the next output instead when one lies beyond that edge, as one does beyond `\(window.name)`'s"
                )
            }
        case .close(let window):
            return try script(window, "c.closeWindow();")
        case .type, .click, .drag, .touch, .doubleClick, .pointerPress, .pointerMove, .pointerRelease, .keyPress, .keyRelease, .holdKey,
            .scroll:
            return .skipped(
                "the kwin backend drives no keyboard, pointer or touchscreen: KWin 5.27 takes injected input from clients of its org_kde_kwin_fake_input protocol, which Diorama does not bind yet (its XML ships in plasma-wayland-protocols) (`\(action.keyword)`)"
            )
        case .rescaleDisplay(let display, let scale):
            let output = try names.output(for: display.name)
            try configure(["output.\(output).scale.\(SwayHeadless.formatScale(scale.doubleValue))"])
            names.setScale(scale, of: display.name)
            return .done
        case .moveDisplay(let display, let position):
            try configure(["output.\(try names.output(for: display.name)).position.\(position.x),\(position.y)"])
            return .done
        case .rotateDisplay:
            return .skipped("the kwin backend does not rotate outputs (kscreen-doctor's rotation is not wired here)")
        case .plugDisplay(let spec):
            guard !spares.isEmpty else {
                return .skipped("KWin's virtual backend cannot make outputs at run time, and the \(Self.spareOutputs) spare ones made at start are in use")
            }
            let output = spares.removeFirst()
            try configure(Self.placement(of: output, scale: spec.scale, at: spec.position))
            names.add(display: spec.name, output: output, scale: spec.scale)
            let note = modeNote(spec.name, asked: Size(width: spec.modeSize.width, height: spec.modeSize.height))
            return .done(detail: ["enabled \(output), made disabled at start", note].compactMap { $0 }.joined(separator: "; "))
        case .unplugDisplay(let display):
            let output = try names.output(for: display.name)
            try configure(["output.\(output).disable"])
            return .done(detail: "disabled \(output)")
        case .screenshot:
            return .skipped("screenshots are not taken on KWin")
        case .declareWindow, .quit, .relaunch, .wait, .launch, .waitUntil, .expect:
            return try await performClientStep(action) ?? .failed("`\(action.keyword)` was not performed")
        }
    }

    private func configure(_ settings: [String]) throws {
        guard let compositor else { throw ScenarioBackendError.unavailable("KWin is not running") }
        listedOutputs = nil
        // The listing that showed the change applied, when it took one, is the current one.
        listedOutputs = try KWinHeadless.configureOutputs(compositor, settings)
    }

    /// KWin's outputs: the listing kept since this step began or the outputs
    /// last changed, else a new one.
    private func outputs() throws -> [KWinHeadless.Output] {
        if let listedOutputs { return listedOutputs }
        guard let compositor else { throw ScenarioBackendError.unavailable("KWin is not running") }
        let listed = try KWinHeadless.outputs(of: compositor)
        listedOutputs = listed
        return listed
    }

    /// `window NAME = CLIENT`: a Diorama app's window is found through its
    /// trace (as on weston); a command's window (foot under `check --on
    /// kwin`) by its process id alone, which KWin's scripts see.
    override func declare(_ declaration: WindowDeclaration) async throws -> StepOutcome {
        guard let client = clients?.client(declaration.client.name), !client.launch.isDioramaApp else {
            return try await super.declare(declaration)
        }
        return try await windows.declare(declaration, client: client, timeout: timeout, skips: skips) { [self] name in
            placement(of: name).map { "KWin window \($0.frame.size.width)x\($0.frame.size.height) of pid \(client.current?.processID ?? 0)" }
        } notFound: {
            "KWin shows no window of `\(declaration.client.name)`'s process within \(timeout)"
        }
    }

    /// An enabled output's place and logical size, as KWin has it now.
    private func outputRect(_ output: String) throws -> Rect {
        guard let found = try outputs().first(where: { $0.name == output && $0.enabled }) else {
            throw ScenarioBackendError.badLayout("KWin has no enabled output \(output)")
        }
        return Rect(x: found.x, y: found.y, width: found.width, height: found.height)
    }

    /// The JavaScript that finds a window's KWin client as `c`: the client of
    /// the app's process whose caption matches the declared title as
    /// ``WindowMatch/titleMatches(_:_:)`` says (equal, or followed by a space:
    /// TimerApp's `Main` is `Main (24h)`).
    private func clientLookup(_ name: String) throws -> String {
        guard let binding = windows[name] else {
            throw ScenarioBackendError.launchFailed("window `\(name)` was not found when it was declared")
        }
        guard let pid = processID(ofWindow: name) else {
            throw ScenarioBackendError.launchFailed("window `\(name)` is gone (its client is not running)")
        }
        let title = binding.declaration.title.map(Self.javaScriptString) ?? "null"
        return """
            var c = null;
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                var t = \(title);
                if (all[i].pid == \(pid) && (t === null || all[i].caption == t || all[i].caption.indexOf(t + " ") == 0)) {
                    c = all[i]; break;
                }
            }
            """
    }

    /// A JavaScript string literal for `text` (JSON's quoting is JavaScript's).
    static func javaScriptString(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `action` on the window's client `c`.
    private func script(_ window: NameReference, _ action: String, detail: String? = nil) throws -> StepOutcome {
        try script(window, action) { _ in .done(detail: detail) }
    }

    /// Runs `action` on the window's client `c`; `outcome` reads the lines
    /// the action reported when the window was there.
    private func script(_ window: NameReference, _ action: String, outcome: ([String]) -> StepOutcome) throws -> StepOutcome {
        guard let compositor else { return .failed("KWin is not running") }
        let lines = try KWinHeadless.runScript(
            compositor, try clientLookup(window.name) + "\nif (c) { \(action) report(\"done\"); } else { report(\"missing\"); }")
        guard lines.contains("done") else {
            return .failed("KWin has no window of `\(window.name)`'s process now (closed, or not yet mapped)")
        }
        return outcome(lines)
    }

    /// The window's frame geometry and states, from a KWin script.
    private struct Placement: Equatable {
        var frame: Rect
        var fullscreen: Bool
        var active: Bool
        var minimized: Bool
    }

    private func placement(of name: String) -> Placement? {
        guard let compositor, let lookup = try? clientLookup(name),
            let lines = try? KWinHeadless.runScript(
                compositor,
                lookup + """

                    if (c) { var g = c.frameGeometry;
                        report([g.x, g.y, g.width, g.height, c.fullScreen, c.active, c.minimized].join(" ")); }
                    """),
            let fields = lines.first?.split(separator: " "), fields.count == 7,
            let x = Double(fields[0]), let y = Double(fields[1]), let width = Double(fields[2]), let height = Double(fields[3])
        else { return nil }
        return Placement(
            frame: Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)),
            fullscreen: fields[4] == "true", active: fields[5] == "true", minimized: fields[6] == "true")
    }

    // MARK: Settling and observing

    override func compositorLook() -> String {
        windows.bindings.keys.sorted().map { "\($0)=\(placement(of: $0).map { "\($0)" } ?? "-")" }.joined(separator: ",")
    }

    package func observe(window name: String) async -> WindowObservation {
        var observation = traceObservation(
            of: name, noPreferredScale: Self.noPreferredScale,
            unavailableBecause: "KWin's scripts do not report it", displayName: names.display(for:))
        guard windows[name] != nil else { return observation }
        guard let placement = placement(of: name) else {
            observation.isMapped = .value(false)
            observation.enteredDisplays = .value([])
            return observation
        }
        let displays = await observeDisplays()
        observation.isMapped = .value(!placement.minimized)
        observation.frame = .value(placement.frame)
        observation.enteredDisplays = .value(
            displays.filter { $0.logicalRect.intersection(placement.frame).map { !$0.isEmpty } ?? false }.map(\.name))
        var states: Set<ToplevelState> = []
        if placement.fullscreen { states.insert(.fullscreen) }
        if placement.active { states.insert(.activated) }
        observation.lastConfigure = .value(
            ConfigureObservation(states: states, sizeUnavailableBecause: "KWin's scripts do not report configure sizes"))
        return observation
    }

    package func observeDisplays() async -> [DisplayObservation] {
        guard let listed = try? outputs() else { return [] }
        return listed.filter(\.enabled).map { output in
            DisplayObservation(
                name: names.display(for: output.name),
                logicalRect: Rect(x: output.x, y: output.y, width: output.width, height: output.height),
                scale: Scale(output.scale) ?? .one)
        }
    }
}
