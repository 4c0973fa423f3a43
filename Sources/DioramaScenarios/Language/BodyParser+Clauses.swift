import DioramaModel

/// The clauses of `expect` and `wait until`: `clause (, clause)*`.
extension BodyParser {
    static let clauseHint = "clauses look like: on DP-2, scale 2, buffer 1600x1200, no stale frames, drawableSizeWillChange fired 1 time"

    /// Clauses up to the end of the line (or the word `terminator`, for `wait until
    /// … timeout 5s`).
    mutating func clauses(terminator: String?) throws(ScenarioDiagnostic) -> [Clause] {
        guard !cursor.atEnd, !(terminator.map { cursor.isWord($0) } ?? false) else {
            throw cursor.error(expected: "a clause", hint: Self.clauseHint)
        }
        var clauses: [Clause] = []
        while true {
            if cursor.isWord("after"), let last = clauses.last, case .callbackFired = last.kind {
                // `…, after the resize ended` qualifies the callback clause before the comma.
                clauses[clauses.count - 1] = try afterResizeEnded(qualifying: last)
            } else {
                clauses += try clause()
            }
            if cursor.skipSymbol(",") { continue }
            if cursor.atEnd || (terminator.map { cursor.isWord($0) } ?? false) { return clauses }
            let expected =
                terminator.map { "`,` between clauses, `\($0)` or the end of the line" }
                ?? "`,` between clauses or the end of the line"
            throw cursor.error(
                expected: expected,
                hint: cursor.hint(
                    for: cursor.current, among: terminator.map { [$0] } ?? [],
                    otherwise: "separate clauses with commas: expect main on DP-2, scale 2"))
        }
    }

    /// `via sharedMemory` after `renderer openGLES`: how the GL frames are
    /// presented. The cursor is on `via`.
    mutating func glesPresentation(after renderer: RendererName) throws(ScenarioDiagnostic) -> GLESPresentationName {
        let via = cursor.advance()
        let names = GLESPresentationName.allCases.map(\.rawValue)
        guard renderer == .openGLES else {
            throw cursor.error(
                "`via` says how OpenGL ES frames are presented; `renderer \(renderer.rawValue)` has no presentation to choose",
                hint: "write `renderer \(renderer.rawValue)` alone, or `renderer openGLES via \(names.joined(separator: "|"))`", at: via)
        }
        let token = cursor.current
        guard token.kind == .word, let presentation = GLESPresentationName(rawValue: token.text) else {
            let otherwise =
                token.text == "automatic"
                ? "the trace records what automatic chose: sharedMemory on a CPU rasterizer (llvmpipe), windowSurface on a GPU"
                : "these are DrawableLayer.GLESPresentation's choices"
            throw cursor.error(
                expected: "a presentation (\(names.joined(separator: ", ")))",
                hint: cursor.hint(for: token, among: names, otherwise: otherwise))
        }
        cursor.advance()
        return presentation
    }

