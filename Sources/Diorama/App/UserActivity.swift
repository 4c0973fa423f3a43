import DioramaModel

/// An activity to restore or to open a scene with (UIKit's `NSUserActivity`).
///
/// Scenes return one from `stateRestorationActivity(for:)`; it is saved with
/// the session under `$XDG_STATE_HOME/<app-id>/` and handed back through
/// `scene(_:restoreInteractionStateWith:)` on the next launch. It is the same
/// value the session store writes, so nothing is converted on the way.
public typealias UserActivity = UserActivityRecord
