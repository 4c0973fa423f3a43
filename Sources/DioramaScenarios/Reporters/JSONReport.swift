import DioramaModel
import Foundation

/// `--json FILE`: the results as one JSON document. The schema is documented in
/// `Docs/scenario-reports.md` and versioned by ``schema``; keys are sorted. Only
/// the `time` fields depend on the wall clock, so equal runs with equal times
/// give equal files. `diorama merge` reads these documents back (``Document``
/// is `Codable` for that) and writes the merged one in the same form.
package enum JSONReport {
    /// The value of the document's `schema` key.
    package static let schema = "diorama-scenario-results/1"

    /// - Parameter run: the run that produced `results` (its backend, shard and
    ///   machine), recorded even when its shard had no scenarios, so a merge
    ///   can tell an empty shard from a missing one.
    package static func encode(_ results: [ScenarioResult], run: RunRecord? = nil) throws -> Data {
        try encode(Document(results, run: run))
    }

    static func encode(_ document: Document) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(document)
        data.append(0x0A)
        return data
    }

    package static func write(_ results: [ScenarioResult], run: RunRecord? = nil, to path: String) throws {
        try OutputFileWriter.write(encode(results, run: run), to: path)
    }

    // MARK: Schema

    struct Document: Codable {
        var schema = JSONReport.schema
        /// The runs the results came from; absent in documents written before
        /// runs were recorded.
        var runs: [RunRecord]?
        var scenarios: [ScenarioDocument]

        init(_ results: [ScenarioResult], run: RunRecord?) {
            scenarios = results.map(ScenarioDocument.init)
            var runs = run.map { [$0] } ?? []
            for result in results {
                let record = RunRecord(result)
                if !runs.contains(record) { runs.append(record) }
            }
            self.runs = runs.isEmpty ? nil : runs
        }

        init(runs: [RunRecord], scenarios: [ScenarioDocument]) {
            self.runs = runs
            self.scenarios = scenarios
        }
    }

    struct Counts: Codable, Hashable {
        var passed: Int
        var failed: Int
        var skipped: Int
    }

    struct ScenarioDocument: Codable {
        var name: String
        var file: String
        var summary: String?
        var backend: String
        /// What the simulator imitated; absent on a real compositor, which has none.
        var profile: String?
        var status: String
        var reason: String?
        var clauses: Counts
        var displays: [DisplayDocument]
        var timeline: [EntryDocument]
        /// The CI shard (`2/3`) that ran it; absent for a whole-suite run.
        var shard: String?
        /// The host that ran it, when the run recorded one.
        var machine: String?
        /// Wall-clock seconds of the scenario from its backend's start to its
        /// last step, as JUnit's suite `time`.
        /// Optional only for reading documents older than the field.
        var time: Double?
        /// The JUnit test cases, so a merge can write JUnit from JSON alone.
        /// Optional only for reading documents older than the field.
        var cases: [CaseDocument]?

        init(_ result: ScenarioResult) {
            name = result.name
            file = result.file
            summary = result.summary
            backend = result.backend.rawValue
            profile = result.backend == .sim ? result.profile.rawValue : nil
            status = ReportText.statusWord(result.status)
            switch result.status {
            case .skipped(let why): reason = why
            case .error(let message): reason = message
            case .passed, .failed: reason = nil
            }
            clauses = Counts(passed: result.passedClauseCount, failed: result.failedClauseCount, skipped: result.skippedClauseCount)
            displays = result.initialDisplays.map(DisplayDocument.init)
            timeline = result.entries.map(EntryDocument.init)
            shard = result.shard?.description
            machine = result.machine
            time = JSONReport.seconds(result.duration)
            cases = JUnitReport.cases(of: result).map(CaseDocument.init)
        }
    }

    /// One JUnit test case (see "Counting" in `Docs/scenario-reports.md`).
    struct CaseDocument: Codable {
        var name: String
        var line: Int
        /// `passed`, `failed`, `skipped` or `error`.
        var result: String
        /// The failure's, skip's or error's message.
        var message: String?
        /// A failure's full text (expected, actual, where).
        var detail: String?
        /// A failure's kind (`expectation`, `step`) or an error's (`start`).
        var type: String?
        var time: Double

        init(_ testCase: JUnitReport.TestCase) {
            name = testCase.name
            line = testCase.line
            time = JSONReport.seconds(testCase.time)
            switch testCase.result {
            case .passed: result = "passed"
            case .failure(let message, let body, let type):
                result = "failed"; self.message = message; detail = body; self.type = type
            case .skipped(let reason): result = "skipped"; message = reason
            case .error(let message): result = "error"; self.message = message; type = "start"
            }
        }

        /// The test case again, for JUnit; nil for a result word this version does not know.
        var testCase: JUnitReport.TestCase? {
            let outcome: JUnitReport.TestCase.Result
            switch result {
            case "passed": outcome = .passed
            case "failed": outcome = .failure(message: message ?? "", body: detail ?? message ?? "", type: type ?? "expectation")
            case "skipped": outcome = .skipped(message ?? "")
            case "error": outcome = .error(message ?? "")
            default: return nil
            }
            return JUnitReport.TestCase(name: name, line: line, result: outcome, time: JSONReport.duration(seconds: time))
        }
    }

    /// Seconds with millisecond precision, as JUnit writes them, so a time read
    /// back from JSON renders the same in a merged JUnit report.
    static func seconds(_ duration: Duration) -> Double {
        Double(JUnitReport.milliseconds(duration)) / 1000
    }

    static func duration(seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    struct DisplayDocument: Codable {
        var name: String
        var x: Int, y: Int, width: Int, height: Int
        var scale: Double
        var scale120: Int
        var transform: String

        init(_ display: DisplayObservation) {
            name = display.name
            x = display.logicalRect.minX
            y = display.logicalRect.minY
            width = display.logicalRect.width
            height = display.logicalRect.height
            scale = display.scale.doubleValue
            scale120 = display.scale.numerator120
            transform = display.transform.name
        }
    }

    struct EntryDocument: Codable {
        var index: Int
        var line: Int
        var column: Int
        var text: String
        var keyword: String
        var outcome: String
        var reason: String?
        var detail: String?
        var settleNote: String?
        var clauses: [ClauseDocument]
        var windows: [WindowDocument]
        var displays: [DisplayDocument]?
        var screenshots: [ScreenshotFile]
        /// Wall-clock seconds of the step, its settling and observing
        /// included: where a slow scenario spends its time. Optional only
        /// for reading documents older than the field.
        var time: Double?

        init(_ entry: TimelineEntry) {
            index = entry.index
            time = JSONReport.seconds(entry.duration)
            line = entry.step.location.line
            column = entry.step.location.column
            text = entry.step.text
            keyword = entry.step.action.keyword
            switch entry.outcome {
            case .done: outcome = "done"; reason = nil
            case .skipped(let why): outcome = "skipped"; reason = why
            case .failed(let message): outcome = "failed"; reason = message
            case .notRun(let why): outcome = "notRun"; reason = why
            }
            detail = entry.detail
            settleNote = entry.settleNote
            clauses = entry.clauses.map(ClauseDocument.init)
            windows = entry.windows.map(WindowDocument.init)
            displays = entry.displays.map { $0.map(DisplayDocument.init) }
            screenshots = entry.screenshots
        }
    }

    struct ClauseDocument: Codable {
        var text: String
        var line: Int
        var column: Int
        var window: String
        var level: String
        var verdict: String
        var expected: String?
        var actual: String?
        var reason: String?

        init(_ result: ClauseResult) {
            text = result.clause.text
            line = result.clause.location.line
            column = result.clause.location.column
            window = result.window
            level = result.clause.kind.level.rawValue
            switch result.verdict {
            case .passed(let measured): verdict = "passed"; actual = measured
            case .failed(let wanted, let measured): verdict = "failed"; expected = wanted; actual = measured
            case .skipped(let why): verdict = "skipped"; reason = why
            }
        }
    }

    struct FrameDocument: Codable {
        var x: Int, y: Int, width: Int, height: Int
    }

    struct WindowDocument: Codable {
        var window: String
        var displays: [String]?
        var frame: FrameDocument?
        var scale: Double?
        var scale120: Int?
        var buffer: [Int]?
        var drawable: [Int]?
        var displayScale: Double?
        var horizontalSizeClass: String?
        var verticalSizeClass: String?
        var state: String?
        var disconnected: Bool?

        init(_ snapshot: WindowSnapshot) {
            window = snapshot.window
            displays = snapshot.displays
            frame = snapshot.frame.map { FrameDocument(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
            scale = snapshot.scale?.doubleValue
            scale120 = snapshot.scale?.numerator120
            buffer = snapshot.bufferSize.map { [$0.width, $0.height] }
            drawable = snapshot.drawableSize.map { [$0.width, $0.height] }
            displayScale = snapshot.displayScale
            horizontalSizeClass = snapshot.horizontalSizeClass?.rawValue
            verticalSizeClass = snapshot.verticalSizeClass?.rawValue
            state = snapshot.activationState?.rawValue
            disconnected = snapshot.isDisconnected
        }
    }
}

/// Which run produced results: the backend, the CI shard and the machine.
/// Every JSON report lists its runs, so `diorama merge` can name a shard
/// that is missing or given twice, including one that had no scenarios.
package struct RunRecord: Codable, Hashable, Sendable {
    package var backend: String
    /// `2/3`; absent for a whole-suite run.
    package var shard: String?
    package var machine: String?

    package init(backend: BackendKind, shard: Shard?, machine: String?) {
        self.backend = backend.rawValue
        self.shard = shard?.description
        self.machine = machine
    }

    init(_ result: ScenarioResult) {
        self.init(backend: result.backend, shard: result.shard, machine: result.machine)
    }

    /// The run `options` describe.
    package init(_ options: ScenarioRunOptions) {
        self.init(backend: options.backend, shard: options.shard, machine: options.machine)
    }

    /// `sim`, `sim shard 2/3`: how errors name it.
    var label: String { shard.map { "\(backend) shard \($0)" } ?? backend }
}
