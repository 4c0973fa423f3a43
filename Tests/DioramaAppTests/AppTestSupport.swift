import DioramaTestSupport
import Foundation
import HeadlessCompositors
import SwayIPC

/// The sample apps' identities, as their Info.plists in Configs/apps declare them.
enum SampleApp {
    static let timerApp = "TimerApp"
    static let timerAppID = "org.diorama.TimerApp"
    /// The activity type TimerApp's main scene saves its state under.
    static let timerActivityType = "org.diorama.TimerApp.main"
    static let gameScene = "GameScene"
    static let gameSceneID = "org.diorama.GameScene"
}

/// A fixture of this target, read in place (so error messages name a real path).
func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// The sway criteria that select an app's windows.
func swayCriteria(appID: String) -> String { "[app_id=\"\(appID)\"]" }

extension RuntimeTraceLog {
    /// The invariant behind "no frame at a stale scale": every commit with an
    /// integer scale and no viewport has a buffer of exactly logical × scale,
    /// its buffer scale equals the displayScale of the latest `traits` record
    /// before it, and its logical size equals the latest `geometry` bounds.
    /// Returns one line per commit that breaks it (empty when all hold).
    func commitsAtStaleScale() -> [String] {
        var displayScale: Double?
        var bounds: TraceSize?
        var problems: [String] = []
        for entry in entries {
            if let traits = entry.as(TraitsRecord.self) { displayScale = traits.displayScale }
            if let geometry = entry.as(GeometryRecord.self) { bounds = geometry.bounds }
            guard let commit = entry.as(CommitRecord.self) else { continue }
            if commit.viewport == nil, commit.buffer != commit.logical.scaled(by: commit.bufferScale) {
                problems.append("line \(entry.line): buffer \(commit.buffer) is not logical \(commit.logical) × \(commit.bufferScale)")
            }
            if let displayScale, Double(commit.bufferScale) != displayScale, commit.viewport == nil {
                problems.append("line \(entry.line): bufferScale \(commit.bufferScale) but displayScale is \(displayScale)")
            }
            if let bounds, commit.logical != bounds {
                problems.append("line \(entry.line): logical \(commit.logical) but the geometry says \(bounds)")
            }
        }
        return problems
    }
}

extension RunningApp {
    /// The number of trace lines now: a marker, so a later wait can look only
    /// at what happened after a command.
    func traceMark() throws -> Int { try trace().entries.count }
}

extension SwayIPC {
    /// Runs a command on the app's windows (`[app_id="…"] command`).
    @discardableResult
    func command(_ command: String, appID: String) throws -> [SwayCommandResult] {
        try self.command("\(swayCriteria(appID: appID)) \(command)")
    }
}

/// The absolute path of a program the test needs, or an error saying which
/// Debian package to install.
func requireProgram(_ name: String, package: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/bin"] {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw MissingProgram(name: name, package: package)
}

struct MissingProgram: Error, CustomStringConvertible {
    var name: String
    var package: String
    var description: String { "\(name) is not installed: apt-get install \(package) (or run `make deps`)" }
}

/// Types `key` into the focused window with wtype (a virtual keyboard) until
/// the window's title, read from sway's tree, becomes `title`.
///
/// Why a loop: wtype's virtual keyboard appears, types and goes away; a
/// client learns of the new keyboard (seat capabilities → get_keyboard →
/// keymap, enter) asynchronously, and a key sent before its wl_keyboard
/// exists is lost. So each attempt is one wtype run followed by a bounded
/// wait for the title; the title is the app's own answer to the key, so a
/// lost key is retried and a delivered one is never typed twice.
func typeKey(
    _ key: String, with wtype: String, into sway: RunningCompositor, untilTitle title: String,
    of appID: String, ipc: SwayIPC, app: RunningApp, attempts: Int = 5
) throws {
    for _ in 0..<attempts {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: wtype), arguments: ["-s", "200", key, "-s", "200"],
            environment: sway.clientEnvironment(), timeout: 15)
        guard result.status == 0 else {
            throw MissingProgram(name: "a working wtype (exit \(result.status): \(result.standardError))", package: "wtype")
        }
        let reached = try? Wait.until("title \(title)", timeout: 3) {
            try ipc.window(appID: appID)?.node.name == title ? true : nil
        }
        if reached == true { return }
    }
    throw WaitTimeout(
        what: "the title '\(title)' after typing '\(key)' \(attempts) times", seconds: Double(attempts) * 3,
        details: "sway title: \((try? ipc.window(appID: appID)?.node.name) ?? "?")\n" + app.diagnostics())
}
