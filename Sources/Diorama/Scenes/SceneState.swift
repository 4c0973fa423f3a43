import DioramaModel

/// Everything the compositor has said that matters to one scene, gathered
/// from wl_surface, xdg_toplevel, wp_fractional_scale_v1 and the outputs.
package struct CompositorFacts: Sendable, Hashable {
    /// The first configure was acked and a buffer committed.
    package var isMapped = false
    /// The last toplevel configure's size; zero lets the client choose.
    package var configuredSize = Size.zero
    /// The xdg `activated` state: the toplevel has keyboard focus.
    package var isActivated = false
    /// The xdg `resizing` state: an interactive resize is under way.
    package var isResizing = false
    /// The xdg `maximized` state.
    package var isMaximized = false
    /// The xdg `fullscreen` state.
    package var isFullscreen = false
    /// Any of the xdg `tiled_*` states: an edge is against a neighbour or the output's edge.
    package var isTiled = false
    /// Outputs the surface has entered, in the order it entered them.
    package var enteredScreens: [ScreenDescription] = []
    /// The surface has been on an output at least once. Until then a mapped
    /// scene counts as visible (compositors send enter after mapping); after,
    /// being on no output means the background.
    package var hasEnteredAnOutput = false
    /// Every output the compositor has.
    package var allScreens: [ScreenDescription] = []
    /// The output the scene asked to be fullscreen on (an external-display
    /// scene), by name: where it will appear before it has entered anything.
    package var requestedScreenName: String?
    /// wp_fractional_scale_v1.preferred_scale, when the compositor sent one.
    package var fractionalPreferred: Scale?
    /// wl_surface.preferred_buffer_scale (wl_surface v6), when sent.
    package var preferredBufferScale: Int?
    /// A wp_viewport exists for the surface (needed for fractional scales
    /// and for keeping the drawable during an interactive resize).
    package var hasViewport = false

    /// Nothing heard yet: unmapped, no outputs, no scales.
    package init() {}

    /// Maximised, fullscreen or tiled: the compositor decides the size and the
    /// client must not grow it to its minimum.
    package var isConstrained: Bool { isMaximized || isFullscreen || isTiled }
}

/// What the app decides for itself, as inputs to the scene state.
package struct SceneSettings: Sendable, Hashable {
    /// `WindowScene.sizeRestrictions`, as a value.
    package var sizeRestrictions = SizeRestrictions.none
    /// The size chosen when the compositor lets the client choose (configure 0×0).
    package var preferredContentSize = Size(width: 800, height: 600)
    /// The size a restored session was saved at: wins over
    /// `preferredContentSize` when the compositor lets the client choose
    /// (the user's size over the app's default), until the window is shown.
    package var restoredContentSize: Size?
    /// The widths and heights where size classes turn from compact to regular.
    package var sizeClassThresholds = SizeClassThresholds.iPad
    /// The idiom the trait collection reports (a pad, as iPadOS windows do).
    package var userInterfaceIdiom = UserInterfaceIdiom.pad
    /// The layout direction the trait collection reports.
    package var layoutDirection = LayoutDirection.leftToRight
    /// The light or dark style the trait collection reports.
    package var userInterfaceStyle = UserInterfaceStyle.light
    /// The root content's `prefersInterfaceOrientationLocked`.
    package var prefersInterfaceOrientationLocked = false
    /// The drawable size the app chose (`DrawableLayer.autoResizeDrawable`
    /// off); nil while the runtime sizes it from bounds × scale.
    package var appOwnedDrawableSize: Size?

    /// The defaults a new scene starts with.
    package init() {}
}

