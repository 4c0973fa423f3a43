import DioramaManifest
import DioramaModel

/// Every check `diorama lint` performs. `Docs/lint.md` is the same table in prose;
/// a test keeps the two in step.
package enum LintRules {
    private enum Reference {
        static let tn3192 = "https://developer.apple.com/documentation/technotes/tn3192-migrating-your-app-from-the-deprecated-uirequiresfullscreen-key"
        static let tn3187 = "https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle"
        static let launchScreen = "https://developer.apple.com/documentation/xcode/specifying-your-apps-launch-screen"
        static let orientations = "https://developer.apple.com/documentation/bundleresources/information-property-list/uisupportedinterfaceorientations"
        static let multipleScenes =
            "https://developer.apple.com/documentation/bundleresources/information-property-list/uiapplicationscenemanifest/uiapplicationsupportsmultiplescenes"
        static let specifyingScenes = "https://developer.apple.com/documentation/uikit/specifying-the-scenes-your-app-supports"
        static let infoPlist = "https://developer.apple.com/documentation/bundleresources/information-property-list"
        static let generatedInfoPlist = "https://developer.apple.com/documentation/bundleresources/managing-your-app-s-information-property-list"
        static let buildSettings = "https://developer.apple.com/documentation/xcode/build-settings-reference"
        static let configurationFiles = "https://developer.apple.com/documentation/xcode/adding-a-build-configuration-file-to-your-project"
    }

    // MARK: Resizable scenes (TN3192)

    package static let requiresFullScreen = LintRule(
        id: "requires-full-screen", severity: .warning,
        title: "UIRequiresFullScreen is true",
        fix: "make the layout adapt to any scene size, then remove UIRequiresFullScreen (or INFOPLIST_KEY_UIRequiresFullScreen)",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let requiresFullScreenUnused = LintRule(
        id: "requires-full-screen-unused", severity: .info,
        title: "UIRequiresFullScreen is present but false",
        fix: "remove the key; false is the default and the key is deprecated",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let requiresFullScreenDeferred = LintRule(
        id: "requires-full-screen-deferred", severity: .info,
        title: "UIRequiresFullScreen is kept for earlier releases only",
        fix: "remove both keys once the app no longer supports the releases before UIRequiresFullScreenIgnoredStartingWithVersion",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let missingLaunchScreen = LintRule(
        id: "missing-launch-screen", severity: .error,
        title: "no launch screen",
        fix: "add UILaunchScreen (INFOPLIST_KEY_UILaunchScreen_Generation = YES) or UILaunchStoryboardName",
        reference: "TN3192", helpURI: Reference.launchScreen)

    package static let launchScreenDeploymentTarget = LintRule(
        id: "launch-screen-deployment-target", severity: .warning,
        title: "UILaunchScreen with a deployment target below iOS 14",
        fix: "raise IPHONEOS_DEPLOYMENT_TARGET to 14.0 or later, or use a launch storyboard (UILaunchStoryboardName)",
        reference: "TN3192", helpURI: Reference.launchScreen)

    package static let misspeltKey = LintRule(
        id: "misspelt-key", severity: .warning,
        title: "a key that differs from a real one only in letter case, which iOS ignores",
        fix: "rename it to the key it differs from, or remove it",
        reference: "Info.plist", helpURI: Reference.tn3192)

    package static let incompleteIPadOrientations = LintRule(
        id: "incomplete-ipad-orientations", severity: .warning,
        title: "not all four interface orientations are supported on iPad",
        fix: "list all four UIInterfaceOrientation values in UISupportedInterfaceOrientations~ipad (INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad)",
        reference: "TN3192", helpURI: Reference.orientations)

    package static let unknownInterfaceOrientation = LintRule(
        id: "unknown-interface-orientation", severity: .warning,
        title: "an orientation that is not a UIInterfaceOrientation name",
        fix:
            "use UIInterfaceOrientationPortrait, UIInterfaceOrientationPortraitUpsideDown, UIInterfaceOrientationLandscapeLeft or UIInterfaceOrientationLandscapeRight",
        reference: "Info.plist", helpURI: Reference.orientations)

    // MARK: Scene life cycle (TN3187)

    package static let missingSceneManifest = LintRule(
        id: ManifestDiagnostic.ID.missingSceneManifest, severity: .error,
        title: "no UIApplicationSceneManifest",
        fix: "adopt the scene life cycle: add UIApplicationSceneManifest (or INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES) and a scene delegate",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let missingSceneConfigurations = LintRule(
        id: ManifestDiagnostic.ID.missingSceneConfigurations, severity: .warning,
        title: "a scene manifest without UISceneConfigurations",
        fix: "declare a UIWindowSceneSessionRoleApplication configuration, or return one from application(_:configurationForConnecting:options:)",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let noApplicationConfiguration = LintRule(
        id: ManifestDiagnostic.ID.noApplicationConfiguration, severity: .warning,
        title: "no configuration for UIWindowSceneSessionRoleApplication",
        fix: "declare a UIWindowSceneSessionRoleApplication configuration, or return one from application(_:configurationForConnecting:options:)",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let emptySceneRole = LintRule(
        id: ManifestDiagnostic.ID.emptySceneRole, severity: .warning,
        title: "a scene role with no configurations",
        fix: "add a configuration to the role, or remove the role",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let missingConfigurationName = LintRule(
        id: ManifestDiagnostic.ID.missingConfigurationName, severity: .warning,
        title: "a scene configuration without UISceneConfigurationName",
        fix: "name every configuration with UISceneConfigurationName",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let missingDelegateClass = LintRule(
        id: ManifestDiagnostic.ID.missingDelegateClass, severity: .warning,
        title: "a scene configuration without UISceneDelegateClassName",
        fix: "set UISceneDelegateClassName to the scene delegate, e.g. $(PRODUCT_MODULE_NAME).SceneDelegate",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let duplicateConfigurationName = LintRule(
        id: ManifestDiagnostic.ID.duplicateConfigurationName, severity: .warning,
        title: "two scene configurations with the same name",
        fix: "give each configuration a unique UISceneConfigurationName",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let unknownSceneRole = LintRule(
        id: ManifestDiagnostic.ID.unknownSceneRole, severity: .warning,
        title: "a scene role UIKit does not define",
        fix: "check the spelling of the role; window scenes use UIWindowSceneSessionRoleApplication",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let invalidSceneClass = LintRule(
        id: "invalid-scene-class", severity: .warning,
        title: "UISceneClassName names a class that is not a scene",
        fix: "set UISceneClassName to UIWindowScene (or remove it: UIWindowScene is the default for window roles)",
        reference: "TN3187", helpURI: Reference.specifyingScenes)

    package static let multipleScenesDisabled = LintRule(
        id: "multiple-scenes-disabled", severity: .info,
        title: "UIApplicationSupportsMultipleScenes is missing or false",
        fix: "when every scene keeps its own state, set UIApplicationSupportsMultipleScenes to true",
        reference: "TN3187", helpURI: Reference.multipleScenes)

    // MARK: Info.plist structure

    package static let rootNotDictionary = LintRule(
        id: ManifestDiagnostic.ID.rootNotDictionary, severity: .error,
        title: "the Info.plist root is not a dictionary",
        fix: "make the top-level value a <dict>",
        reference: "Info.plist", helpURI: Reference.infoPlist)

    package static let wrongType = LintRule(
        id: ManifestDiagnostic.ID.wrongType, severity: .error,
        title: "a scene key with the wrong kind of value",
        fix: "give the key the type the Info.plist reference lists for it",
        reference: "Info.plist", helpURI: Reference.infoPlist)

    package static let duplicateKey = LintRule(
        id: ManifestDiagnostic.ID.duplicateKey, severity: .warning,
        title: "the same key twice in one dictionary; the last value counts",
        fix: "keep only the entry with the value you mean",
        reference: "CoreFoundation", helpURI: Reference.infoPlist)

    // MARK: Generated Info.plist (Xcode build settings)

    package static let generatedKeyIgnored = LintRule(
        id: "generated-key-ignored", severity: .warning,
        title: "an INFOPLIST_KEY_ setting without GENERATE_INFOPLIST_FILE = YES",
        fix: "set GENERATE_INFOPLIST_FILE = YES, or move the key into the Info.plist file",
        reference: "Xcode", helpURI: Reference.generatedInfoPlist)

    package static let unsupportedGeneratedKey = LintRule(
        id: "unsupported-generated-key", severity: .warning,
        title: "an INFOPLIST_KEY_ setting Xcode does not turn into an Info.plist key",
        fix: "write the key in the Info.plist file instead",
        reference: "Xcode", helpURI: Reference.generatedInfoPlist)

    package static let generatedKeyOverridesPlist = LintRule(
        id: "generated-key-overrides-plist", severity: .warning,
        title: "a generated key replaces a value written in the Info.plist",
        fix: "keep the value in one place: remove the build setting or the Info.plist entry",
        reference: "Xcode", helpURI: Reference.generatedInfoPlist)

    package static let generatedKeyConflict = LintRule(
        id: "generated-key-conflict", severity: .error,
        title: "a generated key and the Info.plist disagree on the kind of value",
        fix: "keep the value in one place: remove the build setting or the Info.plist entry",
        reference: "Xcode", helpURI: Reference.generatedInfoPlist)

    package static let invalidBuildSettingValue = LintRule(
        id: "invalid-build-setting-value", severity: .warning,
        title: "a boolean build setting that is neither YES nor NO",
        fix: "write YES or NO",
        reference: "Xcode", helpURI: Reference.buildSettings)

    package static let noInfoPlist = LintRule(
        id: "no-info-plist", severity: .error,
        title: "an app target with neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES",
        fix: "set INFOPLIST_FILE to the target's Info.plist, or GENERATE_INFOPLIST_FILE = YES",
        reference: "Xcode", helpURI: Reference.generatedInfoPlist)

    // MARK: Code (the app's Swift and Objective-C)

    package static let windowLookup = LintRule(
        id: "window-lookup", severity: .warning,
        title: "UIApplication's keyWindow or first window taken as the app's window",
        fix: "use the view's own window (view.window, self.view.window) or its scene (view.window?.windowScene); from a scene delegate, its window property",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let windowLookupForced = LintRule(
        id: "window-lookup-force-unwrapped", severity: .error,
        title: "UIApplication's keyWindow or first window force-unwrapped",
        fix: "use the view's own window (view.window, self.view.window) or its scene (view.window?.windowScene), and handle nil instead of force-unwrapping",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let appDelegateWindow = LintRule(
        id: "app-delegate-window", severity: .warning,
        title: "the app delegate's window read under the scene life cycle, where it is nil",
        fix: "use the window of the view at hand (view.window) or the scene delegate's window; move window set-up into scene(_:willConnectTo:options:)",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let appDelegateWindowForced = LintRule(
        id: "app-delegate-window-force-unwrapped", severity: .error,
        title: "the app delegate's window force-unwrapped under the scene life cycle, where it is nil",
        fix:
            "use the window of the view at hand (view.window) or the scene delegate's window, and handle nil; move window set-up into scene(_:willConnectTo:options:)",
        reference: "TN3187", helpURI: Reference.tn3187)

    package static let mainScreenGeometry = LintRule(
        id: "main-screen-geometry", severity: .warning,
        title: "UIScreen.main's bounds or scale used where the window's belong",
        fix: "size from the view's or window's bounds, and take the scale from traitCollection.displayScale",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let orientationForLayout = LintRule(
        id: "orientation-for-layout", severity: .warning,
        title: "the device's or status bar's orientation read instead of the window's size",
        fix:
            "lay out from the view's bounds and size classes (viewWillTransition(to:with:), traitCollection); for the scene's orientation use view.window?.windowScene?.interfaceOrientation",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let orientationLockInCode = LintRule(
        id: "orientation-lock-in-code", severity: .warning,
        title: "supportedInterfaceOrientations returns a single orientation in an iPad app",
        fix:
            "return .all on iPad (check traitCollection.userInterfaceIdiom) and lay out from the view's bounds; a game that must not rotate mid-play can use prefersInterfaceOrientationLocked (iPadOS 26)",
        reference: "TN3192", helpURI: Reference.tn3192)

    package static let metalDrawableSizeFixed = LintRule(
        id: "metal-drawable-size-fixed", severity: .warning,
        title: "a Metal drawable sized once, not on every size and scale change",
        fix:
            "leave MTKView.autoResizeDrawable on and handle mtkView(_:drawableSizeWillChange:), or set CAMetalLayer.drawableSize from bounds × contentScaleFactor in layoutSubviews (and when the scale changes)",
        reference: "TN3192", helpURI: Reference.tn3192)

    // MARK: Input

    package static let malformedFile = LintRule(
        id: "malformed-file", severity: .error,
        title: "a property list, project or configuration file that cannot be parsed",
        fix: "fix the file at the line and column given, or restore it from version control",
        reference: "Info.plist", helpURI: Reference.infoPlist)

    package static let missingFile = LintRule(
        id: "missing-file", severity: .error,
        title: "a file the project refers to does not exist",
        fix: "restore the file, or correct the path in the project or configuration file",
        reference: "Xcode", helpURI: Reference.configurationFiles)

    // MARK: Not checkable before a build

    package static let dependenciesNotInstalled = LintRule(
        id: "dependencies-not-installed", severity: .info,
        title: "a configuration file a dependency manager creates has not been created yet",
        fix: "run the dependency manager's install command (pod install, flutter pub get), then lint again",
        reference: "Xcode", helpURI: Reference.configurationFiles)

    package static let localConfigurationMissing = LintRule(
        id: "local-configuration-missing", severity: .info,
        title: "a developer-local configuration file that .gitignore excludes has not been created",
        fix: "create the file from its template, as the project's README describes, then lint again",
        reference: "Xcode", helpURI: Reference.configurationFiles)

    package static let fileNameCase = LintRule(
        id: "file-name-case", severity: .info,
        title: "a referenced file found only by ignoring letter case, as macOS's default file system does",
        fix: "make the reference and the file name agree in letter case; case-sensitive volumes (and Linux CI) do not find it",
        reference: "Xcode", helpURI: Reference.configurationFiles)

    package static let infoPlistBuilt = LintRule(
        id: "info-plist-built", severity: .info,
        title: "the Info.plist is produced by the build, so it cannot be checked before a build",
        fix: "lint the Info.plist the build writes, or point INFOPLIST_FILE at a file in the source tree",
        reference: "Xcode", helpURI: Reference.buildSettings)

    /// Every rule, in the order the documentation lists them.
    package static let all: [LintRule] = [
        requiresFullScreen, requiresFullScreenUnused, requiresFullScreenDeferred, misspeltKey,
        missingLaunchScreen, launchScreenDeploymentTarget,
        incompleteIPadOrientations, unknownInterfaceOrientation,
        missingSceneManifest, missingSceneConfigurations, noApplicationConfiguration, emptySceneRole,
        missingConfigurationName, missingDelegateClass, duplicateConfigurationName, unknownSceneRole, invalidSceneClass,
        multipleScenesDisabled,
        rootNotDictionary, wrongType, duplicateKey,
        generatedKeyIgnored, unsupportedGeneratedKey, generatedKeyOverridesPlist, generatedKeyConflict,
        invalidBuildSettingValue, noInfoPlist,
        malformedFile, missingFile,
        dependenciesNotInstalled, localConfigurationMissing, fileNameCase, infoPlistBuilt,
        windowLookup, windowLookupForced, appDelegateWindow, appDelegateWindowForced,
        mainScreenGeometry, orientationForLayout, orientationLockInCode, metalDrawableSizeFixed,
    ]

    /// The rule with this id.
    package static func rule(withID id: String) -> LintRule? {
        all.first { $0.id == id }
    }
}
