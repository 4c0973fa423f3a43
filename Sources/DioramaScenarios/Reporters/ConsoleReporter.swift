import DioramaModel
import Foundation
import Synchronization

/// The live console timeline: a header per scenario, one line per step as it
/// finishes (what ran, ✓/✗, and the measured window: display, scale, buffer and
/// drawable pixels, traits), an indented line for each failed or skipped clause
/// with expected vs actual, and a closing line with the counts.
///
/// Colour only when asked (``shouldUseColor(fileDescriptor:environment:)`` says
/// whether the output is a terminal that wants it). With several scenarios running
/// at once (`buffered`), each scenario's lines are held back and printed together
/// when it finishes, so they do not interleave.
package final class ConsoleReporter: ScenarioRunObserver, Sendable {
    private let useColor: Bool
    private let buffered: Bool
    private let write: @Sendable (String) -> Void
    /// Lines of unfinished scenarios (buffered mode); also held while writing, so
    /// two scenarios' output never interleaves.
    private let pending = Mutex<[String: [String]]>([:])

    /// - Parameter write: receives whole lines with their newline (standard output by default).
    package init(
        useColor: Bool, buffered: Bool = false,
        write: @escaping @Sendable (String) -> Void = ConsoleReporter.writeToStandardOutput
    ) {
        self.useColor = useColor
        self.buffered = buffered
        self.write = write
    }

    /// Through `print` (C's buffered `stdout`), flushed at once so the
    /// timeline is live: a write that fails is remembered there (`ferror`)
    /// for the program to report, instead of trapping the way
    /// `FileHandle.write` does.
    package static func writeToStandardOutput(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }

    /// Colour when `fileDescriptor` is a terminal, `NO_COLOR` is unset and `TERM` is
    /// not `dumb`.
    package static func shouldUseColor(
        fileDescriptor: Int32 = 1,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        isatty(fileDescriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    // MARK: Observer

    package func scenarioWillStart(_ scenario: Scenario, backend: BackendKind, profile: ScenarioProfile) {
        emit(
            scenario.name,
            Self.headerLines(
                name: scenario.name, file: scenario.file, summary: scenario.summary,
                backend: backend, profile: profile, style: style))
    }

    package func scenario(_ scenario: Scenario, didFinish entry: TimelineEntry) {
        emit(scenario.name, Self.lines(for: entry, style: style))
    }

    package func scenarioDidFinish(_ result: ScenarioResult) {
        emit(result.name, [Self.footer(result, style: style)], finished: true)
    }

    private func emit(_ scenario: String, _ lines: [String], finished: Bool = false) {
        pending.withLock { pending in
            if buffered {
                pending[scenario, default: []] += lines
                guard finished else { return }
                write(pending.removeValue(forKey: scenario)!.map { $0 + "\n" }.joined())
            } else {
                write(lines.map { $0 + "\n" }.joined())
            }
        }
    }

    // MARK: Rendering (also used whole, for a finished result)

    /// The whole timeline of a finished result, as the live reporter prints it.
    package static func render(_ result: ScenarioResult, useColor: Bool) -> String {
        let style = Style(enabled: useColor)
        var lines = headerLines(
            name: result.name, file: result.file, summary: result.summary,
            backend: result.backend, profile: result.profile, style: style)
        for entry in result.entries { lines += self.lines(for: entry, style: style) }
        lines.append(footer(result, style: style))
        return lines.map { $0 + "\n" }.joined()
    }

    /// The last lines of a suite: how many scenarios passed, failed, were
    /// skipped, and the checks over all of them, as JUnit counts its test cases.
    package static func suiteSummary(_ results: [ScenarioResult], useColor: Bool) -> String {
        let style = Style(enabled: useColor)
        func count(_ word: String) -> Int { results.filter { ReportText.statusWord($0.status) == word }.count }
        let failed = count("failed") + count("error")
        let line =
            "\(results.count) scenario\(results.count == 1 ? "" : "s"): \(count("passed")) passed, \(failed) failed, \(count("skipped")) skipped"
            + "; checks: \(ReportText.counts(results))"
        return (failed > 0 ? style.red("✗ " + line) : style.green("✓ " + line)) + "\n"
    }

    private var style: Style { Style(enabled: useColor) }

    static let textWidth = 44

    static func headerLines(
        name: String, file: String, summary: String?, backend: BackendKind,
        profile: ScenarioProfile, style: Style
    ) -> [String] {
        var lines = [style.bold("▶ \(name)") + style.dim(" (\(ReportText.backendAndProfile(backend, profile))) \(file)")]
        if let summary { lines.append(style.dim("  \(summary)")) }
        return lines
    }

    static func lines(for entry: TimelineEntry, style: Style) -> [String] {
        let mark: String
        switch entry.outcome {
        case .done: mark = entry.isFailure ? style.red("✗") : style.green("✓")
        case .failed: mark = style.red("✗")
        case .skipped: mark = style.yellow("↷")
        case .notRun: mark = style.dim("·")
        }
        let number = String(entry.step.location.line).leftPadded(to: 4)
        let stepText = TerminalText.safe(entry.step.text)
        let text = stepText.count < textWidth ? stepText.rightPadded(to: textWidth) : stepText + "  "
        var line = "\(mark) \(style.dim(number)) \(text)"
        let measured = TerminalText.safe(ReportText.shownSnapshots(entry).map(ReportText.measured).joined(separator: "; "))
        if case .notRun = entry.outcome {
            line += style.dim("not run")
        } else {
            line += measured
            if let detail = entry.detail { line += style.dim(measured.isEmpty ? detail : "  (\(detail))") }
        }
        var lines = [line.trimmingTrailingSpaces()]
        switch entry.outcome {
        case .failed(let message): lines.append("        " + style.red(message))
        case .skipped(let reason) where entry.clauses.isEmpty: lines.append("        " + style.yellow("skipped: \(reason)"))
        default: break
        }
        for result in entry.clauses {
            switch result.verdict {
            case .passed: break
            case .failed(let expected, let actual):
                // A `wait until` that ran out of time said it in its message.
                if case .failed = entry.outcome { continue }
                lines.append("        " + style.red("✗ \(result.clause.text): expected \(expected), got \(actual)"))
            case .skipped(let reason):
                if case .skipped = entry.outcome { continue }
                lines.append("        " + style.yellow("↷ \(result.clause.text): skipped, \(reason)"))
            }
        }
        if case .skipped(let reason) = entry.outcome, !entry.clauses.isEmpty {
            lines.append("        " + style.yellow("skipped: \(reason)"))
        }
        if let note = entry.settleNote { lines.append("        " + style.yellow(note)) }
        for screenshot in entry.screenshots { lines.append("        " + style.dim("screenshot \(screenshot.path)")) }
        return lines
    }

    static func footer(_ result: ScenarioResult, style: Style) -> String {
        switch result.status {
        case .passed: return style.green("✓ \(result.name) passed") + style.dim(" (\(ReportText.counts(result)))")
        case .failed: return style.red("✗ \(result.name) failed") + style.dim(" (\(ReportText.counts(result)))")
        case .skipped(let reason):
            return style.yellow("↷ \(result.name) skipped: \(reason)") + style.dim(" (\(ReportText.counts(result)))")
        case .error(let message): return style.red("✗ \(result.name) error: \(message)")
        }
    }

    /// ANSI styling, or none. What it styles is shown safely first
    /// (``TerminalText/safe(_:keeping:)``): file names, a client's app_id and
    /// its stderr come from outside, and an escape sequence or a newline in
    /// them must not retitle the terminal or start a CI workflow command.
    /// The few unstyled pieces (a step's text, the measured window) are made
    /// safe where they are put in.
    struct Style {
        var enabled: Bool
        func wrap(_ text: String, _ code: String) -> String {
            let text = TerminalText.safe(text)
            return enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        func red(_ text: String) -> String { wrap(text, "31") }
        func green(_ text: String) -> String { wrap(text, "32") }
        func yellow(_ text: String) -> String { wrap(text, "33") }
        func dim(_ text: String) -> String { wrap(text, "2") }
        func bold(_ text: String) -> String { wrap(text, "1") }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
