import DioramaModel

/// Parses one body statement (a step, a launch, a window declaration, a wait or an
/// expectation) from a line whose first word has been recognised.
struct BodyParser {
    var cursor: TokenCursor

    init(cursor: TokenCursor) {
        self.cursor = cursor
    }

    static let windowHint = "name a window declared with `window NAME = CLIENT …`"
    static let displayHint = "name a display of the layout or one plugged earlier, e.g. DP-1"
    static let clientHint = "name a client started with `launch … as NAME`"

    mutating func window() throws(ScenarioDiagnostic) -> NameReference {
        try cursor.name("a window name", hint: Self.windowHint)
    }

    mutating func display() throws(ScenarioDiagnostic) -> NameReference {
        try cursor.name("a display name", hint: Self.displayHint)
    }

    mutating func client() throws(ScenarioDiagnostic) -> NameReference {
        try cursor.name("a client name", hint: Self.clientHint)
    }

    /// The statement; the cursor is on its keyword.
    mutating func statement() throws(ScenarioDiagnostic) -> StepAction {
        let keyword = cursor.advance().text
        let action: StepAction
        switch keyword {
        case "launch": action = .launch(try launch())
        case "window": action = .declareWindow(try windowDeclaration())
        case "move": action = try move()
        case "resize": action = try resize()
        case "focus": action = .focus(window: try window())
        case "maximize": action = .maximize(window: try window())
        case "minimize": action = .minimize(window: try window())
        case "tile": action = .tile(window: try window(), half: try halfTile())
        case "untile": action = .tile(window: try window(), half: nil)
        case "close": action = .close(window: try window())
        case "fullscreen":
            let window = try window()
            var display: NameReference?
            if cursor.isWord("on") {
                cursor.advance()
                display = try self.display()
            }
            try cursor.endOfLine(alternatives: display == nil ? ["on"] : [])
            return .fullscreen(window: window, display: display)
        case "type":
            let window = try window()
            let text = try cursor.string("the text to type, in double quotes", hint: "write e.g. type main \"hello\"")
            action = .type(window: window, text: text)
        case "click":
            let window = try window()
            try cursor.keyword("at", context: "write e.g. click main at 20,20 (points from the window's top-left)")
            let point = try cursor.position()
            if cursor.isWord("twice") {
                cursor.advance()
                action = .doubleClick(window: window, at: point)
            } else {
                try cursor.endOfLine(alternatives: ["twice"])
                return .click(window: window, at: point)
            }
        case "drag":
            let window = try window()
            try cursor.keyword("by", context: "write e.g. drag main by 100,10, or drag main by 0,0 to DP-2")
            let offset = try cursor.position()
            var display: NameReference?
            if cursor.isWord("to") {
                cursor.advance()
                display = try self.display()
            }
            try cursor.endOfLine(alternatives: display == nil ? ["to"] : [])
            return .drag(window: window, by: offset, display: display)
        case "touch":
            let window = try window()
            try cursor.keyword("at", context: "write e.g. touch main at 20,20, or touch main at 20,20 to 80,20")
            let start = try cursor.position()
            var end: Point?
            if cursor.isWord("to") {
                cursor.advance()
                end = try cursor.position()
            }
            try cursor.endOfLine(alternatives: end == nil ? ["to"] : [])
            return .touch(window: window, at: start, to: end)
        case "press":
            let window = try window()
            if cursor.isWord("key") {
                action = .keyPress(window: window, key: try keyName(example: "press main key Right"))
            } else {
                try cursor.keyword(
                    "at", context: "write e.g. press main at 20,20 (points from the window's top-left), or press main key Right")
                action = .pointerPress(window: window, at: try cursor.position())
            }
        case "release":
            let window = try window()
            if cursor.isWord("key") {
                action = .keyRelease(window: window, key: try keyName(example: "release main key Right"))
            } else {
                try cursor.endOfLine(alternatives: ["key"])
                return .pointerRelease(window: window)
            }
        case "hold":
            let window = try window()
            guard cursor.isWord("key") else {
                throw cursor.error(expected: "`key`", hint: "write e.g. hold main key Right for 1s")
            }
            let key = try keyName(example: "hold main key Right for 1s")
            try cursor.keyword("for", context: "write e.g. hold main key Right for 1s")
            action = .holdKey(window: window, key: key, duration: try cursor.duration())
        case "scroll":
            let window = try window()
            try cursor.keyword("at", context: "write e.g. scroll main at 100,100 by 0,40")
            let location = try cursor.position()
            try cursor.keyword("by", context: "write e.g. scroll main at 100,100 by 0,40 (points; positive scrolls down or right)")
            action = .scroll(window: window, at: location, by: try cursor.position("a distance DX,DY such as 0,40"))
        case "rescale":
            let display = try display()
            try cursor.keyword("to", context: "write e.g. rescale DP-1 to 1.5")
            action = .rescaleDisplay(display: display, scale: try cursor.scale())
        case "rotate":
            let display = try display()
            try cursor.keyword("to", context: "write e.g. rotate DP-1 to 90")
            action = .rotateDisplay(display: display, transform: try transform())
        case "plug":
            try cursor.keyword("display", context: "write e.g. plug display TV 1920x1080 scale 1 at 0,1080")
            let spec = try displaySpec()
            try cursor.endOfLine(alternatives: ["scale", "at", "transform"])
            return .plugDisplay(spec)
        case "unplug":
            if cursor.isWord("display") { cursor.advance() }
            action = .unplugDisplay(display: try display())
        case "screenshot": action = try screenshot()
        case "quit": action = .quit(client: try client())
        case "relaunch": action = .relaunch(client: try client())
        case "wait": action = try wait()
        case "expect":
            let window = try window()
            action = .expect(Expectation(window: window, clauses: try clauses(terminator: nil)))
        default:
            preconditionFailure("statement() called for \(keyword)")
        }
        try cursor.endOfLine()
        return action
    }

