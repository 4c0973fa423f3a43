import DioramaManifest
import DioramaModel

/// Decides, for one app target's Info.plist, what stands between the app and
/// resizable, multi-display scenes.
///
/// The scene manifest is read by the same ``SceneManifest`` reader the scene runtime
/// uses, so the linter and the runtime never disagree about a manifest; its diagnostics
/// become findings under the same ids. The linter adds the checks only a migration
/// needs (TN3192's full-screen key, launch screen and orientations) and leaves out the
/// reader's notes that matter only when running under Diorama (unknown keys, missing
/// bundle identifier, unresolved build variables: Xcode resolves those at build time).
struct ReadinessChecker {
    /// Where findings about something missing point: the Info.plist's root `<dict>`, or
    /// the target in `project.pbxproj` when the whole plist is generated.
    var anchor: SourceLocation
    /// Build settings for `$(NAME)` references in the plist.
    var variables: [String: String] = [:]
    /// `IPHONEOS_DEPLOYMENT_TARGET`, when known.
    var deploymentTarget: String?
    /// Whether the app installs on iPad as itself, when the build settings decide it
    /// (`TARGETED_DEVICE_FAMILY` is set: swift-build then writes `UIDeviceFamily` from
    /// it); `nil` lets the Info.plist's own `UIDeviceFamily` decide. An iPhone-only app
    /// runs on iPad in compatibility mode, so the iPad-only checks (TN3192's full-screen
    /// key, iPad orientations) do not apply; the scene life cycle and launch screen do.
    var runsOnIPadPerBuildSettings: Bool?
    /// When neither says: false, in a project (no `TARGETED_DEVICE_FAMILY` means no
    /// `UIDeviceFamily`) as for a lone Info.plist: iOS reads a missing `UIDeviceFamily`
    /// as iPhone only.
    var runsOnIPadWhenUndeclared = false
    /// The app's life cycle, from its sources: a SwiftUI `App` gets its scenes from
    /// SwiftUI, so the checks for a UIKit scene delegate are left out for it.
    var lifeCycle: AppLifeCycle = .unknown
    /// Whether Xcode writes the Info.plist from `INFOPLIST_KEY_*` settings
    /// (`GENERATE_INFOPLIST_FILE = YES`); `nil` for a lone Info.plist, where it is not
    /// known. When false, a fix must not suggest such a setting: Xcode ignores it, and
    /// the key has to go into the Info.plist file.
    var generatesInfoPlist: Bool?
    /// What the scene-manifest fixes name as the delegate: the project's own, a class to
    /// create, or Flutter's migration.
    var sceneManifestFix = SceneManifestFix(delegate: .create(.swift))

    /// Manifest reader diagnostics that are migration findings.
    static let manifestDiagnosticsKept: Set<String> = [
        ManifestDiagnostic.ID.missingSceneManifest,
        ManifestDiagnostic.ID.missingSceneConfigurations,
        ManifestDiagnostic.ID.noApplicationConfiguration,
        ManifestDiagnostic.ID.emptySceneRole,
        ManifestDiagnostic.ID.missingConfigurationName,
        ManifestDiagnostic.ID.missingDelegateClass,
        ManifestDiagnostic.ID.duplicateConfigurationName,
        ManifestDiagnostic.ID.unknownSceneRole,
        ManifestDiagnostic.ID.rootNotDictionary,
        ManifestDiagnostic.ID.wrongType,
        ManifestDiagnostic.ID.duplicateKey,
    ]

    static let allOrientations = [
        "UIInterfaceOrientationPortrait",
        "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft",
        "UIInterfaceOrientationLandscapeRight",
    ]

    func check(_ composition: InfoPlistComposition) -> [LintFinding] {
        var findings = composition.findings
        let manifest = SceneManifest(propertyList: composition.effective, file: anchor.file, variables: variables)
        findings += sceneManifestFindings(manifest)
        guard let info = composition.effective.dictionaryValue else { return findings }
        findings += misspeltKeyFindings(composition)
        if runsOnIPad(info) {
            findings += fullScreenFindings(composition, info: info)
            findings += orientationFindings(info)
        }
        findings += launchScreenFindings(info)
        findings += sceneClassFindings(info)
        findings += multipleSceneFindings(info, manifest: manifest)
        return findings
    }

    // MARK: Scene life cycle (TN3187)

