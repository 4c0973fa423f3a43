import DioramaModel
import DioramaScenarios

/// Fills the app-level facts of a ``WindowObservation`` from a Diorama app's
/// runtime trace (`Docs/trace-format.md`): pure, so it is tested on recorded traces.
///
/// Each fact is the scene's most recent record of its kind; a kind the scene
/// has not written yet is unavailable with that reason (never a default).
///
/// Counts "since the step" cover the trace entries at or after
/// `stepStartIndex` (how many entries the trace had when the step began). A
/// callback call is "during the interactive resize" when the scene's most
/// recent `geometry` record before it (in the whole trace, since the step
/// or earlier) had `interactivelyResizing` true, and a `geometry` record
/// counts as during when it itself says so. So after `resize W … interactively
/// in N steps`, `drawableSizeWillChange fired 1 time, after the resize ended`
/// holds exactly when one `drawableSize` record followed the step and it came
/// after the geometry record that ended the resize.
enum AppLevelObservation {
    static func fill(_ observation: inout WindowObservation, from log: RuntimeTraceLog, scene: String, stepStartIndex: Int) {
        var screen: ScreenRecord?
        var traits: TraitsRecord?
        var geometry: GeometryRecord?
        var drawable: DrawableSizeRecord?
        var renderer: RendererRecord?
        var title: String?
        var lifecycle: LifecycleRecord?
        var session: SessionConnectedRecord?
        var restoredRecord = false
        var disconnected = false
        var resizing = false
        var callbacks: [SceneCallback: CallbackObservation] = [:]

        func count(_ callback: SceneCallback, during: Bool) {
            var entry = callbacks[callback] ?? CallbackObservation(count: 0)
            entry.count += 1
            if during { entry.duringInteractiveResize += 1 }
            callbacks[callback] = entry
        }

        for (index, entry) in log.entries.enumerated() where entry.scene == scene {
            let sinceStep = index >= stepStartIndex
            switch entry.record {
            case let record as SessionConnectedRecord:
                // A new connection of the same session (a relaunch): earlier facts
                // describe the previous process.
                session = record
                disconnected = false
                renderer = nil
                restoredRecord = false
                if sinceStep { count(.willConnectTo, during: resizing) }
            case is RestoredRecord:
                restoredRecord = true
            case let record as ScreenRecord:
                screen = record
                if sinceStep { count(.screenDidChange, during: resizing) }
            case let record as TraitsRecord:
                // A traits record says the collection changed; whether any handler
                // ran is the next record's business.
                traits = record
            case is TraitHandlerCalledRecord:
                // One record per registered handler the change reached: what
                // `traitsDidChange fired N times` counts, as its name says.
                if sinceStep { count(.traitsDidChange, during: resizing) }
            case let record as GeometryRecord:
                geometry = record
                resizing = record.interactivelyResizing
                if sinceStep { count(.didUpdateEffectiveGeometry, during: resizing) }
            case let record as DrawableSizeRecord:
                drawable = record
                if sinceStep { count(.drawableSizeWillChange, during: resizing) }
            case let record as RendererRecord:
                renderer = record
            case let record as ToplevelRecord:
                title = record.title
            case let record as TitleRecord:
                title = record.title
            case let record as InputRecord:
                if sinceStep {
                    for callback in SceneCallback.counted(byInputEvent: record.event) { count(callback, during: resizing) }
                }
            case let record as LifecycleRecord:
                lifecycle = record
                if record.event == "didDisconnect" { disconnected = true }
                if sinceStep, let callback = callback(forLifecycleEvent: record.event) { count(callback, during: resizing) }
            default:
                break
            }
        }

        guard let session else {
            // A trace this Diorama cannot read (another format version, say)
            // is the likelier cause; name its first bad line.
            let unreadable = log.problems.first.map { "; its lines could not all be read, first \($0.file):\($0.line): \($0.problem)" }
            observation.markAppLevelUnavailable("the app's trace has no scene \(scene) yet" + (unreadable ?? ""))
            return
        }
        observation.role = .value(SceneSessionRole(rawValue: session.role))
        if let renderer, let name = RendererName(rawValue: renderer.renderer) {
            observation.renderer = .value(name)
            observation.glesPresentation = glesPresentation(of: renderer)
        } else {
            let reason =
                renderer.map { "the trace names an unknown renderer `\($0.renderer)`" }
                ?? "the scene has not drawn a frame yet"
            observation.renderer = .unavailable(reason)
            observation.glesPresentation = .unavailable(reason)
        }
        observation.isRestored = .value(session.restored || restoredRecord)
        observation.connectionOrder =
            connectionOrder(of: scene, in: log).map { .value($0) } ?? .unavailable("the scene has not connected since the app's latest launch")
        observation.title = title.map { .value($0) } ?? .unavailable("the scene has no toplevel yet")
        observation.isDisconnected = .value(disconnected)
        observation.callbacks = .value(callbacks)
        if let lifecycle, let state = ActivationStateName(rawValue: lifecycle.state) {
            observation.activationState = .value(state)
        } else if lifecycle == nil {
            observation.activationState = .value(.unattached)
        } else {
            observation.activationState = .unavailable("the trace names an unknown state `\(lifecycle!.state)`")
        }
        observation.screen = screen.map { .value($0.screen) } ?? .unavailable("the scene has not reported a screen yet")
        if let traits {
            observation.displayScale = .value(traits.displayScale)
            observation.horizontalSizeClass = sizeClass(traits.horizontalSizeClass)
            observation.verticalSizeClass = sizeClass(traits.verticalSizeClass)
        } else {
            let reason = "the scene has not reported its traits yet"
            observation.displayScale = .unavailable(reason)
            observation.horizontalSizeClass = .unavailable(reason)
            observation.verticalSizeClass = .unavailable(reason)
        }
        if let geometry {
            observation.bounds = .value(geometry.bounds.size)
            observation.isOrientationLocked = .value(geometry.orientationLocked)
            observation.orientation =
                InterfaceOrientation(rawValue: geometry.orientation).map { .value($0) }
                ?? .unavailable("the trace names an unknown orientation `\(geometry.orientation)`")
        } else {
            let reason = "the scene has not reported its geometry yet"
            observation.bounds = .unavailable(reason)
            observation.isOrientationLocked = .unavailable(reason)
            observation.orientation = .unavailable(reason)
        }
        observation.drawableSize = drawable.map { .value($0.size.size) } ?? .unavailable("the scene has not drawn yet")
    }

