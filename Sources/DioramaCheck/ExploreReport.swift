import DioramaModel
import DioramaScenarios
import Foundation

/// What `diorama check --explore` found: the baseline battery, every
/// battery it ran under variations, and the findings whose written
/// scenario reproduced them. `Codable` once: this type is the `--json`
/// output and the schema `Docs/explore.md` documents.
package struct ExploreReport: Codable, Hashable, Sendable {
    /// The client's command line, as given after `--`.
    package var command: [String]
    package var layout: String
    /// The base profile the variations change.
    package var profile: String
    /// The seed of the random combinations: the same seed picks the same ones.
    package var seed: UInt64
    /// The battery without variations.
    package var baseline: ExploreRun
    /// Each battery run under variations, in the order they ran (single
    /// variations first, then combinations, then the shrinking of those).
    package var runs: [ExploreRun]
    /// Changes of outcome whose written scenario failed under the variations
    /// and passed without them.
    package var findings: [ExploreFinding]
    /// Changes of outcome that did not reproduce (a second battery run or
    /// the scenario did not show them): not findings, listed for honesty.
    package var unconfirmed: [ExploreFinding]
    /// Why the campaign ended before its budget: `time limit of 60 s reached`; nil otherwise.
    package var stoppedEarly: String?
    package var startedAt: String
    package var durationSeconds: Double

    /// True when nothing reproducible was found.
    package var isClean: Bool { findings.isEmpty }
}

/// One battery run under a set of variations.
package struct ExploreRun: Codable, Hashable, Sendable {
    /// Why the campaign ran it.
    package enum Phase: String, Codable, Hashable, Sendable {
        case baseline
        /// One variation alone.
        case single
        /// A seeded random combination.
        case combination
        /// A subset of a failing combination, while shrinking it.
        case shrink
        /// A candidate's second run.
        case confirmation
    }

    package var phase: Phase
    /// Variation names; empty for the baseline.
    package var variations: [String]
    /// The checks that failed, with their reasons (`check: reason`).
    package var failures: [String]
    /// How the client ended (as in `check`'s `clientExit`).
    package var clientExit: String
    package var durationSeconds: Double
}

/// A variation (or smallest set of them) that changed the client's outcome.
package struct ExploreFinding: Codable, Hashable, Sendable {
    /// The variation names, the smallest failing set found.
    package var variations: [String]
    /// The first check whose verdict changed (it passed or did not apply without the variations).
    package var check: String
    package var symptom: ExploreSymptom
    /// What happened, from the check (`the client was killed by signal 8 while …`).
    package var reason: String
    /// Set when the client died: signal or status, the step, a protocol error.
    package var crash: CheckCrash?
    /// The scenario that reproduces it (`diorama run PATH`), when one was written.
    package var scenario: String?
    /// What re-running that scenario showed.
    package var reproduction: String
}

/// How a finding shows.
package enum ExploreSymptom: String, Codable, Hashable, Sendable {
    /// The client died (a signal or an exit status).
    case crash
    /// The simulator sent the client a protocol error (it was disconnected).
    case protocolError = "protocol-error"
    /// The client stopped answering: no window, no acknowledgement, no frame within the wait.
    case hang
    /// It answered with frames drawn for another scale than the one in effect.
    case staleFrame = "stale-frame"
    /// Its window left every output, or was closed or unmapped.
    case windowLost = "window-lost"
    /// Another check failure (a size larger than configured, below its minimum).
    case changedOutcome = "changed-outcome"

    /// What a failed check's result says happened.
    static func of(_ result: CheckResult) -> ExploreSymptom {
        if let crash = result.crash { return crash.protocolError == nil ? .crash : .protocolError }
        let reason = result.reason
        if reason.contains("never told") || reason.contains("closed or unmapped") || reason.contains("has no window")
            || reason.contains("no window matches")
        {
            return .windowLost
        }
        if reason.hasPrefix("no window with a frame") || reason.hasPrefix("did not answer")
            || reason.hasPrefix("stopped answering") || reason.hasPrefix("no new frame")
        {
            return .hang
        }
        if reason.contains("drawn for the scale in effect") { return .staleFrame }
        return .changedOutcome
    }
}

