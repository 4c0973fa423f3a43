import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

@Suite("xcconfig files")
struct XCConfigReaderTests {
    func read(_ files: [String: String], start: String = "Main.xcconfig") throws -> XCConfigReader {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        for (name, text) in files { try folder.write(text, to: name) }
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url))
        reader.read(folder.url.appendingPathComponent(start), referencedAt: nil)
        return reader
    }

    @Test("settings, comments, conditions, trailing semicolons and $(inherited) as written")
    func lines() throws {
        let reader = try read([
            "Main.xcconfig": """
            // A comment line
            IPHONEOS_DEPLOYMENT_TARGET = 17.0   // trailing comment

              OTHER_SWIFT_FLAGS = $(inherited) -DDEBUG
            INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*][arch=arm64] = YES;
            EMPTY =
            """
        ])
        #expect(reader.findings == [])
        let assignments = reader.assignments
        #expect(
            assignments.map(\.name) == [
                "IPHONEOS_DEPLOYMENT_TARGET", "OTHER_SWIFT_FLAGS",
                "INFOPLIST_KEY_UILaunchScreen_Generation", "EMPTY",
            ])
        #expect(assignments.map(\.value) == ["17.0", "$(inherited) -DDEBUG", "YES", ""])
        #expect(assignments[1].location == SourceLocation(file: "Main.xcconfig", line: 4, column: 3))
        #expect(
            assignments[2].conditions == [
                BuildSettingCondition(parameter: "sdk", pattern: "iphoneos*"),
                BuildSettingCondition(parameter: "arch", pattern: "arm64"),
            ])
        #expect(assignments[2].writtenName == "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*][arch=arm64]")
    }

    @Test("a value builds on the level below through $(inherited), ${inherited}, $(NAME) or ${NAME}, and only those")
    func buildsOnLowerValue() {
        func builds(_ value: String) -> Bool {
            BuildSettingAssignment(name: "FLAGS", value: value, location: SourceLocation(file: "A.xcconfig", line: 1, column: 1))
                .buildsOnLowerValue
        }
        for value in ["$(inherited)", "-x ${inherited}", "$$(inherited) -y", "a $(FLAGS)", "${FLAGS}b", "é $(inherited)"] {
            #expect(builds(value), "\(value)")
        }
        for value in ["", "plain", "$(OTHER)", "$(inherited", "${FLAGSX}", "$ (inherited)", "(inherited)", "$(FLAG)", "$"] {
            #expect(!builds(value), "\(value)")
        }
    }

    @Test("a // inside a line ends it as a comment; a lone / does not")
    func commentsEndLinesAtTheFirstDoubleSlash() throws {
        let reader = try read(["Main.xcconfig": "A = x/y // note\nB = http://host/path\nC = é//\nD = /\n"])
        #expect(reader.assignments.map(\.value) == ["x/y", "http:", "é", "/"])
    }

    @Test("#include reads the other file in place, relative to the including file")
    func includes() throws {
        let reader = try read([
            "Main.xcconfig": "A = 1\n#include \"Shared/Base.xcconfig\"\nC = 3\n#include? \"Local.xcconfig\"\n",
            "Shared/Base.xcconfig": "B = 2 // from the shared file\n",
        ])
        #expect(reader.findings == [])
        #expect(
            reader.assignments.map { "\($0.name)=\($0.value)@\($0.location.file):\($0.location.line)" }
                == ["A=1@Main.xcconfig:1", "B=2@Shared/Base.xcconfig:1", "C=3@Main.xcconfig:3"])
    }

    @Test("a missing include is a missing-file finding at the #include line; an optional one is not")
    func missingInclude() throws {
        let reader = try read(["Main.xcconfig": "#include? \"Optional.xcconfig\"\n#include \"Required.xcconfig\"\nA = 1\n"])
        #expect(reader.findings.map(\.ruleID) == [LintRules.missingFile.id])
        #expect(reader.findings.first?.location == SourceLocation(file: "Main.xcconfig", line: 2, column: 1))
        #expect(reader.findings.first?.message.contains("Required.xcconfig") == true)
        #expect(reader.assignments.map(\.name) == ["A"])
    }

    @Test("#include as Xcode resolves it: .xcconfig appended to a bare name, next to the including file first, then the source root")
    func includeSearch() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("#include \"Shared\"\n#include \"Beside\"\n#include? \"Absent\"\n#include \"Gone\"\n", to: "Config/Main.xcconfig")
        try folder.write("SHARED = root\n", to: "Shared.xcconfig")
        try folder.write("BESIDE = config\n", to: "Config/Beside.xcconfig")
        try folder.write("BESIDE = root\n", to: "Beside.xcconfig")
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url), sourceRoot: folder.url)
        reader.read(folder.url.appendingPathComponent("Config/Main.xcconfig"), referencedAt: nil)
        #expect(
            reader.assignments.map { "\($0.name)=\($0.value)@\($0.location.file)" }
                == ["SHARED=root@Shared.xcconfig", "BESIDE=config@Config/Beside.xcconfig"])
        // The optional include is silent; the required one names the file beside the includer.
        #expect(reader.findings.map(\.ruleID) == [LintRules.missingFile.id])
        #expect(reader.findings.first?.message == "the build configuration file Config/Gone.xcconfig does not exist")
        #expect(reader.findings.first?.location == SourceLocation(file: "Config/Main.xcconfig", line: 4, column: 1))
    }

    @Test("an include cycle is reported once, and reading stops instead of looping")
    func cycle() throws {
        let reader = try read([
            "Main.xcconfig": "#include \"Other.xcconfig\"\nA = 1\n",
            "Other.xcconfig": "B = 2\n#include \"Main.xcconfig\"\n",
        ])
        #expect(reader.findings.map(\.ruleID) == [LintRules.malformedFile.id])
        #expect(reader.findings.first?.location == SourceLocation(file: "Other.xcconfig", line: 2, column: 1))
        #expect(reader.findings.first?.message == "#include cycle: Main.xcconfig → Other.xcconfig → Main.xcconfig")
        #expect(reader.assignments.map(\.name) == ["B", "A"])
    }

    @Test("malformed lines are findings with line and column; the good lines still count")
    func malformedLines() throws {
        let reader = try read([
            "Main.xcconfig": """
            GOOD = 1
            no equals sign here
              9LIVES = 2
            KEY[sdk = 3
            #import "Other.xcconfig"
            #include Other.xcconfig
            ALSO_GOOD = 4
            """
        ])
        #expect(reader.assignments.map(\.name) == ["GOOD", "ALSO_GOOD"])
        #expect(
            reader.findings.map { "\($0.ruleID)@\($0.location.line):\($0.location.column)" } == [
                "malformed-file@2:1", "malformed-file@3:3", "malformed-file@4:1", "malformed-file@5:1", "malformed-file@6:1",
            ])
        #expect(reader.findings[1].message.contains("9LIVES"))
        #expect(reader.findings[3].message.contains("#import"))
    }

    @Test("a missing top-level file is reported at the place that names it")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url))
        let reference = SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 40, column: 4)
        reader.read(folder.url.appendingPathComponent("Config/Gone.xcconfig"), referencedAt: reference)
        #expect(reader.findings.map(\.location) == [reference])
        #expect(reader.findings.first?.message == "the build configuration file Config/Gone.xcconfig does not exist")
    }

    @Test("a 2,000-deep #include chain: one finding at the include past depth 64, not a stack overflow")
    func includeDepth() throws {
        var files: [String: String] = [:]
        for level in 0..<2000 {
            files["Level\(level).xcconfig"] = "SETTING_\(level) = \(level)\n#include \"Level\(level + 1).xcconfig\"\n"
        }
        let reader = try read(files, start: "Level0.xcconfig")
        #expect(reader.findings.map(\.ruleID) == [LintRules.malformedFile.id])
        let limit = XCConfigReader.maximumIncludeDepth
        #expect(reader.findings.first?.location == SourceLocation(file: "Level\(limit - 1).xcconfig", line: 2, column: 1))
        #expect(reader.findings.first?.message == "#include depth exceeds \(limit): Level\(limit).xcconfig is not read")
        #expect(reader.assignments.count == limit, "the files up to the limit still count")
    }

    @Test("an 8-level include diamond (8 includes per level): each file parsed once, every setting once, no finding")
    func includeDiamond() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let diamond = XCConfigIncludeDiamond(levels: 8, width: 8)
        let root = try diamond.write(into: folder.url)
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url))
        reader.read(root, referencedAt: nil)
        #expect(reader.findings == [])
        // 8^8 paths through 65 files: following each path reads a file millions of times.
        #expect(reader.parsedFileCount == diamond.fileCount)
        #expect(reader.assignments.count == diamond.settingNames.count, "each setting once, the replaced ones dropped")
        #expect(Set(reader.assignments.map(\.name)) == Set(diamond.settingNames))
        let settings = BuildSettings(levels: [reader.assignments], configuration: "Debug")
        #expect(settings.value(for: "DIAMOND_LEVEL") == "1", "the level nearest the root assigns last")
        #expect(settings.value(for: "DIAMOND_L8_F7") == "8.7")
    }

    @Test("a file included again counts again where it is included: as Xcode layers it, an earlier value is replaced, $(inherited) builds on")
    func includedAgain() throws {
        let reader = try read([
            "Main.xcconfig": "#include \"Shared.xcconfig\"\nNAME = main\nNAME[config=Debug] = debug\n#include \"Shared.xcconfig\"\n",
            "Shared.xcconfig": "NAME = shared\nFLAGS = $(inherited) -shared\nNAME[config=Debug] = $(inherited) more\n",
        ])
        #expect(reader.findings == [])
        #expect(reader.parsedFileCount == 2)
        let settings = BuildSettings(levels: [reader.assignments], configuration: "Debug")
        #expect(settings.value(for: "NAME") == "debug more", "the second include's NAME replaces main's, then the conditions apply")
        #expect(settings.value(for: "FLAGS") == " -shared -shared", "each inclusion adds its $(inherited) step")
        #expect(settings.assignment(for: "NAME")?.location == SourceLocation(file: "Shared.xcconfig", line: 3, column: 1))
    }

    @Test("a graph that expands past the bound ($(inherited) in a file reached by 8^6 paths): one finding, reading stops")
    func expansionBound() throws {
        var files: [String: String] = [:]
        for level in 0..<6 {
            let next = level == 5 ? "" : (0..<8).map { "#include \"L\(level + 1)F\($0).xcconfig\"\n" }.joined()
            for file in 0..<8 { files["L\(level)F\(file).xcconfig"] = next + "FLAGS = $(inherited) x\n" }
        }
        files["Main.xcconfig"] = (0..<8).map { "#include \"L0F\($0).xcconfig\"\n" }.joined()
        let reader = try read(files)
        let limit = XCConfigReader.maximumExpandedAssignments
        #expect(reader.findings.map(\.message) == ["the #include graph expands to more than \(limit) setting assignments; the rest is not read"])
        #expect(reader.findings.first?.ruleID == LintRules.malformedFile.id)
        #expect(reader.assignments.count <= limit)
        // L0F0's includes expand to 4,681 assignments each: the third passes the bound
        // inside L1F2, so no file after it is read (Main, L0F0, L1F0–2 and the 32
        // files below L1F0).
        #expect(reader.parsedFileCount == 37)
    }

    @Test("an #include? of a FIFO is reported as not a regular file, not read (which would block)")
    func includeOfAFIFO() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("A = 1\n#include? \"Local.xcconfig\"\nB = 2\n", to: "Main.xcconfig")
        #expect(mkfifo(folder.url.appendingPathComponent("Local.xcconfig").path, 0o600) == 0)
        var reader = XCConfigReader(workspace: LintWorkspace(root: folder.url))
        reader.read(folder.url.appendingPathComponent("Main.xcconfig"), referencedAt: nil)
        #expect(reader.assignments.map(\.name) == ["A", "B"])
        #expect(reader.findings.map(\.location) == [SourceLocation(file: "Main.xcconfig", line: 2, column: 1)])
        #expect(reader.findings.first?.message == "cannot read the build configuration file Local.xcconfig: not a regular file (a FIFO)")
    }

    @Test("a missing file included on many lines is looked up once and reported at every line")
    func missingFileIncludedOften() throws {
        let lines = (0..<300).map { $0 % 2 == 0 ? "#include \"Gone.xcconfig\"\n" : "#include \"shared.xcconfig\"\n" }
        let reader = try read(["Main.xcconfig": lines.joined(), "Shared.xcconfig": "A = 1\n"])
        // Each lookup lists a folder and reads the .gitignore files above it;
        // the fuzzer's include graphs name one missing file thousands of times.
        #expect(reader.absenceLookups == 2, "Gone.xcconfig and shared.xcconfig, once each")
        let missing = reader.findings.filter { $0.message == "the build configuration file Gone.xcconfig does not exist" }
        #expect(missing.map(\.location.line) == Array(stride(from: 1, through: 299, by: 2)), "a finding at each line that includes it")
        let caseFindings = reader.findings.filter { $0.ruleID == LintRules.fileNameCase.id }
        #expect(caseFindings.count == 150, "each wrong-case include is reported where it is written")
        #expect(reader.parsedFileCount == 2 && reader.assignments.map(\.name) == ["A"])
    }
}
