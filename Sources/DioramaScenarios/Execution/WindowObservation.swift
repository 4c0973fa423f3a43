import DioramaModel

/// Everything a backend knows about one named window when an expectation is
/// checked: the facts every clause is decided on.
///
/// Wayland-level facts come from the compositor side (the simulator's records, sway's
/// tree): they exist for any client. App-level facts come from a Diorama app's
/// runtime trace. Counts "since the step" cover the time since the backend began the
/// most recent action step (``StepAction/isAction``). Every field starts out
/// ``Observed/unavailable(_:)`` with the reason given to the initializer; a backend
/// fills in what it can see.
public struct WindowObservation: Hashable, Sendable {
    // MARK: Wayland level

    /// Whether the toplevel is mapped (acked a configure and committed a buffer).
    public var isMapped: Observed<Bool>
    /// The displays the surface is on now (`wl_surface.enter` without a later
    /// `leave`), by name.
    public var enteredDisplays: Observed<[String]>
    /// The window geometry in global logical coordinates: where it is and how big.
    public var frame: Observed<Rect>
    /// The last committed buffer's size in pixels.
    public var bufferSize: Observed<Size>
    /// The last `wl_surface.set_buffer_scale` (1 when never set).
    public var bufferScale: Observed<Int>
    /// The last committed viewport destination, `nil` without one.
    public var viewportDestination: Observed<Size?>
    /// The scale the compositor last preferred for the surface
    /// (`wp_fractional_scale_v1.preferred_scale`, else
    /// `wl_surface.preferred_buffer_scale`), `nil` when it never sent one.
    public var preferredScale: Observed<Scale?>
    /// The last `set_min_size` / `set_max_size` (0x0 when never set).
    public var minimumSize: Observed<Size>
    public var maximumSize: Observed<Size>
    /// The last `xdg_toplevel.configure`.
    public var lastConfigure: Observed<ConfigureObservation>
    /// Commits of the surface since the step.
    public var commitsSinceStep: Observed<Int>
    /// Commits since the step that rendered at a scale other than the one preferred
    /// when they were committed.
    public var staleCommitsSinceStep: Observed<[StaleCommit]>
    /// The scale the last frame was rendered at: buffer pixels per logical point
    /// (for Diorama apps, the runtime's resolved scale).
    public var renderScale: Observed<Scale>
    /// Whether the window's frame shows on its display as its buffer holds
    /// it. Judged from a screenshot, so only when a `crisp` clause asks
    /// (``ScenarioBackend/judgeCrispness(window:)``).
    public var crispness: Observed<FrameCrispness>

    // MARK: App level

    /// The display the scene's `screen` is, `nil` when it has none.
    public var screen: Observed<String?>
    /// `traitCollection.displayScale`.
    public var displayScale: Observed<Double>
    public var horizontalSizeClass: Observed<SizeClass>
    public var verticalSizeClass: Observed<SizeClass>
    /// The scene's coordinate-space bounds, in points.
    public var bounds: Observed<Size>
    /// The drawable's size in pixels.
    public var drawableSize: Observed<Size>
    public var orientation: Observed<InterfaceOrientation>
    /// The scene's `isInterfaceOrientationLocked`.
    public var isOrientationLocked: Observed<Bool>
    public var activationState: Observed<ActivationStateName>
    public var role: Observed<SceneSessionRole>
    /// The renderer the scene's last frames were drawn with.
    public var renderer: Observed<RendererName>
    /// How the scene's OpenGL ES frames are presented now; nil while it
    /// draws in software.
    public var glesPresentation: Observed<GLESPresentationName?>
    /// Whether the scene's session was disconnected.
    public var isDisconnected: Observed<Bool>
    /// Whether the scene connected with restored state (after a relaunch).
    public var isRestored: Observed<Bool>
    /// The scene's place among the sessions its app connected since it
    /// launched, from 1.
    public var connectionOrder: Observed<Int>
    /// The scene's title now (`WindowScene.title`).
    public var title: Observed<String>
    /// Calls of each callback since the step; a callback absent from the dictionary
    /// was not called.
    public var callbacks: Observed<[SceneCallback: CallbackObservation]>

