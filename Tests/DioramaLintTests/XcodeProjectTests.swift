import DioramaManifest
import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

@Suite("Xcode projects: targets, configurations, base configuration files")
struct XcodeProjectTests {
    func load(_ path: String) throws -> XcodeProject {
        let bundle = LintFixture.url(path)
        return try XcodeProject.load(bundle: bundle, workspace: LintWorkspace(root: bundle.deletingLastPathComponent()))
    }

    @Test("native targets in project order, with product types and locations")
    func targets() throws {
        let project = try load("Projects/Studio/Studio.xcodeproj")
        #expect(project.name == "Studio")
        #expect(project.file == "Studio.xcodeproj/project.pbxproj")
        #expect(project.developmentRegion == "en")
        #expect(project.findings == [])
        #expect(project.targets.map(\.name) == ["Studio", "Editor", "StudioWidget", "StudioMac", "Viewer"])
        #expect(project.targets.map(\.isApplication) == [true, true, false, true, true])
        #expect(project.targets[1].location == SourceLocation(file: "Studio.xcodeproj/project.pbxproj", line: 74, column: 3))
        #expect(project.targets[1].configurations.map(\.name) == ["Debug", "Release"])
        #expect(project.projectConfigurations.map(\.name) == ["Debug", "Release"])
    }

    @Test("build settings keep their pbxproj line, conditions split off, lists joined")
    func settings() throws {
        let project = try load("Projects/Studio/Studio.xcodeproj")
        let release = try #require(project.targets[1].configurations.last)
        let fullScreen = try #require(release.settings.first { $0.name == "INFOPLIST_KEY_UIRequiresFullScreen" })
        #expect(fullScreen.conditions == [BuildSettingCondition(parameter: "config", pattern: "Release")])
        #expect(fullScreen.value == "NO")
        #expect(fullScreen.location == SourceLocation(file: "Studio.xcodeproj/project.pbxproj", line: 216, column: 5))
        let notes = try load("Projects/Notes/Notes.xcodeproj")
        let paths = notes.targets[0].configurations[0].settings.first { $0.name == "LD_RUNPATH_SEARCH_PATHS" }
        #expect(paths?.value == "$(inherited) @executable_path/Frameworks")
    }

    @Test("base configuration files through <group>, SOURCE_ROOT and folder anchors")
    func baseConfigurations() throws {
        let project = try load("Projects/Studio/Studio.xcodeproj")
        let studio = LintFixture.url("Projects/Studio").standardizedFileURL
        func file(_ base: XcodeBuildConfiguration.BaseConfiguration?) -> String? {
            guard case .file(let url, _) = base else { return nil }
            return url.standardizedFileURL.path.replacingOccurrences(of: studio.path + "/", with: "")
        }
        #expect(file(project.projectConfigurations[0].baseConfiguration) == "Config/Project.xcconfig")
        #expect(file(project.projectConfigurations[1].baseConfiguration) == "Config/Project.xcconfig")
        #expect(file(project.targets[1].configurations[0].baseConfiguration) == "Config/Editor.xcconfig")
        #expect(file(project.targets[1].configurations[1].baseConfiguration) == "Config/Editor.xcconfig")
        #expect(project.targets[0].configurations[0].baseConfiguration == nil)

        let legacy = try load("Projects/Legacy/Legacy.xcodeproj")
        #expect(file(legacy.targets[0].configurations[0].baseConfiguration)?.hasSuffix("Legacy/Configurations/Legacy.xcconfig") == true)
    }

    @Test("a source tree outside the project and dangling ids are reported, the rest still loads")
    func brokenReferences() throws {
        let project = try load("BrokenProjects/References/References.xcodeproj")
        #expect(project.targets.map(\.name) == ["App", "Tool"])
        #expect(project.findings.map { "\($0.ruleID)@\($0.location.line)" } == ["malformed-file@17", "malformed-file@61"])
        guard case .unresolved(let problem, let reference) = project.projectConfigurations[0].baseConfiguration else {
            Issue.record("expected an unresolved base configuration")
            return
        }
        #expect(problem.contains("BUILT_PRODUCTS_DIR"))
        #expect(reference.line == 37)
    }

    @Test("groups inside each other in a loop: one finding at the loop, and the files below it have no place")
    func groupLoop() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(
            """
            {
                objects = {
                    P1 = { isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; };
                    L1 = { isa = XCConfigurationList; buildConfigurations = ( C1 ); };
                    C1 = { isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = { }; name = Release; };
                    G0 = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
                    GA = { isa = PBXGroup; name = Outer; children = ( GB ); sourceTree = "<group>"; };
                    GB = { isa = PBXGroup; path = Inner; children = ( GA, GC ); sourceTree = "<group>"; };
                    GC = { isa = PBXGroup; path = Below; children = ( F1 ); sourceTree = "<group>"; };
                    F1 = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
                };
                rootObject = P1;
            }
            """, to: "Loop.xcodeproj/project.pbxproj")
        let project = try XcodeProject.load(
            bundle: folder.url.appendingPathComponent("Loop.xcodeproj"), workspace: LintWorkspace(root: folder.url))
        let loops = project.findings.filter { $0.message.contains("in a loop") }
        #expect(loops.count == 1, "\(project.findings.map(\.message))")
        #expect(loops.first?.message.contains(#"groups are inside each other in a loop: "Inner" is inside "Outer" is inside "Inner""#) == true)
        #expect(loops.first?.location.line == 8, "at the children of GB, the first group of the loop a walk up from F1 meets")
        guard case .unresolved(let problem, _) = project.projectConfigurations[0].baseConfiguration else {
            Issue.record("the base configuration in the loop was placed: \(String(describing: project.projectConfigurations[0].baseConfiguration))")
            return
        }
        #expect(problem.contains("in a group that is inside itself"), "\(problem)")
    }

    @Test("a pbxproj that is not a project is an error naming line and column")
    func notAProject() throws {
        #expect(throws: PlistError.self) { try load("BrokenProjects/Syntax/Syntax.xcodeproj") }
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("{ archiveVersion = 1; }", to: "Empty.xcodeproj/project.pbxproj")
        do {
            _ = try XcodeProject.load(
                bundle: folder.url.appendingPathComponent("Empty.xcodeproj"),
                workspace: LintWorkspace(root: folder.url))
            Issue.record("expected an error")
        } catch {
            #expect(error.problem == "the project file has no objects dictionary")
            #expect(error.location == SourceLocation(file: "Empty.xcodeproj/project.pbxproj", line: 1, column: 1))
        }
    }

    @Test("display paths are relative to the root, with .. for files outside it")
    func displayPaths() {
        let workspace = LintWorkspace(root: URL(fileURLWithPath: "/work/Studio"))
        #expect(workspace.displayPath(of: URL(fileURLWithPath: "/work/Studio/Editor/Info.plist")) == "Editor/Info.plist")
        #expect(workspace.displayPath(of: URL(fileURLWithPath: "/work/Shared/Base.xcconfig")) == "../Shared/Base.xcconfig")
        #expect(workspace.displayPath(of: URL(fileURLWithPath: "/work/Studio/./Config/../Config/A.xcconfig")) == "Config/A.xcconfig")
    }
}
