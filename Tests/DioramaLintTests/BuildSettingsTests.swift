import DioramaManifest
import DioramaModel
import DioramaTestTraits
import Testing

@testable import DioramaLint

@Suite("Build settings: layering, conditions, variables", .offSharedPool)
struct BuildSettingsTests {
    func assignment(_ key: String, _ value: String, line: Int = 1, file: String = "test") -> BuildSettingAssignment {
        let (name, conditions) = BuildSettingCondition.split(key)!
        return BuildSettingAssignment(
            name: name, conditions: conditions, value: value,
            location: SourceLocation(file: file, line: line, column: 1))
    }

    @Test("higher levels win, and $(inherited) or $(NAME) pull in the levels below")
    func layering() {
        let settings = BuildSettings(
            levels: [
                [assignment("FLAGS", "-a"), assignment("ONLY_PROJECT_XCCONFIG", "p")],
                [assignment("FLAGS", "$(inherited) -b")],
                [assignment("FLAGS", "${inherited} -c")],
                [assignment("FLAGS", "$(FLAGS) -d", line: 9, file: "target")],
            ], configuration: "Debug")
        #expect(settings.value(for: "FLAGS") == "-a -b -c -d")
        #expect(settings.value(for: "ONLY_PROJECT_XCCONFIG") == "p")
        #expect(settings.assignment(for: "FLAGS")?.location == SourceLocation(file: "target", line: 9, column: 1))
        #expect(settings.assignments(for: "FLAGS").count == 4)
        #expect(settings.value(for: "UNSET") == nil)
    }

    @Test("within a level a matching conditional beats the plain setting, whatever the order")
    func conditionalPrecedence() {
        let settings = BuildSettings(
            levels: [
                [
                    assignment("A[sdk=iphoneos*]", "device"),
                    assignment("A", "plain"),
                    assignment("B[sdk=macosx*]", "mac"),
                    assignment("B", "plain"),
                    assignment("C[config=Release]", "release"),
                    assignment("C", "plain"),
                ]
            ], configuration: "Debug")
        #expect(settings.value(for: "A") == "device")
        #expect(settings.value(for: "B") == "plain")
        #expect(settings.value(for: "C") == "plain")
        let release = BuildSettings(
            levels: [[assignment("C", "plain"), assignment("C[config=Rel*]", "release")]],
            configuration: "Release")
        #expect(release.value(for: "C") == "release")
    }

    @Test("conditions: iOS SDK patterns apply, other SDKs do not, unknown parameters do")
    func conditions() {
        func applies(_ key: String) -> Bool {
            assignment(key, "x").applies(toConfiguration: "Debug")
        }
        #expect(applies("K[sdk=iphoneos*]"))
        #expect(applies("K[sdk=iphonesimulator*]"))
        #expect(applies("K[sdk=*]"))
        #expect(applies("K[sdk=iphone?s*]"))
        #expect(!applies("K[sdk=macosx*]"))
        #expect(!applies("K[sdk=xros*]"))
        #expect(applies("K[arch=arm64]"))
        #expect(applies("K[config=Debug]"))
        #expect(!applies("K[config=Release]"))
        #expect(!applies("K[sdk=iphoneos*][config=Release]"))
        #expect(BuildSettingCondition.split("K[sdk=iphoneos*") == nil)
        #expect(BuildSettingCondition.split("K[=x]") == nil)
        #expect(BuildSettingCondition.split("K[sdk]") == nil)
    }

