/// Where a scene's size switches from compact to regular size classes.
///
/// iPadOS 26 lets a window take almost any size, so the size class follows the
/// window's size. Diorama's defaults reproduce what iPad layouts saw in the fixed
/// multitasking sizes:
///
/// - **Horizontal: regular from 600 points wide.** Slide Over and one-third splits
///   (320–438 pt) and half splits on 11-inch and smaller iPads (about 560–597 pt) are
///   compact; half splits on 12.9/13-inch iPads (678 pt) and every full-screen iPad
///   width (744 pt and up) are regular.
/// - **Vertical: regular from 480 points tall.** Every iPad layout is at least 600 pt
///   tall and is vertically regular; only windows as short as an iPhone in landscape
///   (320–440 pt) become vertically compact, so layouts written for that case apply.
///
/// Both are configurable per runtime (tests, or an app tuned for other breakpoints).
public struct SizeClassThresholds: Hashable, Sendable, Codable {
    /// Widths at or above this many points are horizontally regular.
    public var minimumRegularWidth: Int
    /// Heights at or above this many points are vertically regular.
    public var minimumRegularHeight: Int

    /// Thresholds in points; the defaults are ``iPad``'s.
    public init(minimumRegularWidth: Int = 600, minimumRegularHeight: Int = 480) {
        self.minimumRegularWidth = minimumRegularWidth
        self.minimumRegularHeight = minimumRegularHeight
    }

    /// 600 pt wide, 480 pt tall; see the type's documentation for why.
    public static let iPad = SizeClassThresholds()

    /// Compact below ``minimumRegularWidth``; unspecified for a width of zero or less
    /// (the scene has no size yet).
    public func horizontalSizeClass(forWidth width: Int) -> SizeClass {
        sizeClass(width, threshold: minimumRegularWidth)
    }

    /// Compact below ``minimumRegularHeight``; unspecified for a height of zero or less.
    public func verticalSizeClass(forHeight height: Int) -> SizeClass {
        sizeClass(height, threshold: minimumRegularHeight)
    }

    private func sizeClass(_ length: Int, threshold: Int) -> SizeClass {
        if length <= 0 { return .unspecified }
        return length >= threshold ? .regular : .compact
    }
}
