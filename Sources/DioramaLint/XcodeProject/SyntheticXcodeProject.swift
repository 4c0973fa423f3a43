import Foundation

/// A made-up Xcode project of a chosen size, written the way Xcode writes one: for the
/// lint benchmark (`make bench`) and for tests that check lint's work grows linearly
/// with the project. Nothing multi-megabyte is committed; the project is generated.
///
/// Every target is a UIKit app with its own group of Swift files, a sources build
/// phase listing them, and Debug/Release configurations with a generated Info.plist.
/// The Swift files are written too (small, with comments, strings, an interpolation and
/// code the code checks find), so the life cycle scan and the code checks read every
/// one of them, as they do for a real UIKit app.
package struct SyntheticXcodeProject: Sendable {
    package var targetCount: Int
    package var filesPerTarget: Int
    /// When set, the project's configurations are based on this graph's root
    /// (`Diamond.xcconfig` beside the `.xcodeproj`), written with the project.
    package var includeDiamond: XCConfigIncludeDiamond?

    package init(targetCount: Int, filesPerTarget: Int, includeDiamond: XCConfigIncludeDiamond? = nil) {
        self.targetCount = targetCount
        self.filesPerTarget = filesPerTarget
        self.includeDiamond = includeDiamond
    }

    /// 63 targets at about 2.5 MB of `project.pbxproj`: the size of the largest real
    /// project reported in issue #14.
    package static let largestReported = SyntheticXcodeProject(targetCount: 63, filesPerTarget: 73)

    /// Writes `Big.xcodeproj` and the sources into `folder`; returns the `.xcodeproj`.
    @discardableResult
    package func write(into folder: URL) throws -> URL {
        let bundle = folder.appendingPathComponent("Big.xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(pbxproj().utf8).write(to: bundle.appendingPathComponent("project.pbxproj"))
        try includeDiamond?.write(into: folder)
        for target in 0..<targetCount {
            let directory = folder.appendingPathComponent(Self.targetName(target))
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in 0..<filesPerTarget {
                try Data(Self.swiftSource(target: target, file: file).utf8)
                    .write(to: directory.appendingPathComponent(Self.fileName(target, file)))
            }
        }
        return bundle
    }

    /// The text of `project.pbxproj`.
    package func pbxproj() -> String {
        var fileReferences: [String] = []
        var buildFiles: [String] = []
        var groups: [String] = []
        var phases: [String] = []
        var targets: [String] = []
        var lists: [String] = []
        var configurations: [String] = []
        var targetIDs: [String] = []
        var groupIDs: [String] = []
        for target in 0..<targetCount {
            let name = Self.targetName(target)
            let groupID = Self.id(1, target, 0)
            let phaseID = Self.id(2, target, 0)
            let targetID = Self.id(3, target, 0)
            let listID = Self.id(4, target, 0)
            targetIDs.append(targetID)
            groupIDs.append(groupID)
            var children: [String] = []
            var phaseFiles: [String] = []
            for file in 0..<filesPerTarget {
                let fileName = Self.fileName(target, file)
                let referenceID = Self.id(5, target, file)
                let buildFileID = Self.id(6, target, file)
                fileReferences.append(
                    "\t\t\(referenceID) /* \(fileName) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(fileName); sourceTree = \"<group>\"; };"
                )
                buildFiles.append("\t\t\(buildFileID) /* \(fileName) in Sources */ = {isa = PBXBuildFile; fileRef = \(referenceID) /* \(fileName) */; };")
                children.append("\t\t\t\t\(referenceID) /* \(fileName) */,")
                phaseFiles.append("\t\t\t\t\(buildFileID) /* \(fileName) in Sources */,")
            }
            groups.append(
                """
                \t\t\(groupID) /* \(name) */ = {
                \t\t\tisa = PBXGroup;
                \t\t\tchildren = (
                \(children.joined(separator: "\n"))
                \t\t\t);
                \t\t\tpath = \(name);
                \t\t\tsourceTree = "<group>";
                \t\t};
                """)
            phases.append(
                """
                \t\t\(phaseID) /* Sources */ = {
                \t\t\tisa = PBXSourcesBuildPhase;
                \t\t\tbuildActionMask = 2147483647;
                \t\t\tfiles = (
                \(phaseFiles.joined(separator: "\n"))
                \t\t\t);
                \t\t\trunOnlyForDeploymentPostprocessing = 0;
                \t\t};
                """)
            targets.append(
                """
                \t\t\(targetID) /* \(name) */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(listID) /* Build configuration list for PBXNativeTarget "\(name)" */;
                \t\t\tbuildPhases = (
                \t\t\t\t\(phaseID) /* Sources */,
                \t\t\t);
                \t\t\tname = \(name);
                \t\t\tproductName = \(name);
                \t\t\tproductType = "com.apple.product-type.application";
                \t\t};
                """)
            let configurationIDs = ["Debug", "Release"].enumerated().map { Self.id(7, target, $0.offset) }
            lists.append(Self.configurationList(id: listID, owner: "PBXNativeTarget \"\(name)\"", configurations: configurationIDs))
            for (index, configuration) in ["Debug", "Release"].enumerated() {
                configurations.append(Self.targetConfiguration(id: configurationIDs[index], name: configuration, target: name))
            }
        }
        let diamondID = Self.id(10, 0, 0)
        let baseConfiguration = includeDiamond.map { _ in "\t\t\tbaseConfigurationReference = \(diamondID);\n" } ?? ""
        if includeDiamond != nil {
            fileReferences.append(
                "\t\t\(diamondID) = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \(XCConfigIncludeDiamond.rootName); sourceTree = \"<group>\"; };"
            )
            groupIDs.append(diamondID)
        }
        let projectListID = Self.id(8, 0, 0)
        let projectConfigurationIDs = [Self.id(8, 0, 1), Self.id(8, 0, 2)]
        lists.append(Self.configurationList(id: projectListID, owner: "PBXProject \"Big\"", configurations: projectConfigurationIDs))
        for (index, configuration) in ["Debug", "Release"].enumerated() {
            configurations.append(
                """
                \t\t\(projectConfigurationIDs[index]) /* \(configuration) */ = {
                \t\t\tisa = XCBuildConfiguration;
                \(baseConfiguration)\t\t\tbuildSettings = {
                \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
                \t\t\t\tSDKROOT = iphoneos;
                \t\t\t\tSWIFT_VERSION = 5.0;
                \t\t\t};
                \t\t\tname = \(configuration);
                \t\t};
                """)
        }
        let mainGroupID = Self.id(9, 0, 0)
        groups.append(
            """
            \t\t\(mainGroupID) = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \(groupIDs.map { "\t\t\t\t\($0)," }.joined(separator: "\n"))
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            """)
        let projectID = Self.id(9, 0, 1)
        let project = """
            \t\t\(projectID) /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tbuildConfigurationList = \(projectListID) /* Build configuration list for PBXProject "Big" */;
            \t\t\tdevelopmentRegion = en;
            \t\t\tmainGroup = \(mainGroupID);
            \t\t\ttargets = (
            \(targetIDs.map { "\t\t\t\t\($0)," }.joined(separator: "\n"))
            \t\t\t);
            \t\t};
            """
        func section(_ name: String, _ lines: [String]) -> String {
            "\n/* Begin \(name) section */\n" + lines.joined(separator: "\n") + "\n/* End \(name) section */\n"
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
            + section("PBXBuildFile", buildFiles) + section("PBXFileReference", fileReferences)
            + section("PBXGroup", groups) + section("PBXNativeTarget", targets) + section("PBXProject", [project])
            + section("PBXSourcesBuildPhase", phases) + section("XCBuildConfiguration", configurations)
            + section("XCConfigurationList", lists)
            + "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
    }

    private static func configurationList(id: String, owner: String, configurations: [String]) -> String {
        """
        \t\t\(id) /* Build configuration list for \(owner) */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t\(configurations[0]) /* Debug */,
        \t\t\t\t\(configurations[1]) /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        """
    }

    /// A ready app's settings: generated Info.plist with a scene manifest, launch
    /// screen and all iPad orientations, so the run measures reading, not reporting.
    private static func targetConfiguration(id: String, name: String, target: String) -> String {
        """
        \t\t\(id) /* \(name) */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        \t\t\t\tCODE_SIGN_STYLE = Automatic;
        \t\t\t\tCURRENT_PROJECT_VERSION = 1;
        \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;
        \t\t\t\tINFOPLIST_KEY_UILaunchScreen_Generation = YES;
        \t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = "UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight";
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"@executable_path/Frameworks",
        \t\t\t\t);
        \t\t\t\tMARKETING_VERSION = 1.0;
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.\(target)";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t\tSWIFT_EMIT_LOC_STRINGS = YES;
        \t\t\t\t"SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug]" = "DEBUG $(inherited)";
        \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
        \t\t\t};
        \t\t\tname = \(name);
        \t\t};
        """
    }

    /// A small UIKit source file: no SwiftUI entry point, so every file gets read.
    private static func swiftSource(target: Int, file: Int) -> String {
        """
        import UIKit

        /* A view controller of target \(target), file \(file). @main is not here. */
        final class Screen\(target)x\(file)ViewController: UIViewController {
            // The title mentions "@main struct App: App" only inside a string.
            private let heading = "Screen \(file) — \\"@main\\" is quoted"
            override func viewDidLoad() {
                super.viewDidLoad()
                title = heading
                // Code the code checks find, as older apps write it.
                let width = UIScreen.main.bounds.width
                UIApplication.shared.windows.first?.rootViewController?.title = "\\(width) pt, \\(UIDevice.current.orientation)"
            }

            override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
                traitCollection.userInterfaceIdiom == .pad ? .all : .portrait
            }
        }

        """
    }

    private static func targetName(_ target: Int) -> String { "Module\(target)" }

    private static func fileName(_ target: Int, _ file: Int) -> String { "Screen\(target)x\(file)ViewController.swift" }

    /// A 24-hex-digit object id, unique per (kind, target, index).
    private static func id(_ kind: Int, _ target: Int, _ index: Int) -> String {
        let digits = String(kind, radix: 16) + String(format: "%07X%08X", target, index)
        return String(repeating: "0", count: 24 - digits.count) + digits
    }
}
