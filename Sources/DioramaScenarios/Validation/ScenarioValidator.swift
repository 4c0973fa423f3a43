import DioramaModel
import Foundation

/// Checks, before anything runs, that every name in a scenario means something at
/// the point it is used.
///
/// It walks the steps in order, tracking what exists at each line the way the run
/// will: which displays are connected (the layout's, plus plugged, minus unplugged),
/// which clients run (launched, not quit, or relaunched), which windows are declared
/// and whether their client still runs. Every problem is reported with the names
/// that would have been valid there.
package enum ScenarioValidator {
    package static func validate(_ scenario: Scenario, environment: ScenarioEnvironment) throws(ScenarioErrors) -> ValidatedScenario {
        var walk = ValidationWalk(scenario: scenario, environment: environment)
        let starting = walk.startingDisplays()
        walk.checkHeaderTimeout()
        walk.displaysUnknown = starting == nil
        for step in scenario.steps {
            walk.check(step)
        }
        guard walk.diagnostics.isEmpty, let starting else { throw ScenarioErrors(walk.diagnostics) }
        return ValidatedScenario(scenario: scenario, startingDisplays: starting)
    }
}

/// The state of the world at the line being checked.
struct ValidationWalk {
    let scenario: Scenario
    let environment: ScenarioEnvironment
    var diagnostics: [ScenarioDiagnostic] = []

    /// Connected displays, in the order they appeared.
    var displays: [String] = []
    /// Whether the starting displays could not be read: then display names go
    /// unchecked rather than each reported as unknown.
    var displaysUnknown = false
    /// Displays unplugged and not plugged again, with the line.
    var unpluggedAt: [String: Int] = [:]

    struct ClientState {
        var launchedAt: Int
        var quitAt: Int?
        /// The line of its last `relaunch`, for the message when it is relaunched again without a quit.
        var relaunchedAt: Int?
    }
    var clients: [String: ClientState] = [:]
    var clientOrder: [String] = []

    struct WindowState {
        var client: String
        var declaredAt: Int
        var closedAt: Int?
    }
    var windows: [String: WindowState] = [:]
    var windowOrder: [String] = []
    /// Where each window is declared, anywhere in the file, for "used before declared".
    let declarationLines: [String: Int]
    var screenshotLines: [String: Int] = [:]
    /// The last action step, for `after the resize ended`.
    var lastAction: Step?

    init(scenario: Scenario, environment: ScenarioEnvironment) {
        self.scenario = scenario
        self.environment = environment
        var lines: [String: Int] = [:]
        for step in scenario.steps {
            if case .declareWindow(let declaration) = step.action, lines[declaration.name.name] == nil {
                lines[declaration.name.name] = declaration.name.location.line
            }
        }
        declarationLines = lines
    }

    // MARK: Reporting

    mutating func report(_ location: SourceLocation, _ message: String, hint: String, length: Int = 1) {
        let line = location.line >= 1 && location.line <= scenario.sourceLines.count ? scenario.sourceLines[location.line - 1] : nil
        diagnostics.append(
            ScenarioDiagnostic(
                location: location, message: message, hint: hint,
                sourceLine: location.file == scenario.file ? line : nil, length: length))
    }

    mutating func report(_ name: NameReference, _ message: String, hint: String) {
        report(name.location, message, hint: hint, length: name.name.count)
    }

    static func list(_ names: [String]) -> String {
        names.map { "`\($0)`" }.joined(separator: ", ")
    }

    // MARK: Displays

