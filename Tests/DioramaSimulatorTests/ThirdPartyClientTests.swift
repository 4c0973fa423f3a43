import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// Programs nobody here wrote, from Debian packages, run as real processes
/// over the simulator's real socket.
@Suite(.ownThreads) struct ThirdPartyClientTests {
    /// The path of an installed program, or a failure naming the package.
    private static func program(_ path: String, package: String) throws -> String {
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "\(path) is missing; install it with: apt-get install \(package)")
        return path
    }

    /// This process's environment with `environment` on top, less a `WAYLAND_SOCKET` meant for us.
    private static func clientEnvironment(_ environment: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "WAYLAND_SOCKET")
        return merged.merging(environment) { $1 }
    }

    private static func spawn(_ path: String, environment: [String: String]) throws -> SpawnedProcess {
        try SpawnedProcess(
            executable: path, environment: clientEnvironment(environment), standardOutput: .null, standardError: .null)
    }

    @Test(.timeLimit(.minutes(10)))
    func westonSimpleShmMapsAndKeepsCommitting() throws {
        let path = try Self.program("/usr/bin/weston-simple-shm", package: "weston")
        // A real clock, so its frame callbacks come at 60 Hz like on a screen.
        let harness = try Simulator.Harness.shipped("dual.json") { $0.clock = MonotonicClock() }
        let process = try Self.spawn(path, environment: harness.clientEnvironment)
        defer {
            // SIGTERM: simple-shm's SIGINT handler only sets a flag its
            // blocking dispatch loop may never look at again.
            process.terminate(grace: .seconds(5))
        }
        let simulator = harness.simulator
        func commits() -> Int {
            simulator.trace.records.filter { record in
                if case .commit(let fact) = record.event { fact.window != nil && fact.bufferSize != nil } else { false }
            }.count
        }
        try harness.run(
            until: { simulator.windows.first?.isMapped == true && commits() >= 5 },
            timeout: .seconds(20), "weston-simple-shm to map and commit five frames")

        let window = try #require(simulator.windows.first)
        #expect(window.appID == "org.freedesktop.weston.simple-shm")
        #expect(window.title == "simple-shm")
        #expect(window.pid == process.pid)
        #expect(window.enteredDisplayNames == ["DP-1"])
        #expect(window.bufferSize == Size(width: 250, height: 250))
        let frames = simulator.trace.records.filter { if case .frameDone = $0.event { true } else { false } }
        #expect(frames.count >= 4)

        // Move it to the 2x display: it enters DP-2 (simple-shm does not rescale; that is a finding, not a failure).
        try simulator.moveWindow(.id(window.id), toDisplay: "DP-2")
        let before = simulator.trace.lastSequence
        try harness.run(
            until: { simulator.trace.events(since: before).contains { if case .commit = $0.event { true } else { false } } },
            timeout: .seconds(10), "a commit after the move")
        #expect(window.enteredDisplayNames == ["DP-2"])
        #expect(window.lastCommit?.staleScale == true)
    }

    /// On real sway 1.7 weston-simple-shm aborts at its second frame: sway
    /// releases the first buffer only after the frame that replaced it was
    /// shown, so at that frame's `done` both buffers are busy. The sway
    /// profile releases the same way, so the client dies the same way (the
    /// test above shows it running under `modern`).
    @Test(.timeLimit(.minutes(10)))
    func westonSimpleShmAbortsUnderTheSwayProfileAsOnSway() throws {
        let path = try Self.program("/usr/bin/weston-simple-shm", package: "weston")
        let errors = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-simple-shm-\(UUID().uuidString).stderr").path
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let harness = try Simulator.Harness.shipped("dual.json") {
            $0.profile = .sway17
            $0.clock = MonotonicClock()
        }
        let process = try SpawnedProcess(
            executable: path, environment: Self.clientEnvironment(harness.clientEnvironment),
            standardOutput: .null, standardError: .file(errors, append: false))
        defer { process.terminate(grace: .seconds(5)) }
        try harness.run(until: { !process.isRunning }, timeout: .seconds(20), "weston-simple-shm to abort")
        #expect(process.termination == .killed(signal: SIGABRT))
        let message = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(message.contains("Both buffers busy at redraw()"), "stderr: \(message)")
    }

    @Test(.timeLimit(.minutes(10)))
    func waylandInfoListsTheOutputsWithTheirNamesAndScales() throws {
        let path = try Self.program("/usr/bin/wayland-info", package: "wayland-utils")
        let layoutPath = Simulator.Harness.configsDirectory + "/studio.json"
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: try DisplayLayout.load(contentsOf: layoutPath))
        }
        defer { simulator.stop() }
        let run = try ProgramRun.run(path, environment: Self.clientEnvironment(simulator.clientEnvironment), timeout: .seconds(30))
        let text = run.output
        #expect(run.succeeded, "wayland-info \(run.termination): \(text)")

        for (name, scale, width) in [("DP-1", 1, 1920), ("DP-2", 2, 2560), ("HDMI-A-1", 2, 1920)] {
            #expect(text.contains("name: \(name)"), "wayland-info did not list \(name)")
            #expect(text.contains("logical_width: \(width)"))
            _ = scale
        }
        let scales = text.split(separator: "\n").filter { $0.contains("scale:") }.compactMap { line in
            line.split(separator: "scale:").last.flatMap {
                Int($0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",")))
            }
        }
        #expect(scales == [1, 2, 2])
        #expect(text.contains("wp_fractional_scale_manager_v1"))
        #expect(text.contains("'xdg_wm_base'"))

        let clients = try simulator.perform { simulator in
            simulator.trace.records.filter {
                if case .clientConnected = $0.event { true } else { false }
            }.count
        }
        #expect(clients == 1)
    }

    /// A client that renders with a GPU API, run on Mesa's CPU rasterizer
    /// (no GPU here): its frames arrive as `wl_shm` buffers like any other.
    struct GPUClient: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var arguments: [String]
        var package: String
        var environment: [String: String]
        var testDescription: String { name }
    }

    /// The commits a test looked at so far; read and written only on the
    /// simulator's thread (in the closures it runs there).
    final class CommitCount: @unchecked Sendable {
        var value = 0
    }

    /// A screenshot of DP-1 and the window it shows, at one moment.
    struct WindowLook: Sendable {
        var shot: Screenshot
        var frame: Rect
        var buffer: Size?
        var pid: Int32

        /// The colours in the window's area, every fourth pixel each way.
        var colours: Set<UInt32> {
            let origin = shot.pixelPosition(ofLogical: frame.origin)
            var colours = Set<UInt32>()
            for y in stride(from: 0, to: frame.height, by: 4) {
                for x in stride(from: 0, to: frame.width, by: 4) {
                    colours.insert(shot.image[origin.x + x, origin.y + y].argb & 0xFF_FFFF)
                }
            }
            return colours
        }
    }

    static let gpuClients = [
        GPUClient(
            name: "weston-simple-egl (OpenGL ES on llvmpipe)", path: "/usr/bin/weston-simple-egl", arguments: [],
            package: "weston libegl-mesa0 libgl1-mesa-dri", environment: ["LIBGL_ALWAYS_SOFTWARE": "1"]),
        GPUClient(
            name: "vkcube-wayland (Vulkan on lavapipe)", path: "/usr/bin/vkcube-wayland", arguments: [],
            package: "vulkan-tools mesa-vulkan-drivers",
            environment: ["VK_ICD_FILENAMES": "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"]),
    ]

    /// Issue 15: a commit from an EGL or Vulkan client is traced, composited
    /// and screenshotted like an shm commit — the window shows what the
    /// client drew (not the black of an empty display), and keeps updating.
    @Test(.timeLimit(.minutes(10)), arguments: gpuClients)
    func gpuAPIClientsAreTracedAndScreenshotted(client: GPUClient) throws {
        let path = try Self.program(client.path, package: client.package)
        let layoutPath = Simulator.Harness.configsDirectory + "/studio.json"
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: try DisplayLayout.load(contentsOf: layoutPath))
        }
        defer { simulator.stop() }
        let process = try Self.spawn(path, environment: simulator.clientEnvironment.merging(client.environment) { $1 })
        defer {
            process.terminate(grace: .seconds(5))
        }
        @Sendable func commitsWithBuffers(_ simulator: Simulator) -> Int {
            simulator.trace.records.filter { record in
                if case .commit(let fact) = record.event { fact.window != nil && fact.bufferSize != nil } else { false }
            }.count
        }
        // The window is looked at once it mapped and committed ten frames,
        // and again after each commit until it shows the client's drawing:
        // an EGL client's first frames on llvmpipe can hold its clear colour
        // alone (weston-simple-egl's first ten did, on a loaded machine, and
        // the ten after them showed its triangle).
        let lookedAt = CommitCount()
        @Sendable func look(_ simulator: Simulator, commits: Int) throws -> WindowLook? {
            guard let window = simulator.windows.first, window.isMapped, commits >= 10 else { return nil }
            let shot = try simulator.screenshot(ofDisplay: "DP-1")
            lookedAt.value = commits
            return WindowLook(shot: shot, frame: window.frame, buffer: window.bufferSize, pid: window.pid)
        }
        let drawn = try simulator.value(timeout: .seconds(30)) { simulator -> WindowLook? in
            let commits = commitsWithBuffers(simulator)
            guard commits > lookedAt.value, let seen = try look(simulator, commits: commits) else { return nil }
            return seen.colours.count > 8 ? seen : nil
        }
        let seen = try #require(try drawn ?? simulator.perform { try look($0, commits: commitsWithBuffers($0)) }, "\(client.name) to map and commit ten frames")
        #expect(seen.pid == process.pid)
        #expect(
            seen.buffer != nil && seen.buffer != Size(width: 0, height: 0), "a buffer of pixels is attached: \(String(describing: seen.buffer))")
        // What the window area shows: more than one colour, and not all black.
        let colours = seen.colours
        #expect(colours.count > 8, "the screenshot shows the client's drawing, \(colours.count) colours in its window")
        #expect(colours != [0], "not the empty display's black")
    }
}