    /// One clause (two for `fullscreen on TV`: the state, then the display).
    mutating func clause() throws(ScenarioDiagnostic) -> [Clause] {
        let start = cursor.current
        let location = cursor.location(of: start)
        func made(_ kind: ClauseKind) -> [Clause] { [Clause(kind, text: cursor.text(from: start), location: location)] }

        guard start.kind == .word else {
            throw cursor.error(expected: "a clause", hint: Self.clauseHint)
        }
        if cursor.isWord("fired", offset: 1) {
            return [try callbackClause()]
        }
        cursor.advance()
        switch start.text {
        case "on":
            return made(.onDisplays(try displayList()))
        case "entered":
            try cursor.keyword("exactly", context: "write e.g. entered exactly DP-1, DP-2")
            return made(.enteredExactly(try displayList()))
        case "buffer":
            if cursor.isWord("scale") {
                cursor.advance()
                return made(
                    .bufferScale(
                        try cursor.integer(
                            "a whole-number buffer scale", in: 1...16,
                            hint: "wl_surface.set_buffer_scale takes 1, 2, 3…: buffer scale 2")))
            }
            return made(.bufferSize(try sizeValue(subject: "buffer")))
        case "viewport":
            if cursor.isWord("none") {
                cursor.advance()
                return made(.viewport(nil))
            }
            return made(.viewport(try sizeValue(subject: "viewport")))
        case "preferred":
            try cursor.keyword("scale", context: "write e.g. preferred scale 1.5")
            return made(.preferredScale(try cursor.scale()))
        case "minimum":
            return made(.minimumSize(try cursor.size("a minimum size such as 500x0 (0: no limit on that side)")))
        case "maximum":
            return made(.maximumSize(try cursor.size("a maximum size such as 0x0 (0: no limit on that side)")))
        case "configure":
            return made(.configureSize(try cursor.size("the configured size, such as 900x700")))
        case "states":
            var states: [ToplevelState] = []
            repeat {
                states.append(try toplevelState())
            } while cursor.current.kind == .word && ToplevelState(rawValue: cursor.current.text) != nil
            return made(.hasStates(states))
        case "not":
            return made(.lacksState(try toplevelState()))
        case "no":
            try cursor.keyword("stale", context: "write `no stale frames`")
            try cursor.keyword("frames", context: "write `no stale frames`")
            return made(.noStaleFrames)
        case "commits":
            let comparison = try cursor.comparison("a number of commits")
            if cursor.isWord("since") {
                cursor.advance()
                try cursor.keyword("the", context: "write `since the step`, or leave it out (it is the default)")
                try cursor.keyword("step", context: "write `since the step`, or leave it out (it is the default)")
            }
            return made(.commits(comparison))
        case "width":
            return made(.width(try cursor.comparison("a width in points")))
        case "height":
            return made(.height(try cursor.comparison("a height in points")))
        case "crisp":
            return made(.crisp)
        case "screen":
            return made(.screen(try display()))
        case "scale":
            return made(.scale(try cursor.scale()))
        case "traits.displayScale":
            return made(.displayScale(try cursor.scale()))
        case "traits.horizontalSizeClass":
            return made(.horizontalSizeClass(try sizeClass()))
        case "traits.verticalSizeClass":
            return made(.verticalSizeClass(try sizeClass()))
        case "bounds":
            return made(.bounds(try cursor.size("the bounds in points, such as 800x600")))
        case "drawable":
            return made(.drawable(try sizeValue(subject: "drawable")))
        case "orientation":
            let token = cursor.current
            if token.kind == .word, token.text == "locked" || token.text == "unlocked" {
                cursor.advance()
                return made(.orientationLocked(token.text == "locked"))
            }
            guard token.kind == .word, let orientation = OrientationExpectation(spelling: token.text) else {
                throw cursor.error(
                    expected: "an orientation (\(OrientationExpectation.spellings.joined(separator: ", ")), or locked/unlocked",
                    hint: cursor.hint(
                        for: token, among: OrientationExpectation.spellings + ["locked", "unlocked"],
                        otherwise: "portrait and landscape match either orientation of that shape"))
            }
            cursor.advance()
            return made(.orientation(orientation))
        case "state":
            let token = cursor.current
            let names = ActivationStateName.allCases.map(\.rawValue)
            guard token.kind == .word, let state = ActivationStateName(rawValue: token.text) else {
                throw cursor.error(
                    expected: "a scene state (\(names.joined(separator: ", ")))",
                    hint: cursor.hint(
                        for: token, among: names + ToplevelState.allCases.map(\.rawValue),
                        otherwise: "these are UIScene.ActivationState's cases")
                )
                .adjustedHint(ifStateSpelling: token.text)
            }
            cursor.advance()
            return made(.activationState(state))
        case "role":
            let token = cursor.current
            let spellings = Vocabulary.roles.map(\.spelling)
            guard token.kind == .word, let role = Vocabulary.roles.first(where: { $0.spelling == token.text })?.role else {
                throw cursor.error(
                    expected: "a scene role (application, external-display-non-interactive)",
                    hint: cursor.hint(
                        for: token, among: spellings,
                        otherwise: "the UIKit names UIWindowSceneSessionRoleApplication and UIWindowSceneSessionRoleExternalDisplayNonInteractive work too"))
            }
            cursor.advance()
            return made(.role(role))
        case "renderer":
            let token = cursor.current
            let names = RendererName.allCases.map(\.rawValue)
            guard token.kind == .word, let renderer = RendererName(rawValue: token.text) else {
                throw cursor.error(
                    expected: "a renderer (\(names.joined(separator: ", ")))",
                    hint: cursor.hint(for: token, among: names, otherwise: "these are DrawableLayer.Renderer's cases"))
            }
            cursor.advance()
            guard cursor.isWord("via") else { return made(.renderer(renderer)) }
            return made(.renderer(renderer, via: try glesPresentation(after: renderer)))
        case "disconnected":
            return made(.disconnected)
        case "restored":
            return made(.restored)
        case "connection":
            try cursor.keyword("order", context: "write e.g. connection order 2 (the scene connected second since its app launched)")
            return made(
                .connectionOrder(
                    try cursor.integer(
                        "the scene's place among its app's connections, from 1", in: 1...1000,
                        hint: "connection order 1 is the first scene its app connected since it launched")))
        case "title":
            return made(.title(try cursor.string("the title in double quotes", hint: "write e.g. expect main title \"Main (24h)\"")))
        case "activated", "maximized", "fullscreen", "resizing":
            let state = ToplevelState(rawValue: start.text)!
            var result = made(.hasStates([state]))
            if cursor.isWord("on") {
                // `fullscreen on TV`: the state, and the display it is on.
                let onToken = cursor.advance()
                let names = try displayList()
                result.append(Clause(.onDisplays(names), text: cursor.text(from: onToken), location: cursor.location(of: onToken)))
            }
            return result
        default:
            if start.text == "after" {
                throw cursor.error(
                    "`after the resize ended` qualifies a callback clause, not what comes before it",
                    hint: "write it right after the count: drawableSizeWillChange fired 1 time, after the resize ended",
                    at: start)
            }
            if start.text.hasPrefix("traits.") {
                throw cursor.error(
                    expected: "a trait (\(Vocabulary.traits.joined(separator: ", ")))",
                    hint: cursor.hint(for: start, among: Vocabulary.traits, otherwise: "those are the traits scenarios can check"),
                    at: start)
            }
            throw cursor.error(
                expected: "a clause",
                hint: cursor.hint(for: start, among: Vocabulary.clauseHints, otherwise: Self.clauseHint),
                at: start)
        }
    }