    /// Resolves the layout (or checks the inline displays) and fills ``displays``.
    mutating func startingDisplays() -> StartingDisplays? {
        switch scenario.displays {
        case .layoutFile(let reference):
            let found = environment.layoutFile(for: reference.name, scenarioFile: scenario.file)
            guard let path = found.path else {
                let available = environment.availableLayouts()
                let hint =
                    NearestName.nearest(to: reference.name, in: available).map { "did you mean `\($0)`?" }
                    ?? (available.isEmpty
                        ? "no layout files found; create \(found.searched.first ?? "Configs/displays/\(reference.name).json")"
                        : "the layouts are \(Self.list(available))")
                report(reference, "no display layout `\(reference.name)` (looked for \(found.searched.joined(separator: ", ")))", hint: hint)
                return nil
            }
            let layout: DisplayLayoutReference
            do {
                layout = try DisplayLayoutReference.load(path: path)
            } catch {
                diagnostics.append(error)
                return nil
            }
            if layout.displayNames.isEmpty {
                report(reference, "the layout \(path) has no displays", hint: "add at least one display to the file")
            }
            for name in layout.displayNames {
                if Vocabulary.reservedDisplayNames.contains(name) {
                    report(
                        reference, "the layout \(path) has a display named `\(name)`, a word scenarios reserve",
                        hint: "rename the display (connector names such as DP-1 or HDMI-A-1 are safe)")
                }
                displays.append(name)
            }
            return .layoutFile(layout)
        case .inline(let specs):
            var seen: [String: Int] = [:]
            for spec in specs {
                let reference = NameReference(spec.name, at: spec.location)
                if let first = seen[spec.name] {
                    report(reference, "display `\(spec.name)` is declared twice; the first is at line \(first)", hint: "every display needs its own name")
                    continue
                }
                checkNewDisplayName(reference)
                checkNumbers(of: spec)
                seen[spec.name] = spec.location.line
                displays.append(spec.name)
            }
            return .inline(specs)
        }
    }

    mutating func checkNewDisplayName(_ name: NameReference) {
        if Vocabulary.reservedDisplayNames.contains(name.name) {
            report(
                name, "`\(name.name)` cannot name a display: scenarios use it as a keyword",
                hint: "use a connector name such as DP-3 or HDMI-A-2")
        }
    }

    /// Reports `name` unless it is a display connected at this point.
    mutating func checkDisplay(_ name: NameReference) {
        guard !displays.contains(name.name), !displaysUnknown else { return }
        if let line = unpluggedAt[name.name] {
            report(
                name, "display `\(name.name)` was unplugged at line \(line)",
                hint: "plug it in again first (`plug display \(name.name) …`), or use one of \(Self.list(displays))")
            return
        }
        let hint = NearestName.hint(
            for: name.name, in: displays,
            otherwise: displays.isEmpty ? "no display is connected here" : "the displays here are \(Self.list(displays))")
        report(
            name, "unknown display `\(name.name)`",
            hint: hint + (NearestName.nearest(to: name.name, in: displays) != nil ? " (the displays here are \(Self.list(displays)))" : ""))
    }

    // MARK: Clients and windows

    /// Reports `name` unless it is a declared window; `acting` also requires its
    /// client to run and the window not to be closed.
    mutating func checkWindow(_ name: NameReference, acting: Bool) {
        guard let window = windows[name.name] else {
            if let line = declarationLines[name.name] {
                report(
                    name, "window `\(name.name)` is used before it is declared (line \(line))",
                    hint: "move `window \(name.name) = …` above this line")
                return
            }
            let hint =
                windowOrder.isEmpty
                ? "no window is declared yet; add e.g. `window main = CLIENT title \"…\"` first"
                : NearestName.hint(for: name.name, in: windowOrder, otherwise: "the windows are \(Self.list(windowOrder))")
                    + (NearestName.nearest(to: name.name, in: windowOrder) != nil ? " (the windows are \(Self.list(windowOrder)))" : "")
            report(name, "unknown window `\(name.name)`", hint: hint)
            return
        }
        guard acting else { return }
        if let quit = clients[window.client]?.quitAt {
            report(
                name, "window `\(name.name)` belongs to `\(window.client)`, which quit at line \(quit)",
                hint: "relaunch it first: `relaunch \(window.client)`")
        } else if let closed = window.closedAt {
            report(
                name, "window `\(name.name)` was closed at line \(closed)",
                hint: "declare a new window for it after it reopens, or remove this step")
        }
    }

