import DioramaPOSIX
import DioramaScenarios
import Foundation

/// What a scenario's window name stands for on a backend.
struct WindowBinding<WindowID: Hashable> {
    var declaration: WindowDeclaration
    /// The compositor's id for the window (the simulator's window id, sway's
    /// container id); nil while the window is gone or the backend has none.
    var windowID: WindowID?
    /// The scene's persistent identifier and the runtime trace describing it
    /// (Diorama apps).
    var scene: String?
    var traceFile: String?
}

/// The window names of one scenario run and the waits every backend does the
/// same way: for a declared window to appear, and for a relaunched client's
/// windows to come back. How a window is found is the backend's: its
/// `rebind` closure binds a name when the window is there now and returns a
/// description of what it bound, or nil.
final class ScenarioWindows<WindowID: Hashable> {
    typealias Rebind = (_ name: String) throws -> String?
    /// Begins watching, before a look, for whatever that look could see
    /// change (the compositor recording something, an app writing its
    /// trace, `client` ending); the wait it returns ends at the first such
    /// change after that point, or at the deadline.
    typealias WatchForChange = (_ client: ClientProcess?) -> ObservationChange

    private(set) var bindings: [String: WindowBinding<WindowID>] = [:]
    /// Per client alias, the declared windows that were showing when it quit:
    /// the ones `relaunch` waits for.
    private var showingAtQuit: [String: [String]] = [:]
    /// Between looks while settling (``settle(timeout:quietPeriod:known:stillChanging:look:)``).
    let pollInterval: Duration
    /// Between looks while waiting for a window to appear.
    private let watchForChange: WatchForChange

    /// `watchForChange`: how the backend learns that a window may have
    /// appeared; nil for a backend that has no such event (a real
    /// compositor's window tree), which then looks every `pollInterval`.
    /// A backend that settles through ``settle(timeout:quietPeriod:known:stillChanging:look:)``
    /// looks every `pollInterval` there too.
    init(pollInterval: Duration = .milliseconds(25), watchForChange: WatchForChange? = nil) {
        self.pollInterval = pollInterval
        self.watchForChange = watchForChange ?? { _ in .after(pollInterval) }
    }

    subscript(name: String) -> WindowBinding<WindowID>? {
        get { bindings[name] }
        set { bindings[name] = newValue }
    }

    /// The window ids bound to names other than `name`: a window is bound to
    /// one name only.
    func windowIDs(boundToOtherThan name: String) -> Set<WindowID> {
        Set(bindings.filter { $0.key != name }.compactMap(\.value.windowID))
    }

    /// The scenes bound to names other than `name`.
    func scenes(boundToOtherThan name: String) -> Set<String> {
        Set(bindings.filter { $0.key != name }.compactMap(\.value.scene))
    }

    /// `window NAME = CLIENT …`: binds the name, then waits up to `timeout`
    /// for `rebind` to find the window. Fails when the client exits first or
    /// the time runs out (with `notFound` saying what the compositor shows);
    /// `skips` turns the time-out into a skip after a skipped step.
    ///
    /// After a skipped step, a Diorama app whose trace (followed in
    /// `traces`) says it has handled every event sent since the declaration
    /// began has shown every window it was going to: the window the skipped
    /// step would have made (the TV's scene after a `plug display` weston
    /// cannot do) is skipped then, not at the time-out.
    func declare(
        _ declaration: WindowDeclaration, client: ScenarioClients.Client?, timeout: Duration,
        skips: SkippedStepMemory? = nil, traces: RuntimeTraces? = nil, rebind: Rebind, notFound: () -> String
    ) async throws -> StepOutcome {
        bindings[declaration.name.name] = WindowBinding(declaration: declaration)
        let began = MonotonicTime.nanoseconds()
        let deadline = ContinuousClock.now + timeout
        while true {
            let nextChange = watchForChange(client?.current)
            if let detail = try rebind(declaration.name.name) { return .done(detail: detail) }
            if let process = client?.current, !process.isRunning {
                return .failed("`\(declaration.client.name)` \(process.exitDescription) before showing the window; stderr: \(process.standardErrorTail(600))")
            }
            if ContinuousClock.now >= deadline {
                return skips?.declarationTimedOut() ?? .failed(notFound())
            }
            if let skipped = skips?.declarationTimedOut(), let traces, let process = client?.current,
                let handled = traces.eventsHandledBefore(process.traceFile.path), handled >= began
            {
                return skipped
            }
            await nextChange.next(before: deadline)
        }
    }