    /// `NAME fired [OP] N time(s) [after the resize ended]`.
    mutating func callbackClause() throws(ScenarioDiagnostic) -> Clause {
        let start = cursor.advance()
        let names = SceneCallback.allCases.map(\.rawValue)
        guard let callback = SceneCallback(rawValue: start.text) else {
            throw cursor.error(
                expected: "a callback name",
                hint: cursor.hint(
                    for: start, among: names,
                    otherwise: "the callbacks are \(names.joined(separator: ", "))"),
                at: start)
        }
        cursor.advance()  // fired
        let count = try cursor.comparison("how many times, such as 1")
        let unit = cursor.current
        guard unit.kind == .word, unit.text == "time" || unit.text == "times" else {
            throw cursor.error(expected: "`time` or `times`", hint: "write e.g. drawableSizeWillChange fired 1 time")
        }
        cursor.advance()
        var clause = Clause(
            .callbackFired(callback, count, afterResizeEnded: false), text: cursor.text(from: start),
            location: cursor.location(of: start))
        if cursor.isWord("after") {
            clause = try afterResizeEnded(qualifying: clause)
        }
        return clause
    }

    /// Reads `after the resize ended` and marks `clause` (a callback clause) with it.
    mutating func afterResizeEnded(qualifying clause: Clause) throws(ScenarioDiagnostic) -> Clause {
        let context = "write `after the resize ended`"
        let start = try cursor.keyword("after", context: context)
        try cursor.keyword("the", context: context)
        try cursor.keyword("resize", context: context)
        try cursor.keyword("ended", context: context)
        guard case .callbackFired(let callback, let count, let already) = clause.kind, !already else {
            throw cursor.error("`after the resize ended` is given twice", hint: "keep one", at: start)
        }
        // The clause's text runs from its callback name through `ended`.
        let separator = clause.text.hasSuffix(",") ? " " : ", "
        return Clause(
            .callbackFired(callback, count, afterResizeEnded: true),
            text: clause.text + separator + cursor.text(from: start), location: clause.location)
    }

