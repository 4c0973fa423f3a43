import DioramaLogging
import DioramaManifest
import DioramaModel
import DioramaSessionStore
import Foundation

/// The app (UIKit's `UIApplication`, scene-based): reads the scene manifest,
/// owns the sessions, connects and disconnects scenes, saves and restores
/// their state.
///
/// Sessions: each connected scene has a session with a persistent
/// identifier. On quit every session is saved with its scene's
/// state-restoration activity under `$XDG_STATE_HOME/<app-id>/`; on the next
/// launch saved sessions reconnect and their scenes get
/// `restoreInteractionStateWith`. A scene the user closes
/// (`xdg_toplevel.close`) is discarded: its saved state is removed and the
/// delegate hears `didDiscardSceneSessions`.
///
/// One instance owns the state directory (`ApplicationMain` locks it); a
/// second instance started while the first runs gets `persistsSessions`
/// false: it restores nothing, saves nothing and discards no file, so its
/// scenes are new sessions that last only as long as it runs.
@MainActor
public final class Application {
    /// The running application (UIKit's `UIApplication.shared`), set when it
    /// is created by `ApplicationMain.run`, before any delegate method runs.
    /// Reading it before then is a programmer error (there is no app yet).
    public static var shared: Application {
        guard let current else {
            preconditionFailure("Application.shared is read before ApplicationMain.run created the application")
        }
        return current
    }
    private static var current: Application?

    /// The Info.plist's scene manifest (`UIApplicationSceneManifest`), checked at launch.
    public let manifest: SceneManifest
    /// Where the manifest's delegate and content names resolve to types.
    public let registry: SceneClassRegistry
    /// The app's delegate (UIKit's `delegate`), if it has one.
    public let delegate: (any ApplicationDelegate)?
    /// The id the toplevels carry (xdg_toplevel.set_app_id), from `CFBundleIdentifier`.
    public let appID: String
    /// The runtime trace (JSON lines, `DIORAMA_TRACE`) scenarios and tests read.
    package let trace: RuntimeTrace
    let store: SessionStore
    /// False when another instance holds the state directory: this launch
    /// neither reads nor writes ``store``.
    let persistsSessions: Bool
    let backend: SceneBackend
    /// The count the next scene to become active is stamped with: one past
    /// the highest any saved session has, so it keeps growing across launches
    /// and the saved order says which window the user had active last.
    private var nextActivation: UInt64 = 1

    /// Every session of this launch, connected or not (UIKit's `openSessions`), in opening order.
    public private(set) var openSessions: [SceneSession] = []
    /// The outputs the compositor has, in the order they appeared.
    public private(set) var screens: [Screen] = []
    /// Scenes connected right now, in connection order.
    public var connectedScenes: [WindowScene] { openSessions.compactMap(\.scene) }
    /// `UIApplicationSupportsMultipleScenes`: whether a second window scene may open.
    public var supportsMultipleScenes: Bool { manifest.supportsMultipleScenes }

    init(
        manifest: SceneManifest, registry: SceneClassRegistry, delegate: (any ApplicationDelegate)?,
        store: SessionStore, persistsSessions: Bool = true, backend: SceneBackend, trace: RuntimeTrace
    ) {
        self.manifest = manifest
        self.registry = registry
        self.delegate = delegate
        self.appID = manifest.bundleIdentifier ?? manifest.bundleName ?? "diorama.app"
        self.store = store
        self.persistsSessions = persistsSessions
        self.backend = backend
        self.trace = trace
        Application.current = self
    }

    // MARK: Launch