/// The scene as the app sees it, computed from facts and settings. Two
/// states compare equal exactly when no callback should fire between them.
package struct SceneState: Sendable, Hashable {
    /// Where the scene is in its life cycle.
    package var activationState: SceneActivationState
    /// The output the scene is said to be on (see `chooseScreen`).
    package var screen: ScreenDescription?
    /// The logical size committed (points).
    package var size: Size
    /// The scale the scene renders at, and which compositor fact decided it.
    package var resolvedScale: ResolvedScale
    /// Buffer pixels, buffer scale and viewport destination to commit.
    package var bufferGeometry: BufferGeometry
    /// The render target's size; kept during an interactive resize.
    package var drawableSize: Size?
    /// The traits the scene reports (`WindowScene.traitCollection`).
    package var traitCollection: TraitCollection
    /// Bounds, orientation and resize state (`WindowScene.effectiveGeometry`).
    package var effectiveGeometry: EffectiveGeometry

    /// Computes the state for `facts`.
    ///
    /// Order of decisions, each documented where it is made:
    /// 1. size: the configured size, or the preferred size when the
    ///    compositor lets the client choose; then the size restrictions
    ///    (at least the minimum unless constrained, see SizeRestrictions).
    /// 2. scale: ScaleResolver's precedence (fractional preferred >
    ///    preferred_buffer_scale > largest entered output > only output > 1).
    /// 3. drawable: the app's own size when it owns it (with a viewport the
    ///    buffer is that drawable, scaled by the compositor to the bounds;
    ///    without one the buffer stays bounds × scale and the runtime places
    ///    the drawable into it); else bounds × scale in whole pixels — except
    ///    during an interactive resize with a viewport, where the previous
    ///    drawable is kept and the compositor scales it (TN3192), until the
    ///    resize ends. Without a viewport neither can be scaled by the
    ///    compositor, so a resize takes effect at once.
    package static func compute(facts: CompositorFacts, settings: SceneSettings, previous: SceneState?) -> SceneState {
        let configured = facts.configuredSize
        // A side the compositor leaves to the client keeps the size already
        // shown; before the first frame nothing is shown yet, so it follows the
        // size a restored session was saved at, else the preferred size (which
        // the delegate may set in willConnectTo, after the first configure is known).
        let shown = facts.isMapped ? previous?.size : nil
        let chosen = shown ?? settings.restoredContentSize ?? settings.preferredContentSize
        let requested = Size(
            width: configured.width > 0 ? configured.width : chosen.width,
            height: configured.height > 0 ? configured.height : chosen.height)
        let committed = settings.sizeRestrictions.commitSize(configured: requested, isConstrained: facts.isConstrained)

        let onlyScreen = facts.allScreens.count == 1 ? facts.allScreens.first : nil
        // On no output (minimised, or its outputs unplugged) nothing says what
        // scale to use; keep the last one rather than fall to 1, so a scene
        // coming back does not redraw twice and traits do not flap.
        let keepsPreviousScale =
            facts.enteredScreens.isEmpty && onlyScreen == nil && previous != nil
            && facts.fractionalPreferred == nil && facts.preferredBufferScale == nil
        let resolved =
            keepsPreviousScale
            ? previous!.resolvedScale
            : ScaleResolver.resolve(
                fractionalPreferred: facts.hasViewport ? facts.fractionalPreferred : nil,
                preferredBufferScale: facts.preferredBufferScale,
                enteredOutputScales: facts.enteredScreens.map(\.scale),
                onlyOutputScale: onlyScreen?.scale)
        let screen = chooseScreen(facts: facts, previous: previous?.screen)

        var buffer = BufferGeometry.for(logical: committed.size, scale: resolved)
        var drawable = DrawableSizing.drawableSize(bounds: committed.size, scale: resolved.scale)
        let deferResize = facts.isResizing && facts.hasViewport && previous?.resolvedScale == resolved
        if let appOwned = settings.appOwnedDrawableSize {
            drawable = appOwned
            if facts.hasViewport {
                buffer = BufferGeometry(bufferSize: appOwned, bufferScale: 1, viewportDestination: committed.size)
            }
        } else if deferResize, let previous, let kept = previous.drawableSize {
            drawable = kept
            buffer = BufferGeometry(bufferSize: kept, bufferScale: 1, viewportDestination: committed.size)
        }

        // wl_output.mode is the panel's size before the transform; the
        // orientation rule wants the size as laid out (after it).
        let displayOrientation =
            screen.map {
                InterfaceOrientation(
                    outputTransform: $0.transform,
                    outputBounds: $0.transform.swapsAxes ? $0.pixelSize.transposed : $0.pixelSize)
            } ?? .unknown
        // A scene that locks its orientation keeps the one it had when the
        // display rotates (UIKit: the interface does not rotate).
        let lockedOrientation = previous?.effectiveGeometry.interfaceOrientation
        let orientation =
            settings.prefersInterfaceOrientationLocked && lockedOrientation != nil && lockedOrientation != .unknown
            ? lockedOrientation! : displayOrientation
        let traits = TraitCollection(
            sceneSize: committed.size, scale: resolved.scale,
            thresholds: settings.sizeClassThresholds,
            userInterfaceIdiom: settings.userInterfaceIdiom,
            layoutDirection: settings.layoutDirection,
            activeAppearance: ActiveAppearance(isActivated: facts.isActivated),
            userInterfaceStyle: settings.userInterfaceStyle)
        let geometry = EffectiveGeometry(
            coordinateSpaceBounds: Rect(size: committed.size),
            interfaceOrientation: orientation,
            isInteractivelyResizing: facts.isResizing,
            isInterfaceOrientationLocked: settings.prefersInterfaceOrientationLocked,
            isBelowMinimumSize: committed.isBelowMinimum)
        let activation = SceneLifecycle.state(
            isMapped: facts.isMapped,
            isOnAnyOutput: !facts.enteredScreens.isEmpty || !facts.hasEnteredAnOutput,
            isActivated: facts.isActivated)
        return SceneState(
            activationState: activation, screen: screen, size: committed.size, resolvedScale: resolved,
            bufferGeometry: buffer, drawableSize: drawable, traitCollection: traits,
            effectiveGeometry: geometry)
    }

    /// The screen rule: of the outputs the surface is on, the one with the
    /// highest scale (the one the scene renders for), the earliest entered on
    /// a tie. On no output: the only output if there is one, else the one it
    /// asked to be fullscreen on, else the screen it was last on while that
    /// still exists, else the first output.
    package static func chooseScreen(facts: CompositorFacts, previous: ScreenDescription?) -> ScreenDescription? {
        if let best = facts.enteredScreens.enumerated().max(by: { lhs, rhs in
            lhs.element.scale != rhs.element.scale ? lhs.element.scale < rhs.element.scale : lhs.offset > rhs.offset
        })?.element {
            return best
        }
        if facts.allScreens.count == 1 { return facts.allScreens[0] }
        if let requested = facts.requestedScreenName, let screen = facts.allScreens.first(where: { $0.name == requested }) {
            return screen
        }
        if let previous, let current = facts.allScreens.first(where: { $0.name == previous.name }) { return current }
        return facts.allScreens.first
    }
}