    /// `D (, D)*`: a comma continues the list only when the next word is not a clause
    /// and stands alone (`on DP-1, DP-2, scale 2` is two displays and a clause).
    mutating func displayList() throws(ScenarioDiagnostic) -> [NameReference] {
        var names = [try display()]
        while cursor.isSymbol(","), cursor.peek().kind == .word,
            !Vocabulary.clauseStarts.contains(cursor.peek().text),
            cursor.peek(2).kind == .end || (cursor.peek(2).kind == .symbol && cursor.peek(2).text == ",")
                || (cursor.peek(2).kind == .word && cursor.peek(2).text == "timeout")
        {
            cursor.advance()
            names.append(try display())
        }
        return names
    }

    /// `WxH` or `= EXPRESSION` after `buffer`, `drawable` or `viewport`.
    mutating func sizeValue(subject: String) throws(ScenarioDiagnostic) -> SizeExpression {
        if cursor.skipSymbol("=") {
            return try sizeExpression()
        }
        if cursor.isWord("bounds") || cursor.isWord("round") || cursor.isWord("ceil") || cursor.isWord("floor") {
            throw cursor.error(expected: "`=` before an expression", hint: "write \(subject) = \(cursor.current.text)…")
        }
        return .literal(try cursor.size("a size such as 1600x1200, or `= EXPRESSION` such as `= bounds * 2`"))
    }

    /// `WxH | bounds [* S] | round|ceil|floor ( bounds [* S] )`.
    mutating func sizeExpression() throws(ScenarioDiagnostic) -> SizeExpression {
        let token = cursor.current
        let functions = SizeExpression.Rounding.allCases.map(\.rawValue)
        if token.kind == .word, let rounding = SizeExpression.Rounding(rawValue: token.text) {
            cursor.advance()
            try cursor.symbol("(", hint: "write \(token.text)(bounds * 1.5)")
            let factor = try boundsProduct()
            try cursor.symbol(")", hint: "close the parenthesis: \(token.text)(bounds * \(factor))")
            return .bounds(times: factor, rounding: rounding)
        }
        if cursor.isWord("bounds") {
            return .bounds(times: try boundsProduct(), rounding: nil)
        }
        if token.kind == .word, token.text.contains("x"), token.text.first?.isNumber == true {
            return .literal(try cursor.size())
        }
        throw cursor.error(
            expected: "an expression: bounds, bounds * 2, round(bounds * 1.5) or a size",
            hint: cursor.hint(
                for: token, among: ["bounds"] + functions,
                otherwise: "the functions are \(functions.joined(separator: ", ")); the only variable is bounds"))
    }

    /// `bounds [* S]`: the factor (1 without `*`).
    mutating func boundsProduct() throws(ScenarioDiagnostic) -> Scale {
        try cursor.keyword("bounds", context: "expressions multiply the window's bounds: bounds * 2")
        guard cursor.skipSymbol("*") else { return .one }
        return try cursor.scale("a factor such as 2 or 1.5")
    }

    mutating func toplevelState() throws(ScenarioDiagnostic) -> ToplevelState {
        let token = cursor.current
        let names = ToplevelState.allCases.map(\.rawValue)
        guard token.kind == .word, let state = ToplevelState(rawValue: token.text) else {
            throw cursor.error(
                expected: "an xdg_toplevel state (\(names.joined(separator: ", ")))",
                hint: cursor.hint(for: token, among: names, otherwise: "list states separated by spaces: states activated maximized"))
        }
        cursor.advance()
        return state
    }

    mutating func sizeClass() throws(ScenarioDiagnostic) -> SizeClass {
        let token = cursor.current
        guard token.kind == .word, let sizeClass = SizeClass(rawValue: token.text) else {
            throw cursor.error(
                expected: "a size class (compact, regular, unspecified)",
                hint: cursor.hint(for: token, among: Vocabulary.sizeClasses, otherwise: "compact or regular"))
        }
        cursor.advance()
        return sizeClass
    }
}

private extension ScenarioDiagnostic {
    /// `state maximized` mixes up the scene state with an xdg state: say so.
    func adjustedHint(ifStateSpelling word: String) -> ScenarioDiagnostic {
        guard ToplevelState(rawValue: word) != nil else { return self }
        var copy = self
        copy.hint = "`\(word)` is an xdg_toplevel state: write `states \(word)` (or just `\(word)`); `state` is the scene's life-cycle state"
        return copy
    }
}
