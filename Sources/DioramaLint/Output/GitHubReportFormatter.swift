import DioramaModel
import Foundation

/// GitHub Actions workflow commands: one annotation per finding, which GitHub shows on
/// the line in the pull request's diff, then the summary line.
///
///     ::warning file=App/Info.plist,line=12,col=2,title=requires-full-screen (App)::UIRequiresFullScreen is true: …%0AFix: …
///
/// Paths are relative to the linted folder, so run `diorama lint` from the repository
/// root (`diorama lint .`) for the annotations to land on the right files. Severities
/// map error → `error`, warning → `warning`, info → `notice`.
package struct GitHubReportFormatter: ReportFormatter {
    package init() {}

    package func format(_ report: LintReport) -> String {
        var lines: [String] = []
        for target in report.targets {
            for finding in target.findings {
                let properties = [
                    "file=" + Self.escapeProperty(finding.location.file),
                    "line=\(finding.location.line)",
                    "col=\(finding.location.column)",
                    "title=" + Self.escapeProperty("\(finding.ruleID) (\(target.name))"),
                ].joined(separator: ",")
                let message = Self.escapeData("\(finding.qualifiedMessage)\nFix: \(finding.fix)")
                lines.append("::\(Self.command(finding.severity)) \(properties)::\(message)")
            }
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    static func command(_ severity: LintSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// The message part: `%`, CR and LF are percent-encoded.
    static func escapeData(_ text: String) -> String {
        GitHubWorkflowCommand.escapeData(text)
    }

    /// A `key=value` property: additionally `:` and `,`, which delimit properties.
    static func escapeProperty(_ text: String) -> String {
        GitHubWorkflowCommand.escapeProperty(text)
    }
}
