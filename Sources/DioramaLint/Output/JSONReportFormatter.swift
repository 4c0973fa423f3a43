import Foundation

/// The whole report as one JSON document, for scripts.
///
///     {
///       "outcome" : "not-ready",
///       "strict" : false,
///       "summary" : { "errors" : 1, "infos" : 0, "notReady" : 1, "ready" : 0, "targets" : 1,
///                     "text" : "Checked 1 target: 0 ready, 1 not ready.", "warnings" : 2 },
///       "targets" : [ { "name" : "App", "kind" : "target", "ready" : false,
///                       "findings" : [ { "rule" : "requires-full-screen", "severity" : "warning",
///                                        "file" : "App/Info.plist", "line" : 12, "column" : 2, … } ] } ],
///       "tool" : { "name" : "diorama lint", "version" : "0.1.0" }
///     }
///
/// Keys are sorted and paths are relative to the linted folder, so the output is stable.
package struct JSONReportFormatter: ReportFormatter {
    package var toolVersion: String

    package init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    struct Document: Encodable {
        var tool: Tool
        var strict: Bool
        var outcome: String
        var summary: Summary
        var targets: [Target]
        var skipped: [Skipped]
        /// Symbolic links to folders not followed; omitted when there are none.
        var linksNotFollowed: [String]?
    }

    struct Tool: Encodable {
        var name: String
        var version: String
    }

    struct Summary: Encodable {
        var targets: Int
        var ready: Int
        var notReady: Int
        var errors: Int
        var warnings: Int
        var infos: Int
        var text: String
    }

    struct Target: Encodable {
        var kind: String
        var name: String
        var project: String?
        var infoPlists: [String]
        var generatesInfoPlist: Bool
        var configurations: [String]
        /// Omitted when no sources were read.
        var lifeCycle: String?
        /// Why the target is judged iPhone-only; omitted when it runs on iPad.
        var iPhoneOnly: String?
        var ready: Bool
        var findings: [Finding]
    }

    struct Finding: Encodable {
        var rule: String
        var severity: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        var fix: String
        var configurations: [String]
    }

    struct Skipped: Encodable {
        var name: String
        var project: String
        var reason: String
    }

    package func format(_ report: LintReport) -> String {
        let checked = report.checkedTargets.count
        let document = Document(
            tool: Tool(name: "diorama lint", version: toolVersion),
            strict: report.strict,
            outcome: Self.name(of: report.outcome),
            summary: Summary(
                targets: checked, ready: report.readyCount, notReady: checked - report.readyCount,
                errors: report.count(.error), warnings: report.count(.warning), infos: report.count(.info),
                text: report.summaryLine),
            targets: report.targets.map { target in
                Target(
                    kind: target.kind.rawValue, name: target.name, project: target.project,
                    infoPlists: target.infoPlists, generatesInfoPlist: target.generatesInfoPlist,
                    configurations: target.configurations, lifeCycle: target.lifeCycle, iPhoneOnly: target.iPhoneOnly,
                    ready: target.isReady(strict: report.strict),
                    findings: target.findings.map { finding in
                        Finding(
                            rule: finding.ruleID, severity: finding.severity.rawValue,
                            file: finding.location.file, line: finding.location.line,
                            column: finding.location.column, message: finding.message, fix: finding.fix,
                            configurations: finding.configurations)
                    })
            },
            skipped: report.skipped.map { Skipped(name: $0.name, project: $0.project, reason: $0.reason) },
            linksNotFollowed: report.linksNotFollowed.isEmpty ? nil : report.linksNotFollowed)
        return Self.encode(document)
    }

    static func name(of outcome: LintOutcome) -> String {
        switch outcome {
        case .ready: "ready"
        case .notReady: "not-ready"
        case .unusableInput: "unusable-input"
        }
    }

    /// Pretty-printed with sorted keys and unescaped slashes, ending with a newline.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
