import Diorama
import Dispatch

/// The one timer both scenes show. It counts while any TimerApp scene is in
/// the foreground and pauses when every scene is in the background (WWDC25:
/// "the timer pauses in background").
@MainActor
final class TimerModel {
    static let shared = TimerModel()

    private(set) var elapsedSeconds = 0
    private(set) var isRunning = true
    private var foregroundScenes = Set<ObjectIdentifier>()
    private var ticker: DispatchSourceTimer?
    /// Scenes to redraw on every tick.
    private var observers: [ObjectIdentifier: WindowScene] = [:]

    func sceneEnteredForeground(_ scene: WindowScene) {
        foregroundScenes.insert(ObjectIdentifier(scene))
        observers[ObjectIdentifier(scene)] = scene
        updateTicker()
    }

    func sceneEnteredBackground(_ scene: WindowScene) {
        foregroundScenes.remove(ObjectIdentifier(scene))
        updateTicker()
    }

    func sceneDisconnected(_ scene: WindowScene) {
        foregroundScenes.remove(ObjectIdentifier(scene))
        observers[ObjectIdentifier(scene)] = nil
        updateTicker()
    }

    func toggleRunning() {
        isRunning.toggle()
        updateTicker()
        redrawAll()
    }

    func reset() {
        elapsedSeconds = 0
        redrawAll()
    }

    /// Ticks only while running and seen: a background app does no work.
    private func updateTicker() {
        let shouldTick = isRunning && !foregroundScenes.isEmpty
        if shouldTick, ticker == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    self?.elapsedSeconds += 1
                    self?.redrawAll()
                }
            }
            timer.resume()
            ticker = timer
        } else if !shouldTick, let timer = ticker {
            timer.cancel()
            ticker = nil
        }
    }

    private func redrawAll() {
        for scene in observers.values { scene.setNeedsDisplay() }
    }
}

/// How the elapsed time is written; chosen in the main scene, restored
/// through state restoration.
enum TimeFormat: String, CaseIterable {
    case hoursMinutesSeconds = "hh:mm:ss"
    case seconds = "seconds"

    func format(_ seconds: Int) -> String {
        switch self {
        case .hoursMinutesSeconds:
            let hours = seconds / 3600, minutes = seconds / 60 % 60, secs = seconds % 60
            return [hours, minutes, secs].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        case .seconds:
            return "\(seconds) s"
        }
    }

    var next: TimeFormat {
        let all = TimeFormat.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