    // MARK: Clients and windows

    /// `launch APP as ALIAS [with NAME=VALUE …]`, `APP` being a Diorama app name or
    /// `app "PATH"` (either optionally followed by `info-plist "PATH"`, then
    /// `arguments "…"`), or `command "…"`.
    mutating func launch() throws(ScenarioDiagnostic) -> ClientLaunch {
        let program: ClientLaunch.Program
        if cursor.isWord("app") && cursor.peek().kind == .string {
            cursor.advance()
            program = .dioramaAppAtPath(
                try path(
                    "the app's executable path in double quotes",
                    hint: "write e.g. launch app \"../.build/debug/Sketchpad\" as sketch"))
        } else if cursor.isWord("command") {
            cursor.advance()
            program = .command(
                try shellWords(
                    "the command line in double quotes",
                    hint: "write e.g. launch command \"foot -e true\" as term"))
        } else if cursor.current.kind == .string {
            throw cursor.error(
                expected: "a Diorama app name such as TimerApp",
                hint: "to run any program, write: launch command \"\(cursor.current.text)\" as NAME")
        } else {
            let app = try cursor.name(
                "a Diorama app name such as TimerApp, or `command \"…\"`",
                hint: "write e.g. launch TimerApp as timer")
            program = .dioramaApp(app.name)
        }
        var infoPlist: NameReference?
        var arguments: String?
        if case .command = program {
        } else {
            if cursor.isWord("info-plist") {
                cursor.advance()
                infoPlist = try path(
                    "the Info.plist path in double quotes",
                    hint: "write e.g. launch app \"../.build/debug/Sketchpad\" info-plist \"../Info.plist\" as sketch")
            }
            if cursor.isWord("arguments") {
                cursor.advance()
                arguments = try shellWords(
                    "the argument line in double quotes",
                    hint: "write e.g. launch GameScene arguments \"--renderer gles\" as game")
            }
        }
        try cursor.keyword("as", context: "give the client a name: launch TimerApp as timer")
        let alias = try cursor.name("a name for the client", hint: "write e.g. launch TimerApp as timer")
        var environment: [ClientLaunch.EnvironmentVariable] = []
        if cursor.isWord("with") {
            cursor.advance()
            repeat {
                let nameToken = cursor.current
                guard nameToken.kind == .word, Self.isEnvironmentName(nameToken.text) else {
                    throw cursor.error(
                        expected: "an environment variable NAME=VALUE",
                        hint: "names are letters, digits and underscores, not starting with a digit: with DIORAMA_DEBUG=1")
                }
                cursor.advance()
                try cursor.symbol("=", hint: "write NAME=VALUE, quoting values with spaces: with GREETING=\"hello world\"")
                let value: String
                if cursor.current.kind == .word || cursor.current.kind == .string {
                    value = cursor.advance().text
                } else if cursor.atEnd || cursor.isSymbol(",") {
                    value = ""
                } else {
                    throw cursor.error(expected: "the value of \(nameToken.text)", hint: "quote values with symbols or spaces: \(nameToken.text)=\"a=b\"")
                }
                environment.append(.init(name: nameToken.text, value: value))
                _ = cursor.skipSymbol(",")
            } while !cursor.atEnd
        }
        try cursor.endOfLine(alternatives: environment.isEmpty ? ["with"] : [])
        return ClientLaunch(
            alias: alias, program: program, infoPlist: infoPlist, arguments: arguments,
            environment: environment)
    }