/// The ways an ``ExploreReport`` is written: console text, JSON, JUnit.
package enum ExploreReportFormat {
    /// The findings first, each with its scenario; then one line per run.
    package static func console(_ report: ExploreReport) -> String {
        var lines = [
            "diorama check --explore: \(report.command.joined(separator: " "))",
            "layout \(report.layout), profile \(report.profile), seed \(report.seed)", "",
            "baseline: " + runSummary(report.baseline),
        ]
        for run in report.runs {
            lines.append("\(run.phase.rawValue) \(run.variations.joined(separator: "+")): " + runSummary(run))
        }
        lines.append("")
        for finding in report.findings {
            lines.append("FINDING  \(finding.variations.joined(separator: " + ")): \(finding.symptom.rawValue) in \(finding.check)")
            lines.append("  \(finding.reason)")
            if let scenario = finding.scenario { lines.append("  reproduce: diorama run \(scenario)  (\(finding.reproduction))") }
        }
        for finding in report.unconfirmed {
            lines.append("not reproduced  \(finding.variations.joined(separator: " + ")): \(finding.check): \(finding.reproduction)")
        }
        if let stoppedEarly = report.stoppedEarly { lines.append("stopped early: \(stoppedEarly)") }
        lines.append(
            "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") in \(report.runs.count + 1) battery runs, "
                + String(format: "%.1f", report.durationSeconds) + " s")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func runSummary(_ run: ExploreRun) -> String {
        let outcome = run.failures.isEmpty ? "no failed check" : run.failures.joined(separator: "; ")
        return "\(outcome) (client \(run.clientExit), \(String(format: "%.1f", run.durationSeconds)) s)"
    }

    /// The header of the explore table (`Docs/explore-compatibility.md`).
    package static let markdownHeader =
        "| Client | Package | Breaks on (reproduced) | Not reproduced | Battery runs |\n|---|---|---|---|---|"

    /// The client's row: each finding as `variations`: symptom in check.
    package static func markdownRow(_ report: ExploreReport, client: String, package: String) -> String {
        let findings = report.findings.map { finding in
            "`\(finding.variations.joined(separator: "+"))`: \(finding.symptom.rawValue) in \(finding.check)"
                + (finding.crash.map { " (\($0.exit))" } ?? "")
        }
        let unconfirmed = report.unconfirmed.map { "`\($0.variations.joined(separator: "+"))`" }
        let failing = report.baseline.failures.count
        let baseline = failing == 0 ? "" : " (\(failing) check\(failing == 1 ? "" : "s") failed without variations)"
        let cells = [
            client, package, findings.isEmpty ? "nothing" : findings.joined(separator: "<br>"),
            unconfirmed.isEmpty ? "—" : unconfirmed.joined(separator: ", "), "\(report.runs.count + 1)" + baseline,
        ]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// The report as JSON, keys sorted.
    package static func json(_ report: ExploreReport) -> String { CheckReportFormat.jsonText(report) }

    /// JUnit XML: one test case per variation set tried (confirmations are
    /// not cases of their own); a finding is a failure whose message is its
    /// reason and whose text names the scenario.
    package static func junit(_ report: ExploreReport) -> String {
        let suite = "diorama check --explore \(report.command.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "")"
        let tried = report.runs.filter { $0.phase != .confirmation }
        let cases = tried.map { run -> String in
            let name = run.variations.joined(separator: "+")
            let open =
                "    <testcase classname=\"\(XMLText.escape(suite))\" name=\"\(XMLText.escape(name))\" time=\"\(CheckReportFormat.seconds(run.durationSeconds))\""
            guard let finding = report.findings.first(where: { $0.variations == run.variations }) else { return open + "/>" }
            let text = [finding.check, finding.symptom.rawValue, finding.scenario.map { "reproduce: diorama run \($0)" } ?? ""]
                .joined(separator: "\n")
            return open + ">\n      <failure message=\"\(XMLText.escape(finding.reason))\">\(XMLText.escape(text))</failure>\n    </testcase>"
        }
        let failures = tried.filter { run in report.findings.contains { $0.variations == run.variations } }.count
        let time = CheckReportFormat.seconds(report.durationSeconds)
        let suiteLine =
            "  <testsuite name=\"\(XMLText.escape(suite))\" tests=\"\(tried.count)\" failures=\"\(failures)\" "
            + "skipped=\"0\" errors=\"0\" time=\"\(time)\" timestamp=\"\(XMLText.escape(report.startedAt))\">"
        let lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites>", suiteLine] + cases + ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
