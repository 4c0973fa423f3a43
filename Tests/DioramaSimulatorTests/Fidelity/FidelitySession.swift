import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import Foundation
import HeadlessCompositors

struct FidelitySessionError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The compositor side of a fidelity session: real sway or the simulator
/// imitating it, driven through the same steps.
protocol FidelityCompositor: AnyObject {
    /// What a client needs to connect (XDG_RUNTIME_DIR, WAYLAND_DISPLAY).
    var clientEnvironment: [String: String] { get }
    func waitForWindow(appID: String) throws
    func moveWindow(appID: String, toOutput output: String) throws
    func setScale(_ scale: Int, ofOutput output: String) throws
    func stop()
}

/// The outputs both compositors get: sway's headless defaults, HEADLESS-1 at
/// 1x and HEADLESS-2 at 2x to its right, 1280x800 pixels each.
enum FidelityOutputs {
    static let sway = SwayHeadless.defaultOutputs
    static var simulatorLayout: DisplayLayout {
        DisplayLayout(displays: sway.enumerated().map { index, output in
            DisplayConfiguration(name: SwayHeadless.outputName(index: index), make: "headless", model: "headless",
                                 mode: DisplayMode(width: output.width, height: output.height),
                                 scale: Scale(integer: Int(output.scale))!, position: Point(x: output.x, y: output.y))
        })
    }
}

/// Real sway 1.7, tiling (its default), over its IPC socket.
final class RealSwayCompositor: FidelityCompositor {
    private let compositor: RunningCompositor
    private let ipc: SwayIPC

    init() throws {
        compositor = try SwayHeadless.start(outputs: FidelityOutputs.sway)
        ipc = try SwayIPC(compositor)
    }

    var clientEnvironment: [String: String] { compositor.environment }

    func waitForWindow(appID: String) throws { _ = try ipc.waitForWindow(appID: appID, timeout: 10) }

    func moveWindow(appID: String, toOutput output: String) throws {
        try command("[app_id=\"\(appID)\"] move container to output \(output)")
    }

    func setScale(_ scale: Int, ofOutput output: String) throws { try command("output \(output) scale \(scale)") }

    private func command(_ text: String) throws {
        for result in try ipc.command(text) where !result.success {
            throw FidelitySessionError(message: "sway refused `\(text)`: \(result.error ?? "no reason")")
        }
    }

    func stop() { compositor.stop() }
}

/// The simulator with a profile, on its own thread and a real socket.
final class SimulatedCompositor: FidelityCompositor {
    private let simulator: BackgroundSimulator

    init(profile: CompositorProfile) throws {
        simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: FidelityOutputs.simulatorLayout, profile: profile)
        }
    }

    var clientEnvironment: [String: String] { simulator.clientEnvironment }

    func waitForWindow(appID: String) throws {
        try simulator.wait(until: { simulator in simulator.windows.contains { $0.appID == appID && $0.isMapped } },
                           timeout: .seconds(10), "\(appID) to map")
    }

    func moveWindow(appID: String, toOutput output: String) throws {
        try simulator.perform { try $0.moveWindow(.appID(appID), toDisplay: output) }
    }

    func setScale(_ scale: Int, ofOutput output: String) throws {
        try simulator.perform { try $0.setScale(Scale(integer: scale)!, ofDisplay: output) }
    }

    func stop() { simulator.stop() }
}

/// The scripted session: foot starts, its window moves to HEADLESS-2 and
/// back, then HEADLESS-1 is rescaled to 2x. Each step waits until the client
/// has been quiet for a moment (bounded), so its events land in that step.
enum FidelitySession {
    static let steps = ["launch", "move to HEADLESS-2", "move to HEADLESS-1", "rescale HEADLESS-1 to 2x"]

    static func run(on compositor: FidelityCompositor) throws -> FidelityTranscript {
        var environment = ChildProcess.minimalEnvironment(compositor.clientEnvironment)
        environment["WAYLAND_DEBUG"] = "client"
        let foot = try ChildProcess(URL(fileURLWithPath: "/usr/bin/foot"), arguments: ["/bin/sh", "-c", "sleep 600"],
                                    environment: environment)
        defer { foot.stop() }
        var starts: [(String, Int)] = [(steps[0], 0)]
        try compositor.waitForWindow(appID: "foot")
        try waitUntilQuiet(foot)
        let actions: [() throws -> Void] = [
            { try compositor.moveWindow(appID: "foot", toOutput: "HEADLESS-2") },
            { try compositor.moveWindow(appID: "foot", toOutput: "HEADLESS-1") },
            { try compositor.setScale(2, ofOutput: "HEADLESS-1") },
        ]
        for (name, action) in zip(steps.dropFirst(), actions) {
            starts.append((name, WaylandDebugLog.parse(foot.standardError).count))
            try action()
            try waitUntilQuiet(foot)
        }
        let messages = WaylandDebugLog.parse(foot.standardError)
        return FidelityTranscript(messages: messages, phaseStarts: starts)
    }

    /// Waits until the client's log has not grown for 0.4 s, at most 10 s.
    private static func waitUntilQuiet(_ client: ChildProcess) throws {
        var last = -1
        var stableSince = Date()
        try Wait.until("foot to go quiet", timeout: 10, interval: 0.05) { () -> Bool? in
            let count = client.standardError.utf8.count
            if count != last {
                last = count
                stableSince = Date()
                return nil
            }
            return Date().timeIntervalSince(stableSince) >= 0.4 ? true : nil
        }
    }
}
