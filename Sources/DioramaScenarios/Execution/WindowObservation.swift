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
package struct WindowObservation: Hashable, Sendable {
    // MARK: Wayland level

    /// Whether the toplevel is mapped (acked a configure and committed a buffer).
    package var isMapped: Observed<Bool>
    /// The displays the surface is on now (`wl_surface.enter` without a later
    /// `leave`), by name.
    package var enteredDisplays: Observed<[String]>
    /// The window geometry in global logical coordinates: where it is and how big.
    package var frame: Observed<Rect>
    /// The last committed buffer's size in pixels.
    package var bufferSize: Observed<Size>
    /// The last `wl_surface.set_buffer_scale` (1 when never set).
    package var bufferScale: Observed<Int>
    /// The last committed viewport destination, `nil` without one.
    package var viewportDestination: Observed<Size?>
    /// The scale the compositor last preferred for the surface
    /// (`wp_fractional_scale_v1.preferred_scale`, else
    /// `wl_surface.preferred_buffer_scale`), `nil` when it never sent one.
    package var preferredScale: Observed<Scale?>
    /// The last `set_min_size` / `set_max_size` (0x0 when never set).
    package var minimumSize: Observed<Size>
    package var maximumSize: Observed<Size>
    /// The last `xdg_toplevel.configure`.
    package var lastConfigure: Observed<ConfigureObservation>
    /// Commits of the surface since the step.
    package var commitsSinceStep: Observed<Int>
    /// Commits since the step that rendered at a scale other than the one preferred
    /// when they were committed.
    package var staleCommitsSinceStep: Observed<[StaleCommit]>
    /// The scale the last frame was rendered at: buffer pixels per logical point
    /// (for Diorama apps, the runtime's resolved scale).
    package var renderScale: Observed<Scale>
    /// Whether the window's frame shows on its display as its buffer holds
    /// it. Judged from a screenshot, so only when a `crisp` clause asks
    /// (``ScenarioBackend/judgeCrispness(window:)``).
    package var crispness: Observed<FrameCrispness>

    // MARK: App level

    /// The display the scene's `screen` is, `nil` when it has none.
    package var screen: Observed<String?>
    /// `traitCollection.displayScale`.
    package var displayScale: Observed<Double>
    package var horizontalSizeClass: Observed<SizeClass>
    package var verticalSizeClass: Observed<SizeClass>
    /// The scene's coordinate-space bounds, in points.
    package var bounds: Observed<Size>
    /// The drawable's size in pixels.
    package var drawableSize: Observed<Size>
    package var orientation: Observed<InterfaceOrientation>
    /// The scene's `isInterfaceOrientationLocked`.
    package var isOrientationLocked: Observed<Bool>
    package var activationState: Observed<ActivationStateName>
    package var role: Observed<SceneSessionRole>
    /// The renderer the scene's last frames were drawn with.
    package var renderer: Observed<RendererName>
    /// How the scene's OpenGL ES frames are presented now; nil while it
    /// draws in software.
    package var glesPresentation: Observed<GLESPresentationName?>
    /// Whether the scene's session was disconnected.
    package var isDisconnected: Observed<Bool>
    /// Whether the scene connected with restored state (after a relaunch).
    package var isRestored: Observed<Bool>
    /// The scene's place among the sessions its app connected since it
    /// launched, from 1.
    package var connectionOrder: Observed<Int>
    /// The scene's title now (`WindowScene.title`).
    package var title: Observed<String>
    /// Calls of each callback since the step; a callback absent from the dictionary
    /// was not called.
    package var callbacks: Observed<[SceneCallback: CallbackObservation]>

    /// An observation in which nothing is known yet, each fact unavailable for
    /// `reason`.
    package init(unavailableBecause reason: String) {
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
    package mutating func markAppLevelUnavailable(_ reason: String) {
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
package struct ConfigureObservation: Hashable, Sendable {
    /// The suggested size; 0 on a side the client chooses.
    package var size: Size
    package var states: Set<ToplevelState>
    /// Why the size is not known, when a backend sees the states but not the
    /// size (sway's tree shows a window's fullscreen and focus, not the size it
    /// last configured): `configure WxH` is then skipped with this reason.
    package var sizeUnavailable: String?

    package init(size: Size, states: Set<ToplevelState> = []) {
        self.size = size
        self.states = states
    }

    /// The states of the last configure, its size unknown for `reason`.
    package init(states: Set<ToplevelState>, sizeUnavailableBecause reason: String) {
        self.size = .zero
        self.states = states
        self.sizeUnavailable = reason
    }
}

/// A commit that rendered at the wrong scale: the buffer was drawn for
/// `renderedScale` while the compositor preferred `preferredScale`.
package struct StaleCommit: Hashable, Sendable, CustomStringConvertible {
    package var renderedScale: Scale
    package var preferredScale: Scale

    package init(renderedScale: Scale, preferredScale: Scale) {
        self.renderedScale = renderedScale
        self.preferredScale = preferredScale
    }

    package var description: String { "rendered at \(renderedScale) while \(preferredScale) was preferred" }
}

/// How often one callback was called since the step.
package struct CallbackObservation: Hashable, Sendable {
    package var count: Int
    /// How many of those calls came while an interactive resize was under way (the
    /// configure carried `resizing`), i.e. not after it ended.
    package var duringInteractiveResize: Int

    package init(count: Int, duringInteractiveResize: Int = 0) {
        self.count = count
        self.duringInteractiveResize = duringInteractiveResize
    }
}
