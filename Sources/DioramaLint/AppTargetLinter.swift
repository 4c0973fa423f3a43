import DioramaManifest
import DioramaModel
import Foundation

/// Checks one application target of an Xcode project.
///
/// Each build configuration is checked on its own, because configurations can point at
/// different Info.plist files and set different `INFOPLIST_KEY_*` values. The findings
/// are then combined: a finding every configuration shares is reported once; one that
/// only some configurations have names them (`configurations: ["Release"]`).
struct AppTargetLinter {
    enum Outcome {
        case checked(TargetReport)
        /// Not an iOS app; the reason says what it is.
        case skipped(String)
    }

    let project: XcodeProject
    let target: XcodeTarget
    let workspace: LintWorkspace
    /// Found in the target's sources before its configurations are checked.
    private var lifeCycle = AppLifeCycle.unknown

    init(project: XcodeProject, target: XcodeTarget, workspace: LintWorkspace) {
        self.project = project
        self.target = target
        self.workspace = workspace
    }

    mutating func lint(files: inout InfoPlistFiles) -> Outcome {
        let code = target.sourceFiles.compactMap { CodeFile.load($0, display: workspace.displayPath(of: $0)) }
        lifeCycle = AppLifeCycle.detect(in: code)
        var adoptsScenes = lifeCycle.isSwiftUI
        var runsOnIPad = false
        var iPhoneOnly: String?
        let sceneManifestFix = SceneManifestFix(delegate: SceneManifestFix.delegate(in: code))
        var infoPlists: [String] = []
        var generates = false
        var perConfiguration: [(name: String, findings: [LintFinding])] = []
        for configuration in target.configurations {
            var findings: [LintFinding] = []
            let settings = buildSettings(for: configuration, findings: &findings)
            if perConfiguration.isEmpty, let platform = Self.otherPlatform(settings) {
                return .skipped("\(platform) app")
            }
            let checked = check(settings, files: &files, sceneManifestFix: sceneManifestFix)
            findings += checked.findings
            if let plist = checked.infoPlist, !infoPlists.contains(plist) { infoPlists.append(plist) }
            generates = generates || checked.generates
            adoptsScenes = adoptsScenes || checked.hasSceneManifest
            runsOnIPad = runsOnIPad || checked.runsOnIPad
            iPhoneOnly = iPhoneOnly ?? checked.iPhoneOnly
            perConfiguration.append((configuration.name, findings))
        }
        if target.configurations.isEmpty {
            perConfiguration = [
                (
                    "",
                    [
                        LintRules.malformedFile.finding(
                            at: target.location, "target \(target.name) has no build configurations",
                            fix: "the project file is damaged; restore it from version control")
                    ]
                )
            ]
        }
        return .checked(
            TargetReport(
                kind: .appTarget, name: target.name, project: workspace.displayPath(of: project.bundle),
                infoPlists: infoPlists, generatesInfoPlist: generates,
                configurations: target.configurations.map(\.name), lifeCycle: lifeCycle.summary,
                iPhoneOnly: runsOnIPad ? nil : iPhoneOnly,
                findings: Self.combine(perConfiguration) + (runsOnIPad ? scriptFindings() : [])
                    + Self.codeFindings(code, checker: CodeChecker(adoptsSceneLifeCycle: adoptsScenes, runsOnIPad: runsOnIPad))))
    }

    /// Run Script phases that write `UIRequiresFullScreen` into the built Info.plist
    /// (`PlistBuddy -c "Add :UIRequiresFullScreen bool true"`, `plutil -replace`): the key
    /// is then set in the app however the Info.plist file and settings read. A line
    /// that deletes the key, and shell comments, do not count.
    private func scriptFindings() -> [LintFinding] {
        target.scriptPhases.compactMap { phase in
            let line = phase.script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { line in
                !line.hasPrefix("#") && line.contains("UIRequiresFullScreen") && !line.localizedCaseInsensitiveContains("delete")
                    && !line.contains("-remove")
            }
            guard let line else { return nil }
            return LintRules.requiresFullScreen.finding(
                at: phase.location,
                "the build phase \"\(phase.name)\" writes UIRequiresFullScreen into the built Info.plist (`\(line.prefix(120))`): the app opts out of resizing, which iPadOS 26 deprecates and a future release ignores",
                fix: "make the layout adapt to any scene size, then remove the line from the build phase")
        }
    }

