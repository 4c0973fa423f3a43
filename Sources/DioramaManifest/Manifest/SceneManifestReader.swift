import DioramaModel

/// The Info.plist keys the scene manifest understands.
enum InfoPlistKey {
    static let bundleIdentifier = "CFBundleIdentifier"
    static let bundleName = "CFBundleName"
    static let requiresFullScreen = "UIRequiresFullScreen"
    static let sceneManifest = "UIApplicationSceneManifest"
    static let supportsMultipleScenes = "UIApplicationSupportsMultipleScenes"
    static let sceneConfigurations = "UISceneConfigurations"
    static let configurationName = "UISceneConfigurationName"
    static let delegateClassName = "UISceneDelegateClassName"
    static let sceneClassName = "UISceneClassName"
    static let storyboardFile = "UISceneStoryboardFile"
}

/// Walks a parsed Info.plist and builds a ``SceneManifest``, collecting diagnostics as
/// it goes. Kept separate from ``SceneManifest`` so the public type stays plain data.
struct SceneManifestReader {
    let file: String
    let substitution: BuildSettingSubstitution
    private var diagnostics: [ManifestDiagnostic] = []

    init(file: String, substitution: BuildSettingSubstitution) {
        self.file = file
        self.substitution = substitution
    }

    /// What to paste when the manifest, or its application configuration, is missing.
    static let sceneManifestSnippet = SceneManifestSnippet.manifest(
        delegateClass: "$(PRODUCT_MODULE_NAME).SceneDelegate", supportsMultipleScenes: true)

    mutating func read(_ root: PropertyList) -> SceneManifest {
        var manifest = SceneManifest(file: file)
        interpret(root, into: &manifest)
        manifest.diagnostics = diagnostics
        return manifest
    }

