import DioramaModel

/// `--format github` of `diorama run` and `diorama merge`: every failed test
/// case as a workflow annotation on its scenario file and line, and a
/// Markdown job summary listing them all.
///
/// GitHub shows at most ten error annotations per step and drops the rest, so
/// only the first ten are annotations; a notice then says how many more there
/// are, and the summary (for `$GITHUB_STEP_SUMMARY`) has the full list.
package struct GitHubReport: Sendable {
    /// A failed or errored test case, and where it ran.
    struct Failure {
        var scenario: String
        var file: String
        var backend: String
        var shard: String?
        var machine: String?
        var testCase: JSONReport.CaseDocument
    }

    var scenarioCount: Int
    /// Scenarios skipped whole (a `backend:` line naming another backend):
    /// never counted as passed.
    var skippedScenarioCount: Int
    var backends: [String]
    var failures: [Failure]

    package init(_ results: [ScenarioResult]) {
        self.init(results.map(JSONReport.ScenarioDocument.init))
    }

    package init(_ merged: MergedResults) {
        self.init(merged.document.scenarios)
    }

    init(_ scenarios: [JSONReport.ScenarioDocument]) {
        scenarioCount = scenarios.count
        skippedScenarioCount = scenarios.filter { $0.status == "skipped" }.count
        backends = MergedResults.ordered(Set(scenarios.map(\.backend)))
        failures = scenarios.flatMap { scenario in
            (scenario.cases ?? []).filter { $0.result == "failed" || $0.result == "error" }.map {
                Failure(
                    scenario: scenario.name, file: scenario.file, backend: scenario.backend, shard: scenario.shard,
                    machine: scenario.machine, testCase: $0)
            }
        }
    }

    /// The lines for standard output: up to ten `::error` annotations, then a
    /// `::notice` when there were more. Empty when nothing failed.
    package var annotations: String {
        let limit = GitHubWorkflowCommand.annotationsPerStep
        var lines = failures.prefix(limit).map { failure in
            GitHubWorkflowCommand.annotation(
                "error",
                properties: [
                    ("file", failure.file), ("line", "\(failure.testCase.line)"),
                    ("title", "\(failure.scenario) on \(failure.backend): \(failure.testCase.name)"),
                ],
                message: failure.testCase.detail ?? failure.testCase.message ?? failure.testCase.result)
        }
        if failures.count > limit {
            lines.append(
                GitHubWorkflowCommand.annotation(
                    "notice", properties: [("title", "\(failures.count - limit) more failures")],
                    message:
                        "GitHub shows \(limit) annotations per step; the job summary lists all \(failures.count) failures."))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Markdown for `$GITHUB_STEP_SUMMARY`: a headline, then a table of every failure.
    package var summary: String {
        let on = backends.isEmpty ? "" : " on " + backends.joined(separator: ", ")
        guard !failures.isEmpty else {
            guard skippedScenarioCount > 0 else { return "### Diorama scenarios: all \(scenarioCount) passed\(on)\n\n" }
            return "### Diorama scenarios: \(scenarioCount - skippedScenarioCount) passed, \(skippedScenarioCount) skipped\(on)\n\n"
        }
        var text = "### Diorama scenarios: \(failures.count) failed check\(failures.count == 1 ? "" : "s")\(on)\n\n"
        text += "| scenario | backend | shard | machine | check | message |\n| --- | --- | --- | --- | --- | --- |\n"
        for failure in failures {
            let cells = [
                "\(failure.scenario) (\(failure.file):\(failure.testCase.line))", failure.backend, failure.shard ?? "—",
                failure.machine ?? "—", failure.testCase.name, failure.testCase.message ?? failure.testCase.result,
            ]
            text += "| " + cells.map(Self.cell).joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }

    /// A table cell that shows `text` as it is: `<`, `>` and `&` as HTML
    /// entities (GitHub would take `<x>` for a tag and drop it), the
    /// characters of inline Markdown (`\`, `*`, `_`, `` ` ``, `~`, `[`, `]`)
    /// and the cell separator `|` behind a backslash, line breaks as `<br>`.
    /// Scenario and file names are the user's, so any of these can be in them.
    static func cell(_ text: String) -> String {
        var cell = ""
        for character in text {
            switch character {
            case "\n", "\r\n": cell += "<br>"
            case "<": cell += "&lt;"
            case ">": cell += "&gt;"
            case "&": cell += "&amp;"
            case "\\", "*", "_", "`", "~", "[", "]", "|": cell += "\\" + String(character)
            default: cell.append(character)
            }
        }
        return cell
    }
}
