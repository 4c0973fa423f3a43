import DioramaTestSupport
import Foundation
import Testing

/// `diorama run` with a screenshot too big to take: the step fails with the
/// size it would need, and the run goes on to its report (it used to abort).
@Suite("diorama run: screenshot limits")
struct ScreenshotLimitRunTests {
    static let wall = """
        # The largest mode at the smallest scale: 1966080 points a side.
        display DP-1 1920x1080 scale 1 at 0,0
        plug display WALL 16384x16384 scale 0.008333333333333333 at 0,2000
        screenshot all as wall
        screenshot DP-1 as small
        """

    @Test("a layout screenshot over the limit fails its step; the run reports and exits 1")
    func layoutScreenshotOverTheLimitFailsTheStep() throws {
        let directory = try PackageRoot.temporaryDirectory("run-wall")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try RunCommandTests.write(Self.wall, "wall.scenario", in: directory)
        let result = try RunCommandTests.diorama(["run", file], in: directory)
        #expect(!result.exitedBySignal, "diorama run crashed:\n\(result.standardError)")
        #expect(result.status == 1, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(result.standardOutput.contains("the screenshot would be 1966080×1968080 px"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("the limit is 268435456 px"))
    }
}
