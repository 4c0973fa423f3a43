import DioramaModel

/// One problem in a scenario file, found while reading or validating it, before
/// anything runs.
///
/// Printed the way compilers print errors, so terminals and editors turn the first
/// line into a link:
///
///     Configs/scenarios/tour.scenario:12:21: error: expected `interactively` or the end of the line, found `interactivly`
///        12 | resize main 900x700 interactivly in 10 steps
///           |                     ^~~~~~~~~~~~
///     hint: did you mean `interactively`?
package struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem starts.
    package var location: SourceLocation
    /// What is wrong, usually "expected …, found …".
    package var message: String
    /// What to do about it: the nearest known word, the names that exist, an example.
    package var hint: String
    /// The text of the offending line (without its line break), for the excerpt; `nil`
    /// for problems that are not on one line (a missing layout file).
    package var sourceLine: String?
    /// How many characters to underline from ``location``'s column (at least 1).
    package var length: Int

    package init(location: SourceLocation, message: String, hint: String, sourceLine: String? = nil, length: Int = 1) {
        self.location = location
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
        self.length = max(1, length)
    }

    /// `file:line:column: error: message`, the source excerpt with a caret under the
    /// problem when the line is known, and `hint: …`.
    /// The file's name and text are shown safely (``TerminalText``): an
    /// escape sequence in either must not act on the terminal.
    package var description: String {
        var text = TerminalText.safe("\(location): error: \(message)") + "\n"
        if let sourceLine = sourceLine.map({ TerminalText.safe($0) }) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let lead = String(repeating: " ", count: max(0, location.column - 1))
            let underline = "^" + String(repeating: "~", count: max(0, length - 1))
            text += "   \(number) | \(sourceLine)\n"
            text += "   \(gutter) | \(lead)\(underline)\n"
        }
        text += TerminalText.safe("hint: \(hint)")
        return text
    }
}
