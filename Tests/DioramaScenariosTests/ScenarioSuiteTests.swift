import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

@Suite("Suites: shards and parallel runs")
struct ScenarioSuiteTests {
    let files = ["b/zeta.scenario", "a/alpha.scenario", "c/mid.scenario", "a/beta.scenario", "gamma.scenario"]

    @Test("shards deal files round-robin in file-name order; every file lands in exactly one")
    func shards() throws {
        #expect(Shard.sortedByFileName(files) == ["a/alpha.scenario", "a/beta.scenario", "gamma.scenario", "c/mid.scenario", "b/zeta.scenario"])
        #expect(try Shard(parsing: "1/2").select(files) == ["a/alpha.scenario", "gamma.scenario", "b/zeta.scenario"])
        #expect(try Shard(parsing: "2/2").select(files) == ["a/beta.scenario", "c/mid.scenario"])
        for count in 1...7 {
            let union = try (1...count).flatMap { try Shard(index: $0, count: count).select(files) }
            #expect(union.sorted() == files.sorted(), "shards of \(count)")
        }
        #expect(try Shard(parsing: "3/3").select(files) == ["gamma.scenario"])
        #expect(try Shard(parsing: "1/1").select(files.shuffled()) == Shard.sortedByFileName(files))
    }

    @Test("malformed shards are errors that say why")
    func badShards() {
        #expect(throws: ShardError.self) { try Shard(parsing: "0/3") }
        #expect(throws: ShardError.self) { try Shard(parsing: "4/3") }
        #expect(throws: ShardError.self) { try Shard(parsing: "1/0") }
        #expect(throws: ShardError.self) { try Shard(parsing: "2") }
        do {
            _ = try Shard(parsing: "4/3")
        } catch {
            #expect(error.description == "shard 4/3 does not exist; shards are numbered 1 to 3")
        }
    }

