import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts KWin 5.27 with its virtual backend (`kwin_wayland --virtual`), on a
/// session bus of its own, and configures it while it runs: outputs through
/// `kscreen-doctor` (scale, position, enabled), windows through KWin scripts
/// loaded over D-Bus (the compositor's kept bus connection).
///
/// The virtual backend gives every output the same mode (`--width` ×
/// `--height`) and makes them all at start: a display plugged later is one
/// of them, disabled until then.
///
/// KWin composites with QPainter (`KWIN_COMPOSE=Q`) unless the caller's
/// environment sets `KWIN_COMPOSE`: without a GPU its OpenGL compositor runs
/// on llvmpipe, and the shipped suite on KWin cost KWin 7.8 s of CPU that
/// way against 2.5–2.75 s with QPainter. The globals KWin offers are the same
/// either way (`wayland-info`), and so is every event the KWin tests and the
/// fidelity comparison look at.
///
/// `/usr/bin/kwin_wayland` carries the file capability `cap_sys_resource`; in a
/// container whose bounding set lacks it, running it fails with "Operation not
/// permitted". Each instance therefore runs a plain copy of the binary (the
/// copy has no extended attributes, so no capability).
package enum KWinHeadless {
    /// One output as `kscreen-doctor -o` lists it.
    package struct Output: Sendable, Hashable {
        /// `Virtual-0`, `Virtual-1`, …
        package var name: String
        package var enabled: Bool
        /// Position and size in KWin's (logical) layout coordinates.
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
        package var scale: Double
    }

    /// KWin's name for the output at `index` (0-based).
    package static func outputName(index: Int) -> String { "Virtual-\(index)" }

    /// Starts KWin with `outputCount` outputs of `width` × `height` pixels,
    /// placed side by side at scale 1, and returns once its Wayland socket
    /// accepts connections and `kscreen-doctor` lists every output.
    ///
    /// - Throws: `CompositorLaunchError` (kwin_wayland, dbus-run-session or
    ///   kscreen-doctor missing, KWin exited or too slow).
    package static func start(
        outputCount: Int, width: Int = 1280, height: Int = 800, startupTimeout: TimeInterval = 30
    ) throws -> RunningCompositor {
        precondition(outputCount > 0, "KWin needs at least one output")
        let installed = try Executables.require("kwin_wayland", package: "kwin-wayland")
        _ = try Executables.require("kscreen-doctor", package: "libkf5screen-bin")
        let instance = try SessionBusInstance.make(kind: "kwin")
        let copy = instance.directory.base + "/kwin_wayland"
        try instance.prepare("copy \(installed) without its file capability") {
            // A byte copy: no extended attributes, so no file capability.
            try Data(contentsOf: URL(fileURLWithPath: installed)).write(to: URL(fileURLWithPath: copy))
            guard chmod(copy, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        let socketName = SessionBusInstance.uniqueSocketName("kwin")
        let process = try instance.spawn(
            copy,
            [
                "--virtual", "--width", String(width), "--height", String(height),
                "--output-count", String(outputCount), "--socket", socketName,
                "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities",
            ],
            // Script `print()` lines reach the log only with this category on.
            environment: [
                "QT_LOGGING_RULES": "kwin_scripting=true",
                "KWIN_COMPOSE": ProcessInfo.processInfo.environment["KWIN_COMPOSE"] ?? "Q",
            ])
        return try instance.awaitCompositor(
            .kwin, process: process, named: "kwin_wayland", socketName: socketName, timeout: startupTimeout
        ) { compositor in
            try awaitOutputs(compositor, count: outputCount, timeout: startupTimeout) { try outputs(of: $0).count }
        }
    }

    /// Every output, enabled or not, from `kscreen-doctor -o`.
    package static func outputs(of compositor: RunningCompositor) throws -> [Output] {
        parseOutputs(try kscreenDoctor(compositor, ["-o"]))
    }

    /// Parses `kscreen-doctor -o`: one `Output: ID NAME enabled|disabled …
    /// Geometry: X,Y WxH Scale: S …` line per output (ANSI colours removed).
    static func parseOutputs(_ text: String) -> [Output] {
        let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let pattern = #"Output: \d+ (\S+) (enabled|disabled) .*?Geometry: (-?\d+),(-?\d+) (\d+)x(\d+) Scale: ([0-9.]+)"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return plain.split(separator: "\n").compactMap { line -> Output? in
            let line = String(line)
            guard let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
            let field = { (index: Int) in String(line[Range(match.range(at: index), in: line)!]) }
            guard let x = Int(field(3)), let y = Int(field(4)), let width = Int(field(5)), let height = Int(field(6)),
                let scale = Double(field(7))
            else { return nil }
            return Output(name: field(1), enabled: field(2) == "enabled", x: x, y: y, width: width, height: height, scale: scale)
        }
    }

    /// Applies kscreen-doctor settings such as `output.Virtual-1.scale.1.5`,
    /// `output.Virtual-1.position.1280,0`, `output.Virtual-2.disable`, all at
    /// once, and returns once KWin lists every output asked to be enabled or
    /// disabled so (within `timeout`). Returns that last listing, or nil
    /// when no output was asked to be enabled or disabled (nothing listed).
    ///
    /// Why the wait: under load, a listing right after the kscreen-doctor run
    /// that enabled an output has shown it still disabled, and a move to it
    /// then failed. KWin announces no change, so the outputs are listed
    /// again until they agree; each listing is a kscreen-doctor run, which
    /// paces the loop.
    ///
    /// kscreen-doctor sends the settings, then waits for KWin to say it
    /// applied them. Under load it has waited out its 20 s with KWin already
    /// listing the new layout (a plug in a full test run). So when that run
    /// does not finish, the listing decides: if KWin lists every output as
    /// the settings ask (enabled or disabled, scale, position), they are
    /// applied; otherwise the run's error stands.
    @discardableResult
    package static func configureOutputs(
        _ compositor: RunningCompositor, _ settings: [String], timeout: Duration = .seconds(10)
    ) throws -> [Output]? {
        guard !settings.isEmpty else { return nil }
        do {
            _ = try kscreenDoctor(compositor, settings)
        } catch let error as CompositorLaunchError {
            guard case .helperFailed(_, nil, _) = error, compositor.isRunning,
                let listed = try? outputs(of: compositor), listing(listed, agreesWith: settings)
            else { throw error }
            return listed
        }
        let asked = enabledStates(in: settings)
        guard !asked.isEmpty else { return nil }
        let deadline = ContinuousClock.now + timeout
        while true {
            let listed = try outputs(of: compositor)
            let differing = asked.filter { name, enabled in listed.first { $0.name == name }?.enabled != enabled }
            if differing.isEmpty { return listed }
            guard ContinuousClock.now < deadline else {
                throw CompositorLaunchError.helperFailed(
                    command: "kscreen-doctor \(settings.joined(separator: " "))", status: nil,
                    output: "KWin still lists \(differing.keys.sorted().joined(separator: ", ")) otherwise after \(timeout)")
            }
        }
    }

    /// Whether `listed` shows what `settings` ask of each output it names:
    /// `enable`/`disable`, `scale.S` (within 0.01: KWin lists what it
    /// rounded) and `position.X,Y`. Settings of other kinds are not checked.
    static func listing(_ listed: [Output], agreesWith settings: [String]) -> Bool {
        settings.allSatisfy { setting in
            guard let (name, value) = outputSetting(setting), let output = listed.first(where: { $0.name == name }) else { return false }
            if value == "enable" || value == "disable" { return output.enabled == (value == "enable") }
            if value.hasPrefix("scale."), let scale = Double(value.dropFirst("scale.".count)) { return abs(output.scale - scale) < 0.01 }
            if value.hasPrefix("position.") {
                let point = value.dropFirst("position.".count).split(separator: ",").compactMap { Int($0) }
                return point.count == 2 && output.x == point[0] && output.y == point[1]
            }
            return true
        }
    }

    /// The outputs `settings` enable (true) or disable (false), by name:
    /// `output.NAME.enable` and `output.NAME.disable`.
    static func enabledStates(in settings: [String]) -> [String: Bool] {
        var states: [String: Bool] = [:]
        for setting in settings {
            guard let (name, value) = outputSetting(setting), value == "enable" || value == "disable" else { continue }
            states[name] = value == "enable"
        }
        return states
    }

    /// A kscreen-doctor setting `output.NAME.VALUE` as the output's name and
    /// the value (`enable`, `scale.1.5`, `position.0,0`); nil for another kind.
    static func outputSetting(_ setting: String) -> (output: String, value: String)? {
        let parts = setting.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "output" else { return nil }
        return (String(parts[1]), String(parts[2]))
    }

    /// kscreen-doctor talks to KWin over Wayland (kde-output-management), so it
    /// runs as a Qt Wayland client of this compositor.
    private static func kscreenDoctor(_ compositor: RunningCompositor, _ arguments: [String]) throws -> String {
        try HelperCommand.run(
            "kscreen-doctor", package: "libkf5screen-bin", arguments, on: compositor,
            environment: ["QT_QPA_PLATFORM": "wayland"])
    }

    /// The script lines that tile KWin client `c` to the `side` half
    /// (`left` or `right`) of its output, or untile it (nil), as Meta+Left and
    /// Meta+Right do: KWin 5.27's scripts reach quick tiling only through
    /// `workspace.slotWindowQuickTileLeft/Right()`, which act on the active
    /// window, so `c` is activated first. A window already on that half is
    /// left alone. Untiling presses its half's key again, which KWin turns
    /// into an untile only when no output lies beyond that edge (otherwise
    /// it tiles the window on that output): then nothing is pressed and the
    /// script reports `blocked`. `c.tile` (KWin 5.27's tile object, with
    /// its geometry relative to the output) tells which half `c` is on.
    package static func quickTileScript(side: String?) -> String {
        """
        var wanted = \(side.map { "\"\($0)\"" } ?? "null");
        var tiled = c.tile ? (c.tile.relativeGeometry.x < 0.25 ? "left" : "right") : null;
        var key = wanted !== null ? wanted : tiled;
        var blocked = false;
        if (wanted === null && tiled !== null) {
            var a = workspace.clientArea(KWin.FullScreenArea, c);
            for (var i = 0; i < workspace.numScreens; i++) {
                var o = workspace.clientArea(KWin.FullScreenArea, i, workspace.currentDesktop);
                var beyond = tiled == "left" ? o.x + o.width <= a.x : o.x >= a.x + a.width;
                if (beyond && o.y < a.y + a.height && a.y < o.y + o.height) { blocked = true; }
            }
        }
        if (blocked) { report("blocked"); }
        else if (key !== null && tiled !== wanted) {
            workspace.activeClient = c;
            if (key == "left") { workspace.slotWindowQuickTileLeft(); } else { workspace.slotWindowQuickTileRight(); }
        }
        """
    }

    /// Runs a KWin script and returns the lines it passed to `report(…)`, in
    /// order.
    ///
    /// The script is loaded over D-Bus (`org.kde.kwin.Scripting.loadScript`),
    /// run, and unloaded. Its `print()` lines reach KWin's log as `js: …`;
    /// `report` prefixes them with a token unique to this run, and a final
    /// line marks the end, which this waits for (up to `timeout`), woken by
    /// KWin writing its log (``RunningCompositor/logWrites``).
    package static func runScript(
        _ compositor: RunningCompositor, _ body: String, timeout: TimeInterval = 10
    ) throws -> [String] {
        let token = "diorama-\(getpid())-\(InstanceCounter.shared.next())"
        let path = compositor.runtimeDirectory + "/\(token).js"
        let source = """
            function report(line) { print("\(token) " + line); }
            \(body)
            print("\(token)-end");
            """
        do {
            try source.write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw CompositorLaunchError.setupFailed(what: "write the KWin script \(path)", detail: "\(error)")
        }
        defer { unlink(path) }
        let bus = try compositor.sessionBus(for: "org.kde.kwin.Scripting.loadScript")
        let loaded = try bus.call(
            "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting", method: "loadScript",
            [.string(path), .string(token)])
        guard case .int32(let id)? = loaded[0], id >= 0 else {
            throw CompositorLaunchError.helperFailed(command: "loadScript \(path)", status: 0, output: "\(loaded)")
        }
        defer {
            _ = try? bus.call(
                "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting", method: "unloadScript", [.string(token)])
        }
        var log = GrowingTextFile.fromItsEnd(compositor.logFile)
        try bus.call("org.kde.KWin", path: "/\(id)", interface: "org.kde.kwin.Script", method: "run")
        // Sleeps until KWin writes its log, then reads the lines logged since the last look.
        var reported: [String] = []
        let lines = compositor.logWrites.look(until: ContinuousClock.now + .milliseconds(Int(timeout * 1000))) { () -> [String]? in
            for line in log.readNewLines().split(separator: "\n") {
                if line.contains("\(token)-end") { return reported }
                if let range = line.range(of: "js: \(token) ") { reported.append(String(line[range.upperBound...])) }
            }
            return nil
        }
        guard let lines else {
            throw CompositorLaunchError.helperFailed(
                command: "KWin script \(token)", status: nil,
                output: "its end mark did not reach KWin's log within \(timeout) s")
        }
        return lines
    }
}

/// Waits until `count(compositor)` reaches `count`; stops the compositor and
/// throws with its log tail when it exits or `timeout` passes first.
func awaitOutputs(
    _ compositor: RunningCompositor, count: Int, timeout: TimeInterval,
    _ listed: (RunningCompositor) throws -> Int
) throws {
    var lastError: (any Error)?
    let ready = poll(timeout: timeout, interval: 0.05) {
        guard compositor.isRunning else { return true }
        do {
            return try listed(compositor) == count
        } catch {
            lastError = error
            return false
        }
    }
    guard ready, compositor.isRunning else {
        compositor.stop()
        let why = lastError.map { " (last answer: \($0))" } ?? ""
        throw CompositorLaunchError.timedOut(
            compositor: "\(compositor.kind)", waitingFor: "\(count) outputs\(why)", seconds: timeout,
            logTail: compositor.logTail())
    }
}
