import DioramaManifest
import DioramaModel
import DioramaSessionStore
import Foundation
import Testing

@testable import Diorama

/// The app model driven by a stand-in compositor: callback order, sessions,
/// restoration. (Integration under real compositors lives in DioramaAppTests.)
@MainActor @Suite(.serialized) struct ApplicationLifecycleTests {
    @Test func callbacksFireOnceEachInUIKitOrder() throws {
        CallbackLog.reset()
        let backend = FakeBackend(screens: [Screens.oneX, Screens.twoX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        let scene = try #require(application.connectedScenes.first)
        let content = RecordingContent()
        scene.rootContent = content
        var traitCalls: [String] = []
        scene.registerForTraitChanges([.displayScale]) { scene, previous in
            traitCalls.append("scale \(previous.displayScale)→\(scene.traitCollection.displayScale) bounds \(scene.bounds.size)")
            CallbackLog.entries.append("trait displayScale")
        }
        scene.registerForTraitChanges([.userInterfaceIdiom]) { _, _ in traitCalls.append("idiom (never)") }

        scene.update(facts: .mapped(on: [Screens.oneX], all: backend.screenDescriptions))
        #expect(CallbackLog.entries == ["willConnect restoring=false", "willEnterForeground", "didBecomeActive", "drawable 800x600"])
        #expect(scene.screen?.name == "DP-1")

        // Same facts again: nothing fires.
        CallbackLog.reset()
        scene.update(facts: .mapped(on: [Screens.oneX], all: backend.screenDescriptions))
        #expect(CallbackLog.entries.isEmpty)

        // Moved to the 2x output: traits after geometry-free scale change, drawable doubles.
        scene.update(facts: .mapped(on: [Screens.twoX], all: backend.screenDescriptions))
        #expect(CallbackLog.entries == ["trait displayScale", "drawable 1600x1200"])
        // As in UIKit, the handler gets the previous collection: 1x → 2x is visible.
        #expect(traitCalls == ["scale 1.0→2.0 bounds 800x600"])
        #expect(scene.screen?.name == "DP-2")
        #expect(scene.drawableLayer.drawableSize == Size(width: 1600, height: 1200))

        // Resized: geometry first, then drawable; no displayScale observer call.
        CallbackLog.reset()
        scene.update(facts: .mapped(on: [Screens.twoX], all: backend.screenDescriptions, size: Size(width: 900, height: 700)))
        #expect(CallbackLog.entries == ["geometry 800x600→900x700", "drawable 1800x1400"])

        // Focus lost, then minimised (on no output).
        CallbackLog.reset()
        scene.update(facts: .mapped(on: [Screens.twoX], all: backend.screenDescriptions, size: Size(width: 900, height: 700), activated: false))
        scene.update(facts: .mapped(on: [], all: backend.screenDescriptions, size: Size(width: 900, height: 700), activated: false))
        #expect(CallbackLog.entries == ["willResignActive", "didEnterBackground"])
        #expect(scene.activationState == .background)
    }

    @Test func sizeRestrictionsAreValidatedAndSent() throws {
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        let scene = try #require(application.connectedScenes.first)
        scene.sizeRestrictions.minimumSize = Size(width: 500, height: 0)
        #expect(backend.restrictionsSent.last?.minimumSize == Size(width: 500, height: 0))
        #expect(throws: SizeRestrictions.ValidationError.self) {
            try scene.sizeRestrictions.set(minimumSize: Size(width: 900, height: 0), maximumSize: Size(width: 600, height: 600))
        }
        #expect(scene.sizeRestrictions.minimumSize == Size(width: 500, height: 0))
        #expect(backend.restrictionsSent.count == 1)
    }

    /// UIKit's `minimumSize`/`maximumSize` are plain settable properties; an
    /// invalid assignment is reported (never a crash) and changes nothing.
    @Test func settableSizeRestrictionsReportInvalidValuesAndKeepThePreviousOnes() throws {
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        let restrictions = try #require(application.connectedScenes.first).sizeRestrictions
        var reported: [SizeRestrictions.ValidationError] = []
        restrictions.reportRejection = { reported.append($0) }

        restrictions.maximumSize = Size(width: 1200, height: 900)
        restrictions.minimumSize = Size(width: 400, height: 300)
        #expect(
            backend.restrictionsSent.last
                == (try SizeRestrictions(
                    minimumSize: Size(width: 400, height: 300),
                    maximumSize: Size(width: 1200, height: 900))))
        #expect(restrictions.lastRejection == nil)

        restrictions.minimumSize = Size(width: -1, height: 0)
        #expect(restrictions.lastRejection == .negativeDimension(Size(width: -1, height: 0)))
        restrictions.maximumSize = Size(width: 300, height: 900)
        #expect(
            restrictions.lastRejection
                == .minimumExceedsMaximum(
                    minimum: Size(width: 400, height: 300),
                    maximum: Size(width: 300, height: 900)))
        #expect(reported.count == 2)
        #expect(restrictions.minimumSize == Size(width: 400, height: 300))
        #expect(restrictions.maximumSize == Size(width: 1200, height: 900))
        #expect(backend.restrictionsSent.count == 2, "rejected values never reach the compositor")
        #expect("\(reported[1])".contains("lower the minimum or raise the maximum"))
    }

    @Test func quitSavesAndRelaunchRestores() throws {
        CallbackLog.reset()
        let store = temporaryStore()
        let plist = try writeInfoPlist()
        RecordingSceneDelegate.activityToSave = UserActivity(
            activityType: "org.example.recorder.format",
            userInfo: ["format": .string("hh:mm:ss")])
        defer { RecordingSceneDelegate.activityToSave = nil }
        let first = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: plist, store: store, backend: first)
        try application.launch()
        let identifier = try #require(application.connectedScenes.first?.session.persistentIdentifier)
        application.terminate()
        #expect(first.stoppedWith == 0)
        #expect(CallbackLog.entries.last == "didDisconnect")

        CallbackLog.reset()
        let second = FakeBackend(screens: [Screens.oneX])
        let relaunched = try makeApplication(plist: plist, store: store, backend: second)
        try relaunched.launch()
        let scene = try #require(relaunched.connectedScenes.first)
        #expect(scene.session.persistentIdentifier == identifier)
        #expect(CallbackLog.entries == ["willConnect restoring=true", "restore org.example.recorder.format"])
        let delegate = try #require(scene.delegate as? RecordingSceneDelegate)
        #expect(delegate.restored?.userInfo["format"] == .string("hh:mm:ss"))
    }

    @Test(
        "a restored session asks for its saved size and screen, and gets the size when the first configure is 0x0; activation is stamped past the saved ones"
    )
    func restoredSessionAsksForItsPlacement() throws {
        CallbackLog.reset()
        let store = temporaryStore()
        let plist = try writeInfoPlist()
        try store.save(
            SceneSessionRecord(
                persistentIdentifier: "BOARD", configurationName: "Main", lastSize: Size(width: 600, height: 400),
                lastScreenName: "DP-2", lastActivation: 41))
        let backend = FakeBackend(screens: [Screens.oneX, Screens.twoX])
        var firstConfigure = CompositorFacts()  // 0x0: the size is the client's to choose
        firstConfigure.allScreens = backend.screenDescriptions
        backend.factsBeforeConnecting = firstConfigure
        let application = try makeApplication(plist: plist, store: store, backend: backend)
        try application.launch()
        #expect(backend.placements == [WindowPlacement(size: Size(width: 600, height: 400), screenName: "DP-2")])
        let scene = try #require(application.connectedScenes.first)
        #expect(scene.bounds.size == Size(width: 600, height: 400), "the saved size, not preferredContentSize's 800x600")

        scene.update(facts: .mapped(on: [Screens.twoX], all: backend.screenDescriptions, size: Size(width: 640, height: 480)))
        let saved = try #require(store.load().records.first)
        #expect(saved.lastActivation == 42, "stamped one past the highest saved, when it became active")
        #expect(saved.lastSize == Size(width: 640, height: 480) && saved.lastScreenName == "DP-2")

        // A session opened now asks for nothing: the compositor places it.
        try application.requestSceneSessionActivation()
        #expect(backend.placements.last == WindowPlacement())
    }

    @Test("an instance that does not own the state directory restores, saves and discards nothing there, and traces so")
    func instanceWithoutPersistedSessions() throws {
        CallbackLog.reset()
        let store = temporaryStore()
        let plist = try writeInfoPlist()
        let owner = try makeApplication(plist: plist, store: store, backend: FakeBackend(screens: [Screens.oneX]))
        try owner.launch()
        let ownersSession = try #require(owner.connectedScenes.first?.session.persistentIdentifier)
        owner.terminate()
        let saved = try Data(contentsOf: try store.fileURL(forIdentifier: ownersSession))

        CallbackLog.reset()
        let backend = FakeBackend(screens: [Screens.oneX])
        let second = try makeApplication(plist: plist, store: store, persistsSessions: false, backend: backend)
        try second.launch()
        let scene = try #require(second.connectedScenes.first)
        #expect(scene.session.persistentIdentifier != ownersSession, "a new session, not the owner's")
        #expect(CallbackLog.entries == ["willConnect restoring=false"])
        let launched = second.trace.recordedRecords().compactMap { $0 as? LaunchedRecord }
        #expect(launched == [LaunchedRecord(appID: second.appID, stateDirectory: store.directory.path, sessionsPersisted: false)])
        #expect(store.load().records.map(\.persistentIdentifier) == [ownersSession], "nothing saved at connect")
        second.saveAllSessions()
        second.sceneClosedByUser(scene)
        #expect(backend.stoppedWith == 0, "the last scene closed: the app quits")
        #expect(store.load().records.map(\.persistentIdentifier) == [ownersSession], "nothing saved or discarded")
        #expect(try Data(contentsOf: try store.fileURL(forIdentifier: ownersSession)) == saved, "the owner's file is untouched")
    }

    @Test func closingTheSceneDiscardsItsSession() throws {
        let store = temporaryStore()
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: store, backend: backend)
        try application.launch()
        let scene = try #require(application.connectedScenes.first)
        #expect(store.load().records.count == 1)
        application.sceneClosedByUser(scene)
        #expect(store.load().records.isEmpty)
        #expect(application.openSessions.isEmpty)
        #expect(backend.stoppedWith == 0)  // the last scene closed: the app quits
    }

    @Test func aSecondSceneIsRefusedWithoutMultipleSceneSupport() throws {
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(multipleScenes: false), store: temporaryStore(), backend: backend)
        try application.launch()
        #expect(throws: ApplicationError.self) { try application.requestSceneSessionActivation() }
        let multi = try makeApplication(plist: try writeInfoPlist(multipleScenes: true), store: temporaryStore(), backend: FakeBackend(screens: [Screens.oneX]))
        try multi.launch()
        try multi.requestSceneSessionActivation(userActivity: UserActivity(activityType: "inspector"))
        #expect(multi.connectedScenes.count == 2)
    }

    @Test func anUnregisteredDelegateNamesTheKeyAndFile() throws {
        let plist = try writeInfoPlist()
        let manifest = try SceneManifest.load(from: plist, variables: ["PRODUCT_MODULE_NAME": "Elsewhere"])
        let application = Application(
            manifest: manifest, registry: SceneClassRegistry(), delegate: nil, store: temporaryStore(),
            backend: FakeBackend(screens: [Screens.oneX]), trace: RuntimeTrace(descriptor: nil))
        do {
            try application.launch()
            Issue.record("launch should fail")
        } catch let error as ApplicationError {
            #expect(error.description.contains("UISceneDelegateClassName 'Elsewhere.RecordingSceneDelegate' is not registered"))
            #expect(error.description.hasPrefix(plist.path))
        }
    }

    @Test func aPlugggedOutputGetsAnExternalSceneOnlyWithAConfiguration() throws {
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        application.screenConnected(Screens.twoX, atLaunch: false)
        // The manifest has no external-display configuration and there is no app delegate.
        #expect(application.connectedScenes.count == 1)
        #expect(application.screens.map(\.name) == ["DP-1", "DP-2"])
        application.screenDisconnected(named: "DP-2")
        #expect(application.screens.map(\.name) == ["DP-1"])
    }

    @Test func onlyAnOutputPluggedNextToAnotherIsAnExternalDisplay() throws {
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(externalDisplay: true), store: temporaryStore(), backend: backend)
        try application.launch()
        application.screenConnected(Screens.twoX, atLaunch: false)
        #expect(application.connectedScenes.map(\.session.role) == [.windowApplication, .windowExternalDisplayNonInteractive])
        #expect(application.connectedScenes.last?.externalOutputName == "DP-2")
        application.screenDisconnected(named: "DP-2")
        #expect(application.connectedScenes.map(\.session.role) == [.windowApplication])
        // Every output gone, then one comes: the app's scenes come back there; it is not external.
        application.screenDisconnected(named: "DP-1")
        application.screenConnected(Screens.twoX, atLaunch: false)
        #expect(application.connectedScenes.map(\.session.role) == [.windowApplication])
    }
}
