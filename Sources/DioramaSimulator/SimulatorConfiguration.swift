/// Everything a simulator is started with, except the socket.
public struct SimulatorConfiguration {
    /// The displays the simulator starts with.
    public var layout: DisplayLayout
    /// The compositor the simulator imitates (globals, versions, behaviour).
    public var profile: CompositorProfile
    /// Which display's scale a window spanning several is told to prefer.
    public var preferredScalePolicy: PreferredScalePolicy
    /// Bounds on what clients and control connections may ask for.
    public var limits: SimulatorLimits
    /// Where time comes from; a ``ManualClock`` makes frame timing deterministic.
    public var clock: any SimulatorClock
    /// The display new toplevels open on; nil means the first of the layout.
    public var defaultDisplay: String?
    /// Overrides the profile's `wl_output.scale` rounding when set.
    public var outputScaleRounding: OutputScaleRounding?

    /// A configuration for `layout`; by default the `modern` profile, the `max` preferred-scale policy, the standard limits and the monotonic clock.
    public init(
        layout: DisplayLayout, profile: CompositorProfile = .modern,
        preferredScalePolicy: PreferredScalePolicy = .max, limits: SimulatorLimits = .standard,
        clock: any SimulatorClock = MonotonicClock(), defaultDisplay: String? = nil,
        outputScaleRounding: OutputScaleRounding? = nil
    ) {
        self.layout = layout
        self.profile = profile
        self.preferredScalePolicy = preferredScalePolicy
        self.limits = limits
        self.clock = clock
        self.defaultDisplay = defaultDisplay
        self.outputScaleRounding = outputScaleRounding
    }

    /// The rounding in effect: the override, else the profile's.
    public var effectiveOutputScaleRounding: OutputScaleRounding {
        outputScaleRounding ?? profile.outputScaleRounding
    }
}