    /// Reports `name` unless it is a launched client; `running` requires it to run.
    mutating func checkClient(_ name: NameReference, running: Bool) {
        guard let client = clients[name.name] else {
            let hint =
                clientOrder.isEmpty
                ? "no client is launched yet; add e.g. `launch TimerApp as \(name.name)` first"
                : NearestName.hint(for: name.name, in: clientOrder, otherwise: "the clients are \(Self.list(clientOrder))")
            report(name, "unknown client `\(name.name)`", hint: hint)
            return
        }
        if running, let quit = client.quitAt {
            report(name, "client `\(name.name)` quit at line \(quit)", hint: "relaunch it first: `relaunch \(name.name)`")
        }
    }

    // MARK: Steps

    mutating func check(_ step: Step) {
        checkNumbers(in: step)
        switch step.action {
        case .launch(let launch):
            checkLaunch(launch)
        case .declareWindow(let declaration):
            checkDeclaration(declaration)
        case .moveToDisplay(let window, let display):
            checkWindow(window, acting: true)
            checkDisplay(display)
        case .fullscreen(let window, let display):
            checkWindow(window, acting: true)
            if let display { checkDisplay(display) }
        case .moveToPosition(let window, _), .resize(let window, _, _), .focus(let window), .maximize(let window),
            .minimize(let window), .tile(let window, _), .type(let window, _), .click(let window, _), .touch(let window, _, _),
            .doubleClick(let window, _), .pointerPress(let window, _), .pointerMove(let window, _), .pointerRelease(let window),
            .keyPress(let window, _), .keyRelease(let window, _), .scroll(let window, _, _):
            checkWindow(window, acting: true)
        case .holdKey(let window, _, let duration):
            checkWindow(window, acting: true)
            checkDuration(duration, what: "a key hold", at: step.location)
        case .drag(let window, _, let display):
            checkWindow(window, acting: true)
            if let display { checkDisplay(display) }
        case .close(let window):
            checkWindow(window, acting: true)
            windows[window.name]?.closedAt = window.location.line
        case .rescaleDisplay(let display, _), .rotateDisplay(let display, _), .moveDisplay(let display, _):
            checkDisplay(display)
        case .plugDisplay(let spec):
            let name = NameReference(spec.name, at: spec.location)
            if displays.contains(spec.name) {
                report(name, "display `\(spec.name)` is already connected", hint: "unplug it first, or choose another name")
            } else {
                checkNewDisplayName(name)
                displays.append(spec.name)
                unpluggedAt[spec.name] = nil
            }
        case .unplugDisplay(let display):
            checkDisplay(display)
            if displays.contains(display.name) {
                displays.removeAll { $0 == display.name }
                unpluggedAt[display.name] = display.location.line
            }
        case .screenshot(let target, let name):
            if case .display(let display) = target { checkDisplay(display) }
            if let first = screenshotLines[name.name] {
                report(name, "a screenshot called `\(name.name)` is already taken at line \(first)", hint: "give each screenshot its own name")
            } else {
                screenshotLines[name.name] = name.location.line
            }
        case .quit(let client):
            checkClient(client, running: true)
            if clients[client.name]?.quitAt == nil { clients[client.name]?.quitAt = client.location.line }
        case .relaunch(let client):
            if let state = clients[client.name], state.quitAt == nil {
                let why = state.relaunchedAt.map { "it was relaunched at line \($0) and not quit since" } ?? "it was never quit"
                report(
                    client, "`relaunch \(client.name)` of a client that is still running (\(why))",
                    hint: "quit it first: `quit \(client.name)`")
            } else {
                checkClient(client, running: false)
                clients[client.name]?.quitAt = nil
                clients[client.name]?.relaunchedAt = client.location.line
                for name in windowOrder where windows[name]?.client == client.name {
                    windows[name]?.closedAt = nil
                }
            }
        case .wait:
            break
        case .waitUntil(let condition):
            checkWindow(condition.window, acting: false)
            checkClauses(condition.clauses, window: condition.window)
        case .expect(let expectation):
            checkWindow(expectation.window, acting: false)
            checkClauses(expectation.clauses, window: expectation.window)
        }
        if step.action.isAction { lastAction = step }
    }

