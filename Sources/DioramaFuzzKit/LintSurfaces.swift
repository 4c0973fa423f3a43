import DioramaLint
import DioramaModel
import Foundation

/// A throwaway copy of a real lint fixture project (the legacy app: a pbxproj
/// whose app target is based on an xcconfig that an Info.plist's keys depend
/// on), so each input goes through `diorama lint`'s public entry point,
/// `Linter.lint`, exactly as a user's project file would.
struct LintSandbox: Sendable {
    let project: URL
    let fuzzedFile: URL
    let lines: @Sendable ([UInt8]) -> Int

    /// Copies `fixture` (under `Tests/DioramaLintTests/Fixtures`, the legacy app
    /// unless said otherwise) into `scratch`; the input replaces `fuzzed` (relative
    /// to the project folder) each run, and `linted` (relative to the same folder)
    /// is what lint is given, the project unless said otherwise.
    init(
        corpus: SeedCorpus, scratch: URL, fixture: String = "Projects/Legacy", fuzzed: String,
        linted: String = "Legacy.xcodeproj"
    ) throws {
        let source = corpus.root.appendingPathComponent("Tests/DioramaLintTests/Fixtures/\(fixture)")
        let copy = scratch.appendingPathComponent(source.lastPathComponent)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: copy)
        project = copy.appendingPathComponent(linted)
        fuzzedFile = copy.appendingPathComponent(fuzzed)
        try FileManager.default.createDirectory(at: fuzzedFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        lines = { input in input.split(separator: 0x0A, omittingEmptySubsequences: false).count }
    }

    /// Lints the project with `input` as the fuzzed file. Promise: a report, never
    /// a thrown error for a project that exists, and every finding at a line and
    /// column (those in the fuzzed file within its lines).
    func lint(_ input: [UInt8]) -> FuzzVerdict {
        guard FileManager.default.createFile(atPath: fuzzedFile.path, contents: Data(input)) else {
            return .brokenPromise("the harness could not write \(fuzzedFile.path)")
        }
        return lintAsWritten(fuzzedFileLines: lines(input)).verdict
    }

    /// Lints the project as it is on disk (the caller wrote the fuzzed file, and
    /// maybe others beside it), holding findings in the fuzzed file to
    /// `fuzzedFileLines` when known. Also returns every finding's message.
    func lintAsWritten(fuzzedFileLines: Int?) -> (verdict: FuzzVerdict, messages: [String]) {
        let report: LintReport
        do throws(LintInputError) {
            report = try Linter().lint(project)
        } catch {
            return (.brokenPromise("lint threw instead of reporting a finding: \(error)"), [])
        }
        var verdict = FuzzVerdict.accepted
        let findings = report.targets.flatMap(\.findings)
        for finding in findings {
            let inFuzzedFile = finding.location.file.hasSuffix(fuzzedFile.lastPathComponent)
            let check = FuzzVerdict.located(
                finding.location, in: finding.location.file,
                lines: inFuzzedFile ? fuzzedFileLines : nil, error: finding.qualifiedMessage)
            if check != .rejected { return (check, []) }
            if inFuzzedFile { verdict = .rejected }
        }
        return (verdict, findings.map(\.qualifiedMessage))
    }
}

/// Xcode project files (OpenStep property lists): `project.pbxproj` read by lint.
struct PBXProjSurface: FuzzSurface {
    let name = "pbxproj"
    let seeds: [[UInt8]]
    let sandbox: LintSandbox
    let dictionary = [[UInt8]](tokens: [
        "{", "}", "(", ")", "=", ";", ",", "\"", "\\\"", "\\U00e9", "\\0", "/*", "*/", "//", "<0fab>", "<", ">",
        "// !$*UTF8*$!", "isa = ", "PBXProject", "PBXNativeTarget", "XCBuildConfiguration", "XCConfigurationList",
        "PBXFileReference", "rootObject = ", "objects = ", "buildSettings = ", "baseConfigurationReference = ",
        "productType = ", "\"com.apple.product-type.application\"", "INFOPLIST_FILE = ", "$(SRCROOT)", "$(inherited)",
        "28AD733F0D9D9553002E5188", "buildConfigurations = ", "targets = ", "\n", "\t",
    ])

    init(corpus: SeedCorpus, scratch: URL) throws {
        seeds = corpus.contents(under: ["Tests/DioramaLintTests/Fixtures"], endingIn: ["project.pbxproj"])
        sandbox = try LintSandbox(corpus: corpus, scratch: scratch, fuzzed: "Legacy.xcodeproj/project.pbxproj")
    }

    func run(_ input: [UInt8]) -> FuzzVerdict { sandbox.lint(input) }
}

