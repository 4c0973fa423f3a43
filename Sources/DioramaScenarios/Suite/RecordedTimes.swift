import DioramaModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// How long each scenario took in an earlier run, read from its JUnit or JSON
/// report (`--shard-by-time PREVIOUS.xml|.json`), keyed by scenario name.
package struct RecordedTimes: Hashable, Sendable {
    /// Seconds per scenario name. A scenario run on several backends (a merged
    /// report) counts with the sum of its times.
    package var seconds: [String: Double]

    package init(seconds: [String: Double]) {
        self.seconds = seconds
    }

    /// The median of the recorded times: what a scenario without a time of its
    /// own (new since that run) is expected to take. 1 s when nothing was recorded.
    package var median: Double {
        let sorted = seconds.values.sorted()
        guard !sorted.isEmpty else { return 1 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The time a scenario file is expected to take.
    package func expectedSeconds(forFile file: String) -> Double {
        seconds[ScenarioParser.scenarioName(forFile: file)] ?? median
    }

    /// Reads a report `diorama run` or `diorama merge` wrote: JUnit XML (each
    /// `<testsuite name= time=>`) or JSON (each scenario's `name` and `time`),
    /// told apart by their first non-blank character.
    ///
    /// - Throws: ``RecordedTimesError`` naming the file and what is wrong.
    package static func load(path: String) throws(RecordedTimesError) -> RecordedTimes {
        let data: Data
        do throws(FileReadFailure) {
            data = try RegularFileReader.read(path, as: .resultsReport)
        } catch {
            throw RecordedTimesError(path: path, problem: "cannot be read (\(error))" + (error.oversizeFix.map { "; \($0)" } ?? ""))
        }
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let times: [String: Double]
        switch first {
        case UInt8(ascii: "<"): times = try junitTimes(data, path: path)
        case UInt8(ascii: "{"): times = try jsonTimes(data, path: path)
        default:
            throw RecordedTimesError(path: path, problem: "is neither a JUnit XML nor a JSON report of diorama run")
        }
        guard !times.isEmpty else {
            throw RecordedTimesError(path: path, problem: "records no scenario times; give the report of a run that ran scenarios")
        }
        return RecordedTimes(seconds: times)
    }

    private static func jsonTimes(_ data: Data, path: String) throws(RecordedTimesError) -> [String: Double] {
        struct Document: Decodable {
            struct Scenario: Decodable {
                var name: String
                var time: Double?
            }
            var scenarios: [Scenario]
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw RecordedTimesError(path: path, problem: "is not a JSON report of diorama run (\(TraceFormat.describe(error)))")
        }
        var times: [String: Double] = [:]
        for scenario in document.scenarios {
            guard let time = scenario.time else {
                throw RecordedTimesError(
                    path: path,
                    problem: "has no time for \(scenario.name) (written before reports recorded times); give a newer report")
            }
            times[scenario.name, default: 0] += time
        }
        return times
    }

    private static func junitTimes(_ data: Data, path: String) throws(RecordedTimesError) -> [String: Double] {
        let reader = TestSuiteTimeReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            let line = parser.lineNumber
            throw RecordedTimesError(
                path: "\(path):\(line)", problem: "is not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "parse error"))")
        }
        guard reader.depth == 0 else {
            throw RecordedTimesError(path: path, problem: "is not well-formed XML (it ends before its elements close; a report cut short?)")
        }
        if let bad = reader.unreadable {
            throw RecordedTimesError(path: path, problem: "has a <testsuite name=\"\(bad)\"> without a time in seconds")
        }
        return reader.times
    }
}

/// Collects `<testsuite name="…" time="…">`: the scenario and its whole run.
private final class TestSuiteTimeReader: NSObject, XMLParserDelegate {
    var times: [String: Double] = [:]
    /// The first suite whose time is missing or not a number.
    var unreadable: String?
    /// Elements open so far: not 0 at the end when the file was cut short
    /// (Foundation's parser accepts that on Linux).
    var depth = 0

    // Fires for every element; only test suites carry a scenario's time.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        guard elementName == "testsuite", let name = attributes["name"] else { return }
        guard let time = attributes["time"].flatMap(Double.init), time >= 0 else {
            if unreadable == nil { unreadable = name }
            return
        }
        times[name, default: 0] += time
    }

    // Fires when an element closes.
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }
}

/// A `--shard-by-time` report that cannot be used.
package struct RecordedTimesError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var problem: String

    package var description: String { "\(path): \(problem)" }
}