    mutating func checkLaunch(_ launch: ClientLaunch) {
        if Vocabulary.reservedWindowNames.contains(launch.alias.name) {
            report(launch.alias, "`\(launch.alias.name)` cannot name a client: scenarios use it as a keyword", hint: "choose another name")
        }
        if let existing = clients[launch.alias.name] {
            report(
                launch.alias, "client name `\(launch.alias.name)` is already used at line \(existing.launchedAt)",
                hint: existing.quitAt != nil ? "to start it again, write `relaunch \(launch.alias.name)`" : "give each client its own name")
            return
        }
        if case .dioramaAppAtPath(let path) = launch.program {
            let resolved = ClientLaunch.resolve(path)
            if !FileManager.default.isExecutableFile(atPath: resolved.path) {
                report(
                    path, "no executable at \(resolved.path)",
                    hint: "build the app first (e.g. swift build --package-path …), or fix the path; it is relative to the scenario's folder")
            }
        }
        if let infoPlist = launch.infoPlist, !FileManager.default.fileExists(atPath: ClientLaunch.resolve(infoPlist).path) {
            report(
                infoPlist, "no Info.plist at \(ClientLaunch.resolve(infoPlist).path)",
                hint: "the path is relative to the scenario's folder")
        }
        // An app named together with its Info.plist may live outside this package:
        // only the executable search decides whether it exists.
        if case .dioramaApp(let app) = launch.program, launch.infoPlist == nil,
            let known = environment.knownApps, !known.contains(app)
        {
            // The app name sits right after `launch `.
            let location = SourceLocation(
                file: launch.alias.location.file, line: launch.alias.location.line,
                column: appColumn(line: launch.alias.location.line, app: app))
            report(
                location, "unknown Diorama app `\(app)`",
                hint: NearestName.hint(
                    for: app, in: known,
                    otherwise:
                        "the apps are \(Self.list(known)); for an app built elsewhere write launch app \"PATH\" info-plist \"PLIST\" as NAME; for any other program write launch command \"…\" as NAME"
                ),
                length: app.count)
        }
        clients[launch.alias.name] = ClientState(launchedAt: launch.alias.location.line)
        clientOrder.append(launch.alias.name)
    }

    func appColumn(line: Int, app: String) -> Int {
        guard line >= 1, line <= scenario.sourceLines.count,
            let range = scenario.sourceLines[line - 1].range(of: app)
        else { return 1 }
        return scenario.sourceLines[line - 1].unicodeScalars.distance(
            from: scenario.sourceLines[line - 1].unicodeScalars.startIndex, to: range.lowerBound) + 1
    }

    mutating func checkDeclaration(_ declaration: WindowDeclaration) {
        let name = declaration.name
        if Vocabulary.reservedWindowNames.contains(name.name) {
            report(name, "`\(name.name)` cannot name a window: scenarios use it as a keyword", hint: "choose another name")
        }
        if let existing = windows[name.name] {
            report(name, "window `\(name.name)` is already declared at line \(existing.declaredAt)", hint: "give each window its own name")
            return
        }
        checkClient(declaration.client, running: true)
        windows[name.name] = WindowState(client: declaration.client.name, declaredAt: name.location.line)
        windowOrder.append(name.name)
    }

    mutating func checkClauses(_ clauses: [Clause], window: NameReference) {
        for clause in clauses {
            for display in clause.kind.displayReferences {
                checkDisplay(display)
            }
            if case .callbackFired(_, _, afterResizeEnded: true) = clause.kind {
                let isInteractiveResize: Bool
                if case .resize(let resized, _, let steps)? = lastAction?.action, resized == window, steps != nil {
                    isInteractiveResize = true
                } else {
                    isInteractiveResize = false
                }
                if !isInteractiveResize {
                    let last = lastAction.map { "the step before is line \($0.location.line): `\($0.text)`" } ?? "there is no step before it"
                    report(
                        clause.location, "`after the resize ended` needs an interactive resize of `\(window.name)` as the step before; \(last)",
                        hint: "add `resize \(window.name) WxH interactively in N steps` before this expectation, or drop `after the resize ended`",
                        length: clause.text.count)
                }
            }
        }
    }
}
