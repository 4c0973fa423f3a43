import DioramaModel

/// What a scene needs from its Wayland surface. `SceneSurface` implements it;
/// tests may use a recording stand-in to check callback order without a
/// compositor.
@MainActor
protocol SceneHost: AnyObject {
    func sizeRestrictionsChanged(_ restrictions: SizeRestrictions)
    func titleChanged(_ title: String)
    /// The scene chose another pointer image.
    func cursorChanged(_ cursor: SceneCursor)
    func setNeedsDisplay()
    func requestClose()
    /// `willConnectTo` (and any restoration) ran: the first frame may be drawn.
    func sceneDidConnect()
    /// Asks the compositor to let the user drag the window with the press
    /// still held; false when no press is held.
    func beginInteractiveMove() -> Bool
}

extension SceneHost {
    /// A host with no seat (a test's stand-in) has no press to move with.
    func beginInteractiveMove() -> Bool { false }
    /// A host with no seat (a test's stand-in) has no pointer to show it.
    func cursorChanged(_ cursor: SceneCursor) {}
}

/// A token for `registerForTraitChanges`; pass it to `unregisterForTraitChanges`.
public struct TraitChangeRegistration: Hashable, Sendable {
    let id: Int
}

/// One window scene: one `xdg_toplevel` (UIKit's `UIWindowScene`).
///
/// The scene's state is recomputed from what the compositor says (configure,
/// enter/leave, preferred scale, output changes) by `SceneState.compute`; each
/// real change fires its callbacks once, in UIKit's order: life cycle, then
/// effective geometry, then trait observers, then the drawable size.
@MainActor
public final class WindowScene {
    /// The session this scene shows (UIKit's `session`); it outlives the scene.
    public let session: SceneSession
    /// The delegate the configuration named, created as the scene connects.
    public internal(set) var delegate: (any WindowSceneDelegate)?
    /// The content that draws the scene's frames.
    public var rootContent: (any RootContent)? {
        didSet { host?.setNeedsDisplay() }
    }
    /// The toplevel's title (xdg_toplevel.set_title).
    public var title: String {
        didSet { if title != oldValue { host?.titleChanged(title) } }
    }
    /// The pointer's image while it is over this scene's window: the
    /// theme's arrow (the default), none (`.hidden`), or a theme cursor by
    /// name (`.named("text")`). It is shown on each enter, and at once when
    /// changed while the pointer is inside.
    public var cursor: SceneCursor = .arrow {
        didSet { if cursor != oldValue { host?.cursorChanged(cursor) } }
    }
    /// The scene's minimum and maximum size (UIKit's `sizeRestrictions`).
    public let sizeRestrictions = SceneSizeRestrictions()
    /// The render target: drawable size, scale, gravity (the `CAMetalLayer` counterpart).
    public let drawableLayer = DrawableLayer()

    /// The latest computed state; nil until the compositor's first configure.
    package private(set) var state: SceneState?
    /// The screen the scene is on (UIKit's `screen`): the output holding
    /// most of it, by the rule in `SceneState.compute`; nil before it is shown.
    public private(set) var screen: Screen?
    /// True once `sceneDidDisconnect` fired.
    public private(set) var isDisconnected = false
    /// For an external-display scene: the output it is fullscreen on.
    public internal(set) var externalOutputName: String?

    weak var host: SceneHost?
    /// The application's hook, after the delegate heard a life-cycle event
    /// (it saves state when a scene enters the background).
    var lifecycleObserver: ((SceneLifecycleEvent) -> Void)?
    let trace: RuntimeTrace
    /// What the compositor has said about the scene's surface, as of the end
    /// of the last dispatched batch: the one copy. The host records a batch's
    /// events into a pending value and hands it over with `update(facts:)`;
    /// a settings change recomputes the state from these.
    private(set) var facts = CompositorFacts()
    /// Whether `willConnectTo` ran; before, states are computed but not delivered.
    private var hasConnected = false
    /// The last state delivered to the trace, the delegate and the observers.
    private var delivered: SceneState?
    private(set) var settings = SceneSettings()
    private var traitObservers: [Int: (traits: Set<Trait>, handler: @MainActor (WindowScene, TraitCollection) -> Void)] = [:]
    private var nextObserverID = 0
    private let screenLookup: @MainActor (String) -> Screen?