    /// A quoted line of words a POSIX shell will split (a command line, an
    /// app's arguments): not empty, every quote closed, no lone `\` at the end.
    private mutating func shellWords(_ what: String, hint: String) throws(ScenarioDiagnostic) -> String {
        let token = cursor.current
        let line = try cursor.string(what, hint: hint)
        let name = what.replacingOccurrences(of: " in double quotes", with: "")
        if line.allSatisfy(\.isWhitespace) {
            throw cursor.error("\(name) is empty", hint: hint, at: token)
        }
        if let problem = ShellQuoting.problem(in: line) {
            throw cursor.error(
                "\(name) \(problem)", hint: "close the quote, or escape the character with a backslash",
                at: token)
        }
        return line
    }

    /// A quoted path, kept with where it was written (it is resolved against
    /// the scenario's folder, and a missing file is reported at this spot).
    private mutating func path(_ what: String, hint: String) throws(ScenarioDiagnostic) -> NameReference {
        let token = cursor.current
        let text = try cursor.string(what, hint: hint)
        guard !text.isEmpty else { throw cursor.error("an empty path names no file", hint: hint, at: token) }
        return NameReference(text, at: cursor.location(of: token))
    }

    static func isEnvironmentName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `window NAME = CLIENT [app_id "…"] [title "…"]`.
    mutating func windowDeclaration() throws(ScenarioDiagnostic) -> WindowDeclaration {
        let name = try cursor.name("a name for the window", hint: "write e.g. window main = timer title \"Main\"")
        try cursor.symbol("=", hint: "write e.g. window main = timer title \"Main\"")
        var declaration = WindowDeclaration(name: name, client: try client())
        while !cursor.atEnd {
            let keyword = cursor.current
            switch keyword.kind == .word ? keyword.text : "" {
            case "app_id" where declaration.appID == nil:
                cursor.advance()
                declaration.appID = try cursor.value("an app_id", hint: "write e.g. app_id \"org.diorama.TimerApp\"")
            case "title" where declaration.title == nil:
                cursor.advance()
                declaration.title = try cursor.value("a title", hint: "write e.g. title \"Main\"")
            case "app_id", "title":
                throw cursor.error("`\(keyword.text)` is given twice", hint: "a window is matched by one app_id and one title", at: keyword)
            default:
                throw cursor.error(
                    expected: "`app_id`, `title` or the end of the line",
                    hint: cursor.hint(
                        for: keyword, among: ["app_id", "title"],
                        otherwise: "match the window by app_id and/or title: window main = timer title \"Main\""))
            }
        }
        return declaration
    }

    // MARK: Steps

    /// `move display D to X,Y`, `move W to D`, `move W to X,Y`.
    mutating func move() throws(ScenarioDiagnostic) -> StepAction {
        if cursor.isWord("pointer") {
            cursor.advance()
            let window = try window()
            try cursor.keyword("to", context: "write e.g. move pointer main to 80,40 (points from the window's top-left)")
            return .pointerMove(window: window, to: try cursor.position())
        }
        if cursor.isWord("display") {
            cursor.advance()
            let display = try display()
            try cursor.keyword("to", context: "write e.g. move display DP-2 to 1920,0")
            return .moveDisplay(display: display, position: try cursor.position())
        }
        let window = try window()
        try cursor.keyword("to", context: "write e.g. move main to DP-2, or move main to 100,200")
        if cursor.current.kind == .word, TokenCursor.isWholeNumber(cursor.current.text) {
            return .moveToPosition(window: window, position: try cursor.position())
        }
        return .moveToDisplay(window: window, display: try cursor.name("a display name or a position X,Y", hint: Self.displayHint))
    }

    /// `key NAME`, the cursor on `key`: an xkb keysym name such as `Right`,
    /// `Return`, `a` or `Shift_L`; the backend says when it knows no such key.
    mutating func keyName(example: String) throws(ScenarioDiagnostic) -> String {
        cursor.advance()
        guard cursor.current.kind == .word else {
            throw cursor.error(
                expected: "a key name (an xkb keysym name such as Right, Return, a, F5 or Shift_L)", hint: "write e.g. \(example)")
        }
        return cursor.advance().text
    }

    /// `resize W WxH [interactively in N steps]`.
    mutating func resize() throws(ScenarioDiagnostic) -> StepAction {
        let window = try window()
        let size = try cursor.size()
        guard !cursor.atEnd else { return .resize(window: window, size: size, interactiveSteps: nil) }
        guard cursor.isWord("interactively") else {
            try cursor.endOfLine(alternatives: ["interactively"])
            return .resize(window: window, size: size, interactiveSteps: nil)
        }
        cursor.advance()
        try cursor.keyword("in", context: "write e.g. resize main 900x700 interactively in 10 steps")
        let steps = try cursor.integer(
            "the number of steps", in: 1...1000,
            hint: "write e.g. resize main 900x700 interactively in 10 steps")
        let unit = cursor.current
        guard unit.kind == .word, unit.text == "steps" || unit.text == "step" else {
            throw cursor.error(expected: "`steps`", hint: cursor.hint(for: unit, among: ["steps"], otherwise: "end the line with `steps`"))
        }
        cursor.advance()
        return .resize(window: window, size: size, interactiveSteps: steps)
    }

