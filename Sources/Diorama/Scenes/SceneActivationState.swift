/// Where a scene is in its life, as UIKit's `UIScene.ActivationState`.
///
/// On Wayland (see Docs/runtime.md, "Life cycle: UIKit callback ↔ Wayland"):
/// - `unattached`: connected, toplevel created, not yet mapped (no first configure acked and committed).
/// - `foregroundInactive`: mapped and on at least one output, without the xdg `activated` state.
/// - `foregroundActive`: mapped, on an output, with the xdg `activated` state.
/// - `background`: on no output (minimised, or every output it was on went away). Nothing is drawn.
public enum SceneActivationState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Connected, not yet mapped; or disconnected.
    case unattached
    /// Mapped, on an output, and focused (`activated`).
    case foregroundActive
    /// Mapped and on an output, not focused.
    case foregroundInactive
    /// On no output: nothing is drawn.
    case background
}

/// One delegate callback of the life cycle.
public enum SceneLifecycleEvent: String, Sendable, Hashable, Codable {
    /// `sceneWillEnterForeground`: the surface is on an output again.
    case willEnterForeground
    /// `sceneDidBecomeActive`: the toplevel gained `activated`.
    case didBecomeActive
    /// `sceneWillResignActive`: the toplevel lost `activated`.
    case willResignActive
    /// `sceneDidEnterBackground`: the surface left every output.
    case didEnterBackground
    /// `sceneDidDisconnect`: the toplevel is gone.
    case didDisconnect
}

extension SceneLifecycleEvent {
    /// The activation state a scene is in once this callback has fired:
    /// what the trace records with each step, so that a multi-step transition
    /// (active → background: resign, then enter background) reads step by step.
    public var resultingState: SceneActivationState {
        switch self {
        case .willEnterForeground, .willResignActive: return .foregroundInactive
        case .didBecomeActive: return .foregroundActive
        case .didEnterBackground: return .background
        // UIKit: a disconnected scene is unattached again.
        case .didDisconnect: return .unattached
        }
    }
}

/// The ordered callbacks UIKit delivers between two activation states.
///
/// UIKit never skips a step: an active scene going to the background first
/// resigns active, then enters the background; a background scene that
/// becomes active first enters the foreground. Disconnecting passes through
/// the background. Each step fires exactly once.
package enum SceneLifecycle {
    /// The callbacks, in order, that take a scene from `current` to
    /// `target` (none when they are equal).
    package static func events(from current: SceneActivationState, to target: SceneActivationState) -> [SceneLifecycleEvent] {
        guard current != target else { return [] }
        switch (current, target) {
        case (.unattached, .foregroundInactive), (.background, .foregroundInactive):
            return [.willEnterForeground]
        case (.unattached, .foregroundActive), (.background, .foregroundActive):
            return [.willEnterForeground, .didBecomeActive]
        case (.foregroundInactive, .foregroundActive):
            return [.didBecomeActive]
        case (.foregroundActive, .foregroundInactive):
            return [.willResignActive]
        case (.foregroundActive, .background):
            return [.willResignActive, .didEnterBackground]
        case (.foregroundInactive, .background), (.unattached, .background):
            return [.didEnterBackground]
        case (_, .unattached):
            // A scene never goes back to unattached; it disconnects instead.
            return []
        default:
            return []
        }
    }

    /// The callbacks for disconnecting a scene in `current`: it reaches the
    /// background first, as UIKit does before `sceneDidDisconnect`.
    package static func eventsForDisconnect(from current: SceneActivationState) -> [SceneLifecycleEvent] {
        let toBackground = current == .unattached ? [] : events(from: current, to: .background)
        return toBackground + [.didDisconnect]
    }

    /// The state a mapped toplevel is in, from what the compositor said.
    package static func state(isMapped: Bool, isOnAnyOutput: Bool, isActivated: Bool) -> SceneActivationState {
        guard isMapped else { return .unattached }
        guard isOnAnyOutput else { return .background }
        return isActivated ? .foregroundActive : .foregroundInactive
    }
}
