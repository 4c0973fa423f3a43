import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import Foundation
import HeadlessCompositors
import SwayIPC

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
    func resizeWindow(appID: String, to size: Size) throws
    /// Moves an output to a new logical position, nothing else changing.
    func moveOutput(_ output: String, to position: Point) throws
    /// Maximizes the window (the session's focused one).
    func maximizeWindow(appID: String) throws
    /// Tiles the window to half its output, or untiles it (nil).
    func halfTileWindow(appID: String, _ half: HalfTile?) throws
    func stop()
}

extension FidelityCompositor {
    func moveOutput(_ output: String, to position: Point) throws {
        throw FidelitySessionError(message: "\(Self.self) does not move outputs in the fidelity session")
    }

    func maximizeWindow(appID: String) throws {
        throw FidelitySessionError(message: "\(Self.self) does not maximize windows in the fidelity session")
    }

    func halfTileWindow(appID: String, _ half: HalfTile?) throws {
        throw FidelitySessionError(message: "\(Self.self) does not tile windows to half an output in the fidelity session")
    }
}

/// The outputs both compositors get: sway's headless defaults, HEADLESS-1 at
/// 1x and HEADLESS-2 at 2x to its right, 1280x800 pixels each.
enum FidelityOutputs {
    static let sway = SwayHeadless.defaultOutputs
    static var simulatorLayout: DisplayLayout {
        DisplayLayout(
            displays: sway.enumerated().map { index, output in
                DisplayConfiguration(
                    name: SwayHeadless.outputName(index: index), make: "headless", model: "headless",
                    mode: DisplayMode(width: output.width, height: output.height),
                    scale: Scale(integer: Int(output.scale))!, position: Point(x: output.x, y: output.y))
            })
    }
}

/// weston 10's single headless output, as `WestonHeadless` starts it at
/// scale 1 (weston names it "headless"; 1280x800).
enum FidelityWestonOutput {
    static let name = "headless"
    static var simulatorLayout: DisplayLayout {
        DisplayLayout(displays: [
            DisplayConfiguration(
                name: name, make: "weston", model: "headless",
                mode: DisplayMode(width: 1280, height: 800),
                physicalSizeMM: Size(width: 1280, height: 800))
        ])
    }
}

/// Real weston 10 (headless, one output, no IPC: only the launch is compared).
final class RealWestonCompositor: FidelityCompositor {
    private let compositor: RunningCompositor

    init() throws { compositor = try WestonHeadless.start(scale: 1, width: 1280, height: 800) }

    var clientEnvironment: [String: String] { compositor.environment }
    /// weston has no IPC to ask; the session waits for the client's `enter`.
    func waitForWindow(appID: String) throws {}
    func moveWindow(appID: String, toOutput output: String) throws {
        throw FidelitySessionError(message: "weston has one output and no IPC to move windows")
    }
    func setScale(_ scale: Int, ofOutput output: String) throws {
        throw FidelitySessionError(message: "weston cannot rescale its output at run time")
    }
    func resizeWindow(appID: String, to size: Size) throws {
        throw FidelitySessionError(message: "weston has no IPC to resize windows")
    }
    func stop() { compositor.stop() }
}

/// Real sway 1.7 over its IPC socket: tiling (its default), or every window floating.
final class RealSwayCompositor: FidelityCompositor {
    private let compositor: RunningCompositor
    private let ipc: SwayIPC

    init(floating: Bool = false) throws {
        compositor = try SwayHeadless.start(outputs: FidelityOutputs.sway, floatingWindows: floating)
        ipc = try SwayIPC(compositor)
    }

    var clientEnvironment: [String: String] { compositor.environment }

    func waitForWindow(appID: String) throws { _ = try ipc.waitForWindow(appID: appID, timeout: 10) }

    func moveWindow(appID: String, toOutput output: String) throws {
        try command("[app_id=\"\(appID)\"] move container to output \(output)")
    }

    func setScale(_ scale: Int, ofOutput output: String) throws { try command("output \(output) scale \(scale)") }

    func resizeWindow(appID: String, to size: Size) throws {
        try command("[app_id=\"\(appID)\"] resize set \(size.width) \(size.height)")
    }

    private func command(_ text: String) throws {
        for result in try ipc.command(text) where !result.success {
            throw FidelitySessionError(message: "sway refused `\(text)`: \(result.error ?? "no reason")")
        }
    }

    func stop() { compositor.stop() }
}

/// The simulator with a profile, on its own thread and a real socket.
final class SimulatedCompositor: FidelityCompositor {
    let simulator: BackgroundSimulator