    /// The code checks over the target's own files (vendored folders left out), in
    /// reading order.
    static func codeFindings(_ files: [CodeFile], checker: CodeChecker) -> [LintFinding] {
        files.filter { !$0.isVendored }.flatMap(checker.check).sorted(by: LintFinding.readingOrder)
    }

    // MARK: One configuration

    /// One configuration's verdict, with what the code checks need to know of it.
    private struct ConfigurationCheck {
        var findings: [LintFinding]
        var infoPlist: String?
        var generates: Bool
        var hasSceneManifest = false
        var runsOnIPad = false
        var iPhoneOnly: String?
    }

    private func check(_ settings: BuildSettings, files: inout InfoPlistFiles, sceneManifestFix: SceneManifestFix) -> ConfigurationCheck {
        var findings: [LintFinding] = []
        let generates = generatingSetting(settings, findings: &findings)
        let fileSetting = settings.assignment(for: "INFOPLIST_FILE")
        let filePath = settings.value(for: "INFOPLIST_FILE").flatMap { $0.isEmpty ? nil : $0 }

        let generated = GeneratedInfoPlistKeys.entries(from: settings, generating: generates)
        findings += generated.findings
        guard filePath != nil || generates else {
            findings.append(
                LintRules.noInfoPlist.finding(
                    at: target.location, "target \(target.name) sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES, so it has no Info.plist to check"
                ))
            return ConfigurationCheck(findings: findings, infoPlist: nil, generates: false)
        }
        if let filePath, let fileSetting, let variable = Self.buildProductsVariable(in: filePath) ?? Self.buildProductsVariable(in: fileSetting.value) {
            findings.append(
                LintRules.infoPlistBuilt.finding(
                    at: fileSetting.location,
                    "\(fileSetting.writtenName) = \(fileSetting.value) names a file under \(variable), which the build writes; the Info.plist cannot be checked before a build"
                ))
            // Named as written: there is no file to show a path of.
            return ConfigurationCheck(findings: findings, infoPlist: fileSetting.value, generates: generates)
        }

        // Findings about something missing point at the Info.plist's root <dict>, or
        // at the target when the whole plist is generated.
        var file: PropertyList?
        var display: String?
        var anchor = target.location
        if let filePath {
            let url =
                filePath.hasPrefix("/")
                ? URL(fileURLWithPath: filePath)
                : project.projectDirectory.appendingPathComponent(filePath)
            let path = workspace.displayPath(of: url)
            display = path
            switch files.load(url) {
            case .success(let root):
                file = root
                anchor = root.location ?? .startOfFile(path)
            case .failure(let problem):
                findings.append(problem.finding(referencedAt: fileSetting))
                return ConfigurationCheck(findings: findings, infoPlist: display, generates: generates)
            }
        }

        let composition = InfoPlistComposition(file: file, generated: generated.entries, anchor: anchor)
        let checker = ReadinessChecker(
            anchor: anchor, variables: settings.values,
            deploymentTarget: settings.value(for: "IPHONEOS_DEPLOYMENT_TARGET"),
            runsOnIPadPerBuildSettings: Self.runsOnIPad(settings),
            runsOnIPadWhenUndeclared: false, lifeCycle: lifeCycle,
            generatesInfoPlist: generates, sceneManifestFix: sceneManifestFix)
        findings += checker.check(composition)
        let info = composition.effective.dictionaryValue
        return ConfigurationCheck(
            findings: findings, infoPlist: display, generates: generates,
            hasSceneManifest: info?["UIApplicationSceneManifest"] != nil,
            runsOnIPad: info.map(checker.runsOnIPad) ?? false, iPhoneOnly: info.flatMap(checker.iPhoneOnlyReason))
    }

