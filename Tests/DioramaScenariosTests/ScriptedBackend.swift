import DioramaModel
import Foundation

@testable import DioramaScenarios

/// A backend that follows a script instead of running a compositor: step outcomes
/// by line, observations from a closure, and a log of every call, so runner tests
/// can check what the runner asked for and in which order.
final class ScriptedBackend: ScenarioBackend, @unchecked Sendable {
    let kind: BackendKind
    /// What `perform` returns for the step on a line (default: done).
    var outcomes: [Int: StepOutcome] = [:]
    /// What `observe` returns: window, the line of the last step performed,
    /// pauses and changes waited for so far.
    var observation: (_ window: String, _ line: Int, _ pauses: Int) -> WindowObservation
    var displays: (_ line: Int) -> [DisplayObservation] = { _ in [] }
    var startError: (any Error)?
    var launchError: (any Error)?
    /// What `settle` returns.
    var settleOutcome: SettleOutcome = .settled
    /// When set, `watchForObservationChange` returns a change: the first
    /// `changesComing` waits on one end at once (something changed), later
    /// ones at their deadline (nothing did). Nil: the backend hears of no change.
    var changesComing: Int?
    private(set) var log: [String] = []
    private(set) var pauses = 0
    private(set) var changes = 0
    private(set) var lastLine = 0
    private(set) var setup: ScenarioSetup?
    /// Every step `perform` was given, as given.
    private(set) var performed: [Step] = []
    /// Awaited at the end of `start` and in `stop`, for tests of what runs
    /// beside what.
    var whenStarted: (@Sendable () async -> Void)?
    var whenStopping: (@Sendable () async -> Void)?
    /// Awaited when `perform` is given a `wait` step.
    var whenPausing: (@Sendable () async -> Void)?

    init(
        kind: BackendKind = .sim,
        observation: @escaping (_ window: String, _ line: Int, _ pauses: Int) -> WindowObservation = { _, _, _ in
            WindowObservation(unavailableBecause: "the scripted backend has no observation")
        }
    ) {
        self.kind = kind
        self.observation = observation
    }

    struct ScriptError: Error, CustomStringConvertible {
        var description: String
    }

    func start(_ setup: ScenarioSetup) async throws {
        log.append("start \(setup.scenarioName) \(setup.profile.rawValue) [\(setup.displays.names.joined(separator: ","))]")
        self.setup = setup
        if let startError { throw startError }
        await whenStarted?()
    }

    func launch(_ client: ClientLaunch) async throws -> ClientHandle {
        log.append("launch \(client.alias.name)")
        lastLine = client.alias.location.line
        if let launchError { throw launchError }
        return ClientHandle(alias: client.alias.name, processID: 4242, description: "\(client.program) pid 4242")
    }

    func perform(_ step: Step) async -> StepOutcome {
        log.append("perform \(step.text)")
        performed.append(step)
        lastLine = step.location.line
        if case .wait = step.action { await whenPausing?() }
        return outcomes[step.location.line] ?? .done
    }

    func settle(windows: [String], timeout: ScenarioDuration) async -> SettleOutcome {
        log.append("settle \(windows.joined(separator: ","))")
        return settleOutcome
    }

    func observe(window: String) async -> WindowObservation {
        log.append("observe \(window)")
        return observation(window, lastLine, pauses + changes)
    }

    func observeDisplays() async -> [DisplayObservation] {
        log.append("displays")
        return displays(lastLine)
    }

    func pause(for duration: ScenarioDuration) async {
        log.append("pause \(duration)")
        pauses += 1
    }

    func watchForObservationChange() -> ObservationChange? {
        guard let changesComing else { return nil }
        log.append("watch")
        return ObservationChange { [self] deadline in
            changes += 1
            log.append("change \(changes)")
            if changes > changesComing { try? await Task.sleep(until: deadline) }
        }
    }

    func stop() async {
        log.append("stop")
        await whenStopping?()
    }
}

/// An observation of a window on `displays` at `scale`, `bounds` points at `origin`,
/// with every other fact filled in consistently (a Diorama app that rendered
/// correctly).
func renderedObservation(on displays: [String], scale: Scale, bounds: Size, origin: Point = .zero) -> WindowObservation {
    var observation = WindowObservation(unavailableBecause: "not set by the test")
    let usesViewport = !scale.isInteger
    let buffer = Size(width: scale.pixels(forLogical: bounds.width), height: scale.pixels(forLogical: bounds.height))
    observation.isMapped = .value(true)
    observation.enteredDisplays = .value(displays)
    observation.frame = .value(Rect(origin: origin, size: bounds))
    observation.bufferSize = .value(buffer)
    observation.bufferScale = .value(usesViewport ? 1 : scale.numerator120 / Scale.denominator)
    observation.viewportDestination = .value(usesViewport ? bounds : nil)
    observation.preferredScale = .value(scale)
    observation.minimumSize = .value(Size(width: 500, height: 0))
    observation.maximumSize = .value(.zero)
    observation.lastConfigure = .value(ConfigureObservation(size: bounds, states: [.activated]))
    observation.commitsSinceStep = .value(1)
    observation.staleCommitsSinceStep = .value([])
    observation.renderScale = .value(scale)
    observation.screen = .value(displays.first)
    observation.displayScale = .value(scale.doubleValue)
    observation.horizontalSizeClass = .value(bounds.width >= 700 ? .regular : .compact)
    observation.verticalSizeClass = .value(.regular)
    observation.bounds = .value(bounds)
    observation.drawableSize = .value(buffer)
    observation.orientation = .value(.landscapeRight)
    observation.isOrientationLocked = .value(false)
    observation.activationState = .value(.foregroundActive)
    observation.role = .value(.windowApplication)
    observation.isDisconnected = .value(false)
    observation.isRestored = .value(false)
    observation.callbacks = .value([:])
    return observation
}
