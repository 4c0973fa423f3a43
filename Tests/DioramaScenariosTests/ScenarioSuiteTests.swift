import DioramaModel
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
}