    /// `screenshot [D|all] as NAME`.
    mutating func screenshot() throws(ScenarioDiagnostic) -> StepAction {
        var target = ScreenshotTarget.all
        if cursor.isWord("all") {
            cursor.advance()
        } else if !cursor.isWord("as") {
            target = .display(try cursor.name("a display name, `all` or `as`", hint: "write e.g. screenshot DP-2 as after-move"))
        }
        try cursor.keyword("as", context: "name the file: screenshot all as overview")
        let token = cursor.current
        let name = try cursor.value("a name for the screenshot", hint: "write e.g. screenshot all as overview")
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            let problem = name.isEmpty ? "the screenshot's name is empty" : "a screenshot name must be a plain file name without `/`"
            throw cursor.error(problem, hint: "write e.g. screenshot all as overview", at: token)
        }
        return .screenshot(target: target, name: NameReference(name, at: cursor.location(of: token)))
    }

    /// `wait DURATION` or `wait until W CLAUSES [timeout DURATION]`.
    mutating func wait() throws(ScenarioDiagnostic) -> StepAction {
        guard cursor.isWord("until") else {
            if cursor.current.kind == .word, ScenarioDuration(parsing: cursor.current.text) == nil,
                Int(cursor.current.text) == nil, NearestName.nearest(to: cursor.current.text, in: ["until"]) != nil
            {
                throw cursor.error(expected: "`until` or a duration", hint: "did you mean `until`?")
            }
            return .wait(try cursor.duration("a duration such as 200ms, or `until`"))
        }
        cursor.advance()
        let window = try window()
        let clauses = try clauses(terminator: "timeout")
        var timeout: ScenarioDuration?
        if cursor.isWord("timeout") {
            cursor.advance()
            timeout = try cursor.duration()
        }
        return .waitUntil(WaitCondition(window: window, clauses: clauses, timeout: timeout))
    }

    // MARK: Displays

    /// `NAME WxH[@HZ] [scale S] [at X,Y] [transform T]` (the `at` part is
    /// required), for inline displays and `plug display`.
    mutating func displaySpec() throws(ScenarioDiagnostic) -> DisplaySpec {
        let nameToken = cursor.current
        let name = try cursor.name("a display name such as DP-1", hint: "write e.g. display DP-1 1920x1080 scale 1 at 0,0")
        let mode = try cursor.displayMode("the mode size in pixels, such as 1920x1080 (or 1920x1080@30 at 30 Hz)")
        var scale: Scale?
        var position: Point?
        var transform: OutputTransform?
        while !cursor.atEnd {
            let keyword = cursor.current
            switch keyword.kind == .word ? keyword.text : "" {
            case "scale" where scale == nil:
                cursor.advance()
                scale = try cursor.scale()
            case "at" where position == nil:
                cursor.advance()
                position = try cursor.position()
            case "transform" where transform == nil:
                cursor.advance()
                transform = try self.transform()
            case "scale", "at", "transform":
                throw cursor.error("`\(keyword.text)` is given twice", hint: "keep one", at: keyword)
            default:
                return try finishSpec()
            }
        }
        return try finishSpec()

        func finishSpec() throws(ScenarioDiagnostic) -> DisplaySpec {
            guard let position else {
                throw cursor.error(
                    expected: "`at X,Y`",
                    hint: cursor.hint(
                        for: cursor.current, among: ["at", "scale", "transform"],
                        otherwise: "say where the display's top-left corner is, in logical points: at 1920,0"))
            }
            return DisplaySpec(
                name: name.name, modeSize: mode.size, refreshMilliHz: mode.refreshMilliHz, scale: scale ?? .one, position: position,
                transform: transform ?? .normal, location: cursor.location(of: nameToken))
        }
    }

    /// `left` or `right`, the half of `tile W left`.
    mutating func halfTile() throws(ScenarioDiagnostic) -> HalfTile {
        let names = HalfTile.allCases.map(\.rawValue)
        return try cursor.choice(
            "the half to tile to (\(names.joined(separator: " or ")))", names: names,
            otherwise: "write e.g. tile main left; untile main gives it back its frame", parse: HalfTile.init(rawValue:))
    }

    mutating func transform() throws(ScenarioDiagnostic) -> OutputTransform {
        let names = OutputTransform.allCases.map(\.name)
        return try cursor.choice(
            "a transform (\(names.joined(separator: ", ")))", names: names,
            otherwise: "rotations are counter-clockwise degrees; flipped ones mirror first: flipped-90", parse: OutputTransform.init(name:))
    }
}
