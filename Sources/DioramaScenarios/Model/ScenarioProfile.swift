/// Which compositor the simulator imitates (`profile: …` in a scenario,
/// `--profile` on the command line). The simulator's `CompositorProfile` of the same
/// name says what each one offers; real backends (sway, weston, kwin, mutter) are what they are and
/// ignore it.
package enum ScenarioProfile: String, Hashable, Sendable, Codable, CaseIterable {
    /// Everything the system's protocols allow: fractional scale, viewporter,
    /// preferred buffer scale.
    case modern
    /// sway 1.7 as Debian bookworm ships it: integer output scales rounded up, min
    /// size honoured only in interactive resizes.
    case sway17 = "sway-1.7"
    /// sway 1.7 with every window floating, as the real-sway backend runs it:
    /// windows cascade at their own size instead of tiling.
    case sway17Floating = "sway-1.7-floating"
    /// weston 10: wl_output v3, no fractional scale.
    case weston10 = "weston-10"
    /// KWin 5.27: fractional scale beside a rounded-up wl_output.scale, outputs named
    /// Virtual-N with a -1 × -1 mm physical size, server-side decorations.
    case kwin527 = "kwin-5.27"
    /// Mutter 43: wl_output v3, no fractional scale protocol, outputs Meta-N of 0 × 0 mm,
    /// no server-side decorations.
    case mutter43 = "mutter-43"
}