    init(profile: CompositorProfile, layout: DisplayLayout = FidelityOutputs.simulatorLayout) throws {
        simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: layout, profile: profile)
        }
    }

    var clientEnvironment: [String: String] { simulator.clientEnvironment }

    func waitForWindow(appID: String) throws {
        try simulator.wait(
            until: { simulator in simulator.windows.contains { $0.appID == appID && $0.isMapped } },
            timeout: .seconds(10), "\(appID) to map")
    }

    func moveWindow(appID: String, toOutput output: String) throws {
        try simulator.perform { try $0.moveWindow(.appID(appID), toDisplay: output) }
    }

    func setScale(_ scale: Int, ofOutput output: String) throws {
        try simulator.perform { try $0.setScale(Scale(integer: scale)!, ofDisplay: output) }
    }

    func resizeWindow(appID: String, to size: Size) throws {
        try simulator.perform { try $0.resizeWindow(.appID(appID), to: size) }
    }

    func moveOutput(_ output: String, to position: Point) throws {
        try simulator.perform { try $0.moveDisplay(output, to: position) }
    }

    func maximizeWindow(appID: String) throws {
        try simulator.perform { try $0.maximizeWindow(.appID(appID)) }
    }

    func halfTileWindow(appID: String, _ half: HalfTile?) throws {
        try simulator.perform { try $0.halfTileWindow(.appID(appID), half) }
    }

    /// Puts the seat's pointer at a global logical point.
    func movePointer(to point: Point) throws {
        try simulator.perform { try $0.movePointer(to: .global(point)) }
    }

    func stop() { simulator.stop() }
}

/// A client the session runs: how to start it with `WAYLAND_DEBUG=client`
/// and the app_id its window has.
struct FidelityClient: Sendable, CustomStringConvertible {
    var name: String
    var appID: String
    /// Starts the client; returns its process and whatever must live as long
    /// (an app's sandbox stops the app when it goes).
    var start: @Sendable (_ environment: [String: String]) throws -> (process: ChildProcess, owner: AnyObject?)

    var description: String { name }

    /// foot with a shell that sleeps: a terminal, drawn by its own renderer.
    static let foot = FidelityClient(name: "foot", appID: "foot") { environment in
        (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/foot"), arguments: ["/bin/sh", "-c", "sleep 600"],
                environment: ChildProcess.minimalEnvironment(environment)), nil
        )
    }

    /// weston-terminal (weston 10's): client-side decorations (shadows
    /// around a 742×427 window geometry), bound to xdg_wm_base version 1 (no
    /// `configure_bounds`, no `tiled_*`) and wl_output version 2.
    static let westonTerminal = FidelityClient(name: "weston-terminal", appID: "org.freedesktop.weston.wayland-terminal") {
        environment in
        (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/weston-terminal"), arguments: ["--shell=/bin/sh"],
                environment: ChildProcess.minimalEnvironment(environment)), nil
        )
    }

    /// TimerApp, Diorama's own sample: the scene runtime's client core.
    static let timerApp = FidelityClient(name: "TimerApp", appID: "org.diorama.TimerApp") { environment in
        let sandbox = try AppSandbox(label: "fidelity")
        return (try sandbox.launch("TimerApp", compositor: environment).child, sandbox)
    }
}

/// One step of a scripted session: its name, the event that shows the
/// compositor did it (the session waits for it before the quiet period, so
/// a compositor slow under load still gets its events into the step), and
/// what the compositor is asked to do.
struct FidelityStep: Sendable {
    var name: String
    var sign: FidelityEvent? = nil
    var action: @Sendable (FidelityCompositor, FidelityClient) throws -> Void
}

/// An event the client receives: its interface and one of `messages`.
struct FidelityEvent: Sendable {
    var interface: String
    var messages: Set<String>

    /// The window's surface entered an output.
    static let enter = FidelityEvent(interface: "wl_surface", messages: ["enter"])
    /// The window's surface entered or left an output (a window wider than
    /// its output, gtk4-widget-factory's, is on both and only leaves one).
    static let enterOrLeave = FidelityEvent(interface: "wl_surface", messages: ["enter", "leave"])
}

/// The scripted session: the client starts, then each step runs. Before
/// the first step the session waits for the window's first `enter`; after
/// each it waits until the client has received nothing but drawing-pace
/// events for a moment (bounded), so its events land in that step.
enum FidelitySession {
    /// On two outputs (sway): moves both ways, then a rescale. Its clients
    /// (foot, TimerApp) fit one output, so the way back enters and leaves
    /// too, and the session waits for that: sway sends `enter` when it has
    /// rendered the surface on the output, which on a loaded machine came
    /// after the quiet period, in the next step's events.
    static let twoOutputs = twoOutputs(first: "HEADLESS-1", second: "HEADLESS-2", wayBackSign: .enterOrLeave)

    /// On two outputs, the window starting on `first`: to `second` and back,
    /// then `first` rescaled to 2x. The first move always enters or leaves
    /// an output (``FidelityTests/expectTheWindowMoved(_:steps:)``), so the
    /// session waits for that; the way back waits for `wayBackSign` when
    /// given: it may have none (a window wider than its output can stay on
    /// both).
    static func twoOutputs(first: String, second: String, wayBackSign: FidelityEvent? = nil) -> [FidelityStep] {
        [
            FidelityStep(name: "move to \(second)", sign: .enterOrLeave) { try $0.moveWindow(appID: $1.appID, toOutput: second) },
            FidelityStep(name: "move to \(first)", sign: wayBackSign) { try $0.moveWindow(appID: $1.appID, toOutput: first) },
            FidelityStep(name: "rescale \(first) to 2x") { compositor, _ in try compositor.setScale(2, ofOutput: first) },
        ]
    }