    /// Connects saved sessions (or a new one), after `didFinishLaunching`.
    func launch() throws {
        trace.record(.launched(appID: appID, stateDirectory: store.directory.path, sessionsPersisted: persistsSessions))
        for description in backend.screenDescriptions { screenConnected(description, atLaunch: true) }
        if let delegate, !delegate.applicationDidFinishLaunching(self) {
            throw ApplicationError.launchDeclined
        }
        let loaded = persistsSessions ? store.load() : SessionStoreLoadResult()
        for warning in loaded.warnings {
            runtimeLog.warning("\(warning); that scene starts fresh")
        }
        // The store lists records in reconnect order, the last active last: it
        // connects last and so ends up in front, as iPadOS brings the window
        // the user had in front back in front.
        var restored = loaded.records.filter { $0.role == .windowApplication }
        nextActivation = (restored.compactMap(\.lastActivation).max() ?? 0) + 1
        if !supportsMultipleScenes { restored = Array(restored.suffix(1)) }
        if restored.isEmpty {
            try connectNewSession(
                configuration: manifest.configuration(for: .windowApplication).map(SceneConfiguration.init),
                role: .windowApplication, options: SceneConnectionOptions())
        }
        for record in restored {
            let configuration =
                record.configurationName.flatMap { manifest.configuration(named: $0, role: record.role) }
                .map(SceneConfiguration.init) ?? manifest.configuration(for: record.role).map(SceneConfiguration.init)
            guard let configuration else { continue }
            let session = SceneSession(
                persistentIdentifier: record.persistentIdentifier, role: record.role,
                configuration: configuration, userInfo: record.userInfo,
                stateRestorationActivity: record.stateRestorationActivity)
            session.lastPlacement = WindowPlacement(size: record.lastSize, screenName: record.lastScreenName)
            session.lastActivation = record.lastActivation
            try connect(
                session,
                options: SceneConnectionOptions(
                    userActivities: record.stateRestorationActivity.map { [$0] } ?? [], isRestoringSession: true))
        }
    }

    // MARK: Sessions

    /// Opens a new scene, or re-activates an existing session (UIKit's
    /// `activateSceneSession(for:errorHandler:)`). A failure — a second
    /// window scene without `UIApplicationSupportsMultipleScenes`, a
    /// configuration name the manifest lacks, a discarded session — goes to
    /// `errorHandler`, or as a warning to stderr when there is none.
    ///
    /// Unlike UIKit, the error handler runs before this returns, and
    /// re-activating a session whose scene is connected leaves the window
    /// where it is: a Wayland client cannot raise its own window.
    public func activateSceneSession(
        for request: SceneSessionActivationRequest,
        errorHandler: ((any Error) -> Void)? = nil
    ) {
        do {
            try activate(request)
        } catch {
            if let errorHandler {
                errorHandler(error)
            } else {
                runtimeLog.warning("scene session not activated: \(error)")
            }
        }
    }

    /// Opens a new window scene for `userActivity` (UIKit's older
    /// `requestSceneSessionActivation`), throwing what
    /// `activateSceneSession(for:errorHandler:)` hands its error handler.
    public func requestSceneSessionActivation(userActivity: UserActivity? = nil) throws {
        try activate(SceneSessionActivationRequest(role: .windowApplication, userActivity: userActivity))
    }

    private func activate(_ request: SceneSessionActivationRequest) throws {
        var requestingSessionIdentifier: String?
        if let requestingScene = request.options.requestingScene {
            guard !requestingScene.isDisconnected, connectedScenes.contains(where: { $0 === requestingScene }) else {
                throw ApplicationError.requestingSceneNotConnected(persistentIdentifier: requestingScene.session.persistentIdentifier)
            }
            requestingSessionIdentifier = requestingScene.session.persistentIdentifier
        }
        let options = SceneConnectionOptions(
            userActivities: request.userActivity.map { [$0] } ?? [],
            requestingSessionIdentifier: requestingSessionIdentifier)
        if let session = request.session {
            guard openSessions.contains(where: { $0 === session }) else {
                throw ApplicationError.sessionNotOpen(persistentIdentifier: session.persistentIdentifier)
            }
            if session.scene == nil { try connect(session, options: options) }
            return
        }
        guard
            request.role != .windowApplication || supportsMultipleScenes
                || connectedScenes.allSatisfy({ $0.session.role != .windowApplication })
        else {
            throw ApplicationError.multipleScenesNotSupported(file: manifest.file)
        }
        let configuration = try request.configurationName.map {
            try SceneConfiguration(name: $0, role: request.role).completed(from: manifest)
        }
        try connectNewSession(
            configuration: configuration ?? manifest.configuration(for: request.role).map(SceneConfiguration.init),
            role: request.role, options: options)
    }

