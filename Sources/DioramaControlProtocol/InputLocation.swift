import DioramaModel

/// Where a pointer or touch command puts its point.
public enum InputLocation: Hashable, Sendable {
    /// Global logical points, the space displays are laid out in.
    case global(Point)
    /// Logical points from the top-left of a window's geometry (what the
    /// user sees as the window's corner, shadows excluded).
    case window(WindowSelector, Point)
}
