import DioramaModel
import WaylandClient

/// Everything known about an output at its last `done`: a value, replaced as
/// a whole, so a reader never sees half of an update (a new scale with the old
/// mode).
///
/// Sources: `wl_output` (geometry, modes, scale, and from version 4 name and
/// description) merged with `zxdg_output_v1` (logical position and size, and
/// name and description for compositors whose `wl_output` is older, such as
/// weston 10's version 3).
package struct OutputInfo: Hashable, Sendable {
    /// The registry name of the `wl_output` global (unique for the connection).
    package var globalName: UInt32
    /// The output's name (`HEADLESS-1`, `DP-2`): `wl_output.name` when the
    /// bound version has it, else `zxdg_output_v1.name`; nil when neither came.
    package var name: String?
    /// A human-readable description, from the same sources as `name`.
    package var description: String?
    package var make: String
    package var model: String
    /// `wl_output.geometry`'s position. Compositors often send 0,0 here for
    /// every output; `logicalPosition` is the one to use.
    package var position: Point
    /// The physical size in millimetres; zero for virtual outputs and projectors.
    package var physicalSizeMM: Size
    package var subpixel: WlOutput.Subpixel
    /// How the compositor rotates and mirrors content on this output.
    package var transform: OutputTransform
    /// The integer scale (`wl_output.scale`). Compositors with fractional
    /// scales send the scale rounded up (sway 1.5 → 2).
    package var scale: Int
    /// The modes announced, in announcement order.
    package var modes: [OutputMode]
    /// The top-left corner in the compositor's logical (layout) space.
    package var logicalPosition: Point
    /// The size in the compositor's logical space: what a fullscreen surface
    /// covers, in surface coordinates.
    package var logicalSize: Size
    /// True when the logical geometry came from xdg-output; false when it was
    /// derived (geometry position, mode ÷ scale, rotated by the transform)
    /// because the compositor has no xdg-output.
    package var hasXdgOutputGeometry: Bool

    package init(globalName: UInt32) {
        self.globalName = globalName
        name = nil
        description = nil
        make = ""
        model = ""
        position = .zero
        physicalSizeMM = .zero
        subpixel = .unknown
        transform = .normal
        scale = 1
        modes = []
        logicalPosition = .zero
        logicalSize = .zero
        hasXdgOutputGeometry = false
    }

    /// The current mode, or nil before one was announced.
    package var currentMode: OutputMode? { modes.first(where: \.isCurrent) }

    /// The current mode's size in pixels (zero without a mode).
    package var modePixels: Size { currentMode?.pixels ?? .zero }

    /// The current mode's refresh rate in mHz (0 without a mode).
    package var refreshMilliHz: Int { currentMode?.refreshMilliHz ?? 0 }

    /// The logical size a compositor without xdg-output implies: the mode,
    /// turned by the transform, divided by the integer scale (rounded down,
    /// as compositors do when they lay outputs out).
    package var derivedLogicalSize: Size {
        let pixels = transform.swapsAxes ? modePixels.transposed : modePixels
        let divisor = Swift.max(scale, 1)
        return Size(width: pixels.width / divisor, height: pixels.height / divisor)
    }
}
