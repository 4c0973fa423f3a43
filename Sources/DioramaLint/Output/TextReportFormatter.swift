import DioramaModel

/// The report for people: one block per target, each finding as a compiler-style line
/// (`file:line:column: severity: message [rule]`, which terminals and editors turn into
/// links) with its fix below, a verdict per target and a summary line at the end. A
/// multi-line fix (a snippet to paste) is printed once and referred to after that.
/// What a project holds (plist values, names, paths) is printed through
/// ``TerminalText``: an escape sequence in a value is shown, not obeyed, and a
/// newline in one cannot start a line of its own (in a CI log, a line
/// starting `::error` is a workflow command).
package struct TextReportFormatter: ReportFormatter {
    /// ANSI colours, for a terminal.
    package var colors: Bool

    package init(colors: Bool) {
        self.colors = colors
    }

    package func format(_ report: LintReport) -> String {
        var lines: [String] = []
        // A fix with a snippet (the scene manifest to paste) is printed in full once;
        // later targets with the same fix name the target it is shown under, so a
        // report of many targets stays readable.
        var snippetShownUnder: [String: String] = [:]
        for target in report.targets {
            lines.append(style(shown(heading(target)), .bold))
            if let lifeCycle = target.lifeCycle { lines.append("  life cycle: \(shown(lifeCycle))") }
            if let reason = target.iPhoneOnly { lines.append("  iPhone only: \(shown(reason)); the iPad checks do not apply") }
            for finding in target.findings {
                lines.append(
                    "  \(shown("\(finding.location)")): \(style(finding.severity.rawValue, color(finding.severity))): "
                        + "\(shown(finding.qualifiedMessage)) [\(finding.ruleID)]")
                let fixLines = finding.fix.split(separator: "\n", omittingEmptySubsequences: false).map { shown(String($0)) }
                if fixLines.count > 1, let shownUnder = snippetShownUnder[finding.fix] {
                    lines.append("      fix: \(fixLines[0]) (the snippet shown under \(shown(shownUnder)))")
                    continue
                }
                if fixLines.count > 1 { snippetShownUnder[finding.fix] = target.name }
                for (index, line) in fixLines.enumerated() {
                    lines.append((index == 0 ? "      fix: " : "           ") + line)
                }
            }
            lines.append("  " + verdict(target, strict: report.strict))
            lines.append("")
        }
        for skipped in report.skipped {
            lines.append("Skipped \(shown(skipped.name)) (\(shown(skipped.project))): \(shown(skipped.reason)), not an iOS app")
        }
        for link in report.linksNotFollowed {
            lines.append("Not followed: \(shown(link)), a symbolic link to a folder; lint its target by naming it")
        }
        if !report.skipped.isEmpty || !report.linksNotFollowed.isEmpty { lines.append("") }
        let summaryColor: Style = report.outcome == .ready ? .green : .red
        lines.append(style(report.summaryLine, summaryColor))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line's text from the project, with control characters spelled out
    /// (backslashes left as they are: paths and values hold them).
    private func shown(_ text: String) -> String { TerminalText.safe(text, keeping: ["\\", "\t"]) }

    private func heading(_ target: TargetReport) -> String {
        switch target.kind {
        case .infoPlist:
            return target.name
        case .project:
            return "\(target.name) (project file)"
        case .appTarget:
            let sources: String
            switch (target.infoPlists.isEmpty, target.generatesInfoPlist) {
            case (true, true): sources = "generated Info.plist"
            case (true, false): sources = "no Info.plist"
            case (false, true): sources = target.infoPlists.joined(separator: ", ") + " + generated keys"
            case (false, false): sources = target.infoPlists.joined(separator: ", ")
            }
            let project = target.project.map { "\($0), " } ?? ""
            return "\(target.name) (\(project)\(sources))"
        }
    }

    private func verdict(_ target: TargetReport, strict: Bool) -> String {
        let counts = [(LintSeverity.error, "error", "errors"), (.warning, "warning", "warnings"), (.info, "info", "infos")]
            .compactMap { severity, one, many -> String? in
                let count = target.count(severity)
                return count == 0 ? nil : "\(count) \(count == 1 ? one : many)"
            }
            .joined(separator: ", ")
        if target.isReady(strict: strict) {
            return style("ready", .green) + (counts.isEmpty ? "" : " (\(counts))")
        }
        return style("not ready", .red) + ": " + counts
    }

    // MARK: Colour

    private enum Style: String {
        case bold = "1", red = "31", yellow = "33", cyan = "36", green = "32"
    }

    private func color(_ severity: LintSeverity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .info: .cyan
        }
    }

    private func style(_ text: String, _ style: Style) -> String {
        colors ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