    private mutating func interpret(_ root: PropertyList, into manifest: inout SceneManifest) {
        guard let info = root.dictionaryValue else {
            report(
                ManifestDiagnostic.ID.rootNotDictionary, .error, at: root.location,
                "the root of an Info.plist must be a <dict>, found <\(root.typeName)>",
                fix: "make the top-level value a <dict> holding the app's keys")
            return
        }
        reportDuplicates(in: info, named: "the Info.plist")

        manifest.bundleIdentifier = string(InfoPlistKey.bundleIdentifier, in: info)
        manifest.bundleName = string(InfoPlistKey.bundleName, in: info)
        if manifest.bundleIdentifier == nil {
            report(
                ManifestDiagnostic.ID.missingBundleIdentifier, .warning, at: nil,
                "CFBundleIdentifier is missing; scene state is saved under the bundle identifier",
                fix: "add <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
        }

        if let entry = info.entry(forKey: InfoPlistKey.requiresFullScreen) {
            manifest.requiresFullScreen = bool(entry)
            report(
                ManifestDiagnostic.ID.requiresFullScreenIgnored, .warning, at: entry.keyLocation,
                "UIRequiresFullScreen is deprecated in iPadOS 26 and ignored; the app is resizable regardless",
                fix: "remove the UIRequiresFullScreen key; if a layout needs room, set a minimum size with UIWindowScene.sizeRestrictions")
        }

        guard let sceneEntry = info.entry(forKey: InfoPlistKey.sceneManifest) else {
            report(
                ManifestDiagnostic.ID.missingSceneManifest, .error, at: nil,
                "the Info.plist has no UIApplicationSceneManifest, so the app declares no scenes",
                fix: "add this to the top-level <dict>:\n" + Self.sceneManifestSnippet)
            return
        }
        guard let sceneManifest = typed(sceneEntry, as: "dict", \.dictionaryValue) else { return }
        manifest.hasSceneManifest = true
        reportDuplicates(in: sceneManifest, named: InfoPlistKey.sceneManifest)

        for entry in sceneManifest.effectiveEntries {
            switch entry.key {
            case InfoPlistKey.supportsMultipleScenes:
                manifest.supportsMultipleScenes = bool(entry) ?? false
            case InfoPlistKey.sceneConfigurations:
                if let roles = typed(entry, as: "dict", \.dictionaryValue) {
                    manifest.configurations = readConfigurations(roles)
                }
            default:
                reportUnknownKey(entry, in: InfoPlistKey.sceneManifest)
            }
        }

        if sceneManifest.entry(forKey: InfoPlistKey.sceneConfigurations) == nil {
            report(
                ManifestDiagnostic.ID.missingSceneConfigurations, .warning, at: sceneEntry.keyLocation,
                "UIApplicationSceneManifest has no UISceneConfigurations; the app must supply a configuration in code when a scene connects",
                fix: "declare a default configuration:\n" + Self.sceneManifestSnippet)
        } else if manifest.configurations[.windowApplication, default: []].isEmpty {
            report(
                ManifestDiagnostic.ID.noApplicationConfiguration, .warning, at: sceneEntry.keyLocation,
                "UIApplicationSceneManifest has no configuration for UIWindowSceneSessionRoleApplication; the app must supply one in code when a scene connects",
                fix: "declare a default configuration:\n" + Self.sceneManifestSnippet)
        }
    }

    // MARK: Configurations

    private mutating func readConfigurations(_ roles: PropertyListDictionary) -> [SceneSessionRole: [SceneConfigurationDescription]] {
        reportDuplicates(in: roles, named: InfoPlistKey.sceneConfigurations)
        var result: [SceneSessionRole: [SceneConfigurationDescription]] = [:]
        var seenNames: [String: SourceLocation?] = [:]
        for roleEntry in roles.effectiveEntries {
            let role = SceneSessionRole(rawValue: roleEntry.key)
            guard role.isSupported else {
                if role.isDefinedByApple {
                    report(
                        ManifestDiagnostic.ID.unhostedSceneRole, .info, at: roleEntry.keyLocation,
                        "scene role \(roleEntry.key) is not hosted by Diorama; its configurations are skipped",
                        fix:
                            "nothing to do for iPad; Diorama hosts UIWindowSceneSessionRoleApplication and UIWindowSceneSessionRoleExternalDisplayNonInteractive"
                    )
                } else {
                    report(
                        ManifestDiagnostic.ID.unknownSceneRole, .warning, at: roleEntry.keyLocation,
                        "scene role \(roleEntry.key) is not a role UIKit defines; its configurations are never used",
                        fix:
                            "check the spelling; window scenes use UIWindowSceneSessionRoleApplication or UIWindowSceneSessionRoleExternalDisplayNonInteractive"
                    )
                }
                continue
            }
            guard let list = typed(roleEntry, as: "array", \.arrayValue) else { continue }
            if list.isEmpty {
                report(
                    ManifestDiagnostic.ID.emptySceneRole, .warning, at: roleEntry.keyLocation,
                    "\(roleEntry.key) lists no configurations",
                    fix: "add a <dict> with UISceneConfigurationName and UISceneDelegateClassName, or remove the role")
            }
            var descriptions: [SceneConfigurationDescription] = []
            for element in list {
                guard let dictionary = element.dictionaryValue else {
                    report(
                        ManifestDiagnostic.ID.wrongType, .error, at: element.location,
                        "each configuration under \(roleEntry.key) must be a <dict>, found <\(element.typeName)>",
                        fix: "write the configuration as a <dict> of UIScene… keys")
                    continue
                }
                let description = readConfiguration(dictionary, role: role, location: element.location)
                if let name = description.name {
                    if let earlier = seenNames[name] {
                        let whereEarlier = earlier.map { " (first at \($0.line):\($0.column))" } ?? ""
                        report(
                            ManifestDiagnostic.ID.duplicateConfigurationName, .warning, at: description.location,
                            "configuration name \"\(name)\" is used more than once\(whereEarlier); lookups by name find the first",
                            fix: "give each configuration a unique UISceneConfigurationName")
                    } else {
                        seenNames[name] = description.location
                    }
                }
                descriptions.append(description)
            }
            result[role] = descriptions
        }
        return result
    }

    private mutating func readConfiguration(
        _ dictionary: PropertyListDictionary, role: SceneSessionRole,
        location: SourceLocation?
    ) -> SceneConfigurationDescription {
        reportDuplicates(in: dictionary, named: "a scene configuration")
        var description = SceneConfigurationDescription(role: role, location: location)
        for entry in dictionary.effectiveEntries {
            switch entry.key {
            case InfoPlistKey.configurationName: description.name = string(entry)
            case InfoPlistKey.delegateClassName: description.delegateClassName = string(entry)
            case InfoPlistKey.sceneClassName: description.sceneClassName = string(entry)
            case InfoPlistKey.storyboardFile: description.storyboardFile = string(entry)
            default: reportUnknownKey(entry, in: "a scene configuration")
            }
        }
        if description.name == nil && dictionary.entry(forKey: InfoPlistKey.configurationName) == nil {
            report(
                ManifestDiagnostic.ID.missingConfigurationName, .warning, at: location,
                "a \(role.rawValue) configuration has no UISceneConfigurationName, so it cannot be chosen by name",
                fix: "add <key>UISceneConfigurationName</key><string>Default Configuration</string>")
        }
        if description.delegateClassName == nil && dictionary.entry(forKey: InfoPlistKey.delegateClassName) == nil {
            let nameText = description.name.map { " \"\($0)\"" } ?? ""
            report(
                ManifestDiagnostic.ID.missingDelegateClass, .warning, at: location,
                "configuration\(nameText) has no UISceneDelegateClassName, so its scenes get no delegate and no window",
                fix: "add <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>")
        }
        return description
    }

    // MARK: Typed values

    private mutating func string(_ key: String, in dictionary: PropertyListDictionary) -> String? {
        dictionary.entry(forKey: key).flatMap { string($0) }
    }

    /// A string value with build variables substituted; reports wrong types and
    /// unresolved variables.
    private mutating func string(_ entry: PropertyListDictionary.Entry) -> String? {
        guard let raw = typed(entry, as: "string", \.stringValue) else { return nil }
        let substituted = substitution.substitute(raw)
        let location = entry.value.location ?? entry.keyLocation
        for name in substituted.unresolvedVariables {
            report(
                ManifestDiagnostic.ID.unresolvedBuildVariable, .warning, at: location,
                "\(entry.key) uses build variable \(name), which has no value; it is kept as written",
                fix: "pass a value for \(name) in the variables given to the manifest loader")
        }
        for modifier in substituted.unknownModifiers {
            report(
                ManifestDiagnostic.ID.unknownBuildVariableModifier, .warning, at: location,
                "\(entry.key) uses build variable modifier \"\(modifier)\", which Diorama does not implement; it was skipped",
                fix: "use one of " + BuildSettingSubstitution.supportedModifiers.joined(separator: ", ") + " or default=VALUE")
        }
        return substituted.value
    }

    private mutating func bool(_ entry: PropertyListDictionary.Entry) -> Bool? {
        typed(entry, as: "true/> or <false", \.boolValue)
    }

    /// The entry's value as `T`, or `nil` after reporting a `wrong-type` error.
    private mutating func typed<T>(
        _ entry: PropertyListDictionary.Entry, as expected: String,
        _ extract: (PropertyList) -> T?
    ) -> T? {
        if let value = extract(entry.value) { return value }
        report(
            ManifestDiagnostic.ID.wrongType, .error, at: entry.value.location ?? entry.keyLocation,
            "\(entry.key) must be <\(expected)>, found <\(entry.value.typeName)>; the value is ignored",
            fix: "change the value of \(entry.key) to <\(expected)>")
        return nil
    }

    // MARK: Reporting

    private mutating func reportUnknownKey(_ entry: PropertyListDictionary.Entry, in container: String) {
        report(
            ManifestDiagnostic.ID.unknownKey, .info, at: entry.keyLocation,
            "\(entry.key) in \(container) is not a key Diorama knows; it is ignored",
            fix: "check the spelling, or remove the key")
    }

    private mutating func reportDuplicates(in dictionary: PropertyListDictionary, named container: String) {
        for entry in dictionary.duplicateKeys {
            report(
                ManifestDiagnostic.ID.duplicateKey, .warning, at: entry.keyLocation,
                "\(entry.key) appears more than once in \(container); iOS keeps the last value, so earlier ones are ignored",
                fix: "keep only the entry with the value you mean")
        }
    }

    private mutating func report(
        _ id: String, _ severity: ManifestDiagnostic.Severity, at location: SourceLocation?,
        _ message: String, fix: String
    ) {
        diagnostics.append(
            ManifestDiagnostic(
                id: id, severity: severity, location: location ?? .startOfFile(file),
                message: message, fix: fix))
    }
}
