import DioramaModel
import Foundation

/// Reads scenario text into a ``Scenario``, checking the shape of every line.
///
/// The language is line-based: each non-blank line (after removing its `#` comment)
/// is one statement, and its first word says which. The header directives
/// (`displays:`, `display …`, `profile:`, `timeout:`, `backend:`) come before the
/// first body statement; the body is everything else, in order. Every bad line is
/// reported, not only the first. See `Docs/scenario-language.md` for the grammar.
package enum ScenarioParser {
    /// Parses `text`; `file` names the file in locations and becomes the scenario's
    /// name (without directory and `.scenario`).
    package static func parse(_ text: String, file: String) throws(ScenarioErrors) -> Scenario {
        var state = ParseState(file: file)
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        for (offset, line) in lines.enumerated() {
            state.read(line: line, number: offset + 1)
        }
        return try state.finish(sourceLines: lines)
    }

    /// The scenario name for a file path: the last component without `.scenario`.
    package static func scenarioName(forFile file: String) -> String {
        let last = URL(fileURLWithPath: file).lastPathComponent
        return last.hasSuffix(".scenario") ? String(last.dropLast(".scenario".count)) : last
    }
}

/// What the parser has read so far.
struct ParseState {
    let file: String
    var diagnostics: [ScenarioDiagnostic] = []
    var summaryLines: [String] = []
    var sawStatement = false
    /// The first body statement, for "move this above line N" hints.
    var firstBodyLine: (number: Int, text: String)?

    var layoutReference: NameReference?
    var inlineDisplays: [DisplaySpec] = []
    var profile: ScenarioProfile?
    var timeout: ScenarioDuration?
    var backends: [BackendKind]?
    var variations: [ExplorationVariation] = []
    /// Where each directive was first given, for "given twice" errors.
    var directiveLines: [String: Int] = [:]
    var steps: [Step] = []

    init(file: String) { self.file = file }

