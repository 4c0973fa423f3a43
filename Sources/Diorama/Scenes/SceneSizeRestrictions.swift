import DioramaLogging
import DioramaModel
import Foundation

/// UIKit's `UISceneSizeRestrictions`: the scene's minimum and maximum size in
/// points. Changing either re-sends xdg_toplevel.set_min_size/set_max_size
/// (0 = no limit) and commits.
///
/// `minimumSize` and `maximumSize` are settable, as in UIKit. A value that
/// cannot be a restriction (a negative side, a minimum above a non-zero
/// maximum) is not applied: the previous restrictions stay, a warning naming
/// the value and the fix goes to stderr, and `lastRejection` says why. Where
/// one value alone would be invalid on the way to a valid pair (raising both
/// limits), `set(minimumSize:maximumSize:)` changes both at once and throws.
///
/// Unlike UIKit's `CGSize`, sizes are whole points (`Size`): Wayland's
/// `set_min_size`/`set_max_size` take integers.
@MainActor
public final class SceneSizeRestrictions {
    /// The smallest size the compositor may give the scene, in points
    /// (`.zero`: no limit); sent as `xdg_toplevel.set_min_size`.
    public var minimumSize: Size {
        get { current.minimumSize }
        set { apply(minimumSize: newValue, maximumSize: maximumSize) }
    }

    /// The largest size the compositor may give the scene, in points
    /// (`.zero`: no limit); sent as `xdg_toplevel.set_max_size`.
    public var maximumSize: Size {
        get { current.maximumSize }
        set { apply(minimumSize: minimumSize, maximumSize: newValue) }
    }

    /// Why the last assignment to `minimumSize` or `maximumSize` was not
    /// applied; nil after a valid change.
    public private(set) var lastRejection: SizeRestrictions.ValidationError?

    private var current = SizeRestrictions.none
    var onChange: ((SizeRestrictions) -> Void)?
    /// Where a rejected assignment is reported (stderr; tests replace it).
    var reportRejection: (SizeRestrictions.ValidationError) -> Void = { error in
        runtimeLog.warning("sizeRestrictions not changed: \(error)")
    }

    init() {}

    var value: SizeRestrictions { current }

    /// Sets both at once (the only way to go from one valid pair to another
    /// when each alone would be invalid, e.g. raising both limits).
    public func set(minimumSize: Size, maximumSize: Size) throws(SizeRestrictions.ValidationError) {
        let validated = try SizeRestrictions(minimumSize: minimumSize, maximumSize: maximumSize)
        lastRejection = nil
        guard validated != current else { return }
        current = validated
        onChange?(validated)
    }

    /// The property setters' path: validate, apply or report.
    private func apply(minimumSize: Size, maximumSize: Size) {
        do {
            try set(minimumSize: minimumSize, maximumSize: maximumSize)
        } catch {
            lastRejection = error
            reportRejection(error)
        }
    }
}
