import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// Each output format, compared with checked-in snapshots (`Snapshots/`), plus the
/// structural promises each format makes to the tools that read it.
@Suite("Output formats")
struct OutputFormatTests {
    static let version = "0.0.0-test"

    func output(_ path: String, _ format: ReportFormat, colors: Bool = false, strict: Bool = false) throws -> String {
        format.formatter(colors: colors, toolVersion: Self.version).format(try LintFixture.lint(path, strict: strict))
    }

    // MARK: Snapshots

    @Test("text: a folder of projects")
    func textProjects() throws {
        try Snapshot.expect(try output("Projects", .text), matches: "Projects.txt")
    }

    @Test("text with colours: the multi-target project")
    func textColors() throws {
        try Snapshot.expect(try output("Projects/Studio", .text, colors: true), matches: "Studio.color.txt")
    }

    @Test("text: the legacy Info.plist in XML and in binary form")
    func textPlists() throws {
        try Snapshot.expect(try output("Plists/Legacy.plist", .text), matches: "Legacy.txt")
        try Snapshot.expect(try output("Binary/Legacy.plist", .text), matches: "Legacy.binary.txt")
    }

    @Test("text: broken projects")
    func textBroken() throws {
        try Snapshot.expect(try output("BrokenProjects", .text), matches: "BrokenProjects.txt")
    }

    @Test("text: fresh checkouts (CocoaPods and Flutter files not yet created, a built Info.plist)")
    func textCheckouts() throws {
        try Snapshot.expect(try output("Checkouts", .text), matches: "Checkouts.txt")
    }

    @Test("json, sarif and github: the multi-target project")
    func machineFormats() throws {
        try Snapshot.expect(try output("Projects/Studio", .json), matches: "Studio.json")
        try Snapshot.expect(try output("Projects/Studio", .sarif), matches: "Studio.sarif")
        try Snapshot.expect(try output("Projects/Studio", .github), matches: "Studio.github.txt")
    }

    // MARK: Structure

