import DioramaModel
import Foundation
import Testing

@testable import Diorama

/// Where a UIKit habit used to fail silently (issue #12): each test writes
/// the habit the way a UIKit developer would and checks it does what UIKit does.
@MainActor @Suite(.serialized) struct UIKitSemanticsTests {
    /// A delegate that remembers the traits it saw in `willConnectTo`.
    @MainActor final class TraitReadingDelegate: WindowSceneDelegate {
        static var traitsAtWillConnect: [TraitCollection] = []
        required init() {}
        func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            Self.traitsAtWillConnect.append(scene.traitCollection)
        }
    }

    @MainActor final class InspectorDelegate: WindowSceneDelegate {
        /// The options each inspector scene connected with, in order.
        static var connectionOptions: [SceneConnectionOptions] = []
        required init() {}
        func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            Self.connectionOptions.append(options)
        }
    }

    @MainActor final class InspectorContent: RootContent {
        func draw(_ drawable: Drawable, in scene: WindowScene) {}
    }

    /// Answers every connection request with a configuration built the UIKit
    /// way: by name and role only.
    @MainActor final class ByNameDelegate: ApplicationDelegate {
        let name: String
        init(name: String) { self.name = name }
        func application(
            _ application: Application, configurationForConnecting session: SceneSession,
            options: SceneConnectionOptions, defaultConfiguration: SceneConfiguration?
        ) -> SceneConfiguration? {
            options.userActivities.isEmpty ? defaultConfiguration : SceneConfiguration(name: name, role: session.role)
        }
    }

    static let inspectorEntry = """
        <dict>
          <key>UISceneConfigurationName</key><string>Inspector</string>
          <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).InspectorDelegate</string>
          <key>UISceneStoryboardFile</key><string>InspectorContent</string>
        </dict>
        """

    func inspectorRegistrations(_ registry: SceneClassRegistry) {
        registry.register(InspectorDelegate.self, as: "DioramaRuntimeTests.InspectorDelegate")
        registry.registerRootContent(named: "InspectorContent") { InspectorContent() }
    }

    @Test func traitChangeHandlersReceiveThePreviousCollection() throws {
        let backend = FakeBackend(screens: [Screens.oneX, Screens.twoX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        let scene = try #require(application.connectedScenes.first)
        scene.update(facts: .mapped(on: [Screens.oneX], all: backend.screenDescriptions))
        var seen: [(previous: Double, current: Double)] = []
        scene.registerForTraitChanges([.displayScale]) { scene, previous in
            seen.append((previous.displayScale, scene.traitCollection.displayScale))
        }
        scene.update(facts: .mapped(on: [Screens.twoX], all: backend.screenDescriptions))
        scene.update(facts: .mapped(on: [Screens.oneX], all: backend.screenDescriptions))
        #expect(seen.map(\.previous) == [1.0, 2.0])
        #expect(seen.map(\.current) == [2.0, 1.0])
    }

    /// The backend has learned the first configure and the output's scale
    /// before the scene connects; `willConnectTo` sees them.
    @Test func traitsAreRealByWillConnectTo() throws {
        TraitReadingDelegate.traitsAtWillConnect = []
        let backend = FakeBackend(screens: [Screens.twoX])
        var firstConfigure = CompositorFacts()
        firstConfigure.configuredSize = Size(width: 1000, height: 700)
        firstConfigure.allScreens = [Screens.twoX]
        backend.factsBeforeConnecting = firstConfigure
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend) {
            $0.register(TraitReadingDelegate.self, as: "DioramaRuntimeTests.RecordingSceneDelegate")
        }
        try application.launch()
        let traits = try #require(TraitReadingDelegate.traitsAtWillConnect.first)
        #expect(traits.displayScale == 2.0)
        #expect(traits.horizontalSizeClass == .regular)
        #expect(traits.verticalSizeClass != .unspecified)
        #expect(backend.connectedScenes == 1, "the host hears that the scene connected, so it draws the first frame")
    }

    @Test func aConfigurationCreatedByNameIsCompletedFromTheManifest() throws {
        let application = try makeApplication(
            plist: try writeInfoPlist(applicationConfigurations: Self.inspectorEntry), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]), delegate: ByNameDelegate(name: "Inspector"),
            registering: inspectorRegistrations)
        try application.launch()
        try application.requestSceneSessionActivation(userActivity: UserActivity(activityType: "inspect"))
        let inspector = try #require(application.connectedScenes.last)
        #expect(inspector.session.configuration.name == "Inspector")
        #expect(inspector.session.configuration.delegateClassName == "DioramaRuntimeTests.InspectorDelegate")
        #expect(inspector.delegate is InspectorDelegate)
        #expect(inspector.rootContent is InspectorContent)
    }

    @Test func aConfigurationNameThatMatchesNothingIsAnErrorNotABlankWindow() throws {
        let application = try makeApplication(
            plist: try writeInfoPlist(applicationConfigurations: Self.inspectorEntry), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]), delegate: ByNameDelegate(name: "Inspektor"),
            registering: inspectorRegistrations)
        try application.launch()
        var errors: [any Error] = []
        application.activateSceneSession(for: SceneSessionActivationRequest(userActivity: UserActivity(activityType: "inspect"))) {
            errors.append($0)
        }
        #expect(application.connectedScenes.count == 1, "no blank window")
        let error = try #require(errors.first as? ApplicationError)
        guard case .unknownConfiguration(let name, _, _, let available) = error else {
            Issue.record("expected unknownConfiguration, got \(error)")
            return
        }
        #expect(name == "Inspektor")
        #expect(available == ["Main", "Inspector"])
        #expect(error.description.contains("no scene configuration named 'Inspektor'"))
    }

    @Test func activateSceneSessionOpensByConfigurationNameAndReactivatesAnExistingSession() throws {
        let application = try makeApplication(
            plist: try writeInfoPlist(applicationConfigurations: Self.inspectorEntry), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]), registering: inspectorRegistrations)
        try application.launch()
        var errors: [any Error] = []
        application.activateSceneSession(for: SceneSessionActivationRequest(configurationName: "Inspector")) { errors.append($0) }
        #expect(errors.isEmpty)
        let inspector = try #require(application.connectedScenes.last)
        #expect(inspector.delegate is InspectorDelegate)

        // Re-activating a connected session opens no second window for it.
        application.activateSceneSession(for: SceneSessionActivationRequest(session: inspector.session)) { errors.append($0) }
        #expect(errors.isEmpty)
        #expect(application.connectedScenes.count == 2)

        // A discarded session cannot come back: the error handler hears why.
        application.requestSceneSessionDestruction(inspector.session)
        application.activateSceneSession(for: SceneSessionActivationRequest(session: inspector.session)) { errors.append($0) }
        #expect(errors.first as? ApplicationError == .sessionNotOpen(persistentIdentifier: inspector.session.persistentIdentifier))
        #expect(application.connectedScenes.count == 1)
    }

    @Test func theRequestingSceneReachesTheNewSceneAndMustBeConnected() throws {
        InspectorDelegate.connectionOptions = []
        let application = try makeApplication(
            plist: try writeInfoPlist(applicationConfigurations: Self.inspectorEntry), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]), registering: inspectorRegistrations)
        try application.launch()
        let main = try #require(application.connectedScenes.first)
        var errors: [any Error] = []
        // UIKit's shape: activateSceneSession(for: request) with options.requestingScene.
        let request = SceneSessionActivationRequest(
            configurationName: "Inspector",
            options: SceneActivationRequestOptions(requestingScene: main))
        application.activateSceneSession(for: request) { errors.append($0) }
        #expect(errors.isEmpty)
        #expect(InspectorDelegate.connectionOptions.map(\.requestingSessionIdentifier) == [main.session.persistentIdentifier])

        // Without options nothing asked.
        application.activateSceneSession(for: SceneSessionActivationRequest(configurationName: "Inspector")) { errors.append($0) }
        #expect(InspectorDelegate.connectionOptions.count == 2)
        #expect(InspectorDelegate.connectionOptions.last?.requestingSessionIdentifier == nil)

        // A requesting scene that has gone is an error, and opens nothing.
        let inspector = try #require(application.connectedScenes.last)
        application.requestSceneSessionDestruction(inspector.session)
        let scenesBefore = application.connectedScenes.count
        application.activateSceneSession(
            for: SceneSessionActivationRequest(
                configurationName: "Inspector", options: SceneActivationRequestOptions(requestingScene: inspector))
        ) { errors.append($0) }
        #expect(errors.first as? ApplicationError == .requestingSceneNotConnected(persistentIdentifier: inspector.session.persistentIdentifier))
        #expect(errors.first.map { "\($0)" }?.contains("has disconnected") == true)
        #expect(application.connectedScenes.count == scenesBefore)
    }

    @Test func activationErrorsGoToTheErrorHandler() throws {
        let application = try makeApplication(
            plist: try writeInfoPlist(multipleScenes: false), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]))
        try application.launch()
        var errors: [any Error] = []
        application.activateSceneSession(for: SceneSessionActivationRequest()) { errors.append($0) }
        #expect(errors.count == 1)
        #expect(errors.first.map { "\($0)" }?.contains("UIApplicationSupportsMultipleScenes is false") == true)
    }

    @Test func applicationSharedIsTheRunningApplication() throws {
        let application = try makeApplication(
            plist: try writeInfoPlist(), store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]))
        #expect(Application.shared === application)
        try application.launch()
        #expect(Application.shared.connectedScenes.count == 1)
    }

    /// `$(PRODUCT_MODULE_NAME)` is the module the delegates were registered
    /// from, not the name of whatever folder holds the plist.
    @Test func productModuleNameComesFromTheRegisteredTypes() throws {
        let plist = try writeInfoPlist()  // in a folder named plist-<uuid>
        let registry = SceneClassRegistry()
        registry.register(RecordingSceneDelegate.self)
        let manifest = try ApplicationMain.loadManifest(plist, buildVariables: [:], registry: registry)
        #expect(manifest.configuration(for: .windowApplication)?.delegateClassName == "DioramaRuntimeTests.RecordingSceneDelegate")
    }
}
