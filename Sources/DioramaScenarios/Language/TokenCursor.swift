import DioramaModel
import Foundation

/// Walks the tokens of one line, reading the values the language knows (names,
/// sizes, scales, positions, durations) and producing "expected …, found …" errors
/// that point at the offending token.
struct TokenCursor {
    let tokens: [ScenarioToken]
    let file: String
    let lineNumber: Int
    let sourceLine: String
    private(set) var index = 0

    init(tokens: [ScenarioToken], file: String, lineNumber: Int, sourceLine: String) {
        self.tokens = tokens
        self.file = file
        self.lineNumber = lineNumber
        self.sourceLine = sourceLine
    }

    // MARK: Looking

    var current: ScenarioToken { tokens[index] }
    var atEnd: Bool { current.kind == .end }

    func peek(_ offset: Int = 1) -> ScenarioToken {
        tokens[min(index + offset, tokens.count - 1)]
    }

    func isWord(_ text: String, offset: Int = 0) -> Bool {
        let token = peek(offset)
        return token.kind == .word && token.text == text
    }

    func isSymbol(_ text: String, offset: Int = 0) -> Bool {
        let token = peek(offset)
        return token.kind == .symbol && token.text == text
    }

    @discardableResult
    mutating func advance() -> ScenarioToken {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func location(of token: ScenarioToken) -> SourceLocation {
        SourceLocation(file: file, line: lineNumber, column: token.column)
    }

    /// The source text from `start` through the token before the current one.
    func text(from start: ScenarioToken) -> String {
        let last = tokens[max(0, index - 1)]
        let scalars = Array(sourceLine.unicodeScalars)
        let lower = max(0, start.column - 1)
        let upper = min(scalars.count, max(lower, last.column - 1 + last.length))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }

    // MARK: Errors

    /// `expected <expected>, found <token>` at `token` (the current one by default).
    func error(expected: String, hint: String, at token: ScenarioToken? = nil) -> ScenarioDiagnostic {
        let token = token ?? current
        return ScenarioDiagnostic(
            location: location(of: token),
            message: "expected \(expected), found \(token.shownAsFound)",
            hint: hint, sourceLine: sourceLine, length: token.length)
    }

    /// An error with a message of its own, underlining `token`.
    func error(_ message: String, hint: String, at token: ScenarioToken) -> ScenarioDiagnostic {
        ScenarioDiagnostic(
            location: location(of: token), message: message, hint: hint,
            sourceLine: sourceLine, length: token.length)
    }

    /// The hint for a word that should have been one of `candidates`.
    func hint(for token: ScenarioToken, among candidates: [String], otherwise fallback: String) -> String {
        guard token.kind == .word else { return fallback }
        return NearestName.hint(for: token.text, in: candidates, otherwise: fallback)
    }

    // MARK: Reading

    /// A word `parse` reads as one of the values `names` spell (`left`,
    /// `90`); otherwise an error expecting `what`, with the nearest name as
    /// the hint, or `otherwise` when none is near.
    mutating func choice<Value>(
        _ what: String, names: [String], otherwise: String, parse: (String) -> Value?
    ) throws(ScenarioDiagnostic) -> Value {
        let token = current
        guard token.kind == .word, let value = parse(token.text) else {
            throw error(expected: what, hint: hint(for: token, among: names, otherwise: otherwise))
        }
        advance()
        return value
    }

    /// Consumes the word `keyword`, or fails naming it (with a spelling hint).
    @discardableResult
    mutating func keyword(_ keyword: String, context: String) throws(ScenarioDiagnostic) -> ScenarioToken {
        guard isWord(keyword) else {
            throw error(
                expected: "`\(keyword)`",
                hint: hint(for: current, among: [keyword], otherwise: context))
        }
        return advance()
    }

    /// Consumes the symbol `symbol`.
    @discardableResult
    mutating func symbol(_ symbol: String, hint: String) throws(ScenarioDiagnostic) -> ScenarioToken {
        guard isSymbol(symbol) else { throw error(expected: "`\(symbol)`", hint: hint) }
        return advance()
    }

    /// Consumes the symbol if it is next; whether it was.
    /// A header's list of names from a fixed set (`backend: sim, sway`),
    /// separated by commas or spaces, each kept once in the order written.
    /// An unknown name is an error listing the set, with the nearest as a hint.
    mutating func nameList<Name: RawRepresentable & CaseIterable & Equatable>(
        _ type: Name.Type, called what: String, example: String
    ) throws(ScenarioDiagnostic) -> [Name] where Name.RawValue == String {
        let names = Name.allCases.map(\.rawValue)
        var list: [Name] = []
        repeat {
            let token = current
            guard token.kind == .word, let name = Name(rawValue: token.text) else {
                throw error(
                    expected: "\(what) (\(names.joined(separator: ", ")))",
                    hint: hint(for: token, among: names, otherwise: "list them separated by commas: \(example)"))
            }
            advance()
            if !list.contains(name) { list.append(name) }
        } while skipSymbol(",") || (!atEnd && current.kind == .word)
        return list
    }

    mutating func skipSymbol(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        advance()
        return true
    }

    /// Whether `text` is written as a whole number, a sign and digits (as
    /// `Int` reads them), whether or not it fits an `Int`: a number too large
    /// for one is still a number, and gets a message about its size, not its form.
    static func isWholeNumber(_ text: some StringProtocol) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A name: a word (not a string, not a number).
    mutating func name(_ what: String, hint: String) throws(ScenarioDiagnostic) -> NameReference {
        let token = current
        guard token.kind == .word, !Self.isWholeNumber(token.text) else {
            if token.kind == .string {
                throw error(expected: what, hint: "names are written without quotes: \(token.text.filter { !$0.isWhitespace })")
            }
            throw error(expected: what, hint: hint)
        }
        advance()
        return NameReference(token.text, at: location(of: token))
    }

    /// A word or a string, for free-form values (`title "Main"`, `app_id org.x`).
    mutating func value(_ what: String, hint: String) throws(ScenarioDiagnostic) -> String {
        guard current.kind == .word || current.kind == .string else { throw error(expected: what, hint: hint) }
        return advance().text
    }

    /// A quoted string.
    mutating func string(_ what: String, hint: String) throws(ScenarioDiagnostic) -> String {
        guard current.kind == .string else { throw error(expected: what, hint: hint) }
        return advance().text
    }

    /// A whole number, optionally limited to `range`.
    mutating func integer(
        _ what: String, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max),
        hint: String
    ) throws(ScenarioDiagnostic) -> Int {
        let token = current
        guard token.kind == .word, Self.isWholeNumber(token.text) else { throw error(expected: what, hint: hint) }
        // Too large for an Int is outside the range too.
        guard let value = Int(token.text), range.contains(value) else {
            throw error(
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(token.text)",
                hint: hint, at: token)
        }
        advance()
        return value
    }

