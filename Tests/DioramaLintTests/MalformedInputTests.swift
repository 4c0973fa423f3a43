import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// Bad input is a finding with a place and a fix (exit 2), or a clear error for a path
/// that cannot be used at all; never a crash or a hang.
@Suite("Malformed and unusable input")
struct MalformedInputTests {
    @Test(
        "malformed plists: one malformed-file error at the line and column, outcome unusable",
        arguments: [
            ("Malformed/Truncated.plist", "Truncated.plist:9:1", "file ends inside <dict>"),
            ("Malformed/MismatchedTag.plist", "MismatchedTag.plist:5:22", "</strin> does not match <string>"),
            ("Malformed/DamagedBinary.plist", "DamagedBinary.plist:1:1", "binary property list is damaged"),
            ("Malformed/NotAPlist.plist", "NotAPlist.plist:1:1", "not an XML or binary property list"),
        ])
    func malformedPlist(path: String, location: String, problem: String) throws {
        let report = try LintFixture.lint(path)
        let finding = try #require(report.targets.first?.findings.first)
        #expect(report.targets.first?.findings.count == 1)
        #expect(finding.ruleID == LintRules.malformedFile.id)
        #expect("\(finding.location)" == location)
        #expect(finding.message.contains(problem))
        #expect(!finding.fix.isEmpty)
        #expect(report.outcome == .unusableInput)
        #expect(report.hasUnusableInput)
    }

    @Test("a pbxproj with a syntax error is reported under the project, with line and column")
    func syntaxError() throws {
        let report = try LintFixture.lint("BrokenProjects/Syntax")
        #expect(report.targets.map(\.kind) == [.project])
        #expect(report.targets.first?.located == ["malformed-file@Syntax.xcodeproj/project.pbxproj:11:4"])
        #expect(report.checkedTargets.isEmpty)
        #expect(report.outcome == .unusableInput)
        #expect(report.summaryLine == "Checked 0 targets: 0 ready, 0 not ready; some files could not be read, so the result is incomplete.")
    }

    @Test("missing files, include cycles, bad lines and dangling ids: every problem, other targets still checked")
    func brokenReferences() throws {
        let report = try LintFixture.lint("BrokenProjects/References")
        #expect(report.targets.map(\.name) == ["References.xcodeproj", "App", "Tool"])
        #expect(
            try report.target("App").located == [
                "missing-file@References.xcodeproj/project.pbxproj:37:4",
                "missing-file@References.xcodeproj/project.pbxproj:60:5",
            ])
        #expect(
            try report.target("Tool").located == [
                "malformed-file@Config/Cycle.xcconfig:2:1",
                "missing-file@Config/Tool.xcconfig:2:1",
                "invalid-build-setting-value@Config/Tool.xcconfig:3:1",
                "malformed-file@Config/Tool.xcconfig:4:1",
                "generated-key-ignored@Config/Tool.xcconfig:5:1",
                "missing-file@References.xcodeproj/project.pbxproj:37:4",
                "no-info-plist@References.xcodeproj/project.pbxproj:65:3",
            ])
        #expect(report.outcome == .unusableInput)
    }

    @Test("a path that does not exist, and a folder with nothing to check, are input errors")
    func unusablePaths() throws {
        #expect(throws: LintInputError.notFound("/nonexistent/diorama-lint")) {
            try Linter().lint(URL(fileURLWithPath: "/nonexistent/diorama-lint"))
        }
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("not a project", to: "README.md")
        #expect(throws: LintInputError.nothingToLint(folder.url.standardizedFileURL.path)) {
            try Linter().lint(folder.url)
        }
        #expect(LintInputError.notFound("/x").description.contains("no such file or folder"))
    }

    @Test("symbolic links to folders: a linked .xcodeproj is linted, any other is named as not followed")
    func linkedFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let shared = try TemporaryFolder()
        defer { shared.cleanUp() }
        try shared.write("not a project", to: "README.md")
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("Shared"), withDestinationURL: shared.url)
        #expect(throws: LintInputError.nothingToLint(folder.url.standardizedFileURL.path, linksNotFollowed: ["Shared"])) {
            try Linter().lint(folder.url)
        }
        #expect(
            LintInputError.nothingToLint("/p", linksNotFollowed: ["Shared"]).description.contains(
                "did not follow the symbolic links to folders Shared"))
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("Linked.xcodeproj"),
            withDestinationURL: LintFixture.url("Projects/Legacy/Legacy.xcodeproj"))
        let report = try Linter().lint(folder.url)
        #expect(report.targets.contains { $0.project?.hasPrefix("Linked") == true }, "\(report.targets.map(\.name))")
        #expect(report.linksNotFollowed == ["Shared"])
        let text = TextReportFormatter(colors: false).format(report)
        #expect(text.contains("Not followed: Shared, a symbolic link to a folder; lint its target by naming it"), "\(text)")
        #expect(JSONReportFormatter(toolVersion: "0").format(report).contains(#""linksNotFollowed" : ["#))
    }

    @Test("an unreadable or empty Info.plist is a finding too")
    func emptyFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = try folder.write("", to: "Info.plist")
        let report = try Linter().lint(url)
        #expect(report.targets.first?.located == ["malformed-file@Info.plist:1:1"])
        #expect(report.targets.first?.findings.first?.message == "the file is empty")
    }
}
