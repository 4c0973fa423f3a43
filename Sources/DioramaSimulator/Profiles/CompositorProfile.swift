import WaylandServer

/// What the simulator offers and how it behaves, chosen to match a real
/// compositor a user's users run. `Docs/simulator.md` lists every difference.
///
/// The versions of `sway-1.7` and `weston-10` are what `wayland-info` reports
/// for sway 1.7 (wlroots 0.15) and weston 10 on Debian bookworm.
public struct CompositorProfile: Hashable, Sendable {
    /// The name used on the command line and in traces (`modern`, `sway-1.7`, `weston-10`).
    public var name: String
    public var compositorVersion: UInt32
    public var outputVersion: UInt32
    public var xdgOutputManagerVersion: UInt32
    public var xdgWmBaseVersion: UInt32
    public var seatVersion: UInt32
    /// Whether `wp_fractional_scale_manager_v1` is offered.
    public var offersFractionalScale: Bool
    public var offersViewporter: Bool
    public var offersPresentation: Bool
    /// How the integer `wl_output.scale` is derived from a display's fractional scale.
    public var outputScaleRounding: OutputScaleRounding
    /// When min/max size hints clamp the sizes the simulator configures.
    public var sizeHintsPolicy: SizeHintsPolicy

    public init(name: String, compositorVersion: UInt32, outputVersion: UInt32, xdgOutputManagerVersion: UInt32,
                xdgWmBaseVersion: UInt32, seatVersion: UInt32, offersFractionalScale: Bool,
                offersViewporter: Bool, offersPresentation: Bool,
                outputScaleRounding: OutputScaleRounding, sizeHintsPolicy: SizeHintsPolicy) {
        self.name = name
        self.compositorVersion = compositorVersion
        self.outputVersion = outputVersion
        self.xdgOutputManagerVersion = xdgOutputManagerVersion
        self.xdgWmBaseVersion = xdgWmBaseVersion
        self.seatVersion = seatVersion
        self.offersFractionalScale = offersFractionalScale
        self.offersViewporter = offersViewporter
        self.offersPresentation = offersPresentation
        self.outputScaleRounding = outputScaleRounding
        self.sizeHintsPolicy = sizeHintsPolicy
    }

    /// Everything the system's protocol XML allows, fractional scale and viewporter included.
    public static let modern = CompositorProfile(
        name: "modern", compositorVersion: WlCompositor.maxVersion, outputVersion: min(4, WlOutput.maxVersion),
        xdgOutputManagerVersion: min(3, ZxdgOutputManagerV1.maxVersion), xdgWmBaseVersion: XdgWmBase.maxVersion,
        seatVersion: WlSeat.maxVersion, offersFractionalScale: true, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .always)

    /// sway 1.7: no fractional scale, `wl_output.scale = ceil(scale)`,
    /// wl_compositor v4, xdg_wm_base v2 (no configure_bounds or
    /// wm_capabilities), and min/max sizes honoured only in interactive resizes.
    public static let sway17 = CompositorProfile(
        name: "sway-1.7", compositorVersion: 4, outputVersion: 4, xdgOutputManagerVersion: 3,
        xdgWmBaseVersion: 2, seatVersion: 7, offersFractionalScale: false, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .interactiveResizeOnly)

    /// weston 10: wl_output v3 (no name or description events), no fractional
    /// scale, wl_compositor v4, xdg_wm_base v3, zxdg_output_manager_v1 v2.
    public static let weston10 = CompositorProfile(
        name: "weston-10", compositorVersion: 4, outputVersion: 3, xdgOutputManagerVersion: 2,
        xdgWmBaseVersion: 3, seatVersion: 7, offersFractionalScale: false, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .always)

    public static let all: [CompositorProfile] = [.modern, .sway17, .weston10]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> CompositorProfile? {
        all.first { $0.name == name }
    }
}

/// How `wl_output.scale` (an integer) is derived from a fractional display scale.
public enum OutputScaleRounding: String, Hashable, Sendable, CaseIterable {
    /// The smallest integer at least the scale (1.25 → 2): what sway and
    /// mutter send, so clients without fractional scale render sharp and are
    /// downscaled.
    case ceil
    /// The nearest integer, halves up (1.25 → 1, 1.5 → 2).
    case round
}

/// When min/max size hints clamp configured sizes.
public enum SizeHintsPolicy: String, Hashable, Sendable {
    /// Every configure (scripted resize, maximize, fullscreen, interactive resize).
    case always
    /// Only configures of an interactive resize, as sway 1.7 does.
    case interactiveResizeOnly
}

/// How a surface's preferred scale is chosen from the displays it overlaps.
public enum PreferredScalePolicy: String, Hashable, Sendable, CaseIterable {
    /// The largest scale of any display the surface overlaps: sharp everywhere,
    /// downscaled on the lower-density display.
    case max
    /// The scale of the display holding the largest part of the surface (ties
    /// go to the display listed first).
    case largestOverlap = "largest-overlap"
}
