import Foundation

/// The report as SARIF 2.1.0 (Static Analysis Results Interchange Format), which code
/// scanning dashboards (GitHub code scanning, Azure DevOps, SonarQube…) import.
///
/// One run; `tool.driver.rules` lists every check of ``LintRules/all`` with its Apple
/// reference as `helpUri`, and each finding is a result pointing at
/// `artifactLocation.uri` (relative to the linted folder, `uriBaseId` `%SRCROOT%`) and
/// `region.startLine`/`startColumn`. Columns count Unicode code points, which the run
/// declares with `columnKind`. Severities map error → `error`, warning → `warning`,
/// info → `note`.
package struct SARIFReportFormatter: ReportFormatter {
    package var toolVersion: String
    /// The tool's `informationUri`: where a reader of the log learns about the
    /// tool. Diorama has no published home page, so by default the key is left
    /// out (it is optional in SARIF 2.1.0) rather than pointing somewhere that is
    /// not the tool's documentation; a team that hosts Diorama's docs passes
    /// their address. Each rule still links its Apple reference (`helpUri`).
    package var informationURI: String?

    package init(toolVersion: String, informationURI: String? = nil) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
    }

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String?
        var rules: [Rule]
    }

    struct Text: Encodable {
        var text: String
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var helpUri: String
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct RuleProperties: Encodable {
        var reference: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var properties: ResultProperties
    }

    struct ResultProperties: Encodable {
        var target: String
        var fix: String
        var configurations: [String]?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "%SRCROOT%"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    package func format(_ report: LintReport) -> String {
        let rules = LintRules.all
        let results = report.targets.flatMap { target in
            target.findings.map { finding in
                Result(
                    ruleId: finding.ruleID,
                    ruleIndex: rules.firstIndex { $0.id == finding.ruleID } ?? -1,
                    level: Self.level(finding.severity),
                    message: Text(text: "\(target.name): \(finding.qualifiedMessage)"),
                    locations: [
                        Location(
                            physicalLocation: PhysicalLocation(
                                artifactLocation: ArtifactLocation(uri: Self.uri(finding.location.file)),
                                region: Region(startLine: finding.location.line, startColumn: finding.location.column)))
                    ],
                    properties: ResultProperties(
                        target: target.name, fix: finding.fix,
                        configurations: finding.configurations.isEmpty ? nil : finding.configurations))
            }
        }
        let driver = Driver(
            name: "diorama lint", version: toolVersion, informationUri: informationURI,
            rules: rules.map { rule in
                Rule(
                    id: rule.id, shortDescription: Text(text: rule.title),
                    fullDescription: Text(text: "\(rule.title) (\(rule.reference))"),
                    help: Text(text: rule.fix), helpUri: rule.helpURI,
                    defaultConfiguration: Configuration(level: Self.level(rule.severity)),
                    properties: RuleProperties(reference: rule.reference))
            })
        return JSONReportFormatter.encode(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    static func level(_ severity: LintSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? String($0) }
            .joined(separator: "/")
    }
}
