import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// The app life cycle found in a target's sources, and the scene verdicts that depend
/// on it (issue #14, item 1). The fixture project `LifeCycle/Garden` has four targets:
/// two SwiftUI apps (one with a hand-written manifest whose configuration names no
/// delegate, one with no manifest at all) and two UIKit apps with an empty
/// `UISceneConfigurations`, one written by hand and one generated.
@Suite("App life cycle")
struct LifeCycleTests {
    static let garden = "LifeCycle/Garden"

    // MARK: Scanning sources

    @Test("@main on a type conforming to App is found, with its line")
    func swiftUIApp() {
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "import SwiftUI\n\n@main\nstruct A: App {\n}") == 3)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "@main @MainActor struct A: Foo, SwiftUI.App where T: U {}") == 1)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "@main\nfinal class A: NSObject, App {}") == 1)
    }

    @Test("@UIApplicationDelegateAdaptor alone counts as SwiftUI")
    func delegateAdaptor() {
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "struct S {\n  @UIApplicationDelegateAdaptor(D.self) var d\n}") == 2)
    }

    @Test("UIKit entry points, lookalike names, comments and strings do not count")
    func notSwiftUI() {
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {}") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "@main\nstruct Tool: AppCommand {}") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "@mainly struct A: App {}") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "struct A: App {}") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "// @main struct A: App {}\n/* @main /* nested */ struct B: App {} */") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "let s = \"@main struct A: App {\"") == nil)
        #expect(SwiftUIAppScanner.swiftUIEntryLine(in: "let s = #\"\"\"\n@main struct A: App {\n\"\"\"#") == nil)
    }

    // MARK: Verdicts

    @Test("a SwiftUI app's configuration without a delegate class is normal, and the life cycle is reported")
    func swiftUIHandWrittenManifest() throws {
        let garden = try LintFixture.lint(Self.garden).target("Garden")
        #expect(garden.lifeCycle == "SwiftUI App (Garden/GardenApp.swift:6:1)")
        // Old verdict: missing-delegate-class, proposing $(PRODUCT_MODULE_NAME).SceneDelegate.
        #expect(garden.findings == [])
    }

    @Test("a SwiftUI app with no UIApplicationSceneManifest is not the TN3187 error")
    func swiftUIWithoutManifest() throws {
        let meadow = try LintFixture.lint(Self.garden).target("Meadow")
        #expect(meadow.lifeCycle == "SwiftUI App (Meadow/MeadowApp.swift:6:1)")
        #expect(!meadow.ruleIDs.contains(LintRules.missingSceneManifest.id))
        // Only the note that one window at a time is all a manifest-less SwiftUI app gets.
        #expect(meadow.findings.map(\.ruleID) == [LintRules.multipleScenesDisabled.id])
    }

    @Test("UIKit apps: an empty UISceneConfigurations gets one verdict, hand-written or generated")
    func emptyConfigurationsJudgedAlike() throws {
        let report = try LintFixture.lint(Self.garden)
        let trellis = try report.target("Trellis")
        let arbor = try report.target("Arbor")
        for target in [trellis, arbor] {
            #expect(target.lifeCycle == "UIKit (no SwiftUI App among the target's sources)")
            #expect(target.findings.map(\.ruleID) == [LintRules.noApplicationConfiguration.id])
        }
        #expect(trellis.located == ["no-application-configuration@Trellis/Info.plist:5:2"])
        #expect(arbor.findings.first?.message == trellis.findings.first?.message)
    }

    @Test("without TARGETED_DEVICE_FAMILY the app is iPhone-only: no iPad orientation check")
    func unsetDeviceFamilyIsIPhone() throws {
        // Garden lists only portrait and sets no TARGETED_DEVICE_FAMILY; Arbor sets
        // "1,2" and lists all four iPad orientations; Trellis sets "1,2" with all four.
        let report = try LintFixture.lint(Self.garden)
        #expect(try !report.target("Garden").ruleIDs.contains(LintRules.incompleteIPadOrientations.id))
    }

    @Test("an unset device family still gets the iPad checks when the Info.plist file lists iPad")
    func fileDeviceFamilyWhenSettingUnset() throws {
        let folder = try TemporaryFolder()
        let project = try String(contentsOf: LintFixture.url("\(Self.garden)/Garden.xcodeproj/project.pbxproj"), encoding: .utf8)
        try folder.write(project, to: "Garden.xcodeproj/project.pbxproj")
        let plist = try String(contentsOf: LintFixture.url("\(Self.garden)/Garden/Info.plist"), encoding: .utf8)
        try folder.write(
            plist.replacingOccurrences(
                of: "\t<key>UILaunchScreen</key>",
                with: "\t<key>UIDeviceFamily</key>\n\t<array>\n\t\t<integer>1</integer>\n\t\t<integer>2</integer>\n\t</array>\n\t<key>UILaunchScreen</key>"),
            to: "Garden/Info.plist")
        let garden = try Linter(strict: false).lint(folder.url).target("Garden")
        #expect(garden.ruleIDs.contains(LintRules.incompleteIPadOrientations.id))
    }
}
