import DioramaManifest
import DioramaModel
import Foundation
import Testing

@Suite("Scene manifest")
struct SceneManifestTests {
    let variables = [
        "PRODUCT_MODULE_NAME": "Notes",
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.notes",
        "PRODUCT_NAME": "Notes",
    ]

    @Test("a complete manifest is read with substituted variables and locations")
    func completeManifest() throws {
        let url = try Fixture.url("Info.plist")
        let manifest = try SceneManifest.load(from: url, variables: variables)
        #expect(manifest.diagnostics == [])
        #expect(!manifest.hasErrors)
        #expect(manifest.bundleIdentifier == "com.example.notes")
        #expect(manifest.bundleName == "Notes")
        #expect(manifest.hasSceneManifest)
        #expect(manifest.supportsMultipleScenes)
        #expect(manifest.requiresFullScreen == nil)

        let application = manifest.configurations(for: .windowApplication)
        #expect(application.map(\.name) == ["Default Configuration", "Inspector"])
        #expect(
            application[0]
                == SceneConfigurationDescription(
                    role: .windowApplication, name: "Default Configuration",
                    delegateClassName: "Notes.SceneDelegate", storyboardFile: "Main",
                    location: SourceLocation(file: url.path, line: 18, column: 5)))
        #expect(application[1].sceneClassName == "UIWindowScene")

