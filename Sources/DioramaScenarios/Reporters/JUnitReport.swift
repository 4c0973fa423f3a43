import DioramaModel
import Foundation

/// `--junit FILE`: JUnit XML for CI systems.
///
/// One `<testsuite>` per scenario and one `<testcase>` per clause (named
/// `window: clause (line N)`), so a CI page lists exactly which fact failed. A
/// skipped clause is `<skipped message="…"/>`; a failed one is `<failure>` with the
/// expected and actual values. Steps that failed or were skipped get a test case of
/// their own, and a scenario that could not start is an `<error>`.
///
/// `time` is wall-clock seconds: a suite's is its scenario's whole run (backend
/// start and stop included); a test case's is the time of its step (settling
/// included) and of the steps since the last step with test cases (the
/// actions it checks), shared evenly between the cases its step produced.
package enum JUnitReport {
    package static func render(_ results: [ScenarioResult]) -> String {
        render(results.map(SuiteInput.init))
    }

    /// The document for scenarios as one suite each: what a run renders from its
    /// results, and `diorama merge` from the JSON documents of several runs.
    static func render(_ inputs: [SuiteInput]) -> String {
        let suites = inputs.map(suite)
        let tests = suites.map(\.tests).reduce(0, +)
        let failures = suites.map(\.failures).reduce(0, +)
        let errors = suites.map(\.errors).reduce(0, +)
        let skipped = suites.map(\.skipped).reduce(0, +)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="diorama scenarios" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)">"# + "\n"
        for suite in suites { xml += suite.xml }
        xml += "</testsuites>\n"
        return xml
    }

    package static func write(_ results: [ScenarioResult], to path: String) throws {
        try OutputFileWriter.write(render(results).utf8, to: path)
    }

    // MARK: Building

    struct TestCase {
        enum Result {
            case passed
            case failure(message: String, body: String, type: String)
            case skipped(String)
            case error(String)
        }
        var name: String
        var line: Int
        var result: Result
        /// Its share of the step's wall-clock time.
        var time: Duration = .zero
    }

    /// What one `<testsuite>` shows: a scenario on one backend and its cases.
    struct SuiteInput {
        var name: String
        var file: String
        /// The `<properties>`, in order: file, backend, profile (simulator
        /// only), shard and machine (when known).
        var properties: [(String, String)]
        var time: Duration
        var cases: [TestCase]

        init(_ result: ScenarioResult) {
            name = result.name
            file = result.file
            time = result.duration
            cases = JUnitReport.cases(of: result)
            // A profile is what the simulator imitates; a real compositor has none.
            properties = Self.properties(
                file: result.file, backend: result.backend.rawValue,
                profile: result.backend == .sim ? result.profile.rawValue : nil,
                shard: result.shard?.description, machine: result.machine)
        }

        init(name: String, file: String, properties: [(String, String)], time: Duration, cases: [TestCase]) {
            self.name = name
            self.file = file
            self.properties = properties
            self.time = time
            self.cases = cases
        }

        static func properties(file: String, backend: String, profile: String?, shard: String?, machine: String?) -> [(String, String)] {
            [("file", file), ("backend", backend)]
                + [("profile", profile), ("shard", shard), ("machine", machine)].compactMap { name, value in value.map { (name, $0) } }
        }
    }

    struct SuiteXML {
        var xml: String
        var tests: Int
        var failures: Int
        var errors: Int
        var skipped: Int
    }

    static func cases(of result: ScenarioResult) -> [TestCase] {
        var cases: [TestCase] = []
        if case .error(let message) = result.status {
            cases.append(TestCase(name: "start on \(result.backend.rawValue)", line: 1, result: .error(message)))
        }
        // Steps that make no test case (actions done) pass their time on to
        // the next step that does: the check of what they did.
        var carried = Duration.zero
        for entry in result.entries {
            let entryCases = Self.cases(of: entry)
            carried += entry.duration
            guard !entryCases.isEmpty else { continue }
            let share = carried / entryCases.count
            cases += entryCases.map {
                var timed = $0; timed.time = share; return timed
            }
            carried = .zero
        }
        return cases
    }

    /// The test cases one timeline entry produces: its clauses, or the step
    /// itself when it failed or the backend skipped it; none for a step done.
    /// A `wait until` that ran out of time keeps its clauses: each is a case,
    /// a failed one with the step's message in its body.
    static func cases(of entry: TimelineEntry) -> [TestCase] {
        var cases: [TestCase] = []
        let step = entry.step
        let isCheck: Bool
        switch step.action {
        case .expect, .waitUntil: isCheck = true
        default: isCheck = false
        }
        let window = step.action.window?.name ?? ""
        switch entry.outcome {
        case .notRun(let reason) where isCheck:
            for clause in ReportText.plannedClauses(entry) {
                cases.append(
                    TestCase(
                        name: "\(window): \(clause.text) (line \(clause.location.line))",
                        line: clause.location.line, result: .skipped("not run: \(reason)")))
            }
            return cases
        case .failed(let message) where !isCheck || entry.clauses.isEmpty:
            cases.append(
                TestCase(
                    name: "line \(step.location.line): \(step.text)", line: step.location.line,
                    result: .failure(message: message, body: "\(message)\nat \(step.location)", type: "step")))
            return cases
        case .skipped(let reason) where !isCheck:
            cases.append(
                TestCase(
                    name: "line \(step.location.line): \(step.text)", line: step.location.line,
                    result: .skipped(reason)))
            return cases
        default:
            break
        }
        let stepFailure: String? = if case .failed(let message) = entry.outcome { message + "\n" } else { nil }
        for clauseResult in entry.clauses {
            let clause = clauseResult.clause
            let outcome: TestCase.Result
            switch clauseResult.verdict {
            case .passed: outcome = .passed
            case .failed(let expected, let actual):
                outcome = .failure(
                    message: "expected \(expected), got \(actual)",
                    body: "\(stepFailure ?? "")expected: \(expected)\nactual: \(actual)\nat \(clause.location)", type: "expectation")
            case .skipped(let reason): outcome = .skipped(reason)
            }
            cases.append(
                TestCase(
                    name: "\(clauseResult.window): \(clause.text) (line \(clause.location.line))",
                    line: clause.location.line, result: outcome))
        }
        return cases
    }

    static func suite(_ input: SuiteInput) -> SuiteXML {
        let cases = input.cases
        var failures = 0, errors = 0, skipped = 0
        var body = ""
        let classname = XMLText.escape("diorama.scenarios.\(input.name)")
        let file = XMLText.escape(input.file)
        for testCase in cases {
            let open =
                #"    <testcase name="\#(XMLText.escape(testCase.name))" classname="\#(classname)" file="\#(file)" line="\#(testCase.line)" time="\#(seconds(testCase.time))""#
            switch testCase.result {
            case .passed:
                body += open + "/>\n"
            case .failure(let message, let text, let type):
                failures += 1
                body += open + ">\n"
                body += #"      <failure message="\#(XMLText.escape(message))" type="\#(type)">\#(XMLText.escape(text))</failure>"# + "\n"
                body += "    </testcase>\n"
            case .skipped(let reason):
                skipped += 1
                body += open + ">\n"
                body += #"      <skipped message="\#(XMLText.escape(reason))"/>"# + "\n"
                body += "    </testcase>\n"
            case .error(let message):
                errors += 1
                body += open + ">\n"
                body += #"      <error message="\#(XMLText.escape(message))" type="start"/>"# + "\n"
                body += "    </testcase>\n"
            }
        }
        var xml =
            #"  <testsuite name="\#(XMLText.escape(input.name))" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)" time="\#(seconds(input.time))">"#
            + "\n"
        xml += "    <properties>\n"
        for (name, value) in input.properties {
            xml += #"      <property name="\#(name)" value="\#(XMLText.escape(value))"/>"# + "\n"
        }
        xml += "    </properties>\n"
        xml += body
        xml += "  </testsuite>\n"
        return SuiteXML(xml: xml, tests: cases.count, failures: failures, errors: errors, skipped: skipped)
    }

    /// Whole milliseconds, rounded down: the precision every report keeps.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// `1.234`: seconds with millisecond precision, as JUnit readers expect.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return "\(milliseconds / 1000).\(String(milliseconds % 1000).leftPadded(to: 3).replacingOccurrences(of: " ", with: "0"))"
    }
}
