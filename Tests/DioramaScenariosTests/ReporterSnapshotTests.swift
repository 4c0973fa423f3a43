import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Reports: console, JSON and JUnit snapshots")
struct ReporterSnapshotTests {
    /// The fixture runs with fixed times, so the JUnit snapshot is the same every run.
    func results() async throws -> [ScenarioResult] {
        try await ([ReportFixture.result()] + ReportFixture.otherResults()).map(ReportFixture.withFixedTimes)
    }

    @Test("the fixture run has the outcomes the snapshots show")
    func fixture() async throws {
        let result = try await ReportFixture.result()
        #expect(result.status == .failed)
        #expect(result.failedClauseCount == 1)
        #expect(result.skippedClauseCount == 2)
        #expect(result.passedClauseCount == 9)
    }

    @Test("console timeline without colour")
    func console() async throws {
        let text =
            try await results().map { ConsoleReporter.render($0, useColor: false) }.joined(separator: "\n")
            + "\n" + ConsoleReporter.suiteSummary(try await results(), useColor: false)
        try assertSnapshot(text, named: "console.txt")
        #expect(!text.contains("\u{1B}["))
    }

    @Test("console colours only when asked")
    func consoleColour() async throws {
        let coloured = ConsoleReporter.render(try await ReportFixture.result(), useColor: true)
        #expect(coloured.contains("\u{1B}[31m✗\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32m✓\u{1B}[0m"))
        #expect(!ConsoleReporter.shouldUseColor(fileDescriptor: -1))
        #expect(!ConsoleReporter.shouldUseColor(environment: ["NO_COLOR": "1"]))
    }

    @Test("outside text is shown spelled out: a file name's escape sequence, a client's newline and workflow command")
    func consoleShowsOutsideTextSafely() async throws {
        var result = try await ReportFixture.result()
        result.file = "Configs/scenarios/\u{1B}]0;retitled\u{07}.scenario"
        let failing = try #require(result.entries.indices.first)
        result.entries[failing].outcome = .failed(message: "`app` exited; stderr: boom\n::error::injected")
        for useColor in [false, true] {
            let text = ConsoleReporter.render(result, useColor: useColor)
            #expect(!text.contains("\u{07}") && !text.contains("\u{1B}]"), "\(text)")
            #expect(text.contains(#"\x1b]0;retitled\x07.scenario"#), "\(text)")
            #expect(!text.contains("\n::error"), "\(text)")
            #expect(text.contains(#"boom\x0a::error::injected"#), "\(text)")
        }
        let diagnostic = ScenarioDiagnostic(
            location: SourceLocation(file: "a\u{1B}[2Jb.scenario", line: 1, column: 1), message: "expected a step",
            hint: "see Docs", sourceLine: "\u{1B}[31mlaunch")
        #expect(!diagnostic.description.contains("\u{1B}"), "\(diagnostic.description)")
        #expect(diagnostic.description.hasPrefix(#"a\x1b[2Jb.scenario:1:1: error: expected a step"#), "\(diagnostic.description)")
    }

    @Test("the live reporter prints the same lines as the whole rendering")
    func live() async throws {
        let lines = LockedLines()
        let reporter = ConsoleReporter(useColor: false) { lines.append($0) }
        let validated = try ScenarioLoader.load(text: ReportFixture.text, file: ReportFixture.file, environment: shippedEnvironment)
        let result = await ScenarioRunner().run(
            validated, on: ReportFixture.backend(screenshotPath: "artifacts/report-sample/overview.png"),
            observer: reporter)
        #expect(lines.joined == ConsoleReporter.render(result, useColor: false))
        #expect(lines.count > 10, "one write per entry, not one at the end")
    }

    @Test("buffered console output keeps each scenario's lines together")
    func buffered() async throws {
        let lines = LockedLines()
        let reporter = ConsoleReporter(useColor: false, buffered: true) { lines.append($0) }
        let validated = try ScenarioLoader.load(text: ReportFixture.text, file: ReportFixture.file, environment: shippedEnvironment)
        let result = await ScenarioRunner().run(validated, on: ReportFixture.backend(screenshotPath: "x.png"), observer: reporter)
        #expect(lines.count == 1)
        #expect(lines.joined == ConsoleReporter.render(result, useColor: false))
    }

    @Test("JSON")
    func json() async throws {
        let data = try JSONReport.encode(try await results())
        let text = try #require(String(data: data, encoding: .utf8))
        try assertSnapshot(text, named: "results.json")
        // It is JSON, with the documented top level.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? String == "diorama-scenario-results/1")
        #expect((object["scenarios"] as? [Any])?.count == 3)
    }

