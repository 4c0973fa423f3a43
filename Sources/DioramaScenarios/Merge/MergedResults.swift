import DioramaModel
import Foundation

/// `diorama merge`: the JSON results of several runs — the shards of a CI
/// matrix, on one or several backends — checked to fit together and combined
/// into one document, from which the merged JSON, JUnit, HTML and GitHub
/// reports are written.
///
/// They fit together when, per backend, the shards are all present once with
/// the same count (or one whole-suite run), and no scenario ran twice on a
/// backend. Scenarios come out in the order an unsharded run gives them
/// (file name, then backend), so a merge of shards equals the whole run.
package struct MergedResults: Sendable {
    var document: JSONReport.Document

    /// The results files, as given.
    package private(set) var sources: [String]

    /// Reads and checks `paths`.
    ///
    /// - Throws: ``MergeError`` listing every problem: a file that cannot be
    ///   read or is not a results document, a shard given twice or missing, a
    ///   scenario that ran twice.
    package static func load(_ paths: [String]) throws(MergeError) -> MergedResults {
        var problems: [String] = []
        var documents: [(path: String, document: JSONReport.Document)] = []
        for path in paths {
            do throws(MergeError) {
                documents.append((path, try read(path)))
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw MergeError(problems) }
        problems += shardProblems(documents)
        problems += duplicateScenarios(documents)
        guard problems.isEmpty else { throw MergeError(problems) }
        return MergedResults(document: combine(documents.map(\.document)), sources: paths)
    }

    /// Scenarios on a backend that did not pass (failed, or did not start).
    package var failedCount: Int { document.scenarios.filter { $0.status == "failed" || $0.status == "error" }.count }
    package var scenarioCount: Int { document.scenarios.count }
    /// The backends, in the order columns show them.
    package var backends: [String] { Self.ordered(Set(document.scenarios.map(\.backend))) }

    package func json() throws -> Data { try JSONReport.encode(document) }

    package func junit() -> String {
        JUnitReport.render(document.scenarios.map(JUnitReport.SuiteInput.init))
    }

    // MARK: Reading

    private static func read(_ path: String) throws(MergeError) -> JSONReport.Document {
        let data: Data
        do throws(FileReadFailure) {
            data = try RegularFileReader.read(path, as: .resultsReport)
        } catch {
            throw MergeError(["\(path): cannot be read (\(error)); \(error.oversizeFix ?? "pass the --json file of each run")"])
        }
        struct Header: Decodable { var schema: String? }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            // Which of three: nothing, JSON of another shape, or no JSON.
            let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let what =
                data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) })
                ? "is empty"
                : json is [String: Any]
                    ? "has a \"schema\" that is not a string"
                    : json != nil ? "is JSON, but not an object as a results document is" : "is not JSON"
            throw MergeError(["\(path): \(what); pass the --json file of each run"])
        }
        guard header.schema == JSONReport.schema else {
            throw MergeError([
                "\(path): has schema \(header.schema.map { "\"\($0)\"" } ?? "none"), not \"\(JSONReport.schema)\"; pass the --json file of diorama run"
            ])
        }
        let document: JSONReport.Document
        do {
            document = try JSONDecoder().decode(JSONReport.Document.self, from: data)
        } catch {
            throw MergeError(["\(path): is not a results document of this version (\(TraceFormat.describe(error)))"])
        }
        guard document.runs != nil, document.scenarios.allSatisfy({ $0.cases != nil && $0.time != nil }) else {
            throw MergeError(["\(path): was written by an older diorama run, without runs and test cases; run it again with this version"])
        }
        // Every run writes its own run record, an empty shard too: a
        // document without one would merge as nothing, "on" no backend.
        guard document.runs?.isEmpty == false else {
            throw MergeError(["\(path): lists no runs, while every file diorama run writes lists its own; pass the --json file of each run"])
        }
        for scenario in document.scenarios {
            if let unknown = scenario.cases?.first(where: { $0.testCase == nil }) {
                throw MergeError(["\(path): scenario \(scenario.name) has a case with result \"\(unknown.result)\"; expected passed, failed, skipped or error"])
            }
        }
        return document
    }

    // MARK: Checking

    /// A shard given twice, missing, or split differently between files.
    private static func shardProblems(_ documents: [(path: String, document: JSONReport.Document)]) -> [String] {
        var problems: [String] = []
        var runsByBackend: [String: [(run: RunRecord, path: String)]] = [:]
        for (path, document) in documents {
            for run in document.runs ?? [] { runsByBackend[run.backend, default: []].append((run, path)) }
        }
        for backend in ordered(Set(runsByBackend.keys)) {
            let runs = runsByBackend[backend]!
            var seen: [String: String] = [:]
            for (run, path) in runs {
                if let earlier = seen[run.label] {
                    problems.append("\(run.label) is in both \(earlier) and \(path); pass each shard's results once")
                } else {
                    seen[run.label] = path
                }
            }
            for (run, path) in runs {
                if let text = run.shard, (try? Shard(parsing: text)) == nil {
                    problems.append("\(path): \(backend) run has the shard \"\(text)\", not i/n; pass the --json file diorama run wrote")
                }
            }
            let shards = runs.compactMap { entry in entry.run.shard.flatMap { try? Shard(parsing: $0) }.map { ($0, entry.path) } }
            if shards.count < runs.count, let whole = runs.first(where: { $0.run.shard == nil }), runs.count > 1 {
                problems.append(
                    "\(backend) ran the whole suite in \(whole.path) and also other runs; merge either one whole run or every shard")
                continue
            }
            guard let first = shards.first else { continue }
            if let other = shards.first(where: { $0.0.count != first.0.count }) {
                problems.append(
                    "\(backend) was split into \(first.0.count) shards in \(first.1) but \(other.0.count) in \(other.1); merge the shards of one split")
                continue
            }
            let present = Set(shards.map(\.0.index))
            for index in 1...first.0.count where !present.contains(index) {
                problems.append(
                    "\(backend) shard \(index)/\(first.0.count) is missing: no results file has it; pass every shard's --json file (did its job fail to upload?)"
                )
            }
        }
        return problems
    }

    /// A scenario with results from two runs on one backend.
    private static func duplicateScenarios(_ documents: [(path: String, document: JSONReport.Document)]) -> [String] {
        var problems: [String] = []
        var seen: [String: String] = [:]
        for (path, document) in documents {
            for scenario in document.scenarios {
                let key = "\(scenario.name) on \(scenario.backend)"
                let place = path + (scenario.shard.map { " (shard \($0))" } ?? "")
                if let earlier = seen[key] {
                    problems.append("scenario \(key) ran twice: in \(earlier) and \(place); each scenario must run in one shard only")
                } else {
                    seen[key] = place
                }
            }
        }
        return problems
    }

    // MARK: Combining

    private static func combine(_ documents: [JSONReport.Document]) -> JSONReport.Document {
        let scenarios = documents.flatMap(\.scenarios)
        let fileOrder = Dictionary(
            Shard.sortedByFileName(Array(Set(scenarios.map(\.file)))).enumerated().map { ($1, $0) },
            uniquingKeysWith: { first, _ in first })
        let backendOrder = Dictionary(uniqueKeysWithValues: ordered(Set(scenarios.map(\.backend))).enumerated().map { ($1, $0) })
        let sorted = scenarios.sorted { lhs, rhs in
            (fileOrder[lhs.file]!, backendOrder[lhs.backend]!, lhs.name) < (fileOrder[rhs.file]!, backendOrder[rhs.backend]!, rhs.name)
        }
        let runs = documents.flatMap { $0.runs ?? [] }.sorted { lhs, rhs in
            let left = lhs.shard.flatMap { try? Shard(parsing: $0) }?.index ?? 0
            let right = rhs.shard.flatMap { try? Shard(parsing: $0) }?.index ?? 0
            return (backendOrder[lhs.backend] ?? 0, lhs.backend, left) < (backendOrder[rhs.backend] ?? 0, rhs.backend, right)
        }
        return JSONReport.Document(runs: runs, scenarios: sorted)
    }

    /// Backends in the order of ``BackendKind`` (sim, sway, weston), then any
    /// other name (a newer version's) alphabetically.
    static func ordered(_ backends: Set<String>) -> [String] {
        let known = BackendKind.allCases.map(\.rawValue)
        return known.filter(backends.contains) + backends.subtracting(known).sorted()
    }
}

/// Results that cannot be merged; each problem names the file, shard or
/// scenario and what to do.
package struct MergeError: Error, Hashable, Sendable, CustomStringConvertible {
    package var problems: [String]
    init(_ problems: [String]) { self.problems = problems }
    package var description: String { problems.joined(separator: "\n") }
}

extension JUnitReport.SuiteInput {
    /// A scenario as a merged document records it (its cases were checked
    /// readable when the document was read).
    init(_ document: JSONReport.ScenarioDocument) {
        self.init(
            name: document.name, file: document.file,
            properties: Self.properties(
                file: document.file, backend: document.backend, profile: document.profile, shard: document.shard,
                machine: document.machine),
            time: JSONReport.duration(seconds: document.time ?? 0),
            cases: (document.cases ?? []).compactMap(\.testCase))
    }
}