    @Test("references expand through other settings and defaults, with modifiers")
    func expansion() {
        let settings = BuildSettings(
            levels: [
                [
                    assignment("PRODUCT_NAME", "Studio Editor"),
                    assignment("PRODUCT_BUNDLE_IDENTIFIER", "com.example.$(PRODUCT_NAME:rfc1034identifier)"),
                    assignment("INFOPLIST_FILE", "$(SRCROOT)/$(TARGET_NAME)/Info.plist"),
                ]
            ], configuration: "Debug",
            defaults: [
                "TARGET_NAME": "Editor",
                "SRCROOT": "/work/Studio",
                "PRODUCT_NAME": "$(TARGET_NAME)",
                "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            ])
        #expect(settings.value(for: "PRODUCT_MODULE_NAME") == "Studio_Editor")
        #expect(settings.value(for: "PRODUCT_BUNDLE_IDENTIFIER") == "com.example.Studio-Editor")
        #expect(settings.value(for: "INFOPLIST_FILE") == "/work/Studio/Editor/Info.plist")
    }

    @Test("a default is what $(inherited) means at the lowest level")
    func inheritedDefault() {
        let settings = BuildSettings(
            levels: [[assignment("PRODUCT_NAME", "$(inherited)Pro")]],
            configuration: "Debug", defaults: ["PRODUCT_NAME": "$(TARGET_NAME)", "TARGET_NAME": "App"])
        #expect(settings.value(for: "PRODUCT_NAME") == "AppPro")
    }

    @Test("reference cycles and unknown references stay as written instead of hanging")
    func cycles() {
        let settings = BuildSettings(
            levels: [
                [
                    assignment("A", "$(B)"), assignment("B", "$(A)"), assignment("C", "x $(NOT_SET) y"),
                ]
            ], configuration: "Debug")
        #expect(settings.value(for: "C") == "x $(NOT_SET) y")
        #expect(settings.value(for: "A")?.contains("$(") == true)
    }

    @Test("booleans the way Xcode reads them, and the spellings it does not know")
    func booleans() {
        #expect(BuildSettingValue.boolean("YES") == true)
        #expect(BuildSettingValue.boolean(" yes ") == true)
        #expect(BuildSettingValue.boolean("true") == true)
        #expect(BuildSettingValue.boolean("NO") == false)
        #expect(BuildSettingValue.boolean("") == false)
        #expect(BuildSettingValue.boolean("Maybe") == nil)
        let settings = BuildSettings(levels: [[assignment("G", "Maybe"), assignment("H", "YES")]], configuration: "Debug")
        #expect(settings.boolean(for: "G") == false)
        #expect(settings.boolean(for: "H") == true)
        #expect(settings.boolean(for: "I") == nil)
    }

    @Test("string lists split on spaces, keeping quoted and escaped spaces")
    func lists() {
        #expect(
            BuildSettingValue.list("UIInterfaceOrientationPortrait  UIInterfaceOrientationLandscapeLeft")
                == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"])
        #expect(BuildSettingValue.list(#"a "b c" d\ e ''"#) == ["a", "b c", "d e", ""])
        #expect(BuildSettingValue.list("   ") == [])
    }

    @Test("X(n+1) = $(Xn)$(Xn) 41 times: expansion stops at 1 MiB per setting and names the settings, instead of growing to gigabytes")
    func doublingReferences() {
        var level = [assignment("X0", "ab", line: 1)]
        for n in 0..<41 {
            level.append(assignment("X\(n + 1)", "$(X\(n))$(X\(n))", line: n + 2))
        }
        let settings = BuildSettings(levels: [level], configuration: "Debug")
        let limit = BuildSettingSubstitution.defaultMaximumLength
        #expect(settings.values.values.allSatisfy { $0.utf8.count <= limit })
        // X19 is 2 × 2^19 bytes = 1 MiB exactly; X20 would be 2 MiB.
        #expect(settings.value(for: "X19")?.utf8.count == limit)
        #expect(settings.oversizedSettings.contains("X20"))
        #expect(settings.oversizedSettings.contains("X41"))
        #expect(!settings.oversizedSettings.contains("X19"))
        #expect(settings.assignment(for: "X41")?.location.line == 42, "the finding can point at the setting's line")
    }

    @Test("100 lines of FLAGS = $(inherited) over a 1 MiB value: layering stops once the values built pass 64 MiB together")
    func layeringWorkIsBounded() {
        let big = String(repeating: "x", count: BuildSettingSubstitution.defaultMaximumLength - 16)
        var level = [assignment("FLAGS", big), assignment("OTHER", "kept")]
        for line in 3...102 { level.append(assignment("FLAGS", "$(inherited)", line: line)) }
        let settings = BuildSettings(levels: [level], configuration: "Debug")
        // Each line alone stays under 1 MiB; what they build together passes 64 MiB.
        #expect(settings.oversizedSettings == ["FLAGS"])
        #expect(settings.value(for: "OTHER") == "kept")
    }

    @Test("X = $(X)$(X) on 41 lines of one level: $(inherited) layering stops at 1 MiB too")
    func doublingInherited() {
        var level = [assignment("X", "ab")]
        for line in 2...42 { level.append(assignment("X", "$(X)$(X)", line: line)) }
        let settings = BuildSettings(levels: [level], configuration: "Debug")
        #expect(settings.oversizedSettings == ["X"])
        #expect((settings.value(for: "X")?.utf8.count ?? 0) <= BuildSettingSubstitution.defaultMaximumLength)
    }
}
