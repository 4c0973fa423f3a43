/// The pointer's image while it is over a scene's window: the cursor theme's
/// arrow, no image at all, or another cursor of the theme by its name.
///
/// Set it with `WindowScene.cursor`. The client core shows it with
/// `wl_pointer.set_cursor` when the pointer enters the window and again when
/// the scene changes it while the pointer is inside. The nearest UIKit
/// relatives are `UIPointerStyle` (per view, iPadOS) and AppKit's `NSCursor`.
public enum SceneCursor: Hashable, Sendable {
    /// The theme's default arrow (XCursor `left_ptr`, or `default`).
    case arrow
    /// No image: `wl_pointer.set_cursor` with a null surface, as a game or a
    /// video player hides the pointer over its window.
    case hidden
    /// A cursor of the XCursor theme by its file name (`text`, `crosshair`,
    /// `grab`, `pointer`, …; see the theme's `cursors` folder). A name the
    /// theme lacks shows the arrow instead, with one warning per name.
    case named(String)
}