    init(session: SceneSession, title: String, trace: RuntimeTrace, screenLookup: @escaping @MainActor (String) -> Screen?) {
        self.session = session
        self.title = title
        self.trace = trace
        self.screenLookup = screenLookup
        sizeRestrictions.onChange = { [weak self] restrictions in
            guard let self else { return }
            self.settings.sizeRestrictions = restrictions
            self.trace.record(.sizeRestrictions(scene: self.traceName, minimum: restrictions.minimumSize, maximum: restrictions.maximumSize))
            self.host?.sizeRestrictionsChanged(restrictions)
            self.recompute()
        }
        drawableLayer.onSizingChange = { [weak self] in
            guard let self else { return }
            self.settings.appOwnedDrawableSize = self.drawableLayer.appOwnedSize
            self.recompute()
        }
        drawableLayer.onRendererChange = { [weak self] in self?.host?.setNeedsDisplay() }
    }

    /// The name scenes are traced under: the session's configuration name and identifier.
    var traceName: String { session.persistentIdentifier }

    // MARK: UIKit-style accessors

    /// Where the scene is in its life cycle (UIKit's `activationState`).
    public var activationState: SceneActivationState { state?.activationState ?? .unattached }
    /// Display scale, size classes and the other traits (UIKit's
    /// `traitCollection`); real from `willConnectTo` on.
    public var traitCollection: TraitCollection { state?.traitCollection ?? TraitCollection() }
    /// Bounds, orientation and interactive-resize state (UIKit's `effectiveGeometry`).
    public var effectiveGeometry: EffectiveGeometry {
        state?.effectiveGeometry ?? EffectiveGeometry(coordinateSpaceBounds: Rect(size: settings.preferredContentSize))
    }
    /// `coordinateSpace.bounds`: the scene's size in points.
    public var bounds: Rect { effectiveGeometry.coordinateSpaceBounds }
    /// Portrait or landscape, from the scene's bounds (UIKit's `interfaceOrientation`).
    public var interfaceOrientation: InterfaceOrientation { effectiveGeometry.interfaceOrientation }
    /// True while the user drags a window edge (the xdg `resizing` state).
    public var isInteractivelyResizing: Bool { effectiveGeometry.isInteractivelyResizing }
    /// Whether the root content's `prefersInterfaceOrientationLocked` holds.
    public var isInterfaceOrientationLocked: Bool { effectiveGeometry.isInterfaceOrientationLocked }

    /// The size the scene asks for when the compositor lets it choose.
    public var preferredContentSize: Size {
        get { settings.preferredContentSize }
        set { settings.preferredContentSize = newValue; recompute() }
    }

    /// The size a restored session was saved at (nil for a new one): asked for
    /// in place of ``preferredContentSize`` when the compositor's first
    /// configure leaves the size to the client, as iPadOS reopens a window at
    /// the size the user left it.
    var restoredContentSize: Size? {
        get { settings.restoredContentSize }
        set { settings.restoredContentSize = newValue; recompute() }
    }

    /// The widths and heights where the size classes turn from compact to
    /// regular (iPad's by default); Diorama's addition, since window sizes on
    /// a desktop vary more than iPad multitasking sizes.
    public var sizeClassThresholds: SizeClassThresholds {
        get { settings.sizeClassThresholds }
        set { settings.sizeClassThresholds = newValue; recompute() }
    }

    /// Calls `handler` after a change of any of `traits`, once geometry is up
    /// to date. As in UIKit, the handler gets the *previous* trait collection;
    /// the current one is `scene.traitCollection`.
    @discardableResult
    public func registerForTraitChanges(
        _ traits: [Trait],
        handler: @escaping @MainActor (WindowScene, TraitCollection) -> Void
    ) -> TraitChangeRegistration {
        nextObserverID += 1
        traitObservers[nextObserverID] = (Set(traits), handler)
        return TraitChangeRegistration(id: nextObserverID)
    }