    /// `WIDTHxHEIGHT`, as in `320x240`; each side 0…32767 (an int32 Wayland size
    /// that still fits a buffer).
    mutating func size(_ what: String = "a size WIDTHxHEIGHT such as 320x240") throws(ScenarioDiagnostic) -> Size {
        let size = try size(current.text, what: what)
        advance()
        return size
    }

    /// A display mode, `WxH` or `WxH@HZ`: its size in pixels and its refresh in
    /// mHz (``DisplaySpec/defaultRefreshMilliHz`` when no `@HZ` is given). The
    /// refresh is hertz with at most three decimals (what `wl_output.mode`'s
    /// mHz can carry), above 0 and at most 1000.
    mutating func displayMode(_ what: String) throws(ScenarioDiagnostic) -> (size: Size, refreshMilliHz: Int) {
        let token = current
        guard token.kind == .word, let at = token.text.firstIndex(of: "@") else {
            return (try size(what), DisplaySpec.defaultRefreshMilliHz)
        }
        let size = try size(String(token.text[..<at]), what: what)
        let hertz = token.text[token.text.index(after: at)...]
        guard let milliHz = Hertz.milliHz(parsing: hertz) else {
            throw error(
                "`\(hertz)` after @ is not a refresh in hertz", hint: "write the refresh as a number of hertz with at most three decimals: 1920x1080@59.94",
                at: token)
        }
        guard InputRanges.refreshMilliHz.contains(milliHz) else {
            throw error(
                "a refresh must be above 0 and at most 1000 Hz, found \(hertz)", hint: "leave out @HZ for 60 Hz; a slow one is e.g. @10",
                at: token)
        }
        advance()
        return (size, milliHz)
    }