        let external = try #require(manifest.configuration(for: .windowExternalDisplayNonInteractive))
        #expect(external.name == "Presentation")
        #expect(external.delegateClassName == "Notes.PresentationSceneDelegate")
        #expect(external.location?.line == 37)
    }

    @Test("lookups: first for a role, by name, by name within a role")
    func lookups() throws {
        let manifest = try SceneManifest.load(from: Fixture.url("Info.plist"), variables: variables)
        #expect(manifest.configuration(for: .windowApplication)?.name == "Default Configuration")
        #expect(manifest.configuration(named: "Inspector")?.delegateClassName == "Notes.InspectorSceneDelegate")
        #expect(manifest.configuration(named: "Presentation")?.role == .windowExternalDisplayNonInteractive)
        #expect(manifest.configuration(named: "Presentation", role: .windowApplication) == nil)
        #expect(manifest.configuration(named: "Nope") == nil)
        #expect(manifest.allConfigurations.count == 3)
        #expect(manifest.configuration(for: SceneSessionRole(rawValue: "Other")) == nil)
    }

    @Test("without variables, references stay and each is a warning at its value")
    func unresolvedVariables() throws {
        let url = try Fixture.url("Info.plist")
        let manifest = try SceneManifest.load(from: url)
        #expect(manifest.bundleIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        let unresolved = manifest.diagnostics.filter { $0.id == ManifestDiagnostic.ID.unresolvedBuildVariable }
        #expect(unresolved.count == 5)
        #expect(unresolved.allSatisfy { $0.severity == .warning })
        #expect(unresolved.first?.location == SourceLocation(file: url.path, line: 6, column: 2))
        #expect(unresolved.first?.message.contains("PRODUCT_BUNDLE_IDENTIFIER") == true)
    }

    @Test("UIRequiresFullScreen is a warning citing the key")
    func requiresFullScreen() throws {
        let url = try Fixture.url("RequiresFullScreen.plist")
        let manifest = try SceneManifest.load(from: url)
        #expect(manifest.requiresFullScreen == true)
        #expect(manifest.configuration(for: .windowApplication)?.delegateClassName == "Legacy.SceneDelegate")
        let diagnostic = try #require(manifest.diagnostics.first { $0.id == ManifestDiagnostic.ID.requiresFullScreenIgnored })
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == SourceLocation(file: url.path, line: 6, column: 2))
        #expect(diagnostic.message.contains("UIRequiresFullScreen"))
        #expect(diagnostic.message.contains("deprecated in iPadOS 26 and ignored; the app is resizable regardless"))
        #expect(diagnostic.fix?.contains("sizeRestrictions") == true)
        #expect(manifest.diagnostics.count == 1)
        #expect(!manifest.hasErrors)
    }

    @Test("a missing scene manifest is an error whose fix shows the keys to add")
    func missingSceneManifest() throws {
        let url = try Fixture.url("NoSceneManifest.plist")
        let manifest = try SceneManifest.load(from: url)
        #expect(!manifest.hasSceneManifest)
        #expect(manifest.hasErrors)
        #expect(manifest.allConfigurations.isEmpty)
        let diagnostic = try #require(manifest.diagnostics.first)
        #expect(diagnostic.id == ManifestDiagnostic.ID.missingSceneManifest)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == .startOfFile(url.path))
        let fix = try #require(diagnostic.fix)
        for key in [
            "UIApplicationSceneManifest", "UIApplicationSupportsMultipleScenes", "UISceneConfigurations",
            "UIWindowSceneSessionRoleApplication", "UISceneConfigurationName", "UISceneDelegateClassName",
        ] {
            #expect(fix.contains("<key>\(key)</key>"), "fix lacks \(key)")
        }
        // The snippet itself is a valid plist fragment: wrapped in a dict it loads cleanly.
        let snippet = fix.split(separator: "\n").dropFirst().joined(separator: "\n")
        let wrapped = try PropertyList.parse(
            Data("<plist><dict><key>CFBundleIdentifier</key><string>x</string>\(snippet)</dict></plist>".utf8),
            file: "snippet.plist")
        let fixed = SceneManifest(propertyList: wrapped, file: "snippet.plist", variables: ["PRODUCT_MODULE_NAME": "App"])
        #expect(fixed.diagnostics == [])
        #expect(fixed.configuration(for: .windowApplication)?.delegateClassName == "App.SceneDelegate")
        #expect(diagnostic.description.hasPrefix("\(url.path):1:1: error: "))
    }

    @Test("wrong types, unknown roles and keys, missing and duplicate names are all reported")
    func problems() throws {
        let url = try Fixture.url("Problems.plist")
        let manifest = try SceneManifest.load(from: url)
        func located(_ id: String) -> [String] {
            manifest.diagnostics.filter { $0.id == id }.map { "\($0.location.line):\($0.location.column)" }
        }
        #expect(located(ManifestDiagnostic.ID.wrongType) == ["7:3", "29:6", "37:5"])
        #expect(located(ManifestDiagnostic.ID.unhostedSceneRole) == ["10:4"])
        #expect(located(ManifestDiagnostic.ID.unknownSceneRole) == [])
        #expect(located(ManifestDiagnostic.ID.missingConfigurationName) == ["19:5"])
        #expect(located(ManifestDiagnostic.ID.unresolvedBuildVariable) == ["21:6"])
        #expect(located(ManifestDiagnostic.ID.unknownKey) == ["22:6"])
        #expect(located(ManifestDiagnostic.ID.missingDelegateClass) == [])
        #expect(located(ManifestDiagnostic.ID.duplicateConfigurationName) == ["31:5"])
        #expect(located(ManifestDiagnostic.ID.missingBundleIdentifier) == ["1:1"])
        #expect(manifest.hasErrors)
        #expect(!manifest.supportsMultipleScenes)
        // The usable configurations are still there; the CarPlay one is not.
        let application = manifest.configurations(for: .windowApplication)
        #expect(application.count == 3)
        #expect(application[0].delegateClassName == "$(MISSING_MODULE).SceneDelegate")
        #expect(application[1].delegateClassName == nil)
        #expect(manifest.configuration(named: "CarPlay") == nil)
        #expect(manifest.configuration(named: "Twin")?.location?.line == 25)
    }

    @Test("a manifest without UISceneConfigurations is a warning")
    func missingSceneConfigurations() throws {
        let plist = try parsePlist(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.x</string>
            <key>UIApplicationSceneManifest</key>
            <dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>
            </dict></plist>
            """)
        let manifest = SceneManifest(propertyList: plist, file: "test.plist")
        #expect(manifest.hasSceneManifest)
        #expect(manifest.diagnostics.map(\.id) == [ManifestDiagnostic.ID.missingSceneConfigurations])
        #expect(manifest.diagnostics.first?.severity == .warning)
        #expect(manifest.diagnostics.first?.location.line == 3)
    }

    @Test("configurations for other roles only: no application configuration is a warning")
    func noApplicationConfiguration() throws {
        let plist = try parsePlist(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.x</string>
            <key>UIApplicationSceneManifest</key>
            <dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleExternalDisplayNonInteractive</key><array><dict>
            <key>UISceneConfigurationName</key><string>Show</string>
            <key>UISceneDelegateClassName</key><string>App.ShowDelegate</string>
            </dict></array>
            </dict></dict>
            </dict></plist>
            """)
        let manifest = SceneManifest(propertyList: plist, file: "test.plist")
        #expect(manifest.diagnostics.map(\.id) == [ManifestDiagnostic.ID.noApplicationConfiguration])
        #expect(manifest.diagnostics.first?.location.line == 3)
    }

    @Test("a role UIKit does not define is a warning; a role Diorama does not host is a note")
    func sceneRoles() throws {
        let plist = try parsePlist(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.x</string>
            <key>UIApplicationSceneManifest</key>
            <dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleAplication</key><array/>
            <key>UIWindowSceneSessionRoleVolumetricApplication</key><array/>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>Default</string>
            <key>UISceneDelegateClassName</key><string>App.SceneDelegate</string>
            </dict></array>
            </dict></dict>
            </dict></plist>
            """)
        let manifest = SceneManifest(propertyList: plist, file: "test.plist")
        let found = manifest.diagnostics.map { "\($0.id)@\($0.location.line):\($0.severity)" }
        #expect(found == ["unknown-scene-role@5:warning", "unhosted-scene-role@6:info"])
        #expect(SceneSessionRole(rawValue: "CPTemplateApplicationSceneSessionRoleApplication").isDefinedByApple)
        #expect(!SceneSessionRole(rawValue: "UIWindowSceneSessionRoleAplication").isDefinedByApple)
        #expect(SceneSessionRole.supported.allSatisfy { $0.isDefinedByApple })
    }

    @Test("a root that is not a dictionary is an error diagnostic, not a throw")
    func rootNotDictionary() throws {
        let manifest = SceneManifest(propertyList: try parsePlist("<plist><array/></plist>"), file: "test.plist")
        #expect(manifest.diagnostics.map(\.id) == [ManifestDiagnostic.ID.rootNotDictionary])
        #expect(manifest.hasErrors)
    }

    @Test("duplicate keys are warned about and the last wins, as in iOS")
    func duplicateKeys() throws {
        let plist = try parsePlist(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>first</string>
            <key>CFBundleIdentifier</key><string>second</string>
            <key>UIApplicationSceneManifest</key><dict>
            <key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>A</string>
            <key>UISceneConfigurationName</key><string>B</string>
            <key>UISceneDelegateClassName</key><string>X.D</string>
            </dict></array></dict></dict>
            </dict></plist>
            """)
        let manifest = SceneManifest(propertyList: plist, file: "test.plist")
        #expect(manifest.bundleIdentifier == "second")
        #expect(manifest.configuration(for: .windowApplication)?.name == "B")
        #expect(manifest.diagnostics.map(\.id) == [ManifestDiagnostic.ID.duplicateKey, ManifestDiagnostic.ID.duplicateKey])
        #expect(manifest.diagnostics.map(\.location.line) == [3, 8])
    }

    @Test("an unparseable Info.plist throws with file:line:column")
    func unparseable() throws {
        let url = try Fixture.url("Malformed/MismatchedTag.plist")
        let error = try #require(throws: PlistError.self) { try SceneManifest.load(from: url) }
        #expect(error.description.hasPrefix("\(url.path):5:16: "))
    }

    @Test("diagnostic descriptions are compiler style with the fix indented")
    func diagnosticDescription() {
        let diagnostic = ManifestDiagnostic(
            id: "x-id", severity: .warning,
            location: SourceLocation(file: "Info.plist", line: 3, column: 7),
            message: "something odd", fix: "line one\nline two")
        #expect(diagnostic.description == "Info.plist:3:7: warning: something odd [x-id]\n  fix:\n    line one\n    line two")
        #expect(ManifestDiagnostic.Severity.error > .warning)
        #expect(ManifestDiagnostic.Severity.warning > .info)
    }
}