    /// `output` moved to `position` (its scale and mode unchanged).
    static func moveOutput(_ output: String, to position: Point) -> FidelityStep {
        FidelityStep(name: "move \(output) to \(position.x),\(position.y)") { compositor, _ in
            try compositor.moveOutput(output, to: position)
        }
    }

    /// The window maximized on its output.
    static let maximize = FidelityStep(name: "maximize") { try $0.maximizeWindow(appID: $1.appID) }

    /// Quick tiling on the window's output: to its right half, straight to
    /// its left half, then untiled. Untiling from the left half works on
    /// both KWin and Mutter when no output lies left of the window's (KWin's
    /// quick-tile key would move the window there instead).
    static let halfTiling: [FidelityStep] = [
        halfTile(.right), halfTile(.left), halfTile(nil),
    ]

    private static func halfTile(_ half: HalfTile?) -> FidelityStep {
        FidelityStep(name: half.map { "tile \($0.rawValue)" } ?? "untile") { try $0.halfTileWindow(appID: $1.appID, half) }
    }

    /// Floating windows (sway with `floating enable` for every window): a
    /// resize, then the moves and the rescale.
    static let floating: [FidelityStep] =
        [
            FidelityStep(name: "resize to 500x400") { try $0.resizeWindow(appID: $1.appID, to: Size(width: 500, height: 400)) }
        ] + twoOutputs

    static func run(
        _ client: FidelityClient, on compositor: FidelityCompositor,
        steps: [FidelityStep]
    ) throws -> FidelityTranscript {
        try withClient(client, on: compositor) { process in try runSteps(steps, of: client, in: process, on: compositor) }
    }

    /// Starts `client` on `compositor` with `WAYLAND_DEBUG=client`, runs
    /// `body` with its process, and stops it (and what it needs) after.
    static func withClient<Result>(
        _ client: FidelityClient, on compositor: FidelityCompositor, _ body: (ChildProcess) throws -> Result
    ) throws -> Result {
        var environment = compositor.clientEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        let (process, owner) = try client.start(environment)
        defer {
            process.stop()
            withExtendedLifetime(owner) {}
        }
        return try body(process)
    }

    /// The session proper: waits for the window, runs `steps`, and returns
    /// what the client saw. The client's log is followed as it grows: each
    /// look parses only the lines written since the one before.
    private static func runSteps(
        _ steps: [FidelityStep], of client: FidelityClient, in process: ChildProcess, on compositor: FidelityCompositor
    ) throws -> FidelityTranscript {
        var log = WaylandDebugLogFollower(path: process.standardErrorPath)
        var starts: [(String, Int)] = [("launch", 0)]
        try waitFor(.enter, after: 0, in: &log, of: client, process, to: "window to enter an output")
        try compositor.waitForWindow(appID: client.appID)
        try waitUntilQuiet(&log, of: client)
        for step in steps {
            log.catchUp()
            let start = log.messages.count
            starts.append((step.name, start))
            try step.action(compositor, client)
            if let sign = step.sign {
                try waitFor(sign, after: start, in: &log, of: client, process, to: "step \"\(step.name)\"")
            }
            try waitUntilQuiet(&log, of: client)
        }
        log.catchUp()
        return FidelityTranscript(messages: log.messages, phaseStarts: starts)
    }

    /// Waits until the client has received `event` after its first `start`
    /// messages (at most 10 s; the error names the step and shows the log).
    /// Looks again each time the client writes to its log or exits.
    private static func waitFor(
        _ event: FidelityEvent, after start: Int, in log: inout WaylandDebugLogFollower, of client: FidelityClient,
        _ process: ChildProcess, to what: String
    ) throws {
        _ = try Wait.until(
            "\(client)'s \(what) (\(event.interface).\(event.messages.sorted().joined(separator: "/")))", timeout: 10,
            wakingOn: WaitEvents(files: [process.standardErrorPath], children: [process]),
            details: { process.standardError.suffix(2000).description }
        ) {
            log.catchUp()
            return log.messages.dropFirst(start).contains {
                $0.direction == .received && $0.interface == event.interface && event.messages.contains($0.message)
            } ? true : nil
        }
    }

    /// Waits until the client has received no event other than drawing pace
    /// (frame callbacks, buffer releases) for 0.5 s, at most 10 s. A client
    /// that redraws every second (TimerApp's clock) never goes fully quiet.
    /// Counts only the messages read since the last look.
    private static func waitUntilQuiet(_ log: inout WaylandDebugLogFollower, of client: FidelityClient) throws {
        var told = 0
        var last = -1
        var stableSince = Date()
        _ = try Wait.until("\(client) to go quiet", timeout: 10, interval: 0.05) { () -> Bool? in
            told += log.catchUp().count { $0.direction == .received && !FidelityTranscript.pacingInterfaces.contains($0.interface) }
            if told != last {
                last = told
                stableSince = Date()
                return nil
            }
            return Date().timeIntervalSince(stableSince) >= 0.5 ? true : nil
        }
    }
}
