import DioramaBenchKit
import DioramaTestTraits
import Foundation
import Testing

/// The benchmark harness end to end in a tiny configuration (TimerApp, one move
/// per direction, 10 surfaces, no sway): every section of the JSON is there and
/// holds numbers. No timing is asserted — speed is for `make bench`.
@Suite(.ownThreads(longChain: .seconds(4))) struct BenchSmokeTests {
    @Test func aTinyRunWritesEverySectionWithNumbers() throws {
        let report = try BenchRunner.run(.smoke, packageRoot: BenchRunner.packageRoot)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-smoke-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try BenchRunner.write(report, to: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])

        for section in [
            "timestamp", "machine", "configuration", "reaction", "throughput", "memory", "scanner", "swayReaction",
            "screenshot", "lint", "hostileCost", "commandTimes", "targets",
        ] {
            #expect(json[section] != nil, "section \(section) missing")
        }
        let commandTimes = try #require(json["commandTimes"] as? [String: Any])
        #expect(commandTimes["unavailable"] as? String == "skipped (0 runs asked)", "the smoke run times no whole command")
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
        #expect((simulator["tracedCPUMicrosecondsPerMove"] as? Double ?? 0) > 0)
        #expect((simulator["traceLinesPerMove"] as? Double ?? 0) >= 2, "a move traces at least its configure and its window_moved")

        let memory = try #require(json["memory"] as? [String: Any])
        let simulatorMemory = try #require((memory["simulator"] as? [[String: Any]])?.first)
        #expect((simulatorMemory["rssKiB"] as? Int ?? 0) > 0)

        let scanner = try #require(json["scanner"] as? [String: Any])
        #expect(scanner["unavailable"] == nil, "scanner not timed: \(scanner["unavailable"] ?? "")")
        #expect((scanner["scannerMillisecondsPerTarget"] as? Double ?? 0) > 0)

        let swayReaction = try #require(json["swayReaction"] as? [String: Any])
        #expect((swayReaction["unavailable"] as? String)?.contains("skipped") == true)

        let screenshot = try #require(json["screenshot"] as? [String: Any])
        #expect(screenshot["unavailable"] == nil, "screenshot not timed: \(screenshot["unavailable"] ?? "")")
        #expect(screenshot["width"] as? Int == 5120 && screenshot["height"] as? Int == 2880)
        #expect(["debug", "release"].contains(screenshot["build"] as? String ?? ""))
        #expect((screenshot["cpuMilliseconds"] as? Double ?? 0) > 0)
        #expect((screenshot["fileBytes"] as? Int ?? 0) > 0)

        let lint = try #require(json["lint"] as? [String: Any])
        #expect(lint["unavailable"] == nil, "lint not timed: \(lint["unavailable"] ?? "")")
        #expect((2_300_000...2_700_000).contains(lint["pbxprojBytes"] as? Int ?? 0))
        #expect(lint["targets"] as? Int == 63)
        #expect((lint["cpuMilliseconds"] as? Double ?? 0) > 0)

        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.contains { ($0["name"] as? String)?.contains("stale frames") == true })
        #expect(targets.contains { ($0["name"] as? String)?.hasPrefix("lint of a 2.5 MB project (") == true })
        #expect(targets.contains { ($0["name"] as? String)?.hasPrefix("5120×2880 screenshot (") == true && $0["ratio"] is Double })
    }

    /// The GL section alone, one move per direction: the GL GameScene and the
    /// SDL2 GL peers, real processes on Mesa's software GL under the
    /// simulator. Every move is answered and the GL latency target is judged
    /// against a GL peer (counts and names are asserted, never durations).
    @Test func oneMovePerDirectionOfTheGLClients() throws {
        let names = ["GameScene --renderer gles", "SDL2 testgl2", "SDL2 testgles2"]
        var configuration = BenchConfiguration.glOnly(movesPerDirection: 1, clients: names)
        configuration.reactionTimeoutMilliseconds = 5000
        let report = try BenchRunner.run(configuration, packageRoot: BenchRunner.packageRoot)
        #expect(report.reaction.map(\.client) == names)
        for client in report.reaction {
            #expect(client.unavailable == nil, "\(client.client): \(client.unavailable ?? "") (apt-get install libsdl2-tests libgl1-mesa-dri)")
            #expect(client.renderer == .openGL)
            #expect(client.overall?.count == 4, "\(client.client) answered every move: \(client.directions.map { "\($0.direction) \($0.unanswered)" })")
            // The same work for everyone: each window took the bench's size,
            // and each answer at 2× was a buffer of twice that size.
            #expect(client.windowWidth == 1280 && client.windowHeight == 800, "\(client.client)'s window is 1280×800 points")
            let toTwo = client.directions.first { $0.direction.hasSuffix("->2x") }
            #expect(toTwo?.answerBufferSizes == ["2560x1600"], "\(client.client) answered 2× with \(toTwo?.answerBufferSizes ?? [])")
        }
        let target = try #require(report.targets.first { $0.name == "GameScene --renderer gles latency vs best GL peer" })
        #expect(target.met != nil && target.measured.contains("SDL2 testgl"), "\(target.measured)")
        #expect(report.swayReaction.unavailable?.contains("skipped") == true)
    }

    /// The sway section alone, one move each way per client: real sway, real
    /// TimerApp and foot, real IPC. Every move is answered and every figure the
    /// table shows has its sample (counts, never durations, are asserted).
    @Test func oneMoveEachWayUnderSwayIsTimedForBothClients() throws {
        var configuration = BenchConfiguration.swayReactionOnly(movesPerDirection: 1)
        configuration.reactionTimeoutMilliseconds = 5000
        let report = try BenchRunner.run(configuration, packageRoot: BenchRunner.packageRoot)
        let section = report.swayReaction
        #expect(section.unavailable == nil, "sway reaction not measured: \(section.unavailable ?? "") (apt-get install sway foot)")
        #expect(section.clients.map(\.client) == ["TimerApp", "foot"])
        #expect(report.reaction.isEmpty, "the simulator's reaction section is skipped in this configuration")
        for client in section.clients {
            #expect(client.unavailable == nil, "\(client.client): \(client.unavailable ?? "")")
            #expect(client.directions.map(\.direction) == ["1x->2x", "2x->1x", "all"], "\(client.client)")
            for direction in client.directions {
                let moves = direction.direction == "all" ? 2 : 1
                #expect(direction.moves == moves)
                #expect(direction.unanswered == 0, "\(client.client) \(direction.direction) unanswered")
                #expect(direction.enterToCommit.count == moves, "\(client.client) \(direction.direction)")
                #expect(direction.ipcToEnter.count == moves, "\(client.client) \(direction.direction)")
                if client.role == .diorama {
                    #expect(direction.ipcToCommit?.count == moves, "TimerApp trace commit \(direction.direction)")
                    #expect(direction.ipcToTraits?.count == moves, "TimerApp trace traits \(direction.direction)")
                } else {
                    #expect(direction.ipcToCommit == nil, "foot has no runtime trace")
                }
            }
        }
    }

    /// The hostile-input section alone (`--hostile-only`): every workload
    /// ran to its end beside the observer, whose roundtrips were timed, and
    /// the batch of 1,000 plugs had those beyond the display limit refused.
    /// Counts only; the durations are for `make bench`.
    @Test func theHostileInputSectionRunsEveryWorkloadBesideAnObserver() throws {
        let report = try BenchRunner.run(.hostileCostOnly, packageRoot: BenchRunner.packageRoot)
        let section = report.hostileCost
        let workloads = [section.deepTree, section.wideTree, section.plugBatch, section.plugUnplugBatch]
        #expect(workloads.map { $0?.size } == [64, 9_998, 1_000, 1_000])
        for workload in workloads.compactMap(\.self) {
            #expect(workload.observerRoundtrips.count > 0)
            #expect(workload.totalMilliseconds > 0)
        }
        // The studio layout has 3 displays: 61 more fit under the limit of 64.
        #expect(section.plugBatch?.refused == 1_000 - 61)
        #expect(section.plugUnplugBatch?.refused == 0)
        #expect(report.targets.filter { $0.name.hasPrefix("another client's roundtrip") }.count == 4)
    }
}
