import DioramaModel

/// Splits one line of a scenario into tokens.
///
/// Lines are independent (a statement never spans lines), which keeps errors local
/// and lets the parser report every bad line in one pass. `#` starts a comment
/// anywhere outside a string. Strings take `\"`, `\\`, `\n` and `\t` escapes.
enum ScenarioLexer {
    /// Characters that end a word and are tokens of their own.
    static let symbolCharacters: Set<Unicode.Scalar> = [",", "=", ":", "(", ")", "*", "<", ">"]

    /// The tokens of `line` (always ending with an `.end` token), and the column
    /// where code ends (the comment's `#`, or one past the last character).
    static func tokens(of line: String, lineNumber: Int, file: String) throws(ScenarioDiagnostic) -> (tokens: [ScenarioToken], codeEnd: Int) {
        let scalars = Array(line.unicodeScalars)
        var tokens: [ScenarioToken] = []
        var index = 0
        func location(_ column: Int) -> SourceLocation { SourceLocation(file: file, line: lineNumber, column: column) }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
            } else if scalar == "#" {
                break
            } else if scalar == "\"" {
                let start = index
                var content = String.UnicodeScalarView()
                index += 1
                var closed = false
                while index < scalars.count {
                    let character = scalars[index]
                    if character == "\"" {
                        closed = true
                        index += 1
                        break
                    }
                    if character == "\\" {
                        guard index + 1 < scalars.count else { break }
                        let escaped = scalars[index + 1]
                        switch escaped {
                        case "\"": content.append("\"")
                        case "\\": content.append("\\")
                        case "n": content.append("\n")
                        case "t": content.append("\t")
                        default:
                            throw ScenarioDiagnostic(
                                location: location(index + 1),
                                message: "expected one of the escapes \\\" \\\\ \\n \\t, found `\\\(escaped)`",
                                hint: "write a backslash as \\\\", sourceLine: line, length: 2)
                        }
                        index += 2
                        continue
                    }
                    content.append(character)
                    index += 1
                }
                guard closed else {
                    throw ScenarioDiagnostic(
                        location: location(start + 1),
                        message: "expected a closing `\"` for this string, found the end of the line",
                        hint: "strings end on the line they start; add the closing quote",
                        sourceLine: line, length: scalars.count - start)
                }
                tokens.append(ScenarioToken(kind: .string, text: String(content), column: start + 1, length: index - start))
            } else if symbolCharacters.contains(scalar) {
                var text = String(scalar)
                if scalar == "<" || scalar == ">" || scalar == "=", index + 1 < scalars.count, scalars[index + 1] == "=" {
                    text.append("=")
                }
                tokens.append(ScenarioToken(kind: .symbol, text: text, column: index + 1, length: text.count))
                index += text.count
            } else {
                let start = index
                var word = String.UnicodeScalarView()
                while index < scalars.count {
                    let character = scalars[index]
                    if character == " " || character == "\t" || character == "\r" || character == "#" || character == "\""
                        || symbolCharacters.contains(character)
                    {
                        break
                    }
                    word.append(character)
                    index += 1
                }
                tokens.append(ScenarioToken(kind: .word, text: String(word), column: start + 1, length: index - start))
            }
        }
        let codeEnd = index + 1
        tokens.append(ScenarioToken(kind: .end, text: "", column: (tokens.last.map { $0.column + $0.length } ?? 1), length: 1))
        return (tokens, codeEnd)
    }
}
