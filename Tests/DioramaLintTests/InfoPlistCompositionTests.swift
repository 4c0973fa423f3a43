import DioramaManifest
import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

@Suite("Generated Info.plist keys and how Xcode merges them into the file")
struct InfoPlistCompositionTests {
    let project = "App.xcodeproj/project.pbxproj"

    func settings(_ pairs: [(String, String)]) -> BuildSettings {
        let assignments = pairs.enumerated().map { index, pair in
            let (name, conditions) = BuildSettingCondition.split(pair.0)!
            return BuildSettingAssignment(
                name: name, conditions: conditions, value: pair.1,
                location: SourceLocation(file: project, line: 10 + index, column: 5))
        }
        return BuildSettings(levels: [assignments], configuration: "Debug")
    }

    func plist(_ body: String) throws -> PropertyList {
        try PropertyList.parse(Data("<plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8), file: "Info.plist")
    }

    @Test("each mapped setting becomes its Info.plist key, located at the setting")
    func mapping() throws {
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UIRequiresFullScreen", "NO"),
                ("INFOPLIST_KEY_UILaunchStoryboardName", "LaunchScreen"),
                ("INFOPLIST_KEY_UILaunchScreen_Generation", "YES"),
                ("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad", "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft"),
                ("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone", "UIInterfaceOrientationPortrait"),
                ("INFOPLIST_KEY_UISupportedInterfaceOrientations", "UIInterfaceOrientationPortrait"),
                ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES"),
                ("INFOPLIST_KEY_CFBundleDisplayName", "Not a scene key"),
            ]), generating: true)
        #expect(generated.findings == [])
        let content = PropertyList.dictionary(PropertyListDictionary(generated.entries)).strippingLocations()
        let expected = try PropertyList.parse(
            Data(
                """
                <plist version="1.0"><dict>
                <key>UIRequiresFullScreen</key><false/>
                <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
                <key>UILaunchScreen</key><dict/>
                <key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>
                <key>UISupportedInterfaceOrientations~ipad</key><array>
                  <string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationLandscapeLeft</string></array>
                <key>UISupportedInterfaceOrientations~iphone</key><array><string>UIInterfaceOrientationPortrait</string></array>
                <key>UIApplicationSceneManifest</key><dict>
                  <key>UIApplicationSupportsMultipleScenes</key><true/>
                  <key>UISceneConfigurations</key><dict/></dict>
                </dict></plist>
                """.utf8), file: "expected"
        ).strippingLocations()
        #expect(Set(content.dictionaryValue!.entries.map(\.key)) == Set(expected.dictionaryValue!.entries.map(\.key)))
        for entry in expected.dictionaryValue! {
            #expect(content[entry.key] == entry.value, "\(entry.key)")
        }
        let manifest = try #require(generated.entries.first { $0.key == "UIApplicationSceneManifest" })
        #expect(manifest.keyLocation == SourceLocation(file: project, line: 16, column: 5))
        #expect(manifest.value["UIApplicationSupportsMultipleScenes"]?.location?.line == 16)
    }

    @Test("generation switches set to NO write nothing; bad booleans are findings and read as NO")
    func switchesOff() {
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UILaunchScreen_Generation", "NO"),
                ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "Sure"),
            ]), generating: true)
        #expect(generated.entries.isEmpty)
        #expect(generated.findings.map(\.ruleID) == [LintRules.invalidBuildSettingValue.id])
        #expect(generated.findings.first?.location.line == 11)
    }

    @Test("without GENERATE_INFOPLIST_FILE every mapped setting is reported as ignored")
    func notGenerating() {
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UIRequiresFullScreen[sdk=iphoneos*]", "YES"),
                ("INFOPLIST_KEY_CFBundleDisplayName", "Ignored quietly"),
            ]), generating: false)
        #expect(generated.entries.isEmpty)
        #expect(generated.findings.map(\.ruleID) == [LintRules.generatedKeyIgnored.id])
        #expect(generated.findings.first?.message.hasPrefix("INFOPLIST_KEY_UIRequiresFullScreen[sdk=iphoneos*] has no effect") == true)
    }

    @Test("look-alike settings Xcode does not generate from are reported")
    func lookAlikes() {
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UIApplicationSupportsMultipleScenes", "NO"),
                ("INFOPLIST_KEY_UILaunchScreen", "YES"),
                ("INFOPLIST_KEY_UIRequiresFullscreen", "YES"),
            ]), generating: true)
        #expect(generated.entries.isEmpty)
        #expect(generated.findings.map(\.ruleID) == Array(repeating: LintRules.unsupportedGeneratedKey.id, count: 3))
        #expect(generated.findings[0].fix.contains("INFOPLIST_KEY_UIApplicationSceneManifest_Generation"))
        // The lowercase-s spelling does nothing; the fix names the real setting.
        #expect(
            generated.findings.contains {
                $0.message.hasPrefix("INFOPLIST_KEY_UIRequiresFullscreen has no effect")
                    && $0.fix.contains("INFOPLIST_KEY_UIRequiresFullScreen (capital S)")
            })
    }

    @Test("merge: generated scalars win, arrays are joined, dictionaries merge one level")
    func merge() throws {
        let file = try plist(
            """
            <key>UIRequiresFullScreen</key><false/>
            <key>UISupportedInterfaceOrientations~ipad</key>
            <array><string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationLandscapeLeft</string></array>
            <key>UIApplicationSceneManifest</key><dict>
              <key>UIApplicationSupportsMultipleScenes</key><true/>
              <key>UIApplicationSupportsTabbedSceneCollection</key><true/>
            </dict>
            <key>CFBundleName</key><string>Kept</string>
            """)
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UIRequiresFullScreen", "YES"),
                ("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad", "UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight"),
                ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES"),
                ("INFOPLIST_KEY_UILaunchStoryboardName", "LaunchScreen"),
            ]), generating: true
        ).entries
        let composition = InfoPlistComposition(file: file, generated: generated, anchor: .startOfFile("Info.plist"))
        let effective = composition.effective
        #expect(effective["UIRequiresFullScreen"]?.boolValue == true)
        #expect(effective["UIRequiresFullScreen"]?.location?.file == project)
        #expect(
            effective["UISupportedInterfaceOrientations~ipad"]?.arrayValue?.compactMap(\.stringValue) == [
                "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
            ])
        let manifest = try #require(effective["UIApplicationSceneManifest"]?.dictionaryValue)
        #expect(manifest.keys == ["UIApplicationSupportsMultipleScenes", "UIApplicationSupportsTabbedSceneCollection", "UISceneConfigurations"])
        #expect(effective["CFBundleName"]?.stringValue == "Kept")
        #expect(effective["UILaunchStoryboardName"]?.stringValue == "LaunchScreen")
        #expect(effective.dictionaryValue?.keys.last == "UILaunchStoryboardName")
        // Only the scalar that changed value is an override; equal values and joins are not.
        #expect(composition.findings.map(\.ruleID) == [LintRules.generatedKeyOverridesPlist.id])
        #expect(composition.findings.first?.location == SourceLocation(file: project, line: 10, column: 5))
        #expect(composition.findings.first?.message.contains("at Info.plist:1:") == true)
        #expect(composition.generatedKeys.contains("UIApplicationSceneManifest"))
    }

    @Test("merge: configurations replaced by the generated manifest are called out; a kind mismatch is an error")
    func mergeProblems() throws {
        let file = try plist(
            """
            <key>UILaunchScreen</key><string>Launch</string>
            <key>UIApplicationSceneManifest</key><dict>
              <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array/></dict>
            </dict>
            """)
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([
                ("INFOPLIST_KEY_UILaunchScreen_Generation", "YES"),
                ("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES"),
            ]), generating: true
        ).entries
        let composition = InfoPlistComposition(file: file, generated: generated, anchor: .startOfFile("Info.plist"))
        #expect(composition.findings.map(\.ruleID) == [LintRules.generatedKeyConflict.id, LintRules.generatedKeyOverridesPlist.id])
        #expect(composition.findings[0].severity == .error)
        #expect(composition.findings[1].message.hasSuffix("the scene configurations written there are lost"))
        #expect(composition.effective["UILaunchScreen"]?.stringValue == "Launch")
        #expect(composition.effective["UIApplicationSceneManifest"]?["UISceneConfigurations"]?.dictionaryValue?.isEmpty == true)
    }

    @Test("a fully generated plist is the generated entries at the anchor")
    func generatedOnly() {
        let anchor = SourceLocation(file: project, line: 3, column: 3)
        let generated = GeneratedInfoPlistKeys.entries(
            from: settings([("INFOPLIST_KEY_UILaunchScreen_Generation", "YES")]),
            generating: true
        ).entries
        let composition = InfoPlistComposition(file: nil, generated: generated, anchor: anchor)
        #expect(composition.effective.location == anchor)
        #expect(composition.effective.dictionaryValue?.keys == ["UILaunchScreen"])
        #expect(composition.findings.isEmpty)
    }
}