/// What changed between two scene states, in the order callbacks fire:
/// life cycle, then effective geometry, then traits (observers see up-to-date
/// geometry), then the drawable size (before the next frame is drawn).
package struct SceneStateChanges: Sendable, Hashable {
    /// The life-cycle callbacks to fire, in order.
    package var lifecycleEvents: [SceneLifecycleEvent]
    /// The geometry before the change, when it changed (what
    /// `didUpdateEffectiveGeometry` is handed); nil when it did not.
    package var previousGeometry: EffectiveGeometry?
    /// The traits whose values differ: the trait observers registered for any of them fire.
    package var changedTraits: Set<Trait>
    /// The new drawable size, when it changed: `drawableSizeWillChange` fires with it.
    package var newDrawableSize: Size?
    /// The scene is on another screen, or its screen's scale changed (the
    /// trace's `screen` record carries the scale, so it must not go stale).
    package var screenChanged: Bool

    /// The changes from `old` (nil: the scene had no state yet) to `new`.
    package init(from old: SceneState?, to new: SceneState) {
        lifecycleEvents = SceneLifecycle.events(from: old?.activationState ?? .unattached, to: new.activationState)
        previousGeometry = (old.map { $0.effectiveGeometry != new.effectiveGeometry } ?? false) ? old?.effectiveGeometry : nil
        changedTraits = old.map { new.traitCollection.changedTraits(from: $0.traitCollection) } ?? []
        newDrawableSize = new.drawableSize != old?.drawableSize ? new.drawableSize : nil
        screenChanged = old?.screen?.name != new.screen?.name || old?.screen?.scale != new.screen?.scale
    }

    /// Nothing changed: no callback fires and nothing is traced.
    package var isEmpty: Bool {
        lifecycleEvents.isEmpty && previousGeometry == nil && changedTraits.isEmpty && newDrawableSize == nil && !screenChanged
    }
}