    /// Settings Xcode points into the build folders (DerivedData); a file under one
    /// exists only after a build, and lint never defines them, so they stay as written.
    static let buildProductsVariables = [
        "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "DERIVED_SOURCES_DIR", "PROJECT_DERIVED_FILE_DIR",
        "BUILT_PRODUCTS_DIR", "TARGET_BUILD_DIR", "CONFIGURATION_BUILD_DIR", "BUILD_DIR", "BUILD_ROOT",
        "CONFIGURATION_TEMP_DIR", "TARGET_TEMP_DIR", "PROJECT_TEMP_DIR", "TEMP_DIR", "TEMP_FILES_DIR",
        "OBJECT_FILE_DIR", "OBJROOT", "SYMROOT", "DSTROOT", "PODS_CONFIGURATION_BUILD_DIR",
    ]

    /// The build-products setting an expanded path still refers to, if any.
    static func buildProductsVariable(in path: String) -> String? {
        buildProductsVariables.first { name in
            path.contains("$(\(name))") || path.contains("${\(name)}") || path.contains("$(\(name):")
        }
    }

    /// `GENERATE_INFOPLIST_FILE`, reporting a value that is neither YES nor NO.
    private func generatingSetting(_ settings: BuildSettings, findings: inout [LintFinding]) -> Bool {
        guard let assignment = settings.assignment(for: "GENERATE_INFOPLIST_FILE"),
            let text = settings.value(for: "GENERATE_INFOPLIST_FILE")
        else { return false }
        guard let value = BuildSettingValue.boolean(text) else {
            findings.append(
                LintRules.invalidBuildSettingValue.finding(
                    at: assignment.location, "\(assignment.writtenName) = \(text) is neither YES nor NO; Xcode reads it as NO"))
            return false
        }
        return value
    }

    // MARK: Build settings

    /// The configuration's settings: the project's `.xcconfig` and settings under the
    /// target's `.xcconfig` and settings, matched by configuration name.
    private func buildSettings(for configuration: XcodeBuildConfiguration, findings: inout [LintFinding]) -> BuildSettings {
        let projectConfiguration = project.projectConfigurations.first { $0.name == configuration.name }
        let levels = [
            xcconfigAssignments(projectConfiguration?.baseConfiguration, findings: &findings),
            projectConfiguration?.settings ?? [],
            xcconfigAssignments(configuration.baseConfiguration, findings: &findings),
            configuration.settings,
        ]
        let settings = BuildSettings(levels: levels, configuration: configuration.name, defaults: defaults(for: configuration))
        for name in settings.oversizedSettings {
            let limit = BuildSettingSubstitution.defaultMaximumLength >> 20
            findings.append(
                LintRules.malformedFile.finding(
                    at: settings.assignment(for: name)?.location ?? target.location,
                    "\(name) expands to more than \(limit) MiB (or all settings together to more than \(BuildSettings.maximumTotalLength >> 20) MiB); its references are left unexpanded",
                    fix: "look for settings that repeat references to each other (X2 = $(X1)$(X1)) and write the value out"))
        }
        return settings
    }

    private func xcconfigAssignments(
        _ base: XcodeBuildConfiguration.BaseConfiguration?,
        findings: inout [LintFinding]
    ) -> [BuildSettingAssignment] {
        switch base {
        case nil:
            return []
        case .unresolved(let problem, let reference):
            findings.append(LintRules.missingFile.finding(at: reference, "cannot locate the build configuration file: \(problem)"))
            return []
        case .file(let url, let reference):
            var reader = XCConfigReader(workspace: workspace, sourceRoot: project.projectDirectory)
            reader.read(url, referencedAt: reference)
            findings += reader.findings
            return reader.assignments
        }
    }

    /// Settings Xcode derives when nothing assigns them, so that `$(PRODUCT_MODULE_NAME)`
    /// and `$(SRCROOT)` resolve the way they do in a build.
    private func defaults(for configuration: XcodeBuildConfiguration) -> [String: String] {
        let sourceRoot = project.projectDirectory.standardizedFileURL.path
        return [
            "TARGET_NAME": target.name,
            "PROJECT_NAME": project.name,
            "CONFIGURATION": configuration.name,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
            "SRCROOT": sourceRoot,
            "SOURCE_ROOT": sourceRoot,
            "PROJECT_DIR": sourceRoot,
            "DEVELOPMENT_LANGUAGE": project.developmentRegion ?? "en",
            "PLATFORM_NAME": "iphoneos",
            "EFFECTIVE_PLATFORM_NAME": "-iphoneos",
        ]
    }