    /// Closes a session's scene and discards the session (UIKit's
    /// `requestSceneSessionDestruction`).
    public func requestSceneSessionDestruction(_ session: SceneSession) {
        discard([session])
    }

    /// Quits: saves every session with its restoration activity, then
    /// disconnects the scenes. Sessions stay for the next launch.
    public func terminate(exitCode: Int32 = 0, reason: String = "quit") {
        delegate?.applicationWillTerminate(self)
        saveAllSessions()
        for session in openSessions { disconnectScene(of: session) }
        trace.record(.terminated(reason: reason))
        backend.stop(exitCode: exitCode)
    }

    /// A new session of `role` with `configuration` (the delegate may still
    /// choose another), connected with `options`.
    private func connectNewSession(
        configuration: SceneConfiguration?, role: SceneSessionRole,
        options: SceneConnectionOptions
    ) throws {
        let session = SceneSession(role: role, configuration: configuration ?? SceneConfiguration(name: nil, role: role))
        try connect(session, options: options)
    }

    /// Connecting a scene: the delegate picks the configuration (completed
    /// from the manifest when it only names one), the root content is
    /// created, the toplevel is made and the compositor's first configure
    /// awaited — so the scene knows its outputs, scale, size and traits, as a
    /// UIKit scene does — then `willConnectTo` and (on a relaunch)
    /// `restoreInteractionStateWith` fire, and only then is the first frame
    /// drawn.
    private func connect(_ session: SceneSession, options: SceneConnectionOptions) throws {
        let chosen =
            delegate?.application(
                self, configurationForConnecting: session, options: options,
                defaultConfiguration: session.configuration.delegateClassName == nil ? nil : session.configuration)
            ?? (session.configuration.delegateClassName == nil ? nil : session.configuration)
        guard let configuration = try chosen?.completed(from: manifest),
            configuration.delegateClassName != nil
        else {
            if session.role == .windowExternalDisplayNonInteractive { return }  // the app does not want this screen
            throw ApplicationError.noConfiguration(role: session.role, file: manifest.file)
        }
        session.configuration = configuration
        let delegateType = try configuration.delegateClassName.map { name -> any WindowSceneDelegate.Type in
            guard let type = registry.delegateType(named: name) else {
                throw ApplicationError.unregisteredDelegate(name: name, file: manifest.file, registered: registry.registeredDelegateNames)
            }
            return type
        }
        let scene = WindowScene(
            session: session, title: configuration.name ?? manifest.bundleName ?? appID, trace: trace,
            screenLookup: { [weak self] name in self?.screens.first { $0.name == name } })
        if let contentName = configuration.rootContentName {
            guard let factory = registry.rootContentFactory(named: contentName) else {
                throw ApplicationError.unregisteredRootContent(name: contentName, file: manifest.file, registered: registry.registeredRootContentNames)
            }
            scene.rootContent = factory()
        }
        scene.externalOutputName = options.outputName
        scene.lifecycleObserver = { [weak self, weak scene] event in
            guard let self, let scene, !scene.isDisconnected else { return }
            switch event {
            case .didBecomeActive: self.sceneBecameActive(scene)
            case .didEnterBackground: self.sceneEnteredBackground(scene)
            default: break
            }
        }
        // A restored window asks for where it was; a new one leaves it to the compositor.
        let placement = options.isRestoringSession ? session.lastPlacement : WindowPlacement()
        scene.restoredContentSize = placement.size
        session.scene = scene
        openSessions.append(session)
        trace.record(
            .sessionConnected(
                scene: session.persistentIdentifier, configuration: configuration.name,
                role: session.role, restored: options.isRestoringSession))
        let host = try backend.makeHost(for: scene, fullscreenOn: options.outputName, placement: placement, appID: appID)
        scene.host = host
        scene.delegate = delegateType.map { $0.init() }
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        if options.isRestoringSession, let activity = session.stateRestorationActivity {
            trace.record(.restored(scene: session.persistentIdentifier, activity: activity))
            scene.delegate?.scene(scene, restoreInteractionStateWith: activity)
        }
        scene.setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        scene.didFinishConnecting()
        // Saved before the first frame: once anything is on screen, a kill -9 still finds the session.
        save(session)
        host.sceneDidConnect()
    }