/// `.xcconfig` files and the build setting expansion over them: the app target's
/// base configuration, read and expanded by lint.
struct XCConfigSurface: FuzzSurface {
    let name = "xcconfig"
    let seeds: [[UInt8]]
    let sandbox: LintSandbox
    let dictionary = [[UInt8]](tokens: [
        "=", " = ", ";", "//", "\n", "#include \"", "#include? \"", "#include <", "\"", "Base.xcconfig",
        "Legacy.xcconfig", "$(", ")", "${", "}", "$(inherited)", "$(TARGET_NAME)", "$(PRODUCT_NAME:c99extidentifier)",
        "$(SRCROOT)", ":rfc1034identifier", ":lower", "[sdk=iphoneos*]", "[config=Debug]", "[arch=arm64]", "[",
        "]", "INFOPLIST_FILE", "GENERATE_INFOPLIST_FILE = YES", "INFOPLIST_KEY_UIRequiresFullScreen", "PRODUCT_NAME",
        "TARGETED_DEVICE_FAMILY", "OTHER = $(OTHER)", "A = $(B)$(B)$(B)$(B)\nB = $(C)$(C)$(C)$(C)\n",
    ])

    init(corpus: SeedCorpus, scratch: URL) throws {
        seeds = corpus.contents(under: ["Tests/DioramaLintTests/Fixtures"], endingIn: [".xcconfig"])
        sandbox = try LintSandbox(corpus: corpus, scratch: scratch, fuzzed: "Configurations/Legacy.xcconfig")
    }

    func run(_ input: [UInt8]) -> FuzzVerdict { sandbox.lint(input) }
}

/// An app's Swift source, read by lint's lexer for the life cycle and the code checks:
/// a file in the synchronized folder of the `Easel` app in a copy of the
/// `CodeChecks/Atelier` fixture (comments, every string form, interpolation, the
/// patterns the checks match).
struct AppSourceSurface: FuzzSurface {
    let name = "swift-source"
    let seeds: [[UInt8]]
    let sandbox: LintSandbox
    let dictionary = [[UInt8]](tokens: [
        "/*", "*/", "//", "\"", "\"\"\"", "#\"", "\"#", "\\(", "\\#(", ")", "(", "{", "}", "[", "]", "'", "`", "\n",
        "@main", "struct A: App {", "@main enum M { static func main() { A.main() } }", "UIApplication.shared.keyWindow!",
        "[[UIApplication sharedApplication] keyWindow]", "UIApplication.shared.windows[0]", "UIScreen.main.bounds",
        "(UIApplication.shared.delegate as! AppDelegate).window!", "UIDevice.current.orientation", "self.interfaceOrientation",
        "override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }", "metalLayer.drawableSize = ",
        "override init(frame: CGRect) {", "func layoutSubviews() {", "class D: UIResponder, UIWindowSceneDelegate {",
    ])

    init(corpus: SeedCorpus, scratch: URL) throws {
        seeds = corpus.contents(under: ["Tests/DioramaLintTests/Fixtures/CodeChecks"], endingIn: [".swift"])
        sandbox = try LintSandbox(
            corpus: corpus, scratch: scratch, fixture: "CodeChecks/Atelier", fuzzed: "Easel/Fuzzed.swift",
            linted: "Atelier.xcodeproj")
    }

    func run(_ input: [UInt8]) -> FuzzVerdict { sandbox.lint(input) }
}

/// Workspace files (`contents.xcworkspacedata`, XML): a workspace beside the
/// `Legacy` copy whose contents are the input, linted as `diorama lint
/// All.xcworkspace` lints it (FileRef locations, nested groups, the projects named).
struct XCWorkspaceSurface: FuzzSurface {
    let name = "xcworkspace"
    let seeds: [[UInt8]]
    let sandbox: LintSandbox
    let dictionary = [[UInt8]](tokens: [
        "<", ">", "/>", "</", "\"", "=", " = ", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!-- -->",
        "<Workspace version = \"1.0\">", "</Workspace>", "<Group location = \"", "</Group>", "<FileRef location = \"",
        "</FileRef>", "group:", "container:", "absolute:/", "self:", "developer:", "Legacy.xcodeproj", "../", "&amp;",
        "&quot;", "name = \"", "\n",
    ])

    init(corpus: SeedCorpus, scratch: URL) throws {
        seeds =
            corpus.contents(under: ["Tests/DioramaLintTests/Fixtures"], endingIn: ["contents.xcworkspacedata"])
            + [Array("<Workspace version = \"1.0\">\n   <FileRef location = \"group:Legacy.xcodeproj\"></FileRef>\n</Workspace>\n".utf8)]
        sandbox = try LintSandbox(
            corpus: corpus, scratch: scratch, fuzzed: "All.xcworkspace/contents.xcworkspacedata",
            linted: "All.xcworkspace")
    }

    func run(_ input: [UInt8]) -> FuzzVerdict { sandbox.lint(input) }
}
