import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `--help` prints usage and exits 0 before the app reads its Info.plist or
/// looks for a compositor: asking how to run an app must not need one.
@Suite("The sample apps' --help", .ownThreads)
struct HelpTests {
    @Test("--help prints the app's and the runtime's options and exits 0 with no compositor", arguments: [SampleApp.timerApp, SampleApp.gameScene])
    func helpWithoutACompositor(app: String) throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-help-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let result = try ChildProcess.run(
            try TestExecutable.locate(app), arguments: ["--help"],
            environment: ChildProcess.minimalEnvironment([
                "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-none",
                "XDG_STATE_HOME": runtime.appendingPathComponent("state").path,
            ]), timeout: 20)
        #expect(result.status == 0 && !result.exitedBySignal, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("--info-plist PATH"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("DIORAMA_TRACE"))
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        // Nothing was saved: the app stopped before its state directory was claimed.
        #expect(!FileManager.default.fileExists(atPath: runtime.appendingPathComponent("state").path))
    }

    @Test("GameScene's --help names its renderers")
    func gameSceneOptions() throws {
        let result = try ChildProcess.run(
            try TestExecutable.locate(SampleApp.gameScene), arguments: ["-h"],
            environment: ChildProcess.minimalEnvironment(["WAYLAND_DISPLAY": "wayland-none"]), timeout: 20)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--renderer software|gles|vulkan"), "\(result.standardOutput)")
    }
}