    private func disconnectScene(of session: SceneSession) {
        guard let scene = session.scene else { return }
        scene.disconnect()
        backend.destroyHost(for: scene)
    }

    private func discard(_ sessions: [SceneSession]) {
        for session in sessions {
            disconnectScene(of: session)
            openSessions.removeAll { $0 === session }
            if persistsSessions { try? store.discard(persistentIdentifier: session.persistentIdentifier) }
            trace.record(.sessionDiscarded(scene: session.persistentIdentifier))
        }
        delegate?.application(self, didDiscardSceneSessions: Set(sessions))
    }

    private func save(_ session: SceneSession) {
        if let scene = session.scene, let activity = scene.delegate?.stateRestorationActivity(for: scene) {
            session.stateRestorationActivity = activity
        }
        // Where the window is now; a scene on no output (minimised, its
        // outputs unplugged) keeps the output it was last on.
        if let scene = session.scene, let state = scene.state {
            session.lastPlacement = WindowPlacement(size: state.size, screenName: scene.screen?.name ?? session.lastPlacement.screenName)
        }
        // External-display sessions belong to a screen that may not exist next
        // time; a second instance must not write into the first one's directory.
        guard session.role == .windowApplication, persistsSessions else { return }
        do {
            try store.save(session.record)
        } catch {
            runtimeLog.warning("could not save scene state: \(error)")
        }
    }

    func saveAllSessions() {
        for session in openSessions { save(session) }
    }

    // MARK: Events from the backend

    /// The user closed the toplevel (`xdg_toplevel.close`): the session is
    /// discarded. The app quits when its last window scene is gone.
    func sceneClosedByUser(_ scene: WindowScene) {
        discard([scene.session])
        if !openSessions.contains(where: { $0.role == .windowApplication }) {
            terminate(reason: "last scene closed")
        }
    }

    /// A scene became active (the user brought its window to the front):
    /// stamped with the next activation count and saved, so the order the
    /// user last had the windows in survives even a kill.
    func sceneBecameActive(_ scene: WindowScene) {
        scene.session.lastActivation = nextActivation
        nextActivation += 1
        save(scene.session)
    }

    /// A scene entered the background: UIKit saves state at this point.
    func sceneEnteredBackground(_ scene: WindowScene) {
        save(scene.session)
    }

    func screenConnected(_ description: ScreenDescription, atLaunch: Bool) {
        if let existing = screens.first(where: { $0.name == description.name }) {
            existing.update(description)
            return
        }
        // An output that appears while the app runs next to another one is an
        // external display: connect an external-display scene if the app has a
        // configuration for it. The first output after none (a laptop lid opened
        // on an empty desk) is where the app's own scenes come back, not an
        // external display.
        let isExternal = !atLaunch && !screens.isEmpty
        screens.append(Screen(description))
        trace.record(
            .screenConnected(
                name: description.name, scale: description.scale, nativeScale: description.nativeScale?.doubleValue,
                bounds: description.logicalBounds))
        guard isExternal, manifest.configuration(for: .windowExternalDisplayNonInteractive) != nil || delegate != nil else { return }
        do {
            try connectNewSession(
                configuration: manifest.configuration(for: .windowExternalDisplayNonInteractive).map(SceneConfiguration.init),
                role: .windowExternalDisplayNonInteractive,
                options: SceneConnectionOptions(outputName: description.name))
        } catch {
            runtimeLog.warning("no external-display scene for \(description.name): \(error)")
        }
    }

