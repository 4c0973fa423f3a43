import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// `.xcworkspace` input and `--exclude`. Fixture: `Fixtures/Workspaces` (a workspace
/// listing an app, a vendored sample app, a Podfile and a project that is gone).
@Suite("Workspaces and exclusions")
struct WorkspaceLintTests {
    @Test("an .xcworkspace: the projects its FileRefs name through group: and container: locations and nested groups")
    func workspace() throws {
        let report = try LintFixture.lint("Workspaces/Suite.xcworkspace")
        #expect(report.targets.map(\.name) == ["Suite.xcworkspace", "Reader", "Kit"])
        #expect(try report.target("Reader").project == "Apps/Reader/Reader.xcodeproj")
        #expect(try report.target("Reader").findings == [])
        // `group:Kit/Kit.xcodeproj` inside `<Group location="group:Vendor">`.
        #expect(try report.target("Kit").project == "Vendor/Kit/Kit.xcodeproj")
        // The Podfile is not a project; the archived project is missing, at its FileRef.
        #expect(
            try report.target("Suite.xcworkspace").located
                == ["missing-file@Suite.xcworkspace/contents.xcworkspacedata:14:4"])
        #expect(report.outcome == .unusableInput)
    }

    @Test("absolute: and self: locations; a workspace file without <Workspace> is malformed-file")
    func otherLocations() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let reader = LintFixture.url("Workspaces/Apps/Reader/Reader.xcodeproj").standardizedFileURL
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "absolute:\(reader.path)"></FileRef>
               <FileRef location = "elsewhere:App.xcodeproj"/>
            </Workspace>
            """, to: "All.xcworkspace/contents.xcworkspacedata")
        let report = try Linter().lint(folder.url.appendingPathComponent("All.xcworkspace"))
        #expect(report.targets.map(\.name) == ["All.xcworkspace", "Reader"])
        #expect(try report.target("All.xcworkspace").located == ["malformed-file@All.xcworkspace/contents.xcworkspacedata:4:4"])

        // The workspace Xcode keeps inside every project names the project as self:.
        let project = folder.url.appendingPathComponent("Copy.xcodeproj")
        try FileManager.default.copyItem(at: reader, to: project)
        try folder.write(
            "<Workspace version = \"1.0\"><FileRef location = \"self:\"></FileRef></Workspace>",
            to: "Copy.xcodeproj/project.xcworkspace/contents.xcworkspacedata")
        let embedded = XcodeWorkspaceFile(
            workspace: project.appendingPathComponent("project.xcworkspace"),
            displayedBy: LintWorkspace(root: folder.url))
        #expect(embedded.projects.map(\.bundle.path) == [project.standardizedFileURL.path])

        try folder.write("<Workspac version = \"1.0\"></Workspac>", to: "Broken.xcworkspace/contents.xcworkspacedata")
        let broken = try Linter().lint(folder.url.appendingPathComponent("Broken.xcworkspace"))
        #expect(
            try broken.target("Broken.xcworkspace").findings.map(\.message)
                == ["Broken.xcworkspace/contents.xcworkspacedata has no <Workspace> element"])
    }

    @Test("hostile workspace files: a quoted > stays in its value; 1 MiB of unterminated tags is read in one pass")
    func hostileWorkspace() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(
            "<Workspace>\n  <FileRef location = \"group:A>B/App.xcodeproj\"/>\n</Workspace>\n",
            to: "Quoted.xcworkspace/contents.xcworkspacedata")
        let quoted = try Linter().lint(folder.url.appendingPathComponent("Quoted.xcworkspace"))
        #expect(
            try quoted.target("Quoted.xcworkspace").findings.map(\.message)
                == ["the workspace lists A>B/App.xcodeproj, which does not exist"])
        #expect(try quoted.target("Quoted.xcworkspace").located == ["missing-file@Quoted.xcworkspace/contents.xcworkspacedata:2:3"])

        try folder.write(String(repeating: "<a ", count: 350_000), to: "Open.xcworkspace/contents.xcworkspacedata")
        let open = try Linter().lint(folder.url.appendingPathComponent("Open.xcworkspace"))
        #expect(try open.target("Open.xcworkspace").ruleIDs == [LintRules.malformedFile.id])

        // 100,000 nested groups (3.4 MB, under the size limit) cost minutes
        // and gigabytes, a longer folder path at each level; past 256 levels
        // the rest is not read.
        let depth = 100_000
        try folder.write(
            "<Workspace>" + String(repeating: "<Group location=\"group:x\">", count: depth)
                + "<FileRef location=\"group:App.xcodeproj\"/>" + String(repeating: "</Group>", count: depth) + "</Workspace>",
            to: "Deep.xcworkspace/contents.xcworkspacedata")
        let deep = try Linter().lint(folder.url.appendingPathComponent("Deep.xcworkspace"))
        #expect(
            try deep.target("Deep.xcworkspace").findings.map(\.message)
                == ["groups are nested more than 256 levels deep; the rest of Deep.xcworkspace/contents.xcworkspacedata is not read"])
    }

    @Test("--exclude leaves vendored projects out of a folder and out of a workspace")
    func exclude() throws {
        let all = try LintFixture.lint("Workspaces")
        #expect(all.targets.map(\.name) == ["Reader", "Kit"])
        let folder = try Linter(exclusion: PathExclusion(["Vendor"])).lint(LintFixture.url("Workspaces"))
        #expect(folder.targets.map(\.name) == ["Reader"])
        #expect(folder.outcome == .ready)
        let workspace = try Linter(exclusion: PathExclusion(["Vendor/*", "Archived/Old.xcodeproj"]))
            .lint(LintFixture.url("Workspaces/Suite.xcworkspace"))
        #expect(workspace.targets.map(\.name) == ["Reader"])
        #expect(workspace.outcome == .ready)
    }

    @Test("exclusion globs: a match on the path or on a folder above it; * crosses folders")
    func exclusionPatterns() {
        let vendored = PathExclusion(["Vendor", "*/Tests/*", "Samples/?pp.xcodeproj"])
        #expect(vendored.excludes("Vendor/SDL/Xcode/SDL.xcodeproj"))
        #expect(vendored.excludes("Lib/CMake/Tests/App1/App1.xcodeproj"))
        #expect(vendored.excludes("Samples/App.xcodeproj"))
        #expect(!vendored.excludes("App/App.xcodeproj"))
        #expect(!vendored.excludes("Vendors/App.xcodeproj"))
        #expect(!PathExclusion().excludes("Vendor/App.xcodeproj"))
    }
}