    /// Reader diagnostics that assume a UIKit scene delegate. A SwiftUI `App` makes its
    /// scenes in code: it needs no manifest, no configurations and no delegate class
    /// (naming one would take the scene away from SwiftUI).
    static let uiKitOnlyDiagnostics: Set<String> = [
        ManifestDiagnostic.ID.missingSceneManifest,
        ManifestDiagnostic.ID.missingSceneConfigurations,
        ManifestDiagnostic.ID.noApplicationConfiguration,
        ManifestDiagnostic.ID.missingDelegateClass,
    ]

    /// The reader's diagnostics as findings, judged by the life cycle alone: a
    /// generated manifest and a hand-written one with the same content get the same
    /// verdict.
    private func sceneManifestFindings(_ manifest: SceneManifest) -> [LintFinding] {
        manifest.diagnostics.compactMap { diagnostic in
            guard Self.manifestDiagnosticsKept.contains(diagnostic.id) else { return nil }
            if lifeCycle.isSwiftUI && Self.uiKitOnlyDiagnostics.contains(diagnostic.id) { return nil }
            let rule = LintRules.rule(withID: diagnostic.id)
            let fix: String
            switch diagnostic.id {
            case ManifestDiagnostic.ID.missingSceneManifest: fix = missingSceneManifestFix()
            case ManifestDiagnostic.ID.missingSceneConfigurations: fix = sceneManifestFix.addApplicationRole(hasConfigurations: false)
            case ManifestDiagnostic.ID.noApplicationConfiguration: fix = sceneManifestFix.addApplicationRole(hasConfigurations: true)
            case ManifestDiagnostic.ID.missingDelegateClass: fix = sceneManifestFix.delegateClassFix
            default: fix = diagnostic.fix ?? rule?.fix ?? ""
            }
            let location = diagnostic.location == .startOfFile(anchor.file) ? anchor : diagnostic.location
            return LintFinding(
                ruleID: diagnostic.id, severity: diagnostic.severity, location: location,
                message: diagnostic.message, fix: fix)
        }
    }

    /// What adds a scene manifest to this target: the generation switch works only while
    /// Xcode generates the Info.plist, so without generation the manifest goes into the
    /// Info.plist file.
    private func missingSceneManifestFix() -> String {
        let addition = sceneManifestFix.addManifest(into: generatesInfoPlist == false ? anchor.file : nil)
        guard generatesInfoPlist != false, sceneManifestFix.delegate != .flutter, lifeCycle == .unknown else { return addition }
        return "set INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES (SwiftUI apps), or " + addition
    }

    private func multipleSceneFindings(_ info: PropertyListDictionary, manifest: SceneManifest) -> [LintFinding] {
        if lifeCycle.isSwiftUI, info["UIApplicationSceneManifest"] == nil {
            return [
                LintRules.multipleScenesDisabled.finding(
                    at: anchor,
                    "the SwiftUI app has no UIApplicationSceneManifest, so UIApplicationSupportsMultipleScenes is false and the app shows one window at a time; more are encouraged, not required",
                    fix: generatesInfoPlist == false
                        ? "when every window keeps its own state, add UIApplicationSceneManifest with UIApplicationSupportsMultipleScenes = true to \(anchor.file)"
                        : "when every window keeps its own state, set INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES (it turns multiple scenes on)")
            ]
        }
        guard manifest.hasSceneManifest, !manifest.supportsMultipleScenes,
            let sceneEntry = info.entry(forKey: "UIApplicationSceneManifest")
        else { return [] }
        let flag = sceneEntry.value.dictionaryValue?.entry(forKey: "UIApplicationSupportsMultipleScenes")
        let message =
            flag == nil
            ? "UIApplicationSupportsMultipleScenes is missing, so the app shows one scene at a time; more are encouraged, not required"
            : "UIApplicationSupportsMultipleScenes is false, so the app shows one scene at a time; more are encouraged, not required"
        return [LintRules.multipleScenesDisabled.finding(at: flag?.keyLocation ?? sceneEntry.keyLocation ?? anchor, message)]
    }

    /// Scene classes UIKit and CarPlay define; a configuration's `UISceneClassName` names
    /// one of them (or a subclass, whose name ends in `Scene`).
    static let knownSceneClasses: Set<String> = [
        "UIWindowScene", "CPTemplateApplicationScene", "CPTemplateApplicationDashboardScene",
        "CPTemplateApplicationInstrumentClusterScene",
    ]

