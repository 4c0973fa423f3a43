import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// The code checks (issue #24, section 2) on the fixture project `CodeChecks/Atelier`,
/// whose sources reproduce the patterns real apps have: `Easel` (a UIKit iPad app on the
/// scene life cycle, Swift and Objective-C, with a vendored folder), `Sketch` (an
/// iPhone-only app still on the app delegate's window) and `Loom` (SwiftUI started from a
/// `@main` type of another kind).
@Suite("Code checks")
struct CodeCheckTests {
    static let atelier = "CodeChecks/Atelier"

    static func tokens(_ source: String, _ language: SourceLexer.Language = .swift) -> [String] {
        SourceLexer.tokens(of: source, language: language).map(\.text)
    }

    // MARK: Lexer

    @Test("comments and string literals produce no tokens; interpolated code does")
    func lexerSkipsCommentsAndStrings() {
        #expect(Self.tokens("a /* x /* nested */ still */ b // c\nd") == ["a", "b", "d"])
        #expect(Self.tokens(##"let s = "UIScreen.main" + #"raw "quoted" \(no)"# + x"##) == ["let", "s", "=", "+", "+", "x"])
        #expect(Self.tokens("f(\"\"\"\n  UIScreen.main \"\n  \"\"\")") == ["f", "(", ")"])
        #expect(
            Self.tokens(#"print("w: \(UIScreen.main.bounds.width) \("\(inner)")")"#) == [
                "print", "(", "UIScreen", ".", "main", ".", "bounds", ".", "width", "inner", ")",
            ])
        // Objective-C: flat comments, @"…" strings, character literals holding a quote.
        #expect(Self.tokens("/* a /* b */ c @\"x\" '\"' d", .objectiveC) == ["c", "@", "d"])
    }

    @Test("lines and columns count Unicode scalars, through comments and multi-line strings")
    func lexerPositions() throws {
        let tokens = SourceLexer.tokens(of: "/* é\n */ let café = \"\"\"\nä\n\"\"\"; UIScreen", language: .swift)
        let screen = try #require(tokens.last)
        #expect(screen.text == "UIScreen")
        #expect((screen.line, screen.column) == (4, 6))
        let name = try #require(tokens.first { $0.text == "café" })
        #expect((name.line, name.column) == (2, 9))
    }

    @Test("an unterminated string stops at its line, and deep interpolation nesting is bounded")
    func lexerHostileInput() {
        #expect(Self.tokens("let s = \"open\nUIScreen") == ["let", "s", "=", "UIScreen"])
        let deep = String(repeating: "\"\\(", count: 5000) + "x" + String(repeating: ")\"", count: 5000)
        // Returns (no stack overflow) with every token on the one line.
        #expect(SourceLexer.tokens(of: deep, language: .swift).allSatisfy { $0.line == 1 })
    }

    /// Found by the `swift-source` fuzzer: thousands of nested declarations without a
    /// closing brace each scanned their body to the end of the file (quadratic; a
    /// 60 kB file hung), and so did finding the function around each drawable
    /// assignment. The bound only catches that pathology: linear work takes about
    /// 0.4 s of this thread's CPU time in a debug build, the quadratic one minutes.
    /// It is CPU time, not wall time: a test waiting for a thread of the shared
    /// pool, or sharing two cores with compositors, must not fail it.
    @Test("deeply nested declarations and many assignments cost linear work")
    func nestingIsLinear() {
        let started = Self.threadCPUTime()
        let nested = String(repeating: "@main struct A: App { func setUp() { layer.drawableSize = s\n", count: 20_000)
        let file = CodeFile(
            url: URL(fileURLWithPath: "/N.swift"), display: "N.swift", language: .swift,
            tokens: SourceLexer.tokens(of: nested, language: .swift))
        #expect(AppLifeCycle.detect(in: [file]) == .swiftUI(SourceLocation(file: "N.swift", line: 1, column: 1)))
        let findings = CodeChecker(adoptsSceneLifeCycle: true, runsOnIPad: true).check(file)
        let seconds = Self.threadCPUTime() - started
        #expect(seconds < 20, "\(seconds) s of CPU for 20,000 nested declarations: the scan is no longer linear")
        #expect(findings.map(\.ruleID) == [LintRules.metalDrawableSizeFixed.id])
        #expect(findings.first?.message.contains("set in setUp only") == true)
    }

    /// The CPU time this thread has used, in seconds.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Findings on the fixture

    @Test("Easel: every pattern found at its file:line:column, none in comments, strings or Vendor/")
    func easelFindings() throws {
        let easel = try LintFixture.lint(Self.atelier).target("Easel")
        let code = easel.findings.filter { !$0.location.file.hasSuffix("project.pbxproj") }
        #expect(
            code.map { "\($0.ruleID)@\($0.location)" } == [
                "metal-drawable-size-fixed@Easel/FixedMetalView.swift:6:9",
                "main-screen-geometry@Easel/Layout.swift:6:21",
                "main-screen-geometry@Easel/Layout.swift:8:26",
                "orientation-for-layout@Easel/Layout.swift:15:12",
                "orientation-for-layout@Easel/Layout.swift:18:12",
                "orientation-for-layout@Easel/Layout.swift:18:68",
                "orientation-lock-in-code@Easel/Layout.swift:25:18",
                "orientation-lock-in-code@Easel/Layout.swift:37:18",
                "main-screen-geometry@Easel/LegacyCanvas.m:12:26",
                "main-screen-geometry@Easel/LegacyCanvas.m:13:27",
                "metal-drawable-size-fixed@Easel/LegacyCanvas.m:14:25",
                "window-lookup@Easel/LegacyCanvas.m:20:26",
                "window-lookup@Easel/LegacyCanvas.m:22:26",
                "app-delegate-window@Easel/LegacyCanvas.m:23:39",
                "orientation-lock-in-code@Easel/LegacyCanvas.m:26:31",
                "metal-drawable-size-fixed@Easel/Renderer.swift:11:20",
                "main-screen-geometry@Easel/Renderer.swift:11:63",
                "main-screen-geometry@Easel/Renderer.swift:11:107",
                "app-delegate-window-force-unwrapped@Easel/Scenes.swift:6:10",
                "window-lookup-force-unwrapped@Easel/Windows.swift:8:20",
                "window-lookup@Easel/Windows.swift:13:9",
                "window-lookup@Easel/Windows.swift:17:9",
                "window-lookup-force-unwrapped@Easel/Windows.swift:26:28",
                "app-delegate-window@Easel/Windows.swift:33:10",
            ])
        let messages = code.map(\.message)
        #expect(messages.contains { $0.hasPrefix("[[UIApplication sharedApplication] keyWindow] picks one window") })
        #expect(messages.contains { $0.hasPrefix("(UIApplication.shared.delegate as? AppDelegate)?.window reads the app delegate's window") })
        #expect(
            messages.contains {
                $0.hasPrefix("UIApplication.shared.keyWindow! picks one window") && $0.hasSuffix("the force-unwrap crashes when there is none")
            })
    }

    @Test("Sketch: iPhone-only and on the app delegate's window, so no orientation-lock or app-delegate-window finding")
    func sketchFindings() throws {
        let sketch = try LintFixture.lint(Self.atelier).target("Sketch")
        #expect(sketch.iPhoneOnly == "TARGETED_DEVICE_FAMILY does not list 2 (iPad)")
        #expect(
            sketch.located.filter { !$0.contains("project.pbxproj") } == [
                "main-screen-geometry@Sketch/AppDelegate.swift:9:34",
                "window-lookup@Sketch/AppDelegate.swift:16:13",
            ])
    }

    @Test("a Run Script phase that adds UIRequiresFullScreen to the built Info.plist is requires-full-screen; its comment is not")
    func scriptPhaseRequiresFullScreen() throws {
        let easel = try LintFixture.lint(Self.atelier).target("Easel")
        let finding = try #require(easel.findings(LintRules.requiresFullScreen).first)
        #expect(easel.findings(LintRules.requiresFullScreen).count == 1)
        #expect(finding.location == SourceLocation(file: "Atelier.xcodeproj/project.pbxproj", line: 168, column: 4))
        #expect(
            finding.message.hasPrefix(
                "the build phase \"Lock to full screen\" writes UIRequiresFullScreen into the built Info.plist (`/usr/libexec/PlistBuddy -c \"Add :UIRequiresFullScreen bool true\""
            ))
        // Sketch is iPhone-only: the phase would not matter there, and it has none.
        #expect(try LintFixture.lint(Self.atelier).target("Sketch").findings(LintRules.requiresFullScreen).isEmpty)
    }

    @Test("a drawable sized in layoutSubviews, a ternary orientation mask and a scene's own keyWindow are not findings")
    func adaptiveCodeIsQuiet() {
        let source = """
            final class V: UIView {
                override func layoutSubviews() { metalLayer.drawableSize = bounds.size }
                override var supportedInterfaceOrientations: UIInterfaceOrientationMask { isPad ? .all : .portrait }
                func f() { _ = view.window?.windowScene?.keyWindow; _ = UIApplication.shared.connectedScenes }
            }
            """
        let file = CodeFile(
            url: URL(fileURLWithPath: "/V.swift"), display: "V.swift", language: .swift,
            tokens: SourceLexer.tokens(of: source, language: .swift))
        #expect(CodeChecker(adoptsSceneLifeCycle: true, runsOnIPad: true).check(file) == [])
    }

    // MARK: Outputs

    @Test("SARIF and GitHub annotations carry code findings with their file, line and column")
    func outputsCarryCodeFindings() throws {
        let report = try LintFixture.lint(Self.atelier)
        let sarif = SARIFReportFormatter(toolVersion: "test").format(report)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let forced = try #require(results.first { ($0["ruleId"] as? String) == "window-lookup-force-unwrapped" })
        #expect(forced["level"] as? String == "error")
        let physical = try #require(((forced["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Easel/Windows.swift")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 8)
        #expect(region["startColumn"] as? Int == 20)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "metal-drawable-size-fixed" })

        let github = GitHubReportFormatter().format(report)
        #expect(github.contains("::error file=Easel/Windows.swift,line=8,col=20,title=window-lookup-force-unwrapped (Easel)::"))
        #expect(github.contains("::warning file=Easel/LegacyCanvas.m,line=26,col=31,title=orientation-lock-in-code (Easel)::"))
    }
}
