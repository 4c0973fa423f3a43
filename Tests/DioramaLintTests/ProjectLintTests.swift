import DioramaModel
import DioramaTestTraits
import Foundation
import Testing

@testable import DioramaLint

@Suite("Linting Xcode projects", .offSharedPool)
struct ProjectLintTests {
    @Test("a multi-target project: each app target per configuration, extensions left out, a macOS app skipped")
    func studio() throws {
        let report = try LintFixture.lint("Projects/Studio")
        #expect(report.targets.map(\.name) == ["Studio", "Editor", "Viewer"])
        #expect(report.skipped == [SkippedTarget(name: "StudioMac", project: "Studio.xcodeproj", reason: "macOS app")])
        #expect(report.outcome == .notReady)
        #expect(report.summaryLine == "Checked 3 targets: 1 ready, 2 not ready.")

        let studio = try report.target("Studio")
        #expect(studio.findings == [])
        #expect(studio.infoPlists == [])
        #expect(studio.generatesInfoPlist)
        #expect(studio.configurations == ["Debug", "Release"])
        #expect(studio.project == "Studio.xcodeproj")
        #expect(studio.lifeCycle == "SwiftUI App (Studio/StudioApp.swift:3:1)")
    }

    @Test("xcconfig chains, conditional settings and per-configuration findings")
    func editor() throws {
        let editor = try LintFixture.lint("Projects/Studio").target("Editor")
        #expect(editor.infoPlists == ["Editor/Info.plist"])
        #expect(editor.generatesInfoPlist)
        #expect(
            editor.findings.map { "\($0.ruleID)@\($0.location) \($0.configurations)" } == [
                "requires-full-screen@Config/Editor.xcconfig:3:1 [\"Debug\"]",
                "launch-screen-deployment-target@Config/Editor.xcconfig:5:1 []",
                "incomplete-ipad-orientations@Config/Shared.xcconfig:3:1 []",
                "unsupported-generated-key@Studio.xcodeproj/project.pbxproj:204:5 [\"Debug\"]",
                "requires-full-screen-unused@Studio.xcodeproj/project.pbxproj:216:5 [\"Release\"]",
            ])
        // IPHONEOS_DEPLOYMENT_TARGET comes from the project's xcconfig, through both the
        // <group> reference (Debug) and the folder anchor (Release).
        #expect(editor.findings(LintRules.launchScreenDeploymentTarget).first?.message.contains("is 13.0") == true)
        // The Info.plist's $(PRODUCT_MODULE_NAME) resolves from PRODUCT_NAME = "Studio Editor"; nothing flags it.
        #expect(!editor.findings.contains { $0.message.contains("PRODUCT_MODULE_NAME") })
        // [sdk=macosx*] does not give the iPad app a scene manifest; its Info.plist does.
        #expect(!editor.ruleIDs.contains(LintRules.missingSceneManifest.id))
        #expect(editor.findings.first?.qualifiedMessage.hasSuffix("(configuration Debug only)") == true)
    }

    @Test("an app target with no Info.plist at all, and generated keys that cannot take effect")
    func viewer() throws {
        let viewer = try LintFixture.lint("Projects/Studio").target("Viewer")
        #expect(
            viewer.located == [
                "no-info-plist@Studio.xcodeproj/project.pbxproj:107:3",
                "generated-key-ignored@Studio.xcodeproj/project.pbxproj:265:5",
            ])
        #expect(viewer.findings[0].configurations == [])
        #expect(!viewer.generatesInfoPlist)
    }

    @Test("one problem that Debug and Release each have at their own line is one finding for all configurations, not two 'only' ones")
    func problemInEveryConfiguration() throws {
        let viewer = try LintFixture.lint("Projects/Studio").target("Viewer")
        let ignored = viewer.findings(LintRules.generatedKeyIgnored)
        #expect(ignored.count == 1)
        #expect(ignored.first?.configurations == [])
        #expect(
            ignored.first?.qualifiedMessage.hasSuffix(
                " (all configurations: Debug here, Release at Studio.xcodeproj/project.pbxproj:273:5)") == true)
        #expect(ignored.first?.qualifiedMessage.contains("only") == false)

        // Two of three configurations, at two places: both listed, and the qualifier names them.
        let staged = AppTargetLinter.combine([
            ("Debug", [LintRules.requiresFullScreen.finding(at: SourceLocation(file: "Debug.xcconfig", line: 2, column: 1), "full screen")]),
            ("Staging", [LintRules.requiresFullScreen.finding(at: SourceLocation(file: "Staging.xcconfig", line: 3, column: 1), "full screen")]),
            ("Release", []),
        ])
        #expect(
            staged.map(\.qualifiedMessage) == [
                "full screen (Debug here, Staging at Staging.xcconfig:3:1) (configurations Debug, Staging only)"
            ])

        // The same text twice in one configuration is two places to fix, in every configuration.
        let twice = { (file: String) in
            [
                LintRules.missingDelegateClass.finding(at: SourceLocation(file: file, line: 4, column: 1), "no delegate"),
                LintRules.missingDelegateClass.finding(at: SourceLocation(file: file, line: 9, column: 1), "no delegate"),
            ]
        }
        let repeated = AppTargetLinter.combine([("Debug", twice("Info.plist")), ("Release", twice("Info.plist"))])
        #expect(repeated.map { "\($0.location) \($0.qualifiedMessage)" } == ["Info.plist:4:1 no delegate", "Info.plist:9:1 no delegate"])
    }

    @Test("the fix for an ignored INFOPLIST_KEY_UIRequiresFullScreen = YES leads to a better state, never to full screen")
    func ignoredFullScreenFix() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let plist = try String(contentsOf: LintFixture.url("Checkouts/Shop/Shop/Info.plist"), encoding: .utf8)
        try folder.write(plist, to: "App/Info.plist")
        func lint(_ settings: String) throws -> TargetReport {
            // iPad-capable: an unset device family is iPhone-only, where full
            // screen is not judged at all.
            try folder.write(
                Self.minimalProject(settings: "INFOPLIST_FILE = App/Info.plist;\nTARGETED_DEVICE_FAMILY = \"1,2\";\n" + settings),
                to: "App.xcodeproj/project.pbxproj")
            return try Linter().lint(folder.url).target("App")
        }
        let before = try lint("GENERATE_INFOPLIST_FILE = NO;\nINFOPLIST_KEY_UIRequiresFullScreen = YES;")
        let fix = try #require(before.findings(LintRules.generatedKeyIgnored).first?.fix)
        #expect(fix.hasPrefix("remove INFOPLIST_KEY_UIRequiresFullScreen"))
        #expect(!fix.contains("set GENERATE_INFOPLIST_FILE = YES"))
        // Following the fix leaves nothing to report.
        #expect(try lint("GENERATE_INFOPLIST_FILE = NO;").findings == [])
        // The advice it replaces would have opted the app out of resizing.
        #expect(try lint("GENERATE_INFOPLIST_FILE = YES;\nINFOPLIST_KEY_UIRequiresFullScreen = YES;").ruleIDs.contains(LintRules.requiresFullScreen.id))
        // Other ignored keys still get the usual advice.
        let storyboard = try lint("INFOPLIST_KEY_UILaunchStoryboardName = Launch;")
        #expect(storyboard.findings(LintRules.generatedKeyIgnored).first?.fix == LintRules.generatedKeyIgnored.fix)
    }

    @Test("missing-scene-manifest on the Legacy fixture (generation off): the fix names the Info.plist file, and following it clears the finding")
    func legacySceneManifestFix() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let project = folder.url.appendingPathComponent("Legacy")
        try FileManager.default.copyItem(at: LintFixture.url("Projects/Legacy"), to: project)
        let before = try Linter().lint(project).target("Legacy")
        let fix = try #require(before.findings(LintRules.missingSceneManifest).first?.fix)
        #expect(!fix.contains("INFOPLIST_KEY_"), "\(fix)")
        #expect(fix.contains("<key>UIApplicationSceneManifest</key>"), "\(fix)")

        // Following it: the manifest, with a configuration, goes into the file.
        let plist = project.appendingPathComponent("Legacy/Legacy-Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(
            of: "<dict>\n",
            with: """
                <dict>
                <key>UIApplicationSceneManifest</key><dict>
                <key>UIApplicationSupportsMultipleScenes</key><true/>
                <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict>
                <key>UISceneConfigurationName</key><string>Default</string>
                <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                </dict></array></dict></dict>

                """)
        try text.write(to: plist, atomically: true, encoding: .utf8)
        let after = try Linter().lint(project).target("Legacy")
        #expect(!after.ruleIDs.contains(LintRules.missingSceneManifest.id), "\(after.located)")
    }

    @Test("missing-launch-screen: the fix suggests the generation switch only when Xcode generates the Info.plist; either way following it clears the finding")
    func launchScreenFixFollowsGeneration() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        func plist(_ extra: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
            \(extra)</dict></plist>
            """
        }
        func lint(_ settings: String, plist text: String) throws -> TargetReport {
            try folder.write(text, to: "App/Info.plist")
            try folder.write(
                Self.minimalProject(settings: "INFOPLIST_FILE = App/Info.plist;\n" + settings),
                to: "App.xcodeproj/project.pbxproj")
            return try Linter().lint(folder.url).target("App")
        }

        // Generation off: the INFOPLIST_KEY_ switch would do nothing.
        let off = try lint("GENERATE_INFOPLIST_FILE = NO;", plist: plist(""))
        let offFix = try #require(off.findings(LintRules.missingLaunchScreen).first?.fix)
        #expect(!offFix.contains("INFOPLIST_KEY_"), "\(offFix)")
        #expect(offFix.contains("App/Info.plist"), "\(offFix)")
        let followedOff = try lint("GENERATE_INFOPLIST_FILE = NO;", plist: plist("<key>UILaunchScreen</key><dict/>\n"))
        #expect(!followedOff.ruleIDs.contains(LintRules.missingLaunchScreen.id), "\(followedOff.located)")

        // Generation on: the switch is the fix, and it works.
        let on = try lint("GENERATE_INFOPLIST_FILE = YES;", plist: plist(""))
        let onFix = try #require(on.findings(LintRules.missingLaunchScreen).first?.fix)
        #expect(onFix.contains("INFOPLIST_KEY_UILaunchScreen_Generation = YES"), "\(onFix)")
        let followedOn = try lint("GENERATE_INFOPLIST_FILE = YES;\nINFOPLIST_KEY_UILaunchScreen_Generation = YES;", plist: plist(""))
        #expect(!followedOn.ruleIDs.contains(LintRules.missingLaunchScreen.id), "\(followedOn.located)")
    }

    @Test("a classic project: Info.plist file, xcconfig that turns generation off, tests target ignored")
    func legacy() throws {
        let report = try LintFixture.lint("Projects/Legacy/Legacy.xcodeproj")
        #expect(report.targets.map(\.name) == ["Legacy"])
        let legacy = try report.target("Legacy")
        #expect(
            legacy.located == [
                "generated-key-ignored@Configurations/Legacy.xcconfig:4:1",
                "missing-scene-manifest@Legacy/Legacy-Info.plist:4:1",
                "requires-full-screen@Legacy/Legacy-Info.plist:19:2",
                "incomplete-ipad-orientations@Legacy/Legacy-Info.plist:21:2",
            ])
        #expect(!legacy.generatesInfoPlist)
    }

    @Test("a generated SwiftUI app with a binary Info.plist is ready, also with --strict")
    func notes() throws {
        let report = try LintFixture.lint("Projects/Notes", strict: true)
        #expect(try report.target("Notes").findings == [])
        #expect(try report.target("Notes").lifeCycle == "SwiftUI App (Notes/NotesApp.swift:3:1)")
        #expect(report.outcome == .ready)
        #expect(report.summaryLine == "Checked 1 target: 1 ready, 0 not ready.")
    }

    @Test("generated keys replacing and conflicting with the Info.plist file")
    func overrides() throws {
        let mixed = try LintFixture.lint("Projects/Overrides/Overrides.xcodeproj/project.pbxproj").target("Mixed")
        #expect(
            mixed.located == [
                "requires-full-screen-unused@Mixed/Info.plist:5:2",
                "no-application-configuration@Mixed/Info.plist:9:2",
                "generated-key-overrides-plist@Overrides.xcodeproj/project.pbxproj:58:5",
                "generated-key-overrides-plist@Overrides.xcodeproj/project.pbxproj:58:5",
                "generated-key-conflict@Overrides.xcodeproj/project.pbxproj:59:5",
                "generated-key-overrides-plist@Overrides.xcodeproj/project.pbxproj:61:5",
                "requires-full-screen@Overrides.xcodeproj/project.pbxproj:61:5",
            ])
        // The file's two iPad orientations and the setting's two add up to all four.
        // The target has no Swift sources to show a SwiftUI App, so the generated
        // manifest's empty UISceneConfigurations is judged as a hand-written one would
        // be: the app must supply a configuration in code.
        #expect(!mixed.ruleIDs.contains(LintRules.incompleteIPadOrientations.id))
        #expect(!mixed.ruleIDs.contains(LintRules.multipleScenesDisabled.id))
        #expect(mixed.lifeCycle == nil)
    }

    @Test("a project file using the `key;` shorthand is read, not rejected as malformed")
    func keyShorthandProject() throws {
        // Garden.xcodeproj writes `BuildIndependentTargetsInParallel;` in its attributes.
        let report = try LintFixture.lint("LifeCycle/Garden")
        #expect(report.targets.map(\.name) == ["Garden", "Meadow", "Trellis", "Arbor"])
        #expect(!report.targets.contains { $0.ruleIDs.contains(LintRules.malformedFile.id) })
    }

    @Test("a folder of projects: every project, in path order")
    func folderOfProjects() throws {
        let report = try LintFixture.lint("Projects")
        #expect(
            report.targets.map { "\($0.project ?? "-"):\($0.name)" } == [
                "Legacy/Legacy.xcodeproj:Legacy",
                "Notes/Notes.xcodeproj:Notes",
                "Overrides/Overrides.xcodeproj:Mixed",
                "Studio/Studio.xcodeproj:Studio",
                "Studio/Studio.xcodeproj:Editor",
                "Studio/Studio.xcodeproj:Viewer",
            ])
        // Paths are relative to the folder linted.
        #expect(try report.target("Editor").findings.first?.location.file == "Studio/Config/Editor.xcconfig")
        #expect(report.summaryLine == "Checked 6 targets: 2 ready, 4 not ready.")
    }

    @Test("build variables in Info.plist paths and values resolve from the target's settings")
    func variables() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(
            Self.minimalProject(
                settings: """
                    INFOPLIST_FILE = "$(SRCROOT)/$(TARGET_NAME)/$(TARGET_NAME)-Info.plist";
                    PRODUCT_NAME = "My App";
                    """), to: "App.xcodeproj/project.pbxproj")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UIApplicationSceneManifest</key><dict>
            <key>UIApplicationSupportsMultipleScenes</key><true/>
            <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array>
            <dict><key>UISceneConfigurationName</key><string>$(PRODUCT_NAME)</string>
            <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string></dict>
            <dict><key>UISceneConfigurationName</key><string>My App</string>
            <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).Other</string></dict>
            </array></dict></dict>
            <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            <key>UISupportedInterfaceOrientations</key><array>
            <string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationPortraitUpsideDown</string>
            <string>UIInterfaceOrientationLandscapeLeft</string><string>UIInterfaceOrientationLandscapeRight</string>
            </array></dict></plist>
            """, to: "App/App-Info.plist")
        let target = try Linter().lint(folder.url).target("App")
        #expect(target.infoPlists == ["App/App-Info.plist"])
        // $(PRODUCT_NAME) became "My App", so the two names collide: proof the value was substituted.
        #expect(target.located == ["duplicate-configuration-name@App/App-Info.plist:8:1"])
    }

    @Test("an iPhone-only app is not held to the iPad checks; the scene life cycle still applies")
    func iPhoneOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UIRequiresFullScreen</key><true/>
            <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            <key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>
            </dict></plist>
            """, to: "Phone/Info.plist")
        for (family, expected) in [
            ("1", ["missing-scene-manifest"]),
            ("\"1,2\"", ["incomplete-ipad-orientations", "missing-scene-manifest", "requires-full-screen"]),
        ] {
            try folder.write(
                Self.minimalProject(
                    settings: """
                        INFOPLIST_FILE = Phone/Info.plist;
                        TARGETED_DEVICE_FAMILY = \(family);
                        """), to: "Phone.xcodeproj/project.pbxproj")
            let target = try Linter().lint(folder.url).target("App")
            #expect(target.ruleIDs.sorted() == expected, "TARGETED_DEVICE_FAMILY = \(family)")
        }
    }

    /// A one-target project with one configuration, for tests that write their own files.
    static func minimalProject(settings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tAA0000000000000000000001 = { isa = PBXProject; buildConfigurationList = AA0000000000000000000002; mainGroup = AA0000000000000000000003; targets = ( AA0000000000000000000010 ); };
        \t\tAA0000000000000000000002 = { isa = XCConfigurationList; buildConfigurations = ( AA0000000000000000000004 ); };
        \t\tAA0000000000000000000003 = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
        \t\tAA0000000000000000000004 = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
        \t\tAA0000000000000000000010 = { isa = PBXNativeTarget; buildConfigurationList = AA0000000000000000000011; name = App; productType = "com.apple.product-type.application"; };
        \t\tAA0000000000000000000011 = { isa = XCConfigurationList; buildConfigurations = ( AA0000000000000000000012 ); };
        \t\tAA0000000000000000000012 = { isa = XCBuildConfiguration; buildSettings = {
        \(settings)
        \t\t}; name = Release; };
        \t};
        \trootObject = AA0000000000000000000001;
        }
        """
    }

    @Test("an xcconfig whose settings double 41 times: a malformed-file error at each oversized setting's line, and lint finishes")
    func explodingSettings() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let project = folder.url.appendingPathComponent("Studio")
        try FileManager.default.copyItem(at: LintFixture.url("Projects/Studio"), to: project)
        // Shared.xcconfig has `#include? "Local.xcconfig"`: the hostile file goes there.
        var lines = ["X0 = ab"]
        for n in 0..<41 { lines.append("X\(n + 1) = $(X\(n))$(X\(n))") }
        try folder.write(lines.joined(separator: "\n") + "\n", to: "Studio/Config/Local.xcconfig")

        let report = try Linter().lint(project)
        let editor = try report.target("Editor")
        let oversized = editor.findings(LintRules.malformedFile).filter { $0.message.contains("expands to more than 1 MiB") }
        #expect(!oversized.isEmpty, "\(editor.located)")
        let x41 = try #require(oversized.first { $0.message.hasPrefix("X41 ") }, "\(oversized.map(\.message))")
        #expect(x41.location == SourceLocation(file: "Config/Local.xcconfig", line: 42, column: 1))
        #expect(report.outcome == .unusableInput)
    }
}