    /// Where the scene's connection falls among the sessions the app
    /// connected since its latest `launched` record (the trace's start
    /// without one), from 1; nil when the scene has not connected since.
    static func connectionOrder(of scene: String, in log: RuntimeTraceLog) -> Int? {
        var order: Int?
        var connected = 0
        for entry in log.entries {
            switch entry.record {
            case is LaunchedRecord:
                connected = 0
                order = nil
            case let record as SessionConnectedRecord:
                connected += 1
                if record.scene == scene { order = connected }
            default:
                break
            }
        }
        return order
    }

    /// The scene's last commit's resolved scale, the app's own account of
    /// the scale it rendered at.
    static func lastRenderScale(in log: RuntimeTraceLog, scene: String) -> Scale? {
        log.last(CommitRecord.self, where: { $0.scene == scene }).map { Scale(numerator120: $0.scale120) }
    }

    static func callback(forLifecycleEvent event: String) -> SceneCallback? {
        switch event {
        case "willEnterForeground": .sceneWillEnterForeground
        case "didBecomeActive": .sceneDidBecomeActive
        case "willResignActive": .sceneWillResignActive
        case "didEnterBackground": .sceneDidEnterBackground
        case "didDisconnect": .sceneDidDisconnect
        default: nil
        }
    }

    /// The presentation a `renderer` record names: nil for software and
    /// Vulkan, and unavailable when a GL record names none (a trace from
    /// before presentations were recorded) or one this Diorama does not know.
    private static func glesPresentation(of record: RendererRecord) -> Observed<GLESPresentationName?> {
        guard let name = record.presentation else {
            return record.renderer != RendererName.openGLES.rawValue
                ? .value(nil) : .unavailable("the trace's renderer record names no presentation")
        }
        return GLESPresentationName(rawValue: name).map { .value($0) }
            ?? .unavailable("the trace names an unknown presentation `\(name)`")
    }

    private static func sizeClass(_ name: String) -> Observed<SizeClass> {
        SizeClass(rawValue: name).map { .value($0) } ?? .unavailable("the trace names an unknown size class `\(name)`")
    }
}
