/// Which way up a display's screenshot is, for displays with a transform.
///
/// `wl_output.transform` says how the compositor turns content to make up
/// for a panel that is physically rotated or mirrored: on a display with
/// transform 90 the panel's framebuffer holds the picture turned 90°
/// counter-clockwise, and the person in front of the turned monitor sees it
/// upright, in portrait.
public enum ScreenshotOrientation: String, Hashable, Sendable, CaseIterable {
    /// What a person looking at the display sees: the logical space, upright.
    /// A 1920x1080 panel with transform 90 gives a 1080x1920 (portrait)
    /// picture. This is what `diorama ctl screenshot` writes.
    case upright
    /// The panel's own pixels (the mode's size, never swapped): the upright
    /// picture with the display's transform applied, as the framebuffer a
    /// real compositor scans out would hold it.
    case framebuffer
}
