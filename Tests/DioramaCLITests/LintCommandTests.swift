import Foundation
import Testing

/// `diorama lint` end to end: the built binary on the lint fixtures, checking exit
/// codes and what reaches standard output and standard error.
@Suite("diorama lint (the executable)")
struct LintCommandTests {
    /// The fixtures the DioramaLint tests use, read in place.
    static func fixture(_ relativePath: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../DioramaLintTests/Fixtures/\(relativePath)").standardizedFileURL.path
    }

    @Test("exit 0 when every target is ready")
    func ready() throws {
        let result = try DioramaCommandLine.run(["lint", Self.fixture("Projects/Notes")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("Checked 1 target: 1 ready, 0 not ready.\n"))
        #expect(result.standardError.isEmpty)
    }

    @Test("exit 1 when a warning or error remains")
    func notReady() throws {
        let result = try DioramaCommandLine.run(["lint", Self.fixture("Projects/Studio")])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Config/Editor.xcconfig:3:1: warning: UIRequiresFullScreen is true"))
        #expect(result.standardOutput.hasSuffix("Checked 3 targets: 1 ready, 2 not ready.\n"))
    }

    /// The release build once refused every `&amp;` ("unknown entity
    /// &&amp;"): Swift 6.3.1's optimizer read the entity name's start before
    /// the `&` was passed (`SourceTextCursor.take(atMost:while:)`). `make
    /// test` runs this against the optimized `diorama`.
    @Test("an Info.plist with entities and character references is read, not refused")
    func entitiesAreRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-lint-entities-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Info.plist")
        try #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>CFBundleDisplayName</key>
        	<string>Fish &amp; Chips &lt;3 &#233;&#x1F600; &quot;q&quot; &apos;a&apos;</string>
        </dict>
        </plist>
        """#.write(to: plist, atomically: true, encoding: .utf8)
        let result = try DioramaCommandLine.run(["lint", "--color", "never", plist.path])
        #expect(!result.standardOutput.contains("[malformed-file]"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("unknown entity"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[missing-scene-manifest]"), "the file was read through: \(result.standardOutput)")
    }

    @Test("--strict turns an info-only result from 0 into 1")
    func strict() throws {
        let plain = try DioramaCommandLine.run(["lint", Self.fixture("Plists/FullScreenFalse.plist")])
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains("[requires-full-screen-unused]"))
        let strict = try DioramaCommandLine.run(["lint", "--strict", Self.fixture("Plists/FullScreenFalse.plist")])
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasSuffix("Checked 1 target: 0 ready, 1 not ready.\n"))
    }

    @Test("a fresh CocoaPods/Flutter checkout exits 0 with notes naming the install command; --strict makes it 1, never 2")
    func freshCheckout() throws {
        let plain = try DioramaCommandLine.run(["lint", "--color", "never", Self.fixture("Checkouts")])
        #expect(plain.status == 0, "\(plain.standardOutput)\(plain.standardError)")
        #expect(plain.standardOutput.contains("fix: run `pod install` in Shop, then lint again"))
        #expect(plain.standardOutput.contains("fix: run `flutter pub get` in Flutter, then lint again"))
        let strict = try DioramaCommandLine.run(["lint", "--strict", Self.fixture("Checkouts")])
        #expect(strict.status == 1)
    }

    @Test("--exclude (repeatable) leaves vendored projects out; an .xcworkspace is accepted")
    func exclude() throws {
        let all = try DioramaCommandLine.run(["lint", Self.fixture("Workspaces")])
        #expect(all.status == 1)
        let excluded = try DioramaCommandLine.run(["lint", "--exclude", "Vendor/*", "--exclude", "Other", Self.fixture("Workspaces")])
        #expect(excluded.status == 0, "\(excluded.standardOutput)\(excluded.standardError)")
        #expect(excluded.standardOutput.hasSuffix("Checked 1 target: 1 ready, 0 not ready.\n"))
        let workspace = try DioramaCommandLine.run(["lint", "--exclude", "Vendor", Self.fixture("Workspaces/Suite.xcworkspace")])
        #expect(workspace.status == 2)
        #expect(
            workspace.standardOutput.contains(
                "Suite.xcworkspace/contents.xcworkspacedata:14:4: error: the workspace lists Archived/Old.xcodeproj, which does not exist"))
    }

    @Test("exit 2 for a malformed file, with the report still printed")
    func malformed() throws {
        let result = try DioramaCommandLine.run(["lint", Self.fixture("Malformed/MismatchedTag.plist")])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("MismatchedTag.plist:5:22: error: </strin> does not match <string>"))
        let broken = try DioramaCommandLine.run(["lint", "--format", "json", Self.fixture("BrokenProjects")])
        #expect(broken.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(broken.standardOutput.utf8)) as? [String: Any]
        #expect(document?["outcome"] as? String == "unusable-input")
    }

    @Test("exit 2 for a path that does not exist or holds nothing to check, with the reason on stderr")
    func unusablePaths() throws {
        let missing = try DioramaCommandLine.run(["lint", "/nonexistent/diorama-lint-input"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError.contains("/nonexistent/diorama-lint-input: no such file or folder"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-lint-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try DioramaCommandLine.run(["lint", empty.path])
        #expect(nothing.status == 2)
        #expect(nothing.standardError.contains("found no .xcodeproj and no Info.plist"))
    }

    @Test("bad usage (an unknown format) exits 2 and says what is wrong")
    func badUsage() throws {
        let result = try DioramaCommandLine.run(["lint", "--format", "xml", Self.fixture("Plists/Ready.plist")])
        // The root command maps ArgumentParser's usage errors to Diorama's 2.
        #expect(result.status == 2)
        #expect(result.standardError.contains("xml"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("json and sarif keep stdout one document; the summary goes to stderr")
    func documents() throws {
        for format in ["json", "sarif"] {
            let result = try DioramaCommandLine.run(["lint", "--format", format, Self.fixture("Projects/Studio")])
            #expect(result.status == 1)
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            #expect(object is [String: Any], "\(format) output is not a JSON object")
            #expect(result.standardError == "Checked 3 targets: 1 ready, 2 not ready.\n")
        }
    }

    @Test("github: workflow commands, then the summary")
    func github() throws {
        let result = try DioramaCommandLine.run(["lint", "--format", "github", Self.fixture("Plists/Legacy.plist")])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("::error file=Legacy.plist,line=5,col=1,title=missing-launch-screen") == true)
        #expect(lines.last == "Checked 1 target: 0 ready, 1 not ready.")
    }

    @Test("lint is listed in diorama --help")
    func help() throws {
        let result = try DioramaCommandLine.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("lint"))
    }

    @Test("a FIFO or /dev/zero given as the Info.plist: exit 2 with \"not a regular file\", without blocking or reading forever")
    func notARegularFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-lint-fifo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Info.plist").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device")] {
            let result = try DioramaCommandLine.run(["lint", path], timeout: 30)
            #expect(result.status == 2 && !result.exitedBySignal, "\(path): \(result.standardError)")
            #expect(result.standardOutput.contains("cannot read the file: not a regular file (\(kind))"), "\(result.standardOutput)")
        }
    }
}
