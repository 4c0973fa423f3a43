import DioramaManifest
import DioramaModel

/// The Info.plist keys Xcode writes from `INFOPLIST_KEY_*` build settings when
/// `GENERATE_INFOPLIST_FILE = YES`, for the keys that decide scene readiness.
///
/// | Build setting                                             | Info.plist key                            |
/// |-----------------------------------------------------------|-------------------------------------------|
/// | `INFOPLIST_KEY_UIRequiresFullScreen = YES`                | `UIRequiresFullScreen` = true             |
/// | `INFOPLIST_KEY_UILaunchStoryboardName = LaunchScreen`     | `UILaunchStoryboardName`                  |
/// | `INFOPLIST_KEY_UILaunchScreen_Generation = YES`           | `UILaunchScreen` = {} (an empty dictionary) |
/// | `INFOPLIST_KEY_UISupportedInterfaceOrientations = "…"`    | `UISupportedInterfaceOrientations`        |
/// | `INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad`     | `UISupportedInterfaceOrientations~ipad`   |
/// | `INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone`   | `UISupportedInterfaceOrientations~iphone` |
/// | `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` | `UIApplicationSceneManifest` = { UIApplicationSupportsMultipleScenes = true; UISceneConfigurations = {} } |
///
/// Orientation lists are space-separated. A boolean key is written when the setting is
/// assigned at all (`= NO` writes false); the two `_Generation` switches write their
/// dictionary only when YES. Xcode's build system (swift-build's Info.plist processor)
/// has no setting for `UIApplicationSupportsMultipleScenes`: the generated manifest
/// always says true, and `INFOPLIST_KEY_UIApplicationSupportsMultipleScenes` does
/// nothing. That and similar look-alike settings are reported by
/// ``LintRules/unsupportedGeneratedKey``.
enum GeneratedInfoPlistKeys {
    enum Kind {
        case boolean, string, stringList
        /// YES writes the fixed dictionary Xcode generates for this key.
        case generationSwitch(PropertyListDictionary)
    }

    struct Mapping {
        var setting: String
        var key: String
        var kind: Kind

        /// The fix for the setting while generation is off. Turning generation on is
        /// the usual advice, but not for a deprecated key: for UIRequiresFullScreen it
        /// would switch full screen on, a worse state than the ignored setting.
        var fixWhenIgnored: String? {
            guard key == "UIRequiresFullScreen" else { return nil }
            return
                "remove \(setting): it does nothing now, and turning GENERATE_INFOPLIST_FILE on would make it opt the app out of resizing; UIRequiresFullScreen is deprecated"
        }
    }

    static let mappings: [Mapping] = [
        Mapping(setting: "INFOPLIST_KEY_UIRequiresFullScreen", key: "UIRequiresFullScreen", kind: .boolean),
        Mapping(setting: "INFOPLIST_KEY_UILaunchStoryboardName", key: "UILaunchStoryboardName", kind: .string),
        Mapping(
            setting: "INFOPLIST_KEY_UILaunchScreen_Generation", key: "UILaunchScreen",
            kind: .generationSwitch(PropertyListDictionary())),
        Mapping(
            setting: "INFOPLIST_KEY_UISupportedInterfaceOrientations", key: "UISupportedInterfaceOrientations",
            kind: .stringList),
        Mapping(
            setting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad", key: "UISupportedInterfaceOrientations~ipad",
            kind: .stringList),
        Mapping(
            setting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone", key: "UISupportedInterfaceOrientations~iphone",
            kind: .stringList),
        Mapping(
            setting: "INFOPLIST_KEY_UIApplicationSceneManifest_Generation", key: "UIApplicationSceneManifest",
            kind: .generationSwitch(
                PropertyListDictionary([
                    .init(key: "UIApplicationSupportsMultipleScenes", value: .bool(true)),
                    .init(key: "UISceneConfigurations", value: .dictionary(.init())),
                ]))),
    ]