    /// `quit CLIENT`: remembers which of its windows `isShowing` says are
    /// showing (the ones a relaunch brings back), then quits it.
    func quit(
        _ client: NameReference, clients: ScenarioClients,
        isShowing: (WindowBinding<WindowID>) -> Bool
    ) async -> StepOutcome {
        showingAtQuit[client.name] = bindings.filter { $0.value.declaration.client == client && isShowing($0.value) }.map(\.key)
        return .done(detail: await clients.quit(client.name))
    }

    /// Which windows a relaunch waits for.
    enum Returning {
        /// The ones showing when the client quit, each of them (the others,
        /// such as a disconnected external-display scene, are bound again
        /// only if they reappear later).
        case showingAtQuit
        /// Any one of the client's declared windows (a backend that cannot
        /// tell what was showing); the others are bound if they are there too.
        case anyDeclared
    }

    /// `relaunch CLIENT`: starts the client again, follows its new trace,
    /// unbinds its windows (and their scenes unless `keepScenes`: a window
    /// not coming back keeps its last app-level facts), and waits for the
    /// `returning` ones to be found again.
    func relaunch(
        _ alias: String, clients: ScenarioClients, compositorEnvironment: [String: String],
        traces: RuntimeTraces, timeout: Duration, returning: Returning, keepScenes: Bool,
        rebind: Rebind
    ) async throws -> StepOutcome {
        let process = try clients.relaunch(alias, compositorEnvironment: compositorEnvironment)
        traces.follow(process.traceFile)
        let declared = bindings.filter { $0.value.declaration.client.name == alias }.map(\.key)
        for name in declared {
            bindings[name]?.windowID = nil
            if !keepScenes { bindings[name]?.scene = nil }
        }
        var missing: [String]
        switch returning {
        case .showingAtQuit: missing = showingAtQuit[alias] ?? []
        case .anyDeclared: missing = declared
        }
        let deadline = ContinuousClock.now + timeout
        while !missing.isEmpty {
            let nextChange = watchForChange(process)
            let found = try missing.filter { try rebind($0) != nil }
            missing.removeAll { found.contains($0) }
            if case .anyDeclared = returning, !found.isEmpty {
                for name in missing { _ = try? rebind(name) }
                break
            }
            if missing.isEmpty { break }
            if !process.isRunning {
                return .failed("`\(alias)` \(process.exitDescription) after the relaunch; stderr: \(process.standardErrorTail(600))")
            }
            if ContinuousClock.now >= deadline {
                return .failed("after the relaunch, \(missing.sorted().joined(separator: ", ")) did not reappear within \(timeout)")
            }
            await nextChange.next(before: deadline)
        }
        return .done(detail: "pid \(process.processID)")
    }

    /// Polls `look` until it stayed the same, with nothing pending, for
    /// `quietPeriod`, or until `timeout` (then the pending reasons, or
    /// `stillChanging`). `known` is a look already seen settled and since
    /// when: the quiet period counts from there if nothing changed since.
    ///
    /// - Returns: the outcome and, when settled, the look and since when it held.
    func settle<Look: Equatable>(
        timeout: ScenarioDuration, quietPeriod: Duration,
        known: (look: Look, since: ContinuousClock.Instant)? = nil,
        stillChanging: String,
        look: () -> (look: Look, pending: [String])
    ) async
        -> (outcome: SettleOutcome, settled: (look: Look, since: ContinuousClock.Instant)?)
    {
        let deadline = ContinuousClock.now + timeout.duration
        var lastLook = known?.look
        var stableSince = known?.since ?? ContinuousClock.now
        while true {
            let current = look()
            let now = ContinuousClock.now
            if current.look != lastLook || !current.pending.isEmpty {
                lastLook = current.look
                stableSince = now
            } else if now - stableSince >= quietPeriod {
                return (.settled, (current.look, stableSince))
            }
            if now >= deadline {
                return (.timedOut(current.pending.isEmpty ? stillChanging : current.pending.joined(separator: "; ")), nil)
            }
            try? await Task.sleep(for: pollInterval)
        }
    }
}
