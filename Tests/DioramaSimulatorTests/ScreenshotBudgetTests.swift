import DioramaControlClient
import DioramaModel
import DioramaPOSIX
import DioramaSimulatorHarness
import Foundation
import Testing

@testable import DioramaSimulator

/// Screenshots in flight (issue #21, finding 8): however many control
/// connections ask at once, the pictures held between compositing and
/// writing their PNG never take more than
/// `SimulatorLimits.maximumScreenshotBytesInFlight`; the requests that do
/// not fit wait their turn and all succeed.
@Suite struct ScreenshotBudgetTests {
    /// DP-1 of the dual layout: 1920×1080 pixels, 4 bytes each.
    static let pictureBytes = 1920 * 1080 * 4

    @Test(.timeLimit(.minutes(10)))
    func concurrentScreenshotsStayWithinTheBudgetAndAllSucceed() throws {
        // Room for one DP-1 picture at a time, not two.
        let budget = Self.pictureBytes + Self.pictureBytes / 2
        let harness = try Simulator.Harness(layout: TestLayouts.dual) { configuration in
            configuration.limits = SimulatorLimits(
                maximumScreenshotPixels: 1920 * 1080, maximumScreenshotBytesInFlight: budget)
        }
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness)
        let server = try ControlServer(simulator: harness.simulator)
        defer { server.stop() }
        let directory = try TemporaryDirectory.make(prefix: "/tmp/diorama-screenshot-budget-")
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let requests = 6
        let answers = Answers()
        let path = server.path
        for index in 0..<requests {
            Thread {
                let request = ControlRequest.screenshot(display: "DP-1", path: "\(directory)/\(index).png", scale: nil)
                answers.add(Result { try ControlClient(path: path).send(request) })
            }.start()
        }
        try harness.run(until: { answers.count == requests }, timeout: .seconds(90), "\(requests) screenshots")

        let results = try answers.all.map { try $0.get() }
        #expect(results.allSatisfy { $0.error == nil }, "\(results.compactMap(\.error))")
        for index in 0..<requests {
            #expect(FileManager.default.fileExists(atPath: "\(directory)/\(index).png"))
        }
        let peak = harness.simulator.screenshotBudget.peakBytesInFlight
        #expect(peak == Self.pictureBytes, "at most one picture at a time: \(peak) bytes were in flight")
    }

    /// The answers the control threads got, for the pumping test thread.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<ControlResponse, any Error>] = []

        func add(_ result: Result<ControlResponse, any Error>) {
            lock.lock()
            results.append(result)
            lock.unlock()
        }

        var all: [Result<ControlResponse, any Error>] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }

        var count: Int { all.count }
    }
}