    @Test("JUnit XML: one test case per clause; skipped and failed ones marked")
    func junit() async throws {
        let xml = JUnitReport.render(try await results())
        try assertSnapshot(xml, named: "junit.xml")
        #expect(xml.contains(#"<testsuites name="diorama scenarios" tests="15" failures="1" errors="1" skipped="4">"#))
        // Well-formed: Foundation's XML parser reads it.
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test("JUnit times: a suite's is its scenario's, a check's includes the actions before it")
    func junitTimes() async throws {
        var result = try await ReportFixture.result()
        result.duration = .milliseconds(4321)
        for index in result.entries.indices { result.entries[index].duration = .zero }
        // Line 7 checks four clauses of the move on line 6: the 0.4 s move and
        // the 1.2 s check are 0.4 s each.
        let line6 = try #require(result.entries.firstIndex { $0.step.location.line == 6 })
        result.entries[line6].duration = .milliseconds(400)
        let line7 = try #require(result.entries.firstIndex { $0.step.location.line == 7 })
        result.entries[line7].duration = .milliseconds(1200)
        let xml = JUnitReport.render([result])
        #expect(xml.contains(#"skipped="3" time="4.321">"#), "\(xml)")
        let line7Cases = xml.split(separator: "\n").filter { $0.contains("<testcase") && $0.contains(#"line="7""#) }
        #expect(line7Cases.count == 4)
        #expect(line7Cases.allSatisfy { $0.contains(#"time="0.400""#) }, "\(line7Cases)")
        #expect(JUnitReport.seconds(.milliseconds(65_007)) == "65.007")
    }

    @Test("JSON times: each timeline entry has its own step's time, actions included, and a merge keeps them")
    func jsonStepTimes() async throws {
        var result = try await ReportFixture.result()
        for index in result.entries.indices { result.entries[index].duration = .zero }
        let line6 = try #require(result.entries.firstIndex { $0.step.location.line == 6 })
        result.entries[line6].duration = .milliseconds(400)
        let line7 = try #require(result.entries.firstIndex { $0.step.location.line == 7 })
        result.entries[line7].duration = .milliseconds(1200)
        let json = try JSONReport.encode([result])
        let timeline = try #require(try JSONDecoder().decode(JSONReport.Document.self, from: json).scenarios.first?.timeline)
        #expect(timeline.first { $0.line == 6 }?.time == 0.4, "the move, which no check of its own times in JUnit")
        #expect(timeline.first { $0.line == 7 }?.time == 1.2)
        #expect(timeline.filter { ![6, 7].contains($0.line) }.allSatisfy { $0.time == 0 })
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(String(decoding: json, as: UTF8.self), to: "results.json")
        let merged = try JSONDecoder().decode(
            JSONReport.Document.self, from: try MergedResults.load([directory.path + "/results.json"]).json())
        #expect(merged.scenarios.first?.timeline.first { $0.line == 6 }?.time == 0.4)
    }

    @Test("the console and JUnit count the same skips: clauses, and steps the backend skipped")
    func skipCountsAgree() async throws {
        let result = try await ReportFixture.result()
        let console = ConsoleReporter.render(result, useColor: false)
        let xml = JUnitReport.render([result])
        // Two clauses and the rotate step the backend skipped.
        #expect(console.contains("(9 passed, 1 failed, 3 skipped)"), "\(console)")
        #expect(xml.contains(#"tests="13" failures="1" errors="0" skipped="3""#), "\(xml)")
        // Over a suite with a scenario skipped whole and one that did not
        // start, the console's check counts are JUnit's totals.
        let all = try await results()
        let summary = ConsoleReporter.suiteSummary(all, useColor: false)
        let suiteXML = JUnitReport.render(all)
        #expect(summary.contains("checks: 9 passed, 2 failed, 4 skipped"), "\(summary)")
        #expect(suiteXML.contains(#"tests="15" failures="1" errors="1" skipped="4">"#))
    }

    @Test("a profile is named only for the simulator, which imitates it")
    func profileOnlyForTheSimulator() {
        let style = ConsoleReporter.Style(enabled: false)
        let sway = ConsoleReporter.headerLines(
            name: "s", file: "s.scenario", summary: nil, backend: .sway,
            profile: .modern, style: style
        ).joined()
        let sim = ConsoleReporter.headerLines(
            name: "s", file: "s.scenario", summary: nil, backend: .sim,
            profile: .modern, style: style
        ).joined()
        #expect(sway == "▶ s (sway) s.scenario")
        #expect(sim == "▶ s (sim, profile modern) s.scenario")
    }

    @Test("the JSON report has a profile only for the simulator, like the console and JUnit")
    func jsonProfileOnlyForTheSimulator() async throws {
        var onSway = try await ReportFixture.result()
        onSway.backend = .sway
        let document = try #require(try JSONSerialization.jsonObject(with: JSONReport.encode([onSway])) as? [String: Any])
        let scenario = try #require((document["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["backend"] as? String == "sway")
        #expect(scenario["profile"] == nil, "a real compositor imitates no profile: \(scenario["profile"] ?? "")")
        let onSim = try await ReportFixture.result()
        let simDocument = try #require(try JSONSerialization.jsonObject(with: JSONReport.encode([onSim])) as? [String: Any])
        #expect((simDocument["scenarios"] as? [[String: Any]])?.first?["profile"] as? String == "modern")
    }

    @Test("XML escaping covers markup and control characters")
    func escaping() {
        #expect(XMLText.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(XMLText.escape("a\u{1}b\tc\n") == "aU+0001b\tc\n")
    }
}

/// Lines written by a reporter, from any task.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ text: String) {
        lock.lock()
        lines.append(text)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines.count
    }

    var joined: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined()
    }
}
