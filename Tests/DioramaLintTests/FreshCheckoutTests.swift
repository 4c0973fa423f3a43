import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// Projects as they are right after `git clone`: configuration files that CocoaPods or
/// Flutter write later, an Info.plist the build assembles, includes Xcode finds by its
/// own search rules (swift-build's `MacroConfigFileLoader`). Fixtures under
/// `Fixtures/Checkouts`.
@Suite("fresh checkouts")
struct FreshCheckoutTests {
    @Test("CocoaPods base configurations not yet installed: a note with `pod install`, not missing-file; the app is still judged")
    func podsNotInstalled() throws {
        let report = try LintFixture.lint("Checkouts/Shop")
        let shop = try report.target("Shop")
        #expect(
            shop.located == [
                "dependencies-not-installed@Shop.xcodeproj/project.pbxproj:19:4",
                "dependencies-not-installed@Shop.xcodeproj/project.pbxproj:27:4",
            ])
        #expect(shop.findings.allSatisfy { $0.severity == .info && $0.fix == "run `pod install` in ., then lint again" })
        #expect(shop.findings[0].message.hasPrefix("Pods/Target Support Files/Pods-Shop/Pods-Shop.debug.xcconfig is created by `pod install`"))
        // The rest is judged: the Info.plist (named in Shared.xcconfig) was read.
        #expect(shop.infoPlists == ["Shop/Info.plist"])
        #expect(report.outcome == .ready)
        #expect(try LintFixture.lint("Checkouts/Shop", strict: true).outcome == .notReady)
    }

    @Test("Flutter's Generated.xcconfig not yet created: a note with `flutter pub get` in the Flutter project, at the #include")
    func flutterNotFetched() throws {
        let report = try LintFixture.lint("Checkouts/Flutter")
        let runner = try report.target("Runner")
        #expect(runner.located == ["dependencies-not-installed@ios/Flutter/Release.xcconfig:4:1"])
        #expect(runner.findings.first?.fix == "run `flutter pub get` in ., then lint again")
        #expect(report.outcome == .ready)
    }

    @Test("the generator of a dependency manager's files, and the folder to run it in")
    func generators() {
        let pods = GeneratedConfigurationFiles.generator(
            of: URL(fileURLWithPath: "/src/app/ios/Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig"))
        #expect(pods == .init(command: "pod install", folder: URL(fileURLWithPath: "/src/app/ios")))
        let flutter = GeneratedConfigurationFiles.generator(of: URL(fileURLWithPath: "/src/app/macos/Flutter/ephemeral/Flutter-Generated.xcconfig"))
        #expect(flutter == .init(command: "flutter pub get", folder: URL(fileURLWithPath: "/src/app")))
        #expect(GeneratedConfigurationFiles.generator(of: URL(fileURLWithPath: "/src/app/Config/Pods.xcconfig")) == nil)
        #expect(GeneratedConfigurationFiles.generator(of: URL(fileURLWithPath: "/Flutter")) == nil)
    }

    @Test("INFOPLIST_FILE under $(DERIVED_FILE_DIR): a note naming the setting, not missing-file")
    func builtInfoPlist() throws {
        let assembled = try LintFixture.lint("Checkouts/Shop").target("Assembled")
        #expect(assembled.located == ["info-plist-built@Shop.xcodeproj/project.pbxproj:38:5"])
        #expect(assembled.infoPlists == ["$(DERIVED_FILE_DIR)/Assembled-Info.plist"])
        let finding = try #require(assembled.findings.first)
        #expect(finding.message.hasPrefix("INFOPLIST_FILE = $(DERIVED_FILE_DIR)/Assembled-Info.plist names a file under DERIVED_FILE_DIR"))
        #expect(finding.message.contains("cannot be checked before a build"))
        #expect(!finding.fix.contains("restore"))
        #expect(AppTargetLinter.buildProductsVariable(in: "${BUILT_PRODUCTS_DIR}/x/Info.plist") == "BUILT_PRODUCTS_DIR")
        #expect(AppTargetLinter.buildProductsVariable(in: "$(SRCROOT)/App/Info.plist") == nil)
    }
}