    /// A `UISceneClassName` that names a delegate (a-Shell's `SceneDelegate`) or any
    /// class that is not a scene: UIKit cannot create the scene from it.
    private func sceneClassFindings(_ info: PropertyListDictionary) -> [LintFinding] {
        guard let roles = info["UIApplicationSceneManifest"]?.dictionaryValue?["UISceneConfigurations"]?.dictionaryValue else { return [] }
        var findings: [LintFinding] = []
        for role in roles.entries {
            for configuration in role.value.arrayValue ?? [] {
                guard let entry = configuration.dictionaryValue?.entry(forKey: "UISceneClassName"),
                    let written = entry.value.stringValue
                else { continue }
                let name = String(written.split(separator: ".").last ?? "")
                let delegate = configuration.dictionaryValue?["UISceneDelegateClassName"]?.stringValue
                guard !Self.knownSceneClasses.contains(name), name.hasSuffix("Delegate") || written == delegate || !name.hasSuffix("Scene")
                else { continue }
                findings.append(
                    LintRules.invalidSceneClass.finding(
                        at: entry.keyLocation ?? anchor,
                        "UISceneClassName is \(written), which is not a scene class\(name.hasSuffix("Delegate") ? " (it names a delegate)" : ""); UIKit cannot create the \(role.key) scene from it"
                    ))
            }
        }
        return findings
    }

    // MARK: Device family

    /// Why the app is judged iPhone-only, for the report; `nil` when it runs on iPad.
    func iPhoneOnlyReason(_ info: PropertyListDictionary) -> String? {
        guard !runsOnIPad(info) else { return nil }
        if runsOnIPadPerBuildSettings != nil { return "TARGETED_DEVICE_FAMILY does not list 2 (iPad)" }
        if info["UIDeviceFamily"] != nil { return "UIDeviceFamily does not list 2 (iPad)" }
        return "the Info.plist has no UIDeviceFamily (and no TARGETED_DEVICE_FAMILY sets one), which iOS reads as iPhone only"
    }

    /// `UIDeviceFamily` lists 2 (iPad). The build settings, when they say, win: Xcode
    /// writes the key from `TARGETED_DEVICE_FAMILY` over the file's.
    func runsOnIPad(_ info: PropertyListDictionary) -> Bool {
        if let runsOnIPadPerBuildSettings { return runsOnIPadPerBuildSettings }
        guard let family = info["UIDeviceFamily"] else { return runsOnIPadWhenUndeclared }
        let members = family.arrayValue ?? [family]
        return members.contains { $0.integerValue == 2 || $0.stringValue?.trimmingWhitespace() == "2" }
    }

    // MARK: Misspelt keys

    /// Keys iOS does not read that differ from one it does only in letter case, with
    /// the key meant. Info.plist keys are case-sensitive, so these have no effect.
    static let misspeltKeys = ["UIRequiresFullscreen": "UIRequiresFullScreen"]

    private func misspeltKeyFindings(_ composition: InfoPlistComposition) -> [LintFinding] {
        guard let file = composition.file?.dictionaryValue else { return [] }
        return file.entries.compactMap { entry in
            guard let meant = Self.misspeltKeys[entry.key] else { return nil }
            return LintRules.misspeltKey.finding(
                at: entry.keyLocation ?? anchor,
                "\(entry.key) is not a key iOS reads (keys are case-sensitive), so it has no effect; the key is \(meant)",
                fix: "rename it \(meant) if that is what you meant, or remove it")
        }
    }

    // MARK: Full screen (TN3192)

