import DioramaManifest
import DioramaModel
import DioramaSessionStore
import Foundation

@testable import Diorama

/// Everything the delegates and content saw, in order.
@MainActor
final class CallbackLog {
    static var entries: [String] = []
    static func reset() { entries = [] }
}

@MainActor
final class RecordingSceneDelegate: WindowSceneDelegate {
    static var activityToSave: UserActivity?
    var restored: UserActivity?

    required init() {}
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        CallbackLog.entries.append("willConnect restoring=\(options.isRestoringSession)")
    }
    func sceneDidDisconnect(_ scene: WindowScene) { CallbackLog.entries.append("didDisconnect") }
    func sceneDidBecomeActive(_ scene: WindowScene) { CallbackLog.entries.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: WindowScene) { CallbackLog.entries.append("willResignActive") }
    func sceneWillEnterForeground(_ scene: WindowScene) { CallbackLog.entries.append("willEnterForeground") }
    func sceneDidEnterBackground(_ scene: WindowScene) { CallbackLog.entries.append("didEnterBackground") }
    func windowScene(_ scene: WindowScene, didUpdateEffectiveGeometry previousGeometry: EffectiveGeometry) {
        CallbackLog.entries.append("geometry \(previousGeometry.coordinateSpaceBounds.size)→\(scene.bounds.size)")
    }
    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? { Self.activityToSave }
    func scene(_ scene: WindowScene, restoreInteractionStateWith activity: UserActivity) {
        restored = activity
        CallbackLog.entries.append("restore \(activity.activityType)")
    }
}

@MainActor
final class RecordingContent: RootContent {
    var drawableSizes: [Size] = []
    func drawableSizeWillChange(_ size: Size, in scene: WindowScene) {
        drawableSizes.append(size)
        CallbackLog.entries.append("drawable \(size)")
    }
    func draw(_ drawable: Drawable, in scene: WindowScene) {}
}

/// A backend with no compositor: records what the runtime asked for and
/// lets tests play the compositor by setting facts.
@MainActor
final class FakeBackend: SceneBackend, SceneHost {
    var screenDescriptions: [ScreenDescription]
    var hosts: [ObjectIdentifier: WindowScene] = [:]
    var restrictionsSent: [SizeRestrictions] = []
    var titles: [String] = []
    var destroyed = 0
    var stoppedWith: Int32?
    weak var application: Application?

    init(screens: [ScreenDescription]) { screenDescriptions = screens }

    func attach(to application: Application) { self.application = application }
    /// What the compositor has told a new scene's surface by the time it
    /// connects (the real backend waits for the first configure); nil: nothing.
    var factsBeforeConnecting: CompositorFacts?
    var connectedScenes = 0

    /// The placement each scene asked for, in connection order.
    var placements: [WindowPlacement] = []

    func makeHost(for scene: WindowScene, fullscreenOn outputName: String?, placement: WindowPlacement, appID: String) throws
        -> SceneHost
    {
        hosts[ObjectIdentifier(scene)] = scene
        placements.append(placement)
        if let factsBeforeConnecting { scene.update(facts: factsBeforeConnecting) }
        return self
    }
    func destroyHost(for scene: WindowScene) { destroyed += 1; hosts[ObjectIdentifier(scene)] = nil }
    func run() -> Int32 { stoppedWith ?? 0 }
    func stop(exitCode: Int32) { stoppedWith = exitCode }

    func sizeRestrictionsChanged(_ restrictions: SizeRestrictions) { restrictionsSent.append(restrictions) }
    func titleChanged(_ title: String) { titles.append(title) }
    func setNeedsDisplay() {}
    func requestClose() {}
    func sceneDidConnect() { connectedScenes += 1 }
}

enum Screens {
    static let oneX = ScreenDescription(
        name: "DP-1", logicalBounds: Rect(x: 0, y: 0, width: 1920, height: 1080),
        pixelSize: Size(width: 1920, height: 1080), scale: 1)
    static let twoX = ScreenDescription(
        name: "DP-2", logicalBounds: Rect(x: 1920, y: 0, width: 1280, height: 800),
        pixelSize: Size(width: 2560, height: 1600), scale: 2)
}

/// Writes an Info.plist with one application configuration to a temp dir.
/// One folder per test process for the plists and state stores these tests
/// write, removed when the process exits.
let runtimeTestsRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-runtime-tests-\(getpid())")
    atexit { try? FileManager.default.removeItem(at: runtimeTestsRoot) }
    return root
}()

/// `applicationConfigurations` adds `<dict>` entries after "Main" under the application role.
func writeInfoPlist(
    multipleScenes: Bool = true, extra: String = "", externalDisplay: Bool = false,
    applicationConfigurations: String = ""
) throws -> URL {
    let directory = runtimeTestsRoot.appendingPathComponent("plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>CFBundleIdentifier</key><string>org.example.recorder</string>
          \(extra)
          <key>UIApplicationSceneManifest</key>
          <dict>
            <key>UIApplicationSupportsMultipleScenes</key><\(multipleScenes)/>
            <key>UISceneConfigurations</key>
            <dict>
              <key>UIWindowSceneSessionRoleApplication</key>
              <array>
                <dict>
                  <key>UISceneConfigurationName</key><string>Main</string>
                  <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).RecordingSceneDelegate</string>
                </dict>
                \(applicationConfigurations)
              </array>
              \(externalDisplay ? """
          <key>UIWindowSceneSessionRoleExternalDisplayNonInteractive</key>
          <array>
            <dict>
              <key>UISceneConfigurationName</key><string>External</string>
              <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).RecordingSceneDelegate</string>
            </dict>
          </array>
          """ : "")
            </dict>
          </dict>
        </dict>
        </plist>
        """
    let url = directory.appendingPathComponent("Info.plist")
    try plist.write(to: url, atomically: true, encoding: .utf8)
    return url
}

@MainActor
func makeApplication(
    plist: URL, store: SessionStore, persistsSessions: Bool = true, backend: FakeBackend,
    delegate: (any ApplicationDelegate)? = nil,
    registering: (SceneClassRegistry) -> Void = { _ in }
) throws -> Application {
    let manifest = try SceneManifest.load(from: plist, variables: ["PRODUCT_MODULE_NAME": "DioramaRuntimeTests"])
    let registry = SceneClassRegistry()
    registry.register(RecordingSceneDelegate.self)
    registering(registry)
    let application = Application(
        manifest: manifest, registry: registry, delegate: delegate, store: store,
        persistsSessions: persistsSessions, backend: backend, trace: RuntimeTrace(descriptor: nil, keepsRecords: true))
    backend.attach(to: application)
    return application
}

func temporaryStore() -> SessionStore {
    SessionStore(directory: runtimeTestsRoot.appendingPathComponent("state-\(UUID().uuidString)"))
}

extension CompositorFacts {
    static func mapped(
        on screens: [ScreenDescription], all: [ScreenDescription], size: Size = Size(width: 800, height: 600),
        activated: Bool = true
    ) -> CompositorFacts {
        var facts = CompositorFacts()
        facts.isMapped = true
        facts.configuredSize = size
        facts.enteredScreens = screens
        // These facts stand for a scene that has been shown before: on no
        // output it is minimised (background), not "mapped, first enter pending".
        facts.hasEnteredAnOutput = true
        facts.allScreens = all
        facts.isActivated = activated
        return facts
    }
}
