import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// The wrong verdicts and unsafe fixes of issue #24, section 1, each reproduced the way
/// the real project had it.
@Suite("Verdicts and fixes (issue 24)")
struct VerdictFixTests {
    // MARK: 1. SwiftUI reached through @main on another type

    @Test("an App started from a @main type of another kind is a SwiftUI app with scenes")
    func appStartedFromOtherMainType() throws {
        let loom = try LintFixture.lint(CodeCheckTests.atelier).target("Loom")
        // Old verdict: "UIKit" and no-application-configuration.
        #expect(loom.lifeCycle == "SwiftUI App (Loom/LoomApp.swift:3:1)")
        #expect(loom.findings == [])
    }

    // MARK: 2. A developer-local xcconfig that .gitignore excludes

    @Test("a missing base xcconfig that .gitignore excludes is a note naming its template; the rest is judged")
    func gitignoredLocalConfiguration() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        for file in ["Legacy.xcodeproj/project.pbxproj", "Legacy/Legacy-Info.plist", "Configurations/Base.xcconfig"] {
            try folder.write(String(contentsOf: LintFixture.url("Projects/Legacy/\(file)"), encoding: .utf8), to: file)
        }
        try folder.write("# developer-local settings\n/Configurations/Legacy.xcconfig\n", to: ".gitignore")
        try folder.write("// copy to Legacy.xcconfig\n", to: "Configurations/Legacy.xcconfig.template")
        let report = try Linter(strict: false).lint(folder.url)
        // Old verdict: missing-file, outcome unusable-input (exit 2).
        #expect(report.outcome != .unusableInput)
        let target = try report.target("Legacy")
        #expect(!target.ruleIDs.contains(LintRules.missingFile.id))
        let note = try #require(target.findings(LintRules.localConfigurationMissing).first)
        #expect(note.severity == .info)
        #expect(note.message.contains(".gitignore:2:1 (/Configurations/Legacy.xcconfig)"))
        #expect(note.fix.hasPrefix("copy Configurations/Legacy.xcconfig.template to Configurations/Legacy.xcconfig"))
        // The rest is still judged: the Info.plist's findings are there.
        #expect(target.ruleIDs.contains(LintRules.missingSceneManifest.id))
        let json = JSONReportFormatter(toolVersion: "test").format(report)
        #expect(json.contains("\"outcome\" : \"not-ready\""))
    }

    @Test(".gitignore patterns: unanchored names, anchored paths, folders, ** and negation")
    func gitignorePatterns() {
        #expect(IgnoredLocalFiles.matches("Local.xcconfig", "Config/Local.xcconfig"))
        #expect(IgnoredLocalFiles.matches("*.local.xcconfig", "Config/Dev.local.xcconfig"))
        #expect(IgnoredLocalFiles.matches("/Config/Local.xcconfig", "Config/Local.xcconfig"))
        #expect(!IgnoredLocalFiles.matches("/Local.xcconfig", "Config/Local.xcconfig"))
        #expect(IgnoredLocalFiles.matches("Secrets/", "Secrets/Keys.xcconfig"))
        #expect(!IgnoredLocalFiles.matches("Keys.xcconfig/", "Secrets/Keys.xcconfig"))
        #expect(IgnoredLocalFiles.matches("**/Keys.xcconfig", "a/b/Keys.xcconfig"))
        #expect(!IgnoredLocalFiles.matches("Config/*.xcconfig", "Config/Sub/Local.xcconfig"))
    }

    // MARK: 3. Snippets safe to paste

    @Test("the manifest snippet turns multiple scenes off and gives the delegate class it names")
    func manifestSnippetIsSafe() throws {
        let sketch = try LintFixture.lint(CodeCheckTests.atelier).target("Sketch")
        let fix = try #require(sketch.findings(LintRules.missingSceneManifest).first?.fix)
        // Old snippet: <true/>, and a SceneDelegate the project does not have.
        #expect(fix.contains("<key>UIApplicationSupportsMultipleScenes</key>\n    <false/>"))
        #expect(fix.contains("<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"))
        #expect(fix.contains("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {"))
        #expect(fix.contains("let window = UIWindow(windowScene: windowScene)"))
    }

    @Test("an existing scene delegate is named; a Flutter app is sent to Flutter's migration")
    func delegateChoice() {
        func file(_ source: String, _ language: SourceLexer.Language = .swift) -> CodeFile {
            CodeFile(
                url: URL(fileURLWithPath: "/App/F"), display: "App/F", language: language,
                tokens: SourceLexer.tokens(of: source, language: language))
        }
        #expect(
            SceneManifestFix.delegate(in: [file("import UIKit\nclass WindowDelegate: UIResponder, UIWindowSceneDelegate {}")])
                == .existing(className: "$(PRODUCT_MODULE_NAME).WindowDelegate", declaredAt: "App/F:2:7"))
        #expect(
            SceneManifestFix.delegate(in: [file("@interface MySceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end", .objectiveC)])
                == .existing(className: "MySceneDelegate", declaredAt: "App/F:1:12"))
        let flutter = SceneManifestFix.delegate(in: [file("@objc class AppDelegate: FlutterAppDelegate {}")])
        #expect(flutter == .flutter)
        let fix = SceneManifestFix(delegate: flutter).addManifest(into: nil)
        #expect(fix.contains("Flutter's own migration"))
        #expect(!fix.contains("class SceneDelegate"))
        #expect(SceneManifestFix.delegate(in: [file("// class X: UIWindowSceneDelegate")]) == .create(.swift))
    }

    @Test("a manifest with other roles gets only the application role to add, never a replacement")
    func fixKeepsExistingRoles() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let plist = try String(contentsOf: LintFixture.url("CodeChecks/Atelier/Loom/Info.plist"), encoding: .utf8)
        let url = try folder.write(plist, to: "Info.plist")
        let report = try Linter(strict: false).lint(url)
        let fix = try #require(report.targets.first?.findings(LintRules.noApplicationConfiguration).first?.fix)
        #expect(fix.hasPrefix("add this role inside the existing UISceneConfigurations <dict>, keeping the roles already there:"))
        #expect(!fix.contains("UIApplicationSceneManifest"))
        #expect(!fix.contains("UISceneConfigurations</key>"))
    }

    // MARK: 4. Case-insensitive lookup

    @Test("an #include differing only in letter case is found, as on macOS, and reported")
    func caseInsensitiveInclude() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("#include \"Version.public.xcconfig\"\n", to: "Config/Main.xcconfig")
        try folder.write("MARKETING_VERSION = 4.2\n", to: "Config/Version.Public.xcconfig")
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url))
        reader.read(folder.url.appendingPathComponent("Config/Main.xcconfig"), referencedAt: nil)
        // Old: missing-file, and the setting lost.
        #expect(reader.assignments.map(\.value) == ["4.2"])
        #expect(reader.findings.map(\.ruleID) == [LintRules.fileNameCase.id])
        #expect(reader.findings.first?.message.contains("Config/Version.Public.xcconfig differs from it only in letter case") == true)
    }

    // MARK: 5. pod install's folder; iPhone-only, said why

    @Test("pod install is advised in the folder holding the Podfile, above a Flutter/ include")
    func podfileFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("platform :ios, '13.0'\n", to: "app/ios/Podfile")
        let generator = try #require(
            GeneratedConfigurationFiles.generator(
                of: folder.url.appendingPathComponent("app/ios/Flutter/Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig")))
        #expect(generator.folder.standardizedFileURL.path == folder.url.appendingPathComponent("app/ios").standardizedFileURL.path)
    }

    @Test("a lone Info.plist without UIDeviceFamily is iPhone-only: no iPad findings, and the report says why")
    func lonePlistIsIPhoneOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UILaunchScreen</key><dict/>
            <key>UIRequiresFullScreen</key><true/>
            <key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>
            </dict></plist>
            """, to: "Info.plist")
        let report = try Linter(strict: false).lint(url)
        let target = try #require(report.targets.first)
        #expect(!target.ruleIDs.contains(LintRules.incompleteIPadOrientations.id))
        #expect(!target.ruleIDs.contains(LintRules.requiresFullScreen.id))
        #expect(target.iPhoneOnly == "the Info.plist has no UIDeviceFamily (and no TARGETED_DEVICE_FAMILY sets one), which iOS reads as iPhone only")
        #expect(TextReportFormatter(colors: false).format(report).contains("  iPhone only: the Info.plist has no UIDeviceFamily"))
        #expect(JSONReportFormatter(toolVersion: "test").format(report).contains("\"iPhoneOnly\" : \"the Info.plist has no UIDeviceFamily"))
    }

    // MARK: 6. UISceneClassName; SwiftUI without a manifest

    @Test("UISceneClassName naming the delegate is flagged; UIWindowScene is not")
    func invalidSceneClass() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        func plist(_ sceneClass: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UIApplicationSceneManifest</key><dict>
            <key>UIApplicationSupportsMultipleScenes</key><true/>
            <key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>Default Configuration</string>
            <key>UISceneClassName</key><string>\(sceneClass)</string>
            <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
            </dict></array></dict></dict>
            </dict></plist>
            """
        }
        let wrong = try Linter(strict: false).lint(try folder.write(plist("SceneDelegate"), to: "A/Info.plist"))
        let flagged = try #require(wrong.targets.first).findings(LintRules.invalidSceneClass)
        #expect(flagged.map(\.location) == [SourceLocation(file: "Info.plist", line: 8, column: 1)])
        #expect(flagged.first?.message.contains("(it names a delegate)") == true)
        let right = try Linter(strict: false).lint(try folder.write(plist("UIWindowScene"), to: "B/Info.plist"))
        #expect(try #require(right.targets.first).findings(LintRules.invalidSceneClass).isEmpty)
    }

    @Test("a SwiftUI app without a manifest gets a note that multiple windows are off")
    func swiftUIWithoutManifestNote() throws {
        let meadow = try LintFixture.lint(LifeCycleTests.garden).target("Meadow")
        #expect(meadow.findings.map(\.ruleID) == [LintRules.multipleScenesDisabled.id])
        #expect(meadow.findings.first?.severity == .info)
        #expect(meadow.findings.first?.fix.contains("INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES") == true)
    }
}