    /// Settings that look like generated keys but that Xcode ignores, with the key
    /// people expect them to write and what to do instead.
    static let lookAlikes: [(setting: String, key: String, fix: String)] = [
        (
            "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes", "UIApplicationSupportsMultipleScenes",
            "the generated manifest always supports multiple scenes; to say false, turn INFOPLIST_KEY_UIApplicationSceneManifest_Generation off and write UIApplicationSceneManifest in the Info.plist file"
        ),
        (
            "INFOPLIST_KEY_UIApplicationSceneManifest", "UIApplicationSceneManifest",
            "use INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES, or write UIApplicationSceneManifest in the Info.plist file"
        ),
        (
            "INFOPLIST_KEY_UISceneConfigurations", "UISceneConfigurations",
            "write UISceneConfigurations inside UIApplicationSceneManifest in the Info.plist file"
        ),
        (
            "INFOPLIST_KEY_UIRequiresFullscreen", "UIRequiresFullscreen",
            "the setting is INFOPLIST_KEY_UIRequiresFullScreen (capital S); Info.plist keys are case-sensitive"
        ),
        (
            "INFOPLIST_KEY_UILaunchScreen", "UILaunchScreen",
            "use INFOPLIST_KEY_UILaunchScreen_Generation = YES, or write UILaunchScreen in the Info.plist file"
        ),
    ]

    /// The generated entries for `settings`, each located at the setting that produced
    /// it, plus findings about the settings themselves. With `generating` false
    /// (`GENERATE_INFOPLIST_FILE` is not YES) nothing is generated and every mapped
    /// setting that is assigned is reported as ignored.
    static func entries(from settings: BuildSettings, generating: Bool) -> (entries: [PropertyListDictionary.Entry], findings: [LintFinding]) {
        var entries: [PropertyListDictionary.Entry] = []
        var findings: [LintFinding] = []
        for mapping in mappings {
            guard let assignment = settings.assignment(for: mapping.setting),
                let text = settings.value(for: mapping.setting)
            else { continue }
            let location = assignment.location
            guard generating else {
                findings.append(
                    LintRules.generatedKeyIgnored.finding(
                        at: location,
                        "\(assignment.writtenName) has no effect: GENERATE_INFOPLIST_FILE is not YES, so Xcode does not generate \(mapping.key)",
                        fix: mapping.fixWhenIgnored))
                continue
            }
            let value: PropertyList?
            switch mapping.kind {
            case .boolean:
                value = .bool(boolean(text, assignment: assignment, into: &findings), location: location)
            case .string:
                value = .string(text, location: location)
            case .stringList:
                value = .array(BuildSettingValue.list(text).map { .string($0, location: location) }, location: location)
            case .generationSwitch(let content):
                value =
                    boolean(text, assignment: assignment, into: &findings)
                    ? .dictionary(located(content, at: location), location: location)
                    : nil
            }
            if let value {
                entries.append(.init(key: mapping.key, keyLocation: location, value: value))
            }
        }
        for lookAlike in lookAlikes {
            guard let assignment = settings.assignment(for: lookAlike.setting) else { continue }
            findings.append(
                LintRules.unsupportedGeneratedKey.finding(
                    at: assignment.location,
                    "\(assignment.writtenName) has no effect: Xcode does not generate \(lookAlike.key) from a build setting",
                    fix: lookAlike.fix))
        }
        return (entries, findings)
    }

    private static func boolean(_ text: String, assignment: BuildSettingAssignment, into findings: inout [LintFinding]) -> Bool {
        if let value = BuildSettingValue.boolean(text) { return value }
        findings.append(
            LintRules.invalidBuildSettingValue.finding(
                at: assignment.location, "\(assignment.writtenName) = \(text) is neither YES nor NO; Xcode reads it as NO"))
        return false
    }

    /// The fixed generated content, with every key and value placed at the setting.
    private static func located(_ content: PropertyListDictionary, at location: SourceLocation) -> PropertyListDictionary {
        PropertyListDictionary(
            content.entries.map { entry in
                let value: PropertyList =
                    switch entry.value {
                    case .dictionary(let inner, _): .dictionary(located(inner, at: location), location: location)
                    case .bool(let flag, _): .bool(flag, location: location)
                    default: entry.value
                    }
                return .init(key: entry.key, keyLocation: location, value: value)
            })
    }
}