    /// Every place the deprecated key is written counts, the file's and the build
    /// setting's alike: each one has to go.
    private func fullScreenFindings(_ composition: InfoPlistComposition, info: PropertyListDictionary) -> [LintFinding] {
        let key = "UIRequiresFullScreen"
        var occurrences: [PropertyListDictionary.Entry] = []
        if let entry = composition.file?.dictionaryValue?.entry(forKey: key) { occurrences.append(entry) }
        occurrences += composition.generated.filter { $0.key == key }
        let ignoredFrom = info.entry(forKey: "UIRequiresFullScreenIgnoredStartingWithVersion")
        return occurrences.compactMap { entry in
            guard let value = entry.value.boolValue else { return nil }  // the reader reports the wrong type
            let location = entry.keyLocation ?? anchor
            if !value {
                return LintRules.requiresFullScreenUnused.finding(
                    at: location, "UIRequiresFullScreen is false: it changes nothing, and the key is deprecated in iPadOS 26")
            }
            if let ignoredFrom {
                let version =
                    ignoredFrom.value.stringValue ?? ignoredFrom.value.integerValue.map { String($0) }
                    ?? ignoredFrom.value.realValue.map { String($0) } ?? "?"
                return LintRules.requiresFullScreenDeferred.finding(
                    at: location,
                    "UIRequiresFullScreen is true, and UIRequiresFullScreenIgnoredStartingWithVersion = \(version) makes the system ignore it from that release on"
                )
            }
            return LintRules.requiresFullScreen.finding(
                at: location,
                "UIRequiresFullScreen is true: the app opts out of resizing, which iPadOS 26 deprecates and a future release ignores")
        }
    }

    // MARK: Launch screen

    /// Any of the launch screen keys counts, device-specific forms included.
    private func launchScreenFindings(_ info: PropertyListDictionary) -> [LintFinding] {
        let storyboard = ["UILaunchStoryboardName", "UILaunchStoryboardName~ipad"].lazy
            .compactMap { info[$0]?.stringValue }.first { !$0.isEmpty }
        let screen = ["UILaunchScreen", "UILaunchScreen~ipad", "UILaunchScreens"].lazy
            .compactMap { info.entry(forKey: $0) }.first
        guard storyboard != nil || screen != nil else {
            // Without generation, INFOPLIST_KEY_UILaunchScreen_Generation does nothing.
            let fix =
                generatesInfoPlist != false
                ? nil
                : "add UILaunchScreen (an empty <dict/> will do) or UILaunchStoryboardName to \(anchor.file)"
            return [
                LintRules.missingLaunchScreen.finding(
                    at: anchor, "the app has no launch screen, so iPadOS runs it in a compatibility mode instead of resizable scenes",
                    fix: fix)
            ]
        }
        if storyboard == nil, let screen, let target = deploymentTarget, let major = Self.majorVersion(target), major < 14 {
            return [
                LintRules.launchScreenDeploymentTarget.finding(
                    at: screen.keyLocation ?? anchor,
                    "\(screen.key) needs iOS 14 or later, but IPHONEOS_DEPLOYMENT_TARGET is \(target); App Store upload rejects a multitasking iPad app without a usable launch screen"
                )
            ]
        }
        return []
    }

    static func majorVersion(_ version: String) -> Int? {
        Int(version.trimmingWhitespace().split(separator: ".").first ?? "")
    }

    // MARK: Orientations

    /// iPad reads `UISupportedInterfaceOrientations~ipad` and falls back to the plain key.
    private func orientationFindings(_ info: PropertyListDictionary) -> [LintFinding] {
        guard
            let entry = info.entry(forKey: "UISupportedInterfaceOrientations~ipad")
                ?? info.entry(forKey: "UISupportedInterfaceOrientations")
        else {
            return [
                LintRules.incompleteIPadOrientations.finding(
                    at: anchor, "the app declares no supported interface orientations, so iPad multitasking cannot rotate or resize it")
            ]
        }
        let location = entry.keyLocation ?? anchor
        guard let items = entry.value.arrayValue else {
            return [
                LintRules.wrongType.finding(
                    at: location, "\(entry.key) must be <array>, found <\(entry.value.typeName)>; the value is ignored",
                    fix: "list the orientations in an <array> of <string>")
            ]
        }
        var findings: [LintFinding] = []
        var listed = Set<String>()
        for item in items {
            guard let name = item.stringValue, Self.allOrientations.contains(name) else {
                let shown = item.stringValue.map { "\"\($0)\"" } ?? "<\(item.typeName)>"
                findings.append(
                    LintRules.unknownInterfaceOrientation.finding(
                        at: item.location ?? location, "\(shown) in \(entry.key) is not an interface orientation; it is ignored"))
                continue
            }
            listed.insert(name)
        }
        let missing = Self.allOrientations.filter { !listed.contains($0) }
        if !missing.isEmpty {
            findings.append(
                LintRules.incompleteIPadOrientations.finding(
                    at: location,
                    "\(entry.key) lacks \(missing.joined(separator: ", ")); a resizable iPad app must support all four orientations"))
        }
        return findings
    }
}
