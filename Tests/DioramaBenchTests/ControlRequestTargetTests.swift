import Testing

@testable import DioramaBenchKit

/// How `make bench` judges issue 19's "≥ 10× sway per control request":
/// one round trip each and pipelined with weston-simple-shm attached, and
/// one round trip each again with TimerApp attached (a client every move
/// sends events to), each against the same run's sway figure.
@Suite struct ControlRequestTargetTests {
    private func section(timerApp: Double?, timerAppUnavailable: String? = nil) -> ThroughputSection {
        var control = ControlSocketThroughput(moves: 100, batchSize: 10, pipelineDepth: 64)
        control.requestsPerSecond = 60_000
        control.pipelinedRequestsPerSecond = 150_000
        control.timerAppRequestsPerSecond = timerApp
        control.timerAppUnavailable = timerAppUnavailable
        let sway = SwayThroughput(moves: 100, movesPerSecond: 5_000, pipelinedMovesPerSecond: 10_000, pipelineDepth: 64)
        return ThroughputSection(simulator: [], sway: sway, controlSocket: control)
    }

    private func result(_ suffix: String, in results: [TargetResult]) throws -> TargetResult {
        try #require(results.first { $0.name == "control requests vs sway IPC, " + suffix })
    }

    @Test func eachWayIsJudgedAgainstTheSameRunsSway() throws {
        let results = TargetEvaluation.controlRequestTargets(section(timerApp: 30_000))
        let oneEach = try result("one round trip each", in: results)
        #expect(oneEach.met == true)
        #expect(oneEach.ratio == 1.2)
        let pipelined = try result("pipelined, 64 in flight", in: results)
        #expect(pipelined.met == true)
        #expect(pipelined.ratio == 1.5)
        let withTimerApp = try result("one round trip each, TimerApp attached", in: results)
        #expect(withTimerApp.met == false)
        #expect(withTimerApp.ratio == 0.6)
        #expect(withTimerApp.measured.contains("30000 moves/s vs sway 5000/s"))
    }

    @Test func aTimerAppRunThatCouldNotBeMadeSaysWhy() throws {
        let results = TargetEvaluation.controlRequestTargets(
            section(timerApp: nil, timerAppUnavailable: "TimerApp not built; swift build -c release --product TimerApp"))
        let withTimerApp = try result("one round trip each, TimerApp attached", in: results)
        #expect(withTimerApp.met == nil)
        #expect(withTimerApp.measured.contains("TimerApp not built"))
        // The other ways are judged all the same.
        #expect(try result("one round trip each", in: results).met == true)
    }
}
