import DioramaControlProtocol
import DioramaModel
import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts Mutter 43 headless (`mutter --wayland --headless --virtual-monitor
/// WxH …`) on a session bus of its own, and lays its monitors out through
/// `org.gnome.Mutter.DisplayConfig` (called on the compositor's kept bus
/// connection, ``RunningCompositor/sessionBus(for:)``).
///
/// Mutter starts with the experimental feature `scale-monitor-framebuffer`
/// on, set through GSettings' keyfile backend in the private config folder:
/// the layout is then in logical coordinates, as a scenario's is, and each
/// mode offers fractional scales. Mutter accepts only a mode's listed
/// scales, exactly (1.5 is 1.502347… on a 2560×1600 mode):
/// ``nearestSupportedScale(to:in:)`` picks one.
package enum MutterHeadless {
    /// A physical (virtual) monitor: `Meta-0`, `Meta-1`, …
    package struct Monitor: Sendable, Hashable {
        package var connector: String
        /// The current mode's id (`1920x1080@60.000`) and size in pixels.
        package var modeID: String
        package var width: Int
        package var height: Int
        /// The mode's refresh in hertz, as Mutter keeps it (59.939998… for 59.94).
        package var refreshHz: Double
        /// The scales Mutter accepts for that mode.
        package var supportedScales: [Double]
    }

    /// A logical monitor of the layout: where one monitor is and its scale.
    package struct LogicalMonitor: Sendable, Hashable {
        package var x: Int
        package var y: Int
        package var scale: Double
        package var primary: Bool
        package var connector: String

        package init(x: Int, y: Int, scale: Double, primary: Bool, connector: String) {
            self.x = x
            self.y = y
            self.scale = scale
            self.primary = primary
            self.connector = connector
        }
    }

    /// `GetCurrentState`'s answer, the parts used here.
    package struct DisplayState: Sendable, Hashable {
        package var serial: UInt32
        package var monitors: [Monitor]
        package var logicalMonitors: [LogicalMonitor]
    }

    /// `--virtual-monitor`'s value for `mode`: `WxH@HZ`, the refresh as a
    /// decimal number of hertz (Mutter 43 reads `1920x1200@59.94`).
    ///
    /// Mutter repaints a monitor at its refresh while a client animates, with
    /// llvmpipe where there is no GPU: two 1920×1200 monitors under an
    /// animating client cost half a core or more at 60 Hz, a twentieth of one
    /// at 10 Hz. A caller whose checks do not depend on the frame rate asks
    /// for less.
    static func virtualMonitorArgument(_ mode: DisplayMode) -> String {
        "\(mode.width)x\(mode.height)@" + Hertz.text(milliHz: mode.refreshMilliHz)
    }

    /// Mutter's name for the monitor made by the `index`-th `--virtual-monitor`.
    package static func monitorName(index: Int) -> String { "Meta-\(index)" }

    /// Starts Mutter with one virtual monitor per mode (its size and refresh),
    /// and returns once its
    /// Wayland socket accepts connections and DisplayConfig lists them all.
    ///
    /// `layout`, when given, is written to the session's `monitors.xml`, which
    /// Mutter applies as it starts: then ``applyUnlessCurrent(_:to:)`` has
    /// nothing to do, instead of a reconfiguration that repaints every monitor
    /// (with llvmpipe, 0.1–0.15 s of CPU for the studio layout's 21 million
    /// pixels). Mutter ignores a layout it cannot take (a scale not listed for
    /// the mode) and starts with its own.
    ///
    /// - Throws: `CompositorLaunchError` (mutter or dbus-run-session
    ///   missing, Mutter exited or too slow).
    package static func start(
        monitors: [DisplayMode], layout: [LogicalMonitor] = [], startupTimeout: TimeInterval = 30
    ) throws -> RunningCompositor {
        precondition(!monitors.isEmpty, "Mutter needs at least one monitor")
        let mutter = try Executables.require("mutter", package: "mutter")
        let instance = try SessionBusInstance.make(kind: "mutter")
        let settings = instance.configHome + "/glib-2.0/settings"
        try instance.prepare("write Mutter's settings in \(settings)") {
            try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
            try """
            [org/gnome/mutter]
            experimental-features=['scale-monitor-framebuffer']
            """.write(toFile: settings + "/keyfile", atomically: false, encoding: .utf8)
            if !layout.isEmpty {
                try monitorsXML(layout, monitors: monitors)
                    .write(toFile: instance.configHome + "/monitors.xml", atomically: false, encoding: .utf8)
            }
        }
        let socketName = SessionBusInstance.uniqueSocketName("mutter")
        let process = try instance.spawn(
            mutter,
            ["--wayland", "--headless", "--no-x11", "--wayland-display", socketName]
                + monitors.flatMap { ["--virtual-monitor", virtualMonitorArgument($0)] },
            environment: ["GSETTINGS_BACKEND": "keyfile"])
        return try instance.awaitCompositor(
            .mutter, process: process, named: "mutter", socketName: socketName, timeout: startupTimeout
        ) { compositor in
            try awaitDisplayConfig(listing: monitors.count, on: compositor, timeout: .seconds(startupTimeout))
        }
    }

    /// DisplayConfig's bus name, interface and object path.
    static let displayConfig = "org.gnome.Mutter.DisplayConfig"
    static let displayConfigPath = "/org/gnome/Mutter/DisplayConfig"

    /// Waits until DisplayConfig is on the bus and lists `count` monitors,
    /// woken by the bus announcing its name (`NameOwnerChanged`), then by
    /// Mutter's `MonitorsChanged`. Stops the compositor and throws with its
    /// log tail when it exits or `timeout` passes first.
    static func awaitDisplayConfig(listing count: Int, on compositor: RunningCompositor, timeout: Duration) throws {
        try SessionBusInstance.awaitBusName(displayConfig, on: compositor, timeout: timeout)
        var listed: Int?
        try SessionBusInstance.awaitReadiness(
            of: compositor, "\(count) monitors\(listed.map { ", \($0) listed" } ?? "")", timeout: timeout
        ) {
            try compositor.sessionBus(for: "\(displayConfig).GetCurrentState").wait(
                for: "\(count) monitors in \(displayConfig)",
                until: {
                    guard compositor.isRunning else { return true }
                    listed = try displayState(of: compositor).monitors.count
                    return listed == count
                }, wokenBy: displayConfig, member: "MonitorsChanged", timeout: timeout)
        }
    }

    /// `org.gnome.Mutter.DisplayConfig.GetCurrentState`.
    package static func displayState(of compositor: RunningCompositor) throws -> DisplayState {
        let text = try compositor.sessionBus(for: "\(displayConfig).GetCurrentState").callPrinted(
            displayConfig, path: displayConfigPath, interface: displayConfig, method: "GetCurrentState")
        guard let state = parseDisplayState(text) else {
            throw CompositorLaunchError.helperFailed(command: "GetCurrentState", status: 0, output: "unreadable answer: \(text)")
        }
        return state
    }

    /// Reads the GVariant text form (as `gdbus call` prints it) of `(ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv})`:
    /// the serial, each monitor's connector with its (single, current) mode
    /// (size, refresh, scales),
    /// and each logical monitor.
    static func parseDisplayState(_ text: String) -> DisplayState? {
        let serialPattern = #"^\(uint32 (\d+),"#
        let monitorPattern = #"\(\('([^']+)', '[^']*', '[^']*', '[^']*'\), \[\('([^']+)', (\d+), (\d+), ([0-9.]+), [0-9.]+, \[([^\]]*)\]"#
        let logicalPattern = #"\((-?\d+), (-?\d+), ([0-9.]+), (?:uint32 )?\d+, (true|false), \[\('([^']+)'"#
        guard let serialText = matches(serialPattern, in: text).first?.first, let serial = UInt32(serialText) else { return nil }
        let monitors = matches(monitorPattern, in: text).compactMap { fields -> Monitor? in
            guard let width = Int(fields[2]), let height = Int(fields[3]), let refresh = Double(fields[4]) else { return nil }
            let scales = fields[5].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return Monitor(connector: fields[0], modeID: fields[1], width: width, height: height, refreshHz: refresh, supportedScales: scales)
        }
        let logical = matches(logicalPattern, in: text).compactMap { fields -> LogicalMonitor? in
            guard let x = Int(fields[0]), let y = Int(fields[1]), let scale = Double(fields[2]) else { return nil }
            return LogicalMonitor(x: x, y: y, scale: scale, primary: fields[3] == "true", connector: fields[4])
        }
        return DisplayState(serial: serial, monitors: monitors, logicalMonitors: logical)
    }

    /// The capture groups of every match of `pattern` in `text`.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// Applies a whole layout for the session (method 1, temporary: nothing is
    /// saved), based on the current serial. Every monitor not listed is turned
    /// off. Scales must be among the mode's `supportedScales`, exactly.
    package static func apply(_ layout: [LogicalMonitor], to compositor: RunningCompositor) throws {
        let state = try displayState(of: compositor)
        let entries = try layout.map { logical -> String in
            guard let monitor = state.monitors.first(where: { $0.connector == logical.connector }) else {
                throw CompositorLaunchError.helperFailed(
                    command: "ApplyMonitorsConfig", status: nil,
                    output: "Mutter has no monitor \(logical.connector) (it has \(state.monitors.map(\.connector)))")
            }
            return "(\(logical.x), \(logical.y), \(logical.scale), uint32 0, \(logical.primary), "
                + "[('\(monitor.connector)', '\(monitor.modeID)', @a{sv} {})])"
        }
        _ = try compositor.sessionBus(for: "\(displayConfig).ApplyMonitorsConfig").callPrinted(
            displayConfig, path: displayConfigPath, interface: displayConfig, method: "ApplyMonitorsConfig",
            arguments: "(uint32 \(state.serial), uint32 1, [\(entries.joined(separator: ", "))], @a{sv} {})",
            signature: "(uua(iiduba(ssa{sv}))a{sv})")
    }

    /// Applies `layout` unless Mutter has it already (the layout it started
    /// with from `monitors.xml`): positions, primary and connectors equal,
    /// scales within a millionth.
    package static func applyUnlessCurrent(_ layout: [LogicalMonitor], to compositor: RunningCompositor) throws {
        let current = try displayState(of: compositor).logicalMonitors
        let matches =
            current.count == layout.count
            && layout.allSatisfy { wanted in
                current.contains {
                    $0.connector == wanted.connector && $0.x == wanted.x && $0.y == wanted.y && $0.primary == wanted.primary
                        && abs($0.scale - wanted.scale) < 1e-6
                }
            }
        if !matches { try apply(layout, to: compositor) }
    }

    /// The `monitors.xml` (version 2) that lays out the virtual monitors
    /// made from `monitors` (the `index`-th is `Meta-index`, vendor
    /// `MetaVendor`, product `MetaVirtualMonitor`, serial `0x` and the index
    /// in two hex digits, as Mutter 43 names them) as `layout` says.
    static func monitorsXML(_ layout: [LogicalMonitor], monitors: [DisplayMode]) -> String {
        var lines = ["<monitors version=\"2\">", "  <configuration>"]
        for logical in layout {
            guard let index = (0..<monitors.count).first(where: { monitorName(index: $0) == logical.connector }) else { continue }
            let mode = monitors[index]
            lines += [
                "    <logicalmonitor>",
                "      <x>\(logical.x)</x><y>\(logical.y)</y><scale>\(logical.scale)</scale>"
                    + (logical.primary ? "<primary>yes</primary>" : ""),
                "      <monitor>",
                "        <monitorspec><connector>\(logical.connector)</connector><vendor>MetaVendor</vendor>"
                    + "<product>MetaVirtualMonitor</product><serial>\(String(format: "0x%02x", index))</serial></monitorspec>",
                "        <mode><width>\(mode.width)</width><height>\(mode.height)</height>"
                    + "<rate>\(Hertz.text(milliHz: mode.refreshMilliHz))</rate></mode>",
                "      </monitor>",
                "    </logicalmonitor>",
            ]
        }
        return (lines + ["  </configuration>", "</monitors>", ""]).joined(separator: "\n")
    }

    /// The supported scale nearest to `requested` (the larger on a tie).
    package static func nearestSupportedScale(to requested: Double, in supported: [Double]) -> Double {
        supported.min { a, b in
            let (da, db) = (abs(a - requested), abs(b - requested))
            return da == db ? a > b : da < db
        } ?? 1
    }
}
