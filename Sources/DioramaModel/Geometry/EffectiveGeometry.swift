/// A scene's geometry as its app sees it, as in `UIWindowScene.Geometry`
/// (`effectiveGeometry`).
///
/// The runtime recomputes it on every configure and rotation, and notifies
/// `windowScene(_:didUpdateEffectiveGeometry:)` only when the new value is not equal to
/// the previous one (use `ChangeTracker`). Because it is a plain `Equatable` value, a
/// configure that repeats the current size, or a scale change that leaves the geometry
/// alone, fires nothing: one callback per real change.
public struct EffectiveGeometry: Hashable, Sendable, Codable {
    /// The scene's bounds in its own coordinate space, in points; the origin is
    /// normally zero.
    public var coordinateSpaceBounds: Rect
    /// The orientation of the output the scene is on.
    public var interfaceOrientation: InterfaceOrientation
    /// True while the user drags a window edge (xdg_toplevel `resizing` state); apps
    /// may defer expensive relayout until it turns false.
    public var isInteractivelyResizing: Bool
    /// True when the scene asked not to rotate and the system honours it.
    public var isInterfaceOrientationLocked: Bool
    /// True when the compositor made the window smaller than the scene's minimum size
    /// (maximised, tiled or fullscreen on a small output); see
    /// ``SizeRestrictions/commitSize(configured:isConstrained:)``.
    public var isBelowMinimumSize: Bool

    package init(
        coordinateSpaceBounds: Rect,
        interfaceOrientation: InterfaceOrientation = .unknown,
        isInteractivelyResizing: Bool = false,
        isInterfaceOrientationLocked: Bool = false,
        isBelowMinimumSize: Bool = false
    ) {
        self.coordinateSpaceBounds = coordinateSpaceBounds
        self.interfaceOrientation = interfaceOrientation
        self.isInteractivelyResizing = isInteractivelyResizing
        self.isInterfaceOrientationLocked = isInterfaceOrientationLocked
        self.isBelowMinimumSize = isBelowMinimumSize
    }
}
