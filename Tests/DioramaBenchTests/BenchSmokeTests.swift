import DioramaBenchKit
import Foundation
import Testing

/// The benchmark harness end to end in a tiny configuration (TimerApp, one move
/// per direction, 10 surfaces, no sway): every section of the JSON is there and
/// holds numbers. No timing is asserted — speed is for `make bench`.
@Suite struct BenchSmokeTests {
    @Test func aTinyRunWritesEverySectionWithNumbers() throws {
        let report = try BenchRunner.run(.smoke, packageRoot: BenchRunner.packageRoot)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-smoke-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try BenchRunner.write(report, to: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])

        for section in ["timestamp", "machine", "configuration", "reaction", "throughput", "memory", "scanner", "targets"] {
            #expect(json[section] != nil, "section \(section) missing")
        }
        let machine = try #require(json["machine"] as? [String: Any])
        #expect((machine["cores"] as? Int ?? 0) > 0)
        #expect((machine["uname"] as? String)?.hasPrefix("Linux") == true)

        let reaction = try #require(json["reaction"] as? [[String: Any]])
        let timer = try #require(reaction.first { $0["client"] as? String == "TimerApp" })
        #expect(timer["unavailable"] == nil, "TimerApp not measured: \(timer["unavailable"] ?? "")")
        #expect(timer["moves"] as? Int == 4)
        let overall = try #require(timer["overall"] as? [String: Any])
        #expect(overall["count"] as? Int == 4, "TimerApp answered every move with a correctly scaled commit")
        #expect(overall["medianMilliseconds"] is Double)
        #expect(timer["firstCorrectFrameMilliseconds"] is Double)
        #expect(timer["staleFrames"] is Int)  // counted; zero is a target for `make bench`, not a smoke check

        let throughput = try #require(json["throughput"] as? [String: Any])
        let simulator = try #require((throughput["simulator"] as? [[String: Any]])?.first)
        #expect(simulator["surfaces"] as? Int == 10)
        #expect((simulator["movesPerSecond"] as? Double ?? 0) > 0)
        #expect((simulator["cpuMicrosecondsPerMove"] as? Double ?? 0) > 0)

        let memory = try #require(json["memory"] as? [String: Any])
        let simulatorMemory = try #require((memory["simulator"] as? [[String: Any]])?.first)
        #expect((simulatorMemory["rssKiB"] as? Int ?? 0) > 0)

        let scanner = try #require(json["scanner"] as? [String: Any])
        #expect(scanner["unavailable"] == nil, "scanner not timed: \(scanner["unavailable"] ?? "")")
        #expect((scanner["scannerMillisecondsPerTarget"] as? Double ?? 0) > 0)

        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.contains { ($0["name"] as? String)?.contains("stale frames") == true })
    }
}
