/// A scene's life-cycle state as `state …` clauses name it: the raw values of the
/// runtime's `SceneActivationState` (UIKit's `UIScene.ActivationState`). Scenarios
/// read it from the runtime trace and do not import the runtime, hence the mirror.
package enum ActivationStateName: String, Hashable, Sendable, Codable, CaseIterable {
    case unattached
    case foregroundActive
    case foregroundInactive
    case background
}
