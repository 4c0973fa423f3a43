import DioramaModel

/// One thing an `expect` line requires, with the text it was written as.
///
/// `expect main on DP-2, scale 2, no stale frames` has three clauses. Each is checked
/// on its own (and is one JUnit test case), so a report can say exactly which fact
/// was wrong.
package struct Clause: Hashable, Sendable, CustomStringConvertible {
    package var kind: ClauseKind
    /// The clause as written, without the separating commas (`scale 2`).
    package var text: String
    package var location: SourceLocation

    package init(_ kind: ClauseKind, text: String, location: SourceLocation) {
        self.kind = kind
        self.text = text
        self.location = location
    }

    package var description: String { text }
}

/// Whether a clause needs a Diorama app's runtime trace or works for any client.
package enum ClauseLevel: String, Hashable, Sendable, Codable {
    /// Observed on the Wayland connection: any client, every backend that can see
    /// the protocol.
    case wayland
    /// Observed in the runtime trace of a Diorama app.
    case app
}

/// What a clause checks. The docs (`Docs/scenario-language.md`) give the syntax and
/// meaning of each; ``ExpectationEvaluator`` is the one place each is decided.
package enum ClauseKind: Hashable, Sendable {
    // MARK: Wayland level
    /// `on DP-1[, DP-2]`: the surface is currently on (entered, not left) every
    /// listed display; it may be on others too.
    case onDisplays([NameReference])
    /// `entered exactly DP-1, DP-2`: the displays it is on are exactly these.
    case enteredExactly([NameReference])
    /// `buffer 1600x1200`, `buffer = round(bounds * 1.5)`: the last committed
    /// buffer's size in pixels.
    case bufferSize(SizeExpression)
    /// `buffer scale 2`: the last `wl_surface.set_buffer_scale`.
    case bufferScale(Int)
    /// `viewport 800x600`, `viewport = bounds`, `viewport none`: the viewport
    /// destination of the last commit (`nil`: no viewport destination set).
    case viewport(SizeExpression?)
    /// `preferred scale 1.5`: the last scale the compositor preferred for the
    /// surface (fractional-scale-v1, or preferred_buffer_scale).
    case preferredScale(Scale)
    /// `minimum 500x0`: the last `xdg_toplevel.set_min_size`.
    case minimumSize(Size)
    /// `maximum 0x0`: the last `xdg_toplevel.set_max_size` (0 is "no limit").
    case maximumSize(Size)
    /// `configure 900x700`: the size of the last `xdg_toplevel.configure`.
    case configureSize(Size)
    /// `states activated maximized`, or the shorthand `maximized`: each state is in
    /// the last configure.
    case hasStates([ToplevelState])
    /// `not maximized`: the state is absent from the last configure.
    case lacksState(ToplevelState)
    /// `no stale frames`: since the step, no commit rendered at a scale other than
    /// the one preferred at the time.
    case noStaleFrames
    /// `commits 1`, `commits >= 1`: commits since the step.
    case commits(Comparison)
    /// `width >= 500`: the window's width in points.
    case width(Comparison)
    /// `height 600`: the window's height in points.
    case height(Comparison)
    /// `crisp`: the window's frame shows on its display pixel for pixel, as
    /// its buffer holds it (``FrameCrispness``): drawn for the display's
    /// scale and placed on whole pixels, neither scaled nor resampled.
    case crisp

    // MARK: App level
    /// `screen DP-2`: the display the scene's `screen` is.
    case screen(NameReference)
    /// `scale 1.5`: the scale the last frame was rendered at.
    case scale(Scale)
    /// `traits.displayScale 2`.
    case displayScale(Scale)
    /// `traits.horizontalSizeClass compact`.
    case horizontalSizeClass(SizeClass)
    /// `traits.verticalSizeClass regular`.
    case verticalSizeClass(SizeClass)
    /// `bounds 800x600`: the scene's coordinate-space bounds in points.
    case bounds(Size)
    /// `drawable 1600x1200`, `drawable = bounds * 2`: the drawable's pixel size.
    case drawable(SizeExpression)
    /// `orientation landscape`.
    case orientation(OrientationExpectation)
    /// `orientation locked` / `orientation unlocked`: the scene's
    /// `isInterfaceOrientationLocked`.
    case orientationLocked(Bool)
    /// `state foregroundActive`.
    case activationState(ActivationStateName)
    /// `role external-display-non-interactive`.
    case role(SceneSessionRole)
    /// `renderer openGLES [via sharedMemory]`: the renderer the scene's
    /// frames are drawn with now (after any fallback to software) and, when
    /// `via` is given, how its OpenGL ES frames are presented.
    case renderer(RendererName, via: GLESPresentationName? = nil)
    /// `disconnected`: the scene's session was disconnected.
    case disconnected
    /// `restored`: the scene reconnected with restored state after a relaunch.
    case restored
    /// `connection order 2`: the scene's session was the second its app
    /// connected since the app launched; after a relaunch, in the order the
    /// user last had the scenes active (the one active last connects last).
    case connectionOrder(Int)
    /// `title "Board (card 2 at 140,110)"`: the scene's title now
    /// (`WindowScene.title`), exactly; what an app shows of its state.
    case title(String)
    /// `drawableSizeWillChange fired 1 time[, after the resize ended]`.
    case callbackFired(SceneCallback, Comparison, afterResizeEnded: Bool)

    package var level: ClauseLevel {
        switch self {
        case .onDisplays, .enteredExactly, .bufferSize, .bufferScale, .viewport, .preferredScale,
            .minimumSize, .maximumSize, .configureSize, .hasStates, .lacksState, .noStaleFrames,
            .commits, .width, .height, .scale, .crisp:
            return .wayland
        case .screen, .displayScale, .horizontalSizeClass, .verticalSizeClass, .bounds, .drawable,
            .orientation, .orientationLocked, .activationState, .role, .renderer, .disconnected, .restored, .connectionOrder, .title,
            .callbackFired:
            return .app
        }
    }

    /// The displays the clause names, for validation.
    package var displayReferences: [NameReference] {
        switch self {
        case .onDisplays(let names), .enteredExactly(let names): names
        case .screen(let name): [name]
        default: []
        }
    }
}