    @Test("collecting a folder takes its .scenario files, sorted by name, and a shard of them")
    func collect() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        for name in ["c.scenario", "a.scenario", "b.scenario", "notes.txt"] {
            try directory.write("displays: studio\n", to: "suite/\(name)")
        }
        let suite = try ScenarioSuite.collect([directory.path + "/suite"])
        #expect(suite.files.map { Shard.fileName($0) } == ["a.scenario", "b.scenario", "c.scenario"])
        let shard = try ScenarioSuite.collect([directory.path + "/suite"], shard: Shard(parsing: "2/2"))
        #expect(shard.files.map { Shard.fileName($0) } == ["b.scenario"])
        #expect(throws: ScenarioErrors.self) { try ScenarioSuite.collect([directory.path + "/missing"]) }
        #expect(throws: ScenarioErrors.self) { try ScenarioSuite.collect([directory.path]) }
    }

    @Test("a suite runs on a backend per scenario and returns results in suite order")
    func parallel() async throws {
        let scenarios = try ["one", "two", "three", "four"].map { name in
            try ScenarioLoader.load(
                text: "displays: studio\nlaunch TimerApp as t\nwindow w = t\nexpect w on DP-1\n",
                file: "\(name).scenario", environment: shippedEnvironment)
        }
        let results = await ScenarioSuiteRunner(options: ScenarioRunOptions(jobs: 3)).run(scenarios) {
            ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: Size(width: 10, height: 10)) }
        }
        #expect(results.map(\.name) == ["one", "two", "three", "four"])
        #expect(results.allSatisfy { $0.status == .passed })
    }

    @Test("a scenario's backend stops while the next scenario runs; the suite returns once every backend has stopped")
    func stopsBesideTheNextScenario() async throws {
        let scenarios = try ["one", "two"].map { name in
            try ScenarioLoader.load(
                text: "displays: studio\nlaunch TimerApp as t\nwindow w = t\nexpect w on DP-1\n",
                file: "\(name).scenario", environment: shippedEnvironment)
        }
        let (secondStarted, announceSecondStart) = AsyncStream.makeStream(of: Void.self)
        let notes = SuiteNotes()
        // One job: the second scenario can start before the first backend's
        // stop ends only if the suite does not wait for that stop. The wait
        // is bounded so that the old order fails instead of hanging.
        let results = await ScenarioSuiteRunner(options: ScenarioRunOptions(jobs: 1)).run(scenarios) {
            let backend = ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: Size(width: 10, height: 10)) }
            let number = notes.backendMade()
            if number == 2 { backend.whenStarted = { announceSecondStart.yield() } }
            backend.whenStopping = {
                if number == 1 {
                    let sawIt = await Self.first(of: secondStarted, within: .seconds(20))
                    notes.record("first stop saw the second start", sawIt)
                }
                notes.stopEnded()
            }
            return backend
        }
        #expect(results.map(\.name) == ["one", "two"])
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(notes.saw("first stop saw the second start") == true, "the first scenario's stop ended before the second scenario started")
        #expect(notes.stopsEnded == 2, "run returned before every backend had stopped")
    }

    @Test("with two jobs, a scenario waiting out a `wait` step lets the next scenario start")
    func aPauseLetsTheNextScenarioStart() async throws {
        let texts = [
            "displays: studio\nlaunch TimerApp as t\nwindow w = t\nwait 5s\nexpect w on DP-1\n",
            "displays: studio\nlaunch TimerApp as t\nwindow w = t\nexpect w on DP-1\n",
            "displays: studio\nlaunch TimerApp as t\nwindow w = t\nexpect w on DP-1\n",
        ]
        let scenarios = try zip(["paused", "second", "third"], texts).map { name, text in
            try ScenarioLoader.load(text: text, file: "\(name).scenario", environment: shippedEnvironment)
        }
        let (thirdStartedForPause, announceToPause) = AsyncStream.makeStream(of: Void.self)
        let (thirdStartedForSecond, announceToSecond) = AsyncStream.makeStream(of: Void.self)
        let notes = SuiteNotes()
        // The first scenario's pause and the second scenario's start both
        // wait for the third to start. Were a paused scenario still one of
        // the two jobs, the third could start only after one of those waits
        // ran out (bounded, so that it fails instead of hanging).
        let results = await ScenarioSuiteRunner(options: ScenarioRunOptions(jobs: 2)).run(scenarios) {
            let backend = ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: Size(width: 10, height: 10)) }
            switch notes.backendMade() {
            case 1: backend.whenPausing = { notes.record("pause saw the third", await Self.first(of: thirdStartedForPause, within: .seconds(20))) }
            case 2: backend.whenStarted = { notes.record("second saw the third", await Self.first(of: thirdStartedForSecond, within: .seconds(20))) }
            default:
                backend.whenStarted = {
                    announceToPause.yield()
                    announceToSecond.yield()
                }
            }
            return backend
        }
        #expect(results.map(\.name) == ["paused", "second", "third"])
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(notes.saw("pause saw the third") == true, "the third scenario did not start while the first one paused")
        #expect(notes.saw("second saw the third") == true, "the third scenario did not start beside the second")
    }

    /// True when `stream` yields within `limit`, false at the limit.
    private static func first(of stream: AsyncStream<Void>, within limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

/// What the scripted backends of ``ScenarioSuiteTests``' runs saw, noted
/// from the suite's tasks: how many were made, what each bounded wait saw
/// (by name), and how many stops ended.
private final class SuiteNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var made = 0
    private var seen: [String: Bool] = [:]
    private var ended = 0

    func backendMade() -> Int {
        lock.withLock {
            made += 1
            return made
        }
    }
    func record(_ what: String, _ sawIt: Bool) { lock.withLock { seen[what] = sawIt } }
    func saw(_ what: String) -> Bool? { lock.withLock { seen[what] } }
    func stopEnded() { lock.withLock { ended += 1 } }
    var stopsEnded: Int { lock.withLock { ended } }
}
