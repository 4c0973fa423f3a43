/// The output formats of `diorama lint`.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// For people: findings grouped by target, compiler-style lines, a summary.
    case text
    /// For scripts: the whole report as one JSON document.
    case json
    /// SARIF 2.1.0, for code-scanning dashboards.
    case sarif
    /// GitHub Actions workflow commands (`::warning file=…,line=…::`), which annotate
    /// the lines in pull requests.
    case github

    /// The formatter for this format. `colors` applies to text only; `toolVersion`
    /// goes into JSON and SARIF.
    package func formatter(colors: Bool = false, toolVersion: String) -> any ReportFormatter {
        switch self {
        case .text: TextReportFormatter(colors: colors)
        case .json: JSONReportFormatter(toolVersion: toolVersion)
        case .sarif: SARIFReportFormatter(toolVersion: toolVersion)
        case .github: GitHubReportFormatter()
        }
    }

    /// Whether the output is one machine-read document, so the summary line belongs
    /// on standard error rather than after it.
    package var isDocument: Bool {
        self == .json || self == .sarif
    }
}

/// Turns a report into the text of one output format.
package protocol ReportFormatter: Sendable {
    /// The complete output, ending with a newline.
    func format(_ report: LintReport) -> String
}
