import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

@Suite("The rule catalog")
struct LintRulesTests {
    @Test("ids are unique, and every rule has a fix, a reference and an https help link")
    func catalog() {
        let ids = LintRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in LintRules.all {
            #expect(!rule.title.isEmpty && !rule.fix.isEmpty && !rule.reference.isEmpty, "\(rule.id)")
            #expect(rule.helpURI.hasPrefix("https://developer.apple.com/"), "\(rule.id)")
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id)")
        }
        #expect(LintRules.rule(withID: "requires-full-screen") == LintRules.requiresFullScreen)
        #expect(LintRules.rule(withID: "no-such-rule") == nil)
    }

    @Test("the manifest reader's diagnostics the linter keeps all have a rule with the reader's severity")
    func readerDiagnosticsHaveRules() {
        for id in ReadinessChecker.manifestDiagnosticsKept {
            #expect(LintRules.rule(withID: id) != nil, "\(id)")
        }
    }

    /// Every fixture, linted: each plist file on its own, and each project folder.
    static func allFixtureFindings() throws -> [LintFinding] {
        var reports: [LintReport] = []
        for folder in ["Plists", "Binary", "Malformed"] {
            let url = LintFixture.url(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".plist") {
                reports.append(try Linter().lint(url.appendingPathComponent(name)))
            }
        }
        for folder in ["Projects", "BrokenProjects", "PlistsOnly", "Checkouts", "CodeChecks/Atelier", "CodeChecks/Local"] {
            reports.append(try Linter().lint(LintFixture.url(folder)))
        }
        return reports.flatMap { $0.targets.flatMap(\.findings) }
    }

    @Test("every finding on every fixture has a catalogued rule, that rule's severity and a fix")
    func findingsMatchCatalog() throws {
        let findings = try Self.allFixtureFindings()
        #expect(findings.count > 50)
        for finding in findings {
            let rule = LintRules.rule(withID: finding.ruleID)
            #expect(rule != nil, "finding with unknown rule \(finding.ruleID)")
            #expect(rule?.severity == finding.severity, "\(finding.ruleID): \(finding.severity) vs \(String(describing: rule?.severity))")
            #expect(!finding.fix.isEmpty, "\(finding.ruleID) has no fix")
        }
    }

    @Test("the fixtures exercise every rule")
    func everyRuleIsCovered() throws {
        let seen = Set(try Self.allFixtureFindings().map(\.ruleID))
        let missing = Set(LintRules.all.map(\.id)).subtracting(seen)
        #expect(missing.isEmpty, "rules no fixture triggers: \(missing.sorted())")
    }

    @Test("Docs/lint.md lists every rule with its severity and reference")
    func documentation() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/lint.md").standardizedFileURL
        let text = try String(contentsOf: docs, encoding: .utf8)
        for rule in LintRules.all {
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(rule.id)` |") }
            #expect(row != nil, "Docs/lint.md has no row for \(rule.id)")
            #expect(row?.contains("| \(rule.severity.rawValue) |") == true, "\(rule.id): severity in Docs/lint.md")
            #expect(row?.contains(rule.reference) == true, "\(rule.id): reference in Docs/lint.md")
        }
    }
}
