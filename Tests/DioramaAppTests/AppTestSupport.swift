import DioramaTestSupport
import Foundation
import HeadlessCompositors

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
