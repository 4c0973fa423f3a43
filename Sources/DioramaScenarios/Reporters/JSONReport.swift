import DioramaModel
import Foundation

/// `--json FILE`: the results as one JSON document. The schema is documented in
/// `Docs/scenario-reports.md` and versioned by ``schema``; keys are sorted and no
/// value depends on the time of the run, so equal runs give equal files.
public enum JSONReport {
    /// The value of the document's `schema` key.
    public static let schema = "diorama-scenario-results/1"

    public static func encode(_ results: [ScenarioResult]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Document(results))
        data.append(0x0A)
        return data
    }

    public static func write(_ results: [ScenarioResult], to path: String) throws {
        try OutputFileWriter.write(encode(results), to: path)
    }

    // MARK: Schema

    struct Document: Encodable {
        var schema = JSONReport.schema
        var scenarios: [ScenarioDocument]
        init(_ results: [ScenarioResult]) { scenarios = results.map(ScenarioDocument.init) }
    }

    struct Counts: Encodable {
        var passed: Int
        var failed: Int
        var skipped: Int
    }

    struct ScenarioDocument: Encodable {
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
        }
    }

    struct DisplayDocument: Encodable {
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

    struct EntryDocument: Encodable {
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

        init(_ entry: TimelineEntry) {
            index = entry.index
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

    struct ClauseDocument: Encodable {
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

    struct FrameDocument: Encodable {
        var x: Int, y: Int, width: Int, height: Int
    }

    struct WindowDocument: Encodable {
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