    @Test("text: the scene manifest snippet is printed once, and later targets refer to it; json keeps every fix whole")
    func snippetOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let legacy = try String(contentsOf: LintFixture.url("Plists/Legacy.plist"), encoding: .utf8)
        for app in ["First", "Second", "Third"] { try folder.write(legacy, to: "\(app)/Info.plist") }
        let report = try Linter().lint(folder.url)
        let text = TextReportFormatter(colors: false).format(report)
        let fix = try #require(report.targets[0].findings(LintRules.missingSceneManifest).first?.fix)
        let firstLine = try #require(fix.split(separator: "\n").first)
        #expect(text.components(separatedBy: "<key>UIApplicationSceneManifest</key>").count - 1 == 1)
        #expect(text.components(separatedBy: "      fix: \(firstLine) (the snippet shown under First/Info.plist)\n").count - 1 == 2)
        let json = JSONReportFormatter(toolVersion: Self.version).format(report)
        #expect(
            json.components(separatedBy: "<key>UIApplicationSceneManifest<\\/key>").count - 1 == 3
                || json.components(separatedBy: "<key>UIApplicationSceneManifest</key>").count - 1 == 3)
    }

    /// A value in a binary Info.plist with an escape sequence and a newline
    /// was printed raw: the terminal obeyed the escape, and the line after
    /// the newline began `::error`, which a GitHub Actions log takes for a
    /// workflow command.
    @Test("text: control characters from a project are spelled out, never printed raw")
    func textEscapesWhatTheProjectHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let hostile = "\u{1b}]0;PWNED\u{07}\n::error title=INJ::x"
        let plist: [String: Any] = [
            "CFBundleIdentifier": "x", "UIDeviceFamily": [1, 2], "UISupportedInterfaceOrientations~ipad": [hostile],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try data.write(to: folder.url.appendingPathComponent("Info.plist"))
        let report = try Linter().lint(folder.url.appendingPathComponent("Info.plist"))
        #expect(report.targets.flatMap(\.findings).contains { $0.message.contains(hostile) }, "the finding quotes the value")
        let text = TextReportFormatter(colors: false).format(report)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(text)")
        #expect(text.contains(#"\x1b]0;PWNED\x07\x0a::error title=INJ::x"#), "\(text)")
    }

    @Test("text: compiler-style finding lines, a verdict per target, the summary last")
    func textShape() throws {
        let text = try output("Projects/Studio", .text)
        let lines = text.split(separator: "\n")
        #expect(lines.last == "Checked 3 targets: 1 ready, 2 not ready.")
        #expect(
            lines.contains(
                "  Config/Editor.xcconfig:3:1: warning: UIRequiresFullScreen is true: the app opts out of resizing, which iPadOS 26 deprecates and a future release ignores (configuration Debug only) [requires-full-screen]"
            ))
        #expect(lines.contains("  ready"))
        #expect(lines.contains("Skipped StudioMac (Studio.xcodeproj): macOS app, not an iOS app"))
        #expect(!text.contains("\u{1B}["))
        #expect(try output("Projects/Studio", .text, colors: true).contains("\u{1B}[33mwarning\u{1B}[0m"))
    }

    @Test("json: one document with the summary, targets and located findings")
    func jsonShape() throws {
        let data = Data(try output("Projects/Studio", .json).utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["outcome"] as? String == "not-ready")
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["targets"] as? Int == 3)
        #expect(summary["ready"] as? Int == 1)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let editor = try #require(targets.first { $0["name"] as? String == "Editor" })
        let findings = try #require(editor["findings"] as? [[String: Any]])
        #expect(findings.first?["file"] as? String == "Config/Editor.xcconfig")
        #expect(findings.first?["line"] as? Int == 3)
        #expect(findings.first?["configurations"] as? [String] == ["Debug"])
        #expect((document["tool"] as? [String: Any])?["version"] as? String == Self.version)
    }

    @Test("sarif 2.1.0: schema, version, driver rules with Apple help links, located results")
    func sarifShape() throws {
        let data = Data(try output("Projects/Studio", .sarif).utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "diorama lint")
        // No published home page: the key is left out rather than pointing at
        // something that is not the tool's documentation (an Apple technote).
        #expect(driver["informationUri"] == nil, "\(driver["informationUri"] ?? "")")
        let hosted = SARIFReportFormatter(toolVersion: "1", informationURI: "https://docs.example.org/diorama/lint")
        let hostedLog = try #require(
            try JSONSerialization.jsonObject(with: Data(hosted.format(try LintFixture.lint("Projects/Studio", strict: false)).utf8))
                as? [String: Any])
        let hostedRun = try #require((hostedLog["runs"] as? [[String: Any]])?.first)
        let hostedDriver = try #require((hostedRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(hostedDriver["informationUri"] as? String == "https://docs.example.org/diorama/lint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRules.all.map(\.id))
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["helpUri"] as? String)?.hasPrefix("https://developer.apple.com/") == true)
        }
        let tn3192 = try #require(rules.first { $0["id"] as? String == "requires-full-screen" })
        #expect((tn3192["helpUri"] as? String)?.contains("tn3192") == true)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 7)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(LintRules.all[index].id == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/"))
            let region = try #require(location["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 0) >= 1)
        }
        #expect(results.contains { $0["level"] as? String == "note" })
        #expect(SARIFReportFormatter.uri("Studio Editor/Info.plist") == "Studio%20Editor/Info.plist")
    }

    @Test("github: one workflow command per finding, escaped, then the summary")
    func githubShape() throws {
        let lines = try output("Projects/Studio", .github).split(separator: "\n").map { String($0) }
        #expect(lines.last == "Checked 3 targets: 1 ready, 2 not ready.")
        let commands = lines.dropLast()
        #expect(commands.count == 7)
        let pattern = #/^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,title=[^,:]+::[^\n]+$/#
        for command in commands {
            #expect(command.wholeMatch(of: pattern) != nil, "\(command)")
        }
        #expect(
            commands.contains { $0.hasPrefix("::notice file=Studio.xcodeproj/project.pbxproj,line=216,col=5,title=requires-full-screen-unused (Editor)::") })
        #expect(GitHubReportFormatter.escapeData("50% done\nnext") == "50%25 done%0Anext")
        #expect(GitHubReportFormatter.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }

    @Test("every format ends with a newline and is the same on every run")
    func deterministic() throws {
        for format in ReportFormat.allCases {
            let first = try output("Projects", format)
            #expect(first.hasSuffix("\n"))
            #expect(try output("Projects", format) == first)
        }
        #expect(ReportFormat.json.isDocument && ReportFormat.sarif.isDocument)
        #expect(!ReportFormat.text.isDocument && !ReportFormat.github.isDocument)
    }

    @Test("the snapshot diff names the changed lines")
    func diffIsReadable() {
        let diff = LineDiff.render(expected: "a\nb\nc\nd\ne\nf\ng", actual: "a\nb\nc\nD\ne\nf\ng\nh")
        #expect(diff.contains("-    4  d"))
        #expect(diff.contains("+    4  D"))
        #expect(diff.contains("+    8  h"))
        #expect(!diff.contains("   1  a"))
    }
}
