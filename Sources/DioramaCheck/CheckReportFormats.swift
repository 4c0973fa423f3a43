import DioramaScenarios
import Foundation

/// The ways a ``CheckReport`` is written: a console table (the default),
/// JSON (the report's own `Codable` form), JUnit XML for CI, and the
/// Markdown row of `Docs/compatibility.md`.
package enum CheckReportFormat {
    // MARK: Console

    /// One line per check: verdict, name, reaction, stale frames, reason;
    /// crashes and screenshots below the table.
    package static func console(_ report: CheckReport) -> String {
        var lines = [
            "diorama check: \(report.command.joined(separator: " "))",
            "layout \(report.layout) (\(roles(report))), "
                + (report.stage.map { "on \($0) (a real compositor)" } ?? "profile \(report.profile)")
                + (report.repeats.map { ", \($0) runs" } ?? "")
                + (report.shard.map { ", shard \($0) of the battery's checks" } ?? ""), "",
        ]
        let width = report.checks.map(\.name.count).max() ?? 0
        lines.append("VERDICT   " + "CHECK".padding(toLength: width, withPad: " ", startingAt: 0) + "  REACTION   STALE  WHAT HAPPENED")
        for check in report.checks {
            let verdict = check.verdict.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)
            let reaction = reactionText(check).padding(toLength: 9, withPad: " ", startingAt: 0)
            let stale = (check.staleFrames.map(String.init) ?? "—").padding(toLength: 5, withPad: " ", startingAt: 0)
            lines.append("\(verdict)  \(check.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(reaction)  \(stale)  \(check.reason)")
        }
        for check in report.checks {
            if let crash = check.crash, !crash.standardErrorTail.isEmpty {
                lines.append("")
                lines.append("\(check.name): the client's stderr ended with:")
                lines.append(
                    contentsOf: crash.standardErrorTail.split(separator: "\n", omittingEmptySubsequences: false)
                        .suffix(15).map { "  " + $0 })
            }
            for screenshot in check.screenshots { lines.append("\(check.name): screenshot \(screenshot)") }
        }
        let failed = report.checks.filter { $0.verdict == .fail || $0.verdict == .unstable }.count
        let passed = report.checks.filter { $0.verdict == .pass }.count
        let skipped = report.checks.filter { $0.verdict == .skipped }.count
        lines.append("")
        lines.append(
            "\(passed) passed, \(failed) failed, \(skipped) skipped, \(report.checks.count - passed - failed - skipped) not applicable "
                + "in \(String(format: "%.1f", report.durationSeconds)) s; client: \(report.clientExit)")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// The report as JSON (keys sorted, so runs diff cleanly).
    package static func json(_ report: CheckReport) -> String { jsonText(report) }

    /// Any report as JSON, keys sorted (`check` and `check --explore` share it).
    static func jsonText(_ report: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Non-finite times (a clock that went wrong) are written as strings
        // rather than failing the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        } catch {
            return "{\"error\": \"the report could not be encoded: \(error)\"}\n"
        }
    }

    // MARK: JUnit

    /// JUnit XML: one test suite, one test case per check with its real
    /// time; a failure element for a failed check, `skipped` for a check
    /// that did not apply.
    package static func junit(_ report: CheckReport) -> String {
        let failures = report.checks.filter { $0.verdict == .fail || $0.verdict == .unstable }.count
        let skipped = report.checks.filter { $0.verdict == .notApplicable || $0.verdict == .skipped }.count
        let suite = "diorama check \(report.command.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "")"
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites>",
            "  <testsuite name=\"\(XMLText.escape(suite))\" tests=\"\(report.checks.count)\" failures=\"\(failures)\" "
                + "skipped=\"\(skipped)\" errors=\"0\" time=\"\(seconds(report.durationSeconds))\" timestamp=\"\(XMLText.escape(report.startedAt))\">",
        ]
        for check in report.checks {
            let open = "    <testcase classname=\"\(XMLText.escape(suite))\" name=\"\(XMLText.escape(check.name))\" time=\"\(seconds(check.durationSeconds))\""
            switch check.verdict {
            case .pass:
                xml.append(open + "/>")
            case .notApplicable, .skipped:
                xml.append(open + ">")
                xml.append("      <skipped message=\"\(XMLText.escape(check.reason))\"/>")
                xml.append("    </testcase>")
            case .fail, .unstable:
                xml.append(open + ">")
                var details = [check.summary]
                if let crash = check.crash { details.append("stderr:\n" + crash.standardErrorTail) }
                details += check.screenshots.map { "screenshot: \($0)" }
                xml.append("      <failure message=\"\(XMLText.escape(check.reason))\">\(XMLText.escape(details.joined(separator: "\n")))</failure>")
                xml.append("    </testcase>")
            }
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown (Docs/compatibility.md)

    /// The table header, one column per check of `report`.
    package static func markdownHeader(_ report: CheckReport) -> String {
        let names = report.checks.map(\.name)
        return "| Client | Package | " + names.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: names.count + 2)
    }

    /// The client's row: each check's verdict with its reaction time, or its
    /// reason when it did not pass.
    package static func markdownRow(_ report: CheckReport, client: String, package: String) -> String {
        let cells = report.checks.map { check -> String in
            switch check.verdict {
            case .pass: "pass" + (check.reactionMilliseconds.map { String(format: ", %.0f ms", $0) } ?? "")
            case .fail: "**fail**: " + check.reason
            case .unstable: "**unstable**: " + check.reason
            case .notApplicable: "n/a: " + check.reason
            case .skipped: "skipped: " + check.reason
            }
        }
        return "| " + ([client, package] + cells).map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    // MARK: Helpers

    static func reactionText(_ check: CheckResult) -> String {
        check.reactionMilliseconds.map { String(format: "%.1f ms", $0) } ?? "—"
    }

    static func roles(_ report: CheckReport) -> String {
        ["1x", "2x", "fractional"].compactMap { role in report.displays[role].map { "\(role): \($0)" } }.joined(separator: ", ")
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
