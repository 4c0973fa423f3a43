import DioramaManifest
import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// Every Info.plist check, on fixtures written for it, in XML (with exact locations)
/// and in binary form (same findings, at the start of the file).
@Suite("Info.plist checks")
struct InfoPlistChecksTests {
    func only(_ path: String) throws -> TargetReport {
        let report = try LintFixture.lint(path)
        #expect(report.targets.count == 1)
        return try #require(report.targets.first)
    }

    @Test("a ready app has no findings, in XML and in binary", arguments: ["Plists/Ready.plist", "Binary/Ready.plist"])
    func ready(path: String) throws {
        let target = try only(path)
        #expect(target.findings == [])
        #expect(target.isReady(strict: true))
        #expect(target.kind == .infoPlist)
    }

    @Test("the legacy app: full screen, no scenes, no launch screen, portrait-only iPad, a bad orientation")
    func legacyXML() throws {
        let target = try only("Plists/Legacy.plist")
        #expect(
            target.located == [
                "missing-launch-screen@Legacy.plist:5:1",
                "missing-scene-manifest@Legacy.plist:5:1",
                "requires-full-screen@Legacy.plist:10:2",
                "incomplete-ipad-orientations@Legacy.plist:19:2",
                "unknown-interface-orientation@Legacy.plist:22:3",
            ])
        let orientations = try #require(target.findings(LintRules.incompleteIPadOrientations).first)
        #expect(
            orientations.message.hasPrefix(
                "UISupportedInterfaceOrientations~ipad lacks UIInterfaceOrientationPortraitUpsideDown, UIInterfaceOrientationLandscapeLeft, UIInterfaceOrientationLandscapeRight"
            ))
        #expect(target.findings(LintRules.unknownInterfaceOrientation).first?.message.contains("\"UIInterfaceOrientationSideways\"") == true)
        #expect(target.findings(LintRules.missingSceneManifest).first?.fix.contains("<key>UIApplicationSceneManifest</key>") == true)
        #expect(!target.isReady(strict: false))
    }

    @Test(
        "binary plists get the same findings, located at the start of the file",
        arguments: [
            "Legacy", "ConfigurationProblems", "FullScreenDeferred", "FullScreenFalse",
            "ManifestWithoutConfigurations", "WrongTypes", "ArrayRoot",
        ])
    func binaryMatchesXML(name: String) throws {
        let xml = try only("Plists/\(name).plist")
        let binary = try only("Binary/\(name).plist")
        // The binary copies were converted without the XML's duplicate keys (a binary
        // dictionary cannot hold them), so that one finding is XML-only.
        let xmlRules = xml.findings.filter { $0.ruleID != LintRules.duplicateKey.id }.map(\.ruleID).sorted()
        #expect(binary.findings.map(\.ruleID).sorted() == xmlRules)
        #expect(binary.findings.allSatisfy { $0.location == .startOfFile("\(name).plist") })
    }

    @Test("the binary fixtures hold the XML fixtures' content")
    func binaryFixturesAreConversions() throws {
        for name in [
            "Ready", "Legacy", "ConfigurationProblems", "FullScreenDeferred", "FullScreenFalse",
            "ManifestWithoutConfigurations", "WrongTypes", "ArrayRoot",
        ] {
            let binaryData = try Data(contentsOf: LintFixture.url("Binary/\(name).plist"))
            #expect(PropertyList.detectFormat(of: binaryData) == .binary)
            let binary = try PropertyList.parse(binaryData, file: name)
            let xml = try PropertyList.parse(Data(contentsOf: LintFixture.url("Plists/\(name).plist")), file: name)
            #expect(Self.normalized(binary) == Self.normalized(xml), "\(name)")
        }
    }

    /// Content only: keys sorted, repeated keys dropped (last wins, as lookups do).
    static func normalized(_ value: PropertyList) -> PropertyList {
        switch value.strippingLocations() {
        case .dictionary(let dictionary, _):
            return .dictionary(
                PropertyListDictionary(
                    dictionary.effectiveEntries.sorted { $0.key < $1.key }
                        .map { .init(key: $0.key, value: normalized($0.value)) }))
        case .array(let items, _):
            return .array(items.map(normalized))
        case let other:
            return other
        }
    }

    @Test("UIRequiresFullScreen false is only a note: ready, except with --strict")
    func fullScreenFalse() throws {
        let target = try only("Plists/FullScreenFalse.plist")
        #expect(target.located == ["requires-full-screen-unused@FullScreenFalse.plist:4:2"])
        #expect(target.findings.first?.severity == .info)
        #expect(target.isReady(strict: false))
        #expect(!target.isReady(strict: true))
        #expect(try LintFixture.lint("Plists/FullScreenFalse.plist").outcome == .ready)
        #expect(try LintFixture.lint("Plists/FullScreenFalse.plist", strict: true).outcome == .notReady)
    }

    @Test("UIRequiresFullScreen kept with UIRequiresFullScreenIgnoredStartingWithVersion is a note; ~ipad launch storyboard counts")
    func fullScreenDeferred() throws {
        let target = try only("Plists/FullScreenDeferred.plist")
        #expect(target.located == ["requires-full-screen-deferred@FullScreenDeferred.plist:4:2"])
        #expect(target.findings.first?.message.contains("= 26") == true)
        #expect(target.isReady(strict: false))
    }

    @Test("UIDeviceFamily = [1] makes a lone Info.plist iPhone-only: no full-screen or iPad orientation checks")
    func iPhoneOnlyPlist() throws {
        // Portrait only and UIRequiresFullScreen true: both iPad findings before.
        let target = try only("Plists/IPhoneOnly.plist")
        #expect(target.findings == [])
    }

    @Test("a repeated key counts with its last value, as in CoreFoundation")
    func duplicateKeyLastWins() throws {
        // UIRequiresFullScreen true, then false: iOS reads false.
        let target = try only("Plists/DuplicateKeys.plist")
        #expect(
            target.located == [
                "duplicate-key@DuplicateKeys.plist:30:2",
                "requires-full-screen-unused@DuplicateKeys.plist:30:2",
            ])
        let duplicate = try #require(target.findings(LintRules.duplicateKey).first)
        #expect(duplicate.message.contains("keeps the last value"))
        #expect(!target.ruleIDs.contains(LintRules.requiresFullScreen.id))
    }

    @Test("UIRequiresFullscreen (lowercase s) is a misspelling; an integer version is shown as written")
    func misspeltKeyAndIntegerVersion() throws {
        let target = try only("Plists/FullScreenIntegerVersion.plist")
        #expect(
            target.located == [
                "requires-full-screen-deferred@FullScreenIntegerVersion.plist:28:2",
                "misspelt-key@FullScreenIntegerVersion.plist:32:2",
            ])
        #expect(target.findings.first?.message.contains("UIRequiresFullScreenIgnoredStartingWithVersion = 26 ") == true)
        let misspelt = try #require(target.findings(LintRules.misspeltKey).first)
        #expect(misspelt.message.contains("UIRequiresFullscreen"))
        #expect(misspelt.fix.contains("UIRequiresFullScreen"))
        #expect(misspelt.severity == .warning)
    }

    @Test("a manifest without UISceneConfigurations, and without UIApplicationSupportsMultipleScenes")
    func manifestWithoutConfigurations() throws {
        let target = try only("Plists/ManifestWithoutConfigurations.plist")
        #expect(
            target.located == [
                "missing-scene-configurations@ManifestWithoutConfigurations.plist:4:2",
                "multiple-scenes-disabled@ManifestWithoutConfigurations.plist:4:2",
            ])
        #expect(target.findings(LintRules.multipleScenesDisabled).first?.message.contains("missing") == true)
    }

    @Test("configuration problems: no name, no delegate, duplicate names, empty and misspelt roles, duplicate keys")
    func configurationProblems() throws {
        let target = try only("Plists/ConfigurationProblems.plist")
        #expect(
            target.located == [
                "multiple-scenes-disabled@ConfigurationProblems.plist:6:3",
                "missing-configuration-name@ConfigurationProblems.plist:12:5",
                "missing-delegate-class@ConfigurationProblems.plist:16:5",
                "duplicate-configuration-name@ConfigurationProblems.plist:20:5",
                "empty-scene-role@ConfigurationProblems.plist:27:4",
                "unknown-scene-role@ConfigurationProblems.plist:29:4",
                "duplicate-key@ConfigurationProblems.plist:51:2",
                "incomplete-ipad-orientations@ConfigurationProblems.plist:51:2",
            ])
        // The repeated UISupportedInterfaceOrientations is empty, and the last value
        // is the one iOS keeps.
        // The CarPlay role is Apple's: not flagged. Build variables are understood, not flagged.
        #expect(!target.findings.contains { $0.message.contains("CPTemplate") })
        #expect(!target.findings.contains { $0.message.contains("PRODUCT_MODULE_NAME") })
        #expect(target.findings(LintRules.unknownSceneRole).first?.message.contains("UIWindowSceneSessionRoleAplication") == true)
    }

    @Test("values of the wrong kind are errors; configurations for other roles only leave no application configuration")
    func wrongTypes() throws {
        let target = try only("Plists/WrongTypes.plist")
        #expect(
            target.located == [
                "no-application-configuration@WrongTypes.plist:4:2",
                "multiple-scenes-disabled@WrongTypes.plist:6:3",
                "wrong-type@WrongTypes.plist:7:3",
                "wrong-type@WrongTypes.plist:22:2",
                "wrong-type@WrongTypes.plist:25:2",
            ])
        #expect(target.findings(LintRules.wrongType).allSatisfy { $0.severity == .error })
        // A full-screen value that is not a boolean is a wrong type, not a full-screen finding.
        #expect(!target.ruleIDs.contains(LintRules.requiresFullScreen.id))
    }

    @Test("iPad falls back to UISupportedInterfaceOrientations; the iPhone list does not matter")
    func orientationFallback() throws {
        #expect(try only("Plists/OrientationFallback.plist").findings == [])
    }

    @Test("a launch screen below iOS 14 and missing or wrongly typed orientations")
    func launchScreenAndOrientationEdgeCases() throws {
        let plist = try PropertyList.parse(
            Data(
                """
                <plist version="1.0"><dict>
                <key>UILaunchScreen</key><dict/>
                <key>UISupportedInterfaceOrientations</key><string>UIInterfaceOrientationPortrait</string>
                <key>UIApplicationSceneManifest</key><dict>
                <key>UIApplicationSupportsMultipleScenes</key><true/>
                <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict>
                <key>UISceneConfigurationName</key><string>Default</string>
                <key>UISceneDelegateClassName</key><string>App.SceneDelegate</string>
                </dict></array></dict></dict>
                </dict></plist>
                """.utf8), file: "Info.plist")
        let anchor = plist.location!
        let composition = InfoPlistComposition(file: plist, generated: [], anchor: anchor)
        let old = ReadinessChecker(anchor: anchor, deploymentTarget: "13.4", runsOnIPadPerBuildSettings: true).check(composition)
        #expect(old.map { "\($0.ruleID)@\($0.location.line)" }.sorted() == ["launch-screen-deployment-target@2", "wrong-type@3"])
        let current = ReadinessChecker(anchor: anchor, deploymentTarget: "14.0", runsOnIPadPerBuildSettings: true).check(composition)
        #expect(current.map(\.ruleID) == ["wrong-type"])
        #expect(ReadinessChecker.majorVersion("17.2.1") == 17)
        #expect(ReadinessChecker.majorVersion("latest") == nil)
    }

    @Test("a root that is not a dictionary is one error, not a crash")
    func rootNotDictionary() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = try folder.write("<plist version=\"1.0\"><array/></plist>", to: "Info.plist")
        let report = try Linter().lint(url)
        #expect(report.targets.first?.located == ["root-not-dictionary@Info.plist:1:22"])
        #expect(report.outcome == .notReady)
    }

    @Test("a folder without projects: every Info.plist in it, by relative path")
    func plistsOnlyFolder() throws {
        let report = try LintFixture.lint("PlistsOnly")
        #expect(report.targets.map(\.name) == ["App/Info.plist", "Share/Share-Info.plist"])
        #expect(try report.target("App/Info.plist").findings == [])
        #expect(
            try report.target("Share/Share-Info.plist").ruleIDs
                == ["requires-full-screen", "missing-scene-manifest", "missing-launch-screen", "incomplete-ipad-orientations"])
        #expect(report.summaryLine == "Checked 2 targets: 1 ready, 1 not ready.")
    }
}