    /// Stops the handler `registration` names from being called.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitObservers[registration.id] = nil
    }

    /// Re-reads the root content's `prefersInterfaceOrientationLocked`.
    public func setNeedsUpdateOfPrefersInterfaceOrientationLocked() {
        settings.prefersInterfaceOrientationLocked = rootContent?.prefersInterfaceOrientationLocked ?? false
        recompute()
    }

    /// Asks for a new frame at the next frame callback.
    public func setNeedsDisplay() { host?.setNeedsDisplay() }

    /// Asks the app to close this scene as a user would (the session is discarded).
    public func close() { host?.requestClose() }

    /// Lets the user drag the scene's window with the pointer button or
    /// finger now held down: call it from `touchesBegan` (on a title area,
    /// say); the compositor moves the window until the press ends, across
    /// displays — a scale change then arrives as usual. AppKit's
    /// `NSWindow.performDrag(with:)`; `xdg_toplevel.move` on Wayland.
    /// Returns false (and does nothing) when no press is held.
    @discardableResult
    public func beginInteractiveMove() -> Bool { host?.beginInteractiveMove() ?? false }

    // MARK: Updates from the compositor

    /// Replaces the compositor facts and delivers whatever changed.
    func update(facts newFacts: CompositorFacts) {
        facts = newFacts
        recompute()
    }

    /// Computes the state for the current facts and settings. Until the scene
    /// has connected (`willConnectTo` ran), the state is only kept — so the
    /// delegate reads real traits and geometry — and nothing is delivered: the
    /// delegate may still change the preferred size or restrictions, and the
    /// content must not hear of a drawable size that is never drawn. Delivery
    /// starts from the state at `didFinishConnecting`, as the scene's first.
    private func recompute() {
        guard !isDisconnected, facts.isMapped || state != nil || facts.configuredSize != .zero || !facts.allScreens.isEmpty else { return }
        let new = SceneState.compute(facts: facts, settings: settings, previous: state)
        state = new
        if new.screen?.name != screen?.name, let name = new.screen?.name { screen = screenLookup(name) }
        guard hasConnected else { return }
        let previous = delivered
        delivered = new
        deliver(SceneStateChanges(from: previous, to: new), state: new, previous: previous)
    }

    /// The scene connected: `willConnectTo` (and any restoration) ran. Its
    /// state so far is delivered as its first.
    func didFinishConnecting() {
        hasConnected = true
        recompute()
    }

    private func deliver(_ changes: SceneStateChanges, state: SceneState, previous: SceneState?) {
        let isFirstState = previous == nil
        drawableLayer.contentsScale = state.resolvedScale.scale.doubleValue
        if isFirstState {
            // The starting geometry and traits are facts too: the trace has
            // them, so a reader knows the first displayScale without waiting
            // for a change. Delegates and observers hear only changes, as in UIKit.
            trace.record(.geometry(scene: traceName, geometry: state.effectiveGeometry))
            trace.record(.traits(scene: traceName, changed: Set(Trait.allCases), traits: state.traitCollection))
        }
        for event in changes.lifecycleEvents {
            trace.record(.lifecycle(scene: traceName, event: event, state: event.resultingState))
            fire(event)
        }
        if changes.screenChanged, let screen = state.screen {
            trace.record(.screen(scene: traceName, name: screen.name, scale: screen.scale))
        }
        if let previous = changes.previousGeometry {
            trace.record(.geometry(scene: traceName, geometry: state.effectiveGeometry))
            delegate?.windowScene(self, didUpdateEffectiveGeometry: previous)
        }
        if !changes.changedTraits.isEmpty {
            trace.record(.traits(scene: traceName, changed: changes.changedTraits, traits: state.traitCollection))
            for (_, observer) in traitObservers.sorted(by: { $0.key < $1.key }) where !observer.traits.isDisjoint(with: changes.changedTraits) {
                let previousTraits = previous?.traitCollection ?? TraitCollection()
                trace.record(.traitHandlerCalled(scene: traceName, changed: changes.changedTraits, previous: previousTraits))
                observer.handler(self, previousTraits)
            }
        }
        if let size = changes.newDrawableSize {
            drawableLayer.currentSize = size
            trace.record(.drawableSize(scene: traceName, size: size, contentsScale: drawableLayer.contentsScale))
            rootContent?.drawableSizeWillChange(size, in: self)
        }
        if !changes.isEmpty { host?.setNeedsDisplay() }
    }

    private func fire(_ event: SceneLifecycleEvent) {
        switch event {
        case .willEnterForeground: delegate?.sceneWillEnterForeground(self)
        case .didBecomeActive: delegate?.sceneDidBecomeActive(self)
        case .willResignActive: delegate?.sceneWillResignActive(self)
        case .didEnterBackground: delegate?.sceneDidEnterBackground(self)
        case .didDisconnect: delegate?.sceneDidDisconnect(self)
        }
        lifecycleObserver?(event)
    }

    /// Ends the scene: passes through the background, then `sceneDidDisconnect`.
    func disconnect() {
        guard !isDisconnected else { return }
        for event in SceneLifecycle.eventsForDisconnect(from: activationState) {
            trace.record(.lifecycle(scene: traceName, event: event, state: event.resultingState))
            fire(event)
        }
        isDisconnected = true
        session.scene = nil
    }
}