    /// `text` (the current token's, or its part before `@`) read as a size.
    private func size(_ text: String, what: String) throws(ScenarioDiagnostic) -> Size {
        let token = current
        let example = "write width and height joined by a lower-case x, without spaces: 320x240"
        guard token.kind == .word else { throw error(expected: what, hint: example) }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        let sides = "each side of a size must be between 0 and 32767, found \(text)"
        if parts.count == 2, parts.allSatisfy(Self.isWholeNumber), Int(parts[0]) == nil || Int(parts[1]) == nil {
            throw error(sides, hint: "a size is in points or pixels, at most 32767 a side", at: token)
        }
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            !parts[0].hasPrefix("+"), !parts[1].hasPrefix("+")
        else {
            if Int(token.text) != nil, isWord("x", offset: 1) {
                throw error(expected: what, hint: "write the size without spaces: \(token.text)x\(peek(2).text)")
            }
            if text.contains("X") || text.contains("×") {
                throw error(
                    expected: what, hint: "use a lower-case x: \(text.replacingOccurrences(of: "X", with: "x").replacingOccurrences(of: "×", with: "x"))")
            }
            throw error(expected: what, hint: example)
        }
        guard (0...32767).contains(width), (0...32767).contains(height) else {
            throw error(sides, hint: "a size is in points or pixels, at most 32767 a side", at: token)
        }
        return Size(width: width, height: height)
    }

    /// A scale such as `1`, `1.5`, `1.25`: positive and a whole number of 120ths,
    /// because that is all fractional-scale-v1 can express.
    mutating func scale(_ what: String = "a scale such as 1, 1.5 or 2") throws(ScenarioDiagnostic) -> Scale {
        let token = current
        // A minus sign reads as a number here, so that -1 is told it is out of range.
        guard token.kind == .word, let value = Double(token.text), token.text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
            throw error(expected: what, hint: "write the scale as a decimal number: 1.25")
        }
        guard let scale = Scale(value), value <= 16 else {
            guard value > 0, value <= 16 else {
                throw error(
                    "a scale must be greater than 0 and at most 16, found \(token.text)",
                    hint: "common scales are 1, 1.25, 1.5, 1.75 and 2", at: token)
            }
            let below = max(1, Int((value * Double(Scale.denominator)).rounded(.down)))
            throw error(
                "\(token.text) is not a multiple of 1/120, the unit fractional-scale-v1 sends scales in",
                hint: "the nearest scales are \(Scale(numerator120: below)) and \(Scale(numerator120: below + 1))",
                at: token)
        }
        advance()
        return scale
    }

    /// `X,Y` in logical points; either may be negative.
    mutating func position(_ what: String = "a position X,Y such as 1920,0") throws(ScenarioDiagnostic) -> Point {
        let hint = "write the top-left corner as X,Y in logical points, without spaces: 1920,0"
        let x = try integer(what, hint: hint)
        try symbol(",", hint: hint)
        let y = try integer("the Y coordinate after the comma", hint: hint)
        return Point(x: x, y: y)
    }

    /// `200ms`, `10s`, `1.5s`.
    mutating func duration(_ what: String = "a duration such as 200ms or 10s") throws(ScenarioDiagnostic) -> ScenarioDuration {
        let token = current
        guard token.kind == .word, let duration = ScenarioDuration(parsing: token.text) else {
            // Digits and a unit that only overflow: too long, not malformed.
            let number = token.text.hasSuffix("ms") ? token.text.dropLast(2) : token.text.hasSuffix("s") ? token.text.dropLast(1) : ""
            if token.kind == .word, !number.isEmpty, Self.isWholeNumber(number), !number.hasPrefix("-") {
                let longest = ScenarioDuration(milliseconds: InputRanges.timeoutMilliseconds.upperBound)
                throw error(
                    "the duration \(token.text) is longer than \(longest), the most a wait or timeout may be",
                    hint: "write at most \(longest)", at: token)
            }
            let hint =
                Int(token.text) != nil
                ? "add a unit: \(token.text)s or \(token.text)ms"
                : "write a number with a unit, ms or s: 200ms, 10s, 1.5s"
            throw error(expected: what, hint: hint)
        }
        advance()
        return duration
    }

    /// A comparison such as `>= 500` or just `500` (equality).
    mutating func comparison(_ what: String) throws(ScenarioDiagnostic) -> Comparison {
        var op = Comparison.Operator.equal
        if current.kind == .symbol, let parsed = Vocabulary.comparisonOperator(current.text) {
            op = parsed
            advance()
        }
        let value = try integer(
            what, in: 0...Int(Int32.max),
            hint: "write a whole number, optionally after >=, <=, >, < or =: >= 500")
        return Comparison(op, value)
    }

    /// Fails unless the line ends here; `alternatives` names what else could have
    /// followed (for the message and the spelling hint).
    mutating func endOfLine(alternatives: [String] = [], hint: String? = nil) throws(ScenarioDiagnostic) {
        guard atEnd else {
            let expected = (alternatives.map { "`\($0)`" } + ["the end of the line"]).joined(separator: " or ")
            throw error(
                expected: expected,
                hint: self.hint(
                    for: current, among: alternatives,
                    otherwise: hint ?? "remove the extra text, or start a comment with #"))
        }
    }
}