    func screenChanged(_ description: ScreenDescription) {
        screens.first { $0.name == description.name }?.update(description)
    }

    /// An output went away: external-display scenes on it disconnect and are discarded.
    func screenDisconnected(named name: String) {
        screens.removeAll { $0.name == name }
        trace.record(.screenDisconnected(name: name))
        let onIt = openSessions.filter { $0.role == .windowExternalDisplayNonInteractive && $0.scene?.externalOutputName == name }
        if !onIt.isEmpty { discard(onIt) }
    }

    /// The compositor went away or killed the connection: save, disconnect,
    /// exit non-zero with the reason.
    func connectionLost(_ reason: String) {
        runtimeLog.error("lost the connection to the compositor: \(reason)")
        terminate(exitCode: 1, reason: "connection lost: \(reason)")
    }
}

/// Why a launch or a session request failed; each names what to change.
public enum ApplicationError: Error, CustomStringConvertible, Equatable {
    /// `applicationDidFinishLaunching` returned false.
    case launchDeclined
    /// The manifest in `file` has no configuration for `role`.
    case noConfiguration(role: SceneSessionRole, file: String)
    /// A `UISceneDelegateClassName` in `file` that nothing registered.
    case unregisteredDelegate(name: String, file: String, registered: [String])
    /// A `UISceneStoryboardFile` in `file` that names no registered root content.
    case unregisteredRootContent(name: String, file: String, registered: [String])
    /// A second window scene was asked for, but `UIApplicationSupportsMultipleScenes` is false.
    case multipleScenesNotSupported(file: String)
    /// A configuration name that no manifest entry of `role` has.
    case unknownConfiguration(name: String, role: SceneSessionRole, file: String, available: [String])
    /// The session to re-activate was discarded.
    case sessionNotOpen(persistentIdentifier: String)
    /// The request's requesting scene has disconnected.
    case requestingSceneNotConnected(persistentIdentifier: String)

    /// The message with what to change, as printed on stderr.
    public var description: String {
        switch self {
        case .launchDeclined:
            return "applicationDidFinishLaunching returned false; the app quits"
        case .noConfiguration(let role, let file):
            return
                "\(file): no scene configuration for role \(role.rawValue); add one under UIApplicationSceneManifest → UISceneConfigurations → \(role.rawValue)"
        case .unregisteredDelegate(let name, let file, let registered):
            return
                "\(file): UISceneDelegateClassName '\(name)' is not registered; call registry.register(\(name.split(separator: ".").last ?? "").self) before launch (registered: \(registered.isEmpty ? "none" : registered.joined(separator: ", ")))"
        case .unregisteredRootContent(let name, let file, let registered):
            return
                "\(file): UISceneStoryboardFile '\(name)' names no registered root content; call registry.registerRootContent(named: \"\(name)\") { … } (registered: \(registered.isEmpty ? "none" : registered.joined(separator: ", ")))"
        case .multipleScenesNotSupported(let file):
            return "\(file): UIApplicationSupportsMultipleScenes is false, so a second window scene cannot be opened; set it to true to allow several"
        case .unknownConfiguration(let name, let role, let file, let available):
            return
                "\(file): no scene configuration named '\(name)' for role \(role.rawValue) (there: \(available.isEmpty ? "none" : available.joined(separator: ", "))); add one with UISceneConfigurationName '\(name)' under UISceneConfigurations → \(role.rawValue), or use one of those names"
        case .sessionNotOpen(let identifier):
            return "scene session \(identifier) was discarded (closed or destroyed); request a new session instead of re-activating it"
        case .requestingSceneNotConnected(let identifier):
            return "the requesting scene (session \(identifier)) has disconnected; name a connected scene in the request's options, or none"
        }
    }
}

/// Where the scene runtime reports what goes wrong without stopping the app
/// (swift-log; plain `warning: …` lines on stderr unless the app bootstraps a handler).
let runtimeLog = DioramaLog.logger("diorama.runtime")