    mutating func read(line: String, number: Int) {
        let lexed: (tokens: [ScenarioToken], codeEnd: Int)
        do {
            lexed = try ScenarioLexer.tokens(of: line, lineNumber: number, file: file)
        } catch {
            sawStatement = true
            diagnostics.append(error)
            return
        }
        guard lexed.tokens.count > 1 else {
            // Blank or comment only. Comments before the first statement describe the scenario.
            if !sawStatement {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#") {
                    let text = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { summaryLines.append(text) }
                }
            }
            return
        }
        sawStatement = true
        var cursor = TokenCursor(tokens: lexed.tokens, file: file, lineNumber: number, sourceLine: line)
        let codeText: String = {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: line.unicodeScalars.prefix(lexed.codeEnd - 1))
            return String(view).trimmingCharacters(in: .whitespaces)
        }()
        do {
            try statement(&cursor, lineNumber: number, text: codeText)
        } catch {
            diagnostics.append(error)
        }
    }

    mutating func statement(_ cursor: inout TokenCursor, lineNumber: Int, text: String) throws(ScenarioDiagnostic) {
        let first = cursor.current
        guard first.kind == .word else {
            throw cursor.error(
                expected: "a statement such as `move main to DP-2` or `expect main scale 2`",
                hint: "each line starts with a keyword: \(Vocabulary.lineStarts.joined(separator: ", "))")
        }
        if Vocabulary.directives.contains(first.text) || first.text == "display" {
            try header(&cursor, lineNumber: lineNumber)
            return
        }
        guard Vocabulary.statements.contains(first.text) else {
            if cursor.isSymbol(":", offset: 1) {
                throw cursor.error(
                    expected: "a header directive (\(Vocabulary.directives.map { "`\($0):`" }.joined(separator: ", ")))",
                    hint: cursor.hint(
                        for: first, among: Vocabulary.directives,
                        otherwise: "the header directives are \(Vocabulary.directives.joined(separator: ", "))"))
            }
            let lowered = first.text.lowercased()
            let hint =
                Vocabulary.lineStarts.contains(lowered)
                ? "keywords are lower case: `\(lowered)`"
                : cursor.hint(
                    for: first, among: Vocabulary.lineStarts,
                    otherwise: "a line starts with one of: \(Vocabulary.lineStarts.joined(separator: ", "))")
            throw cursor.error(expected: "a statement keyword", hint: hint)
        }
        if firstBodyLine == nil { firstBodyLine = (lineNumber, text) }
        let location = cursor.location(of: first)
        var body = BodyParser(cursor: cursor)
        let action = try body.statement()
        steps.append(Step(action, text: text, location: location))
    }

    // MARK: Header

    mutating func header(_ cursor: inout TokenCursor, lineNumber: Int) throws(ScenarioDiagnostic) {
        let keyword = cursor.advance()
        if let body = firstBodyLine {
            let written = keyword.text == "display" ? "display" : "\(keyword.text):"
            throw cursor.error(
                "`\(written)` belongs to the header, but the steps started at line \(body.number)",
                hint: "move this line above line \(body.number) (`\(body.text)`)"
                    + (keyword.text == "display" ? "; to add a display during the run, write `plug display …`" : ""),
                at: keyword)
        }
        if keyword.text == "display" {
            var body = BodyParser(cursor: cursor)
            let spec = try body.displaySpec()
            try body.cursor.endOfLine(alternatives: ["scale", "at", "transform"])
            inlineDisplays.append(spec)
            return
        }
        try cursor.symbol(":", hint: "header directives are written with a colon: `\(keyword.text): …`")
        if let previous = directiveLines[keyword.text] {
            throw cursor.error(
                "`\(keyword.text):` is given twice; the first is at line \(previous)",
                hint: "keep one of the two lines", at: keyword)
        }
        directiveLines[keyword.text] = lineNumber
        switch keyword.text {
        case "displays":
            let token = cursor.current
            guard token.kind == .word || token.kind == .string else {
                throw cursor.error(
                    expected: "a display layout name such as `studio` (Configs/displays/studio.json)",
                    hint: "name a file in Configs/displays without .json, or give a path to a .json file")
            }
            cursor.advance()
            layoutReference = NameReference(token.text, at: cursor.location(of: token))
            try cursor.endOfLine()
        case "profile":
            let token = cursor.current
            let names = ScenarioProfile.allCases.map(\.rawValue)
            guard token.kind == .word, let parsed = ScenarioProfile(rawValue: token.text) else {
                throw cursor.error(
                    expected: "a profile (\(names.joined(separator: ", ")))",
                    hint: cursor.hint(for: token, among: names, otherwise: "the profiles are \(names.joined(separator: ", "))"))
            }
            cursor.advance()
            profile = parsed
            try cursor.endOfLine()
        case "timeout":
            timeout = try cursor.duration()
            try cursor.endOfLine()
        case "backend":
            backends = try cursor.nameList(BackendKind.self, called: "a backend", example: "backend: sim, sway")
            try cursor.endOfLine()
        case "vary":
            variations = try cursor.nameList(
                ExplorationVariation.self, called: "a variation", example: "vary: physical-size-minus-1, scale-3")
            try cursor.endOfLine()
        default:
            preconditionFailure("header(_:) called for \(keyword.text)")
        }
    }

    // MARK: Result

    func finish(sourceLines: [String]) throws(ScenarioErrors) -> Scenario {
        var diagnostics = self.diagnostics
        let displays: DisplaysSource
        if let layoutReference {
            if let inline = inlineDisplays.first {
                diagnostics.append(
                    ScenarioDiagnostic(
                        location: inline.location, message: "inline `display` lines cannot be combined with `displays: \(layoutReference.name)`",
                        hint: "use either a layout file or `display` lines; add displays later in the run with `plug display …`",
                        sourceLine: line(inline.location.line, of: sourceLines), length: inline.name.count))
            }
            displays = .layoutFile(layoutReference)
        } else {
            displays = .inline(inlineDisplays)
            if inlineDisplays.isEmpty, diagnostics.isEmpty {
                diagnostics.append(
                    ScenarioDiagnostic(
                        location: .startOfFile(file), message: "expected a display layout, found none",
                        hint: "add `displays: studio` (a file in Configs/displays) or a line such as `display DP-1 1920x1080 scale 1 at 0,0`"))
            }
        }
        guard diagnostics.isEmpty else { throw ScenarioErrors(diagnostics) }
        return Scenario(
            file: file, name: ScenarioParser.scenarioName(forFile: file),
            summary: summaryLines.isEmpty ? nil : summaryLines.joined(separator: " "),
            displays: displays, profile: profile, timeout: timeout ?? .defaultTimeout,
            backends: backends, variations: variations, steps: steps, sourceLines: sourceLines)
    }

    private func line(_ number: Int, of lines: [String]) -> String? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }
}