    /// Whether the app installs on iPad as itself: `TARGETED_DEVICE_FAMILY` lists 2;
    /// `nil` when it is not set. swift-build then writes no `UIDeviceFamily`, and iOS
    /// reads a missing one as 1 (iPhone), so only the Info.plist file can still say iPad.
    /// An iPhone-only app runs on iPad in compatibility mode, where the full-screen key
    /// and the iPad orientations do not apply.
    static func runsOnIPad(_ settings: BuildSettings) -> Bool? {
        guard let families = settings.value(for: "TARGETED_DEVICE_FAMILY"), !families.isEmpty else { return nil }
        return families.split(whereSeparator: { $0 == "," || $0 == " " }).contains("2")
    }

    /// The platform an application target builds for when it is not iOS ("macOS"),
    /// judged from `SUPPORTED_PLATFORMS` and `SDKROOT`; `nil` for iOS or when unknown.
    static func otherPlatform(_ settings: BuildSettings) -> String? {
        let supported = BuildSettingValue.list(settings.value(for: "SUPPORTED_PLATFORMS") ?? "")
        if supported.contains(where: { $0.hasPrefix("iphone") }) { return nil }
        let sdk = (settings.value(for: "SDKROOT") ?? "").lowercased()
        let platform = supported.first ?? sdk
        if platform.isEmpty || platform == "auto" || platform.hasPrefix("iphone") { return nil }
        let names = [("macosx", "macOS"), ("watch", "watchOS"), ("appletv", "tvOS"), ("xr", "visionOS")]
        return names.first { platform.hasPrefix($0.0) }?.1 ?? platform
    }

    // MARK: Combining configurations

    /// What makes two findings the same problem, wherever each configuration has it:
    /// Debug and Release often set the same key at different lines of their own
    /// `.xcconfig` or settings block. `occurrence` counts repeats of the same text
    /// within one configuration (two scene configurations lacking a delegate), which
    /// stay separate findings: only configurations are merged.
    private struct Problem: Hashable {
        var ruleID: String
        var severity: LintSeverity
        var message: String
        var fix: String
        var occurrence: Int

        init(_ finding: LintFinding, occurrence: Int) {
            ruleID = finding.ruleID
            severity = finding.severity
            message = finding.message
            fix = finding.fix
            self.occurrence = occurrence
        }
    }

    /// One finding per problem, merged across configurations: at the first place a
    /// configuration has it, naming the configurations it is limited to (none when
    /// every configuration has it), with the other places in the message.
    static func combine(_ perConfiguration: [(name: String, findings: [LintFinding])]) -> [LintFinding] {
        var order: [Problem] = []
        var places: [Problem: [(location: SourceLocation, configurations: [String])]] = [:]
        for (name, findings) in perConfiguration {
            var seen: [Problem: Int] = [:]
            for finding in findings {
                let text = Problem(finding, occurrence: 0)
                let problem = Problem(finding, occurrence: seen[text, default: 0])
                seen[text, default: 0] += 1
                if places[problem] == nil { order.append(problem) }
                var list = places[problem, default: []]
                if let index = list.firstIndex(where: { $0.location == finding.location }) {
                    if !list[index].configurations.contains(name) { list[index].configurations.append(name) }
                } else {
                    list.append((finding.location, [name]))
                }
                places[problem] = list
            }
        }
        let allNames = Set(perConfiguration.map(\.name))
        return order.map { problem in
            let list = places[problem] ?? []
            let names = list.flatMap(\.configurations)
            let everywhere = Set(names) == allNames
            var message = problem.message
            if list.count > 1 {
                let here = "\(list[0].configurations.joined(separator: ", ")) here"
                let elsewhere = list.dropFirst().map { "\($0.configurations.joined(separator: ", ")) at \($0.location)" }
                message += " (\(everywhere ? "all configurations: " : "")" + ([here] + elsewhere).joined(separator: ", ") + ")"
            }
            return LintFinding(
                ruleID: problem.ruleID, severity: problem.severity, location: list[0].location,
                message: message, fix: problem.fix,
                configurations: everywhere ? [] : perConfiguration.map(\.name).filter(names.contains))
        }
        .sorted(by: LintFinding.readingOrder)
    }
}
