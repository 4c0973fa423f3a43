/// Checks the quoting of a `launch command "…"` line before anything runs.
///
/// The line is handed to `/bin/sh -c 'exec LINE'`, so a quote it leaves open
/// would only show up as a shell syntax error in the client's log while the
/// scenario went on without its client. The parser asks here first and
/// reports the line at its place in the scenario file.
enum ShellQuoting {
    /// What is wrong with the quoting of `line` ("has an unterminated ' quote"),
    /// or nil when every quote is closed. Follows POSIX sh: nothing is special
    /// inside '…'; inside "…" a backslash escapes the next character; outside
    /// quotes a backslash escapes the next character.
    static func problem(in line: String) -> String? {
        enum State { case plain, singleQuoted, doubleQuoted }
        var state = State.plain
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
                continue
            }
            switch (state, character) {
            case (.plain, "\\"), (.doubleQuoted, "\\"): escaped = true
            case (.plain, "'"): state = .singleQuoted
            case (.plain, "\""): state = .doubleQuoted
            case (.singleQuoted, "'"), (.doubleQuoted, "\""): state = .plain
            default: break
            }
        }
        switch state {
        case .singleQuoted: return "has an unterminated ' quote"
        case .doubleQuoted: return "has an unterminated \" quote (write it as \\\" inside the scenario's string)"
        case .plain: return escaped ? "ends with a lone backslash" : nil
        }
    }
}