    /// An observation in which nothing is known yet, each fact unavailable for
    /// `reason`.
    public init(unavailableBecause reason: String) {
        isMapped = .unavailable(reason)
        enteredDisplays = .unavailable(reason)
        frame = .unavailable(reason)
        bufferSize = .unavailable(reason)
        bufferScale = .unavailable(reason)
        viewportDestination = .unavailable(reason)
        preferredScale = .unavailable(reason)
        minimumSize = .unavailable(reason)
        maximumSize = .unavailable(reason)
        lastConfigure = .unavailable(reason)
        commitsSinceStep = .unavailable(reason)
        staleCommitsSinceStep = .unavailable(reason)
        renderScale = .unavailable(reason)
        crispness = .unavailable(reason)
        screen = .unavailable(reason)
        displayScale = .unavailable(reason)
        horizontalSizeClass = .unavailable(reason)
        verticalSizeClass = .unavailable(reason)
        bounds = .unavailable(reason)
        drawableSize = .unavailable(reason)
        orientation = .unavailable(reason)
        isOrientationLocked = .unavailable(reason)
        activationState = .unavailable(reason)
        role = .unavailable(reason)
        renderer = .unavailable(reason)
        glesPresentation = .unavailable(reason)
        isDisconnected = .unavailable(reason)
        isRestored = .unavailable(reason)
        connectionOrder = .unavailable(reason)
        title = .unavailable(reason)
        callbacks = .unavailable(reason)
    }

    /// Marks every app-level fact unavailable for `reason` (a client that is not a
    /// Diorama app, or whose trace could not be read).
    public mutating func markAppLevelUnavailable(_ reason: String) {
        screen = .unavailable(reason)
        displayScale = .unavailable(reason)
        horizontalSizeClass = .unavailable(reason)
        verticalSizeClass = .unavailable(reason)
        bounds = .unavailable(reason)
        drawableSize = .unavailable(reason)
        orientation = .unavailable(reason)
        isOrientationLocked = .unavailable(reason)
        activationState = .unavailable(reason)
        role = .unavailable(reason)
        renderer = .unavailable(reason)
        glesPresentation = .unavailable(reason)
        isDisconnected = .unavailable(reason)
        isRestored = .unavailable(reason)
        connectionOrder = .unavailable(reason)
        title = .unavailable(reason)
        callbacks = .unavailable(reason)
    }
}

/// The last `xdg_toplevel.configure` a window received.
public struct ConfigureObservation: Hashable, Sendable {
    /// The suggested size; 0 on a side the client chooses.
    public var size: Size
    public var states: Set<ToplevelState>
    /// Why the size is not known, when a backend sees the states but not the
    /// size (sway's tree shows a window's fullscreen and focus, not the size it
    /// last configured): `configure WxH` is then skipped with this reason.
    public var sizeUnavailable: String?

    public init(size: Size, states: Set<ToplevelState> = []) {
        self.size = size
        self.states = states
    }

    /// The states of the last configure, its size unknown for `reason`.
    public init(states: Set<ToplevelState>, sizeUnavailableBecause reason: String) {
        self.size = .zero
        self.states = states
        self.sizeUnavailable = reason
    }
}

/// A commit that rendered at the wrong scale: the buffer was drawn for
/// `renderedScale` while the compositor preferred `preferredScale`.
public struct StaleCommit: Hashable, Sendable, CustomStringConvertible {
    public var renderedScale: Scale
    public var preferredScale: Scale

    public init(renderedScale: Scale, preferredScale: Scale) {
        self.renderedScale = renderedScale
        self.preferredScale = preferredScale
    }

    public var description: String { "rendered at \(renderedScale) while \(preferredScale) was preferred" }
}

/// How often one callback was called since the step.
public struct CallbackObservation: Hashable, Sendable {
    public var count: Int
    /// How many of those calls came while an interactive resize was under way (the
    /// configure carried `resizing`), i.e. not after it ended.
    public var duringInteractiveResize: Int

    public init(count: Int, duringInteractiveResize: Int = 0) {
        self.count = count
        self.duringInteractiveResize = duringInteractiveResize
    }
}
