import Foundation

/// GitHub Actions workflow commands, the lines a step prints to annotate a
/// file and line of the pull request (`::error file=…,line=…::message`).
/// Shared by `diorama lint --format github` and the scenario reports' GitHub
/// format, so both escape the same way.
package enum GitHubWorkflowCommand {
    /// GitHub shows at most this many annotations of one level per step.
    package static let annotationsPerStep = 10

    /// `::LEVEL KEY=VALUE,…::MESSAGE`, with the properties and the message escaped.
    ///
    /// - Parameters:
    ///   - level: `error`, `warning` or `notice`.
    ///   - properties: `file`, `line`, `col`, `title` and their values, in order.
    ///   - message: the annotation's text.
    package static func annotation(_ level: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }

    /// The message part: `%`, CR and LF are percent-encoded.
    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A `key=value` property: additionally `:` and `,`, which delimit properties.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
