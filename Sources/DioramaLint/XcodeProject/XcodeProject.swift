import DioramaManifest
import DioramaModel
import Foundation

/// The parts of an Xcode project (`App.xcodeproj/project.pbxproj`) that decide what
/// goes into each app's Info.plist.
///
/// A pbxproj is one OpenStep property list: a flat `objects` dictionary from 24-digit
/// ids to objects, each with an `isa` naming its class, and a `rootObject` id naming the
/// `PBXProject`. The linter follows these references:
///
///     PBXProject ── targets ──▶ PBXNativeTarget (name, productType)
///         │                          └─ buildConfigurationList ─▶ XCConfigurationList
///         └─ buildConfigurationList ─▶ XCConfigurationList          └─ buildConfigurations ─▶
///                                          XCBuildConfiguration (name, buildSettings,
///                                            baseConfigurationReference ─▶ PBXFileReference)
///
/// File references are located through their groups: a `sourceTree` of `<group>` is
/// relative to the parent group's folder, `SOURCE_ROOT` to the project folder,
/// `<absolute>` is absolute. Xcode 16's folder references
/// (`baseConfigurationReferenceAnchor` + `baseConfigurationReferenceRelativePath`) are
/// followed the same way.
struct XcodeProject: Sendable {
    /// The `.xcodeproj` bundle.
    var bundle: URL
    /// The folder build settings call `SRCROOT`: the bundle's parent (or the project's
    /// `projectDirPath` below it).
    var projectDirectory: URL
    /// `App` for `App.xcodeproj`.
    var name: String
    /// The display path of `project.pbxproj`.
    var file: String
    /// `developmentRegion`, the default for `DEVELOPMENT_LANGUAGE`.
    var developmentRegion: String?
    var projectConfigurations: [XcodeBuildConfiguration]
    /// Native targets in the order the project lists them.
    var targets: [XcodeTarget]
    /// References that lead nowhere; the rest of the project is still usable.
    var findings: [LintFinding]
    /// Object entries the reader looked at to follow the project's references: the
    /// measure of work that tests check grows linearly with the project.
    var objectEntriesExamined = 0

    /// Reads `bundle/project.pbxproj`.
    ///
    /// - Throws: ``PlistError`` when the file cannot be read, is not a property list, or
    ///   lacks the `objects`/`rootObject` skeleton every project has.
    static func load(bundle: URL, workspace: LintWorkspace) throws(PlistError) -> XcodeProject {
        let pbxproj = bundle.appendingPathComponent("project.pbxproj")
        let file = workspace.displayPath(of: pbxproj)
        let data: Data
        do {
            data = try RegularFileReader.read(pbxproj.path, as: .xcodeProject)
        } catch {
            throw PlistError(
                location: .startOfFile(file), problem: "cannot read the project file: \(error)",
                fix: error.oversizeFix ?? "check that \(file) is a readable file")
        }
        let root = try OpenStepPlistParser.parse(data, file: file)
        var reader = Reader(root: root, file: file, bundle: bundle)
        return try reader.project()
    }

    /// Walks the object graph; findings about dangling references collect on the way.
    private struct Reader {
        let root: PropertyList
        let file: String
        let bundle: URL
        var objects = ProjectObjects(PropertyListDictionary())
        var parents: [String: String] = [:]
        /// Groups and files whose chain of parents runs into a loop (the
        /// loop's own groups included): nothing there has a place on disk
        /// (``findGroupLoops()``).
        var inOrBelowGroupLoops: Set<String> = []
        var projectDirectory: URL
        var findings: [LintFinding] = []

        init(root: PropertyList, file: String, bundle: URL) {
            self.root = root
            self.file = file
            self.bundle = bundle
            projectDirectory = bundle.deletingLastPathComponent()
        }

        mutating func project() throws(PlistError) -> XcodeProject {
            guard let rootDictionary = root.dictionaryValue else {
                throw structureError(at: root.location, "the project file's root is not a { … } dictionary")
            }
            guard let objectDictionary = rootDictionary["objects"]?.dictionaryValue else {
                throw structureError(at: root.location, "the project file has no objects dictionary")
            }
            objects = ProjectObjects(objectDictionary)
            guard let rootID = rootDictionary["rootObject"]?.stringValue,
                let project = objects[rootID]?.dictionaryValue
            else {
                throw structureError(
                    at: rootDictionary.entry(forKey: "rootObject")?.keyLocation ?? root.location,
                    "rootObject does not name an object of the project")
            }
            for entry in objectDictionary {
                for child in entry.value["children"]?.arrayValue ?? [] {
                    if let childID = child.stringValue { parents[childID] = entry.key }
                }
            }
            findGroupLoops()
            if let directory = project["projectDirPath"]?.stringValue, !directory.isEmpty {
                projectDirectory =
                    directory.hasPrefix("/")
                    ? URL(fileURLWithPath: directory)
                    : projectDirectory.appendingPathComponent(directory)
            }

            let projectConfigurations = configurations(listedBy: project.entry(forKey: "buildConfigurationList"))
            var targets: [XcodeTarget] = []
            for targetID in project["targets"]?.arrayValue ?? [] {
                guard let id = targetID.stringValue, let target = objects.entry(forID: id),
                    let dictionary = target.value.dictionaryValue
                else {
                    dangling("target", targetID.stringValue ?? "?", at: targetID.location)
                    continue
                }
                guard dictionary["isa"]?.stringValue == "PBXNativeTarget" else { continue }
                targets.append(
                    XcodeTarget(
                        name: dictionary["name"]?.stringValue ?? dictionary["productName"]?.stringValue ?? id,
                        productType: dictionary["productType"]?.stringValue,
                        location: target.keyLocation ?? .startOfFile(file),
                        configurations: configurations(listedBy: dictionary.entry(forKey: "buildConfigurationList")),
                        sourceFiles: sourceFiles(of: dictionary), scriptPhases: scriptPhases(of: dictionary)))
            }
            return XcodeProject(
                bundle: bundle, projectDirectory: projectDirectory,
                name: bundle.deletingPathExtension().lastPathComponent, file: file,
                developmentRegion: project["developmentRegion"]?.stringValue,
                projectConfigurations: projectConfigurations, targets: targets,
                findings: findings.sorted(by: LintFinding.readingOrder),
                objectEntriesExamined: objects.entriesExamined)
        }

        private mutating func configurations(listedBy listEntry: PropertyListDictionary.Entry?) -> [XcodeBuildConfiguration] {
            guard let listEntry else { return [] }
            guard let listID = listEntry.value.stringValue, let list = objects[listID]?.dictionaryValue else {
                dangling("configuration list", listEntry.value.stringValue ?? "?", at: listEntry.value.location)
                return []
            }
            var result: [XcodeBuildConfiguration] = []
            for configurationID in list["buildConfigurations"]?.arrayValue ?? [] {
                guard let id = configurationID.stringValue, let configuration = objects[id]?.dictionaryValue else {
                    dangling("build configuration", configurationID.stringValue ?? "?", at: configurationID.location)
                    continue
                }
                result.append(buildConfiguration(configuration, id: id))
            }
            return result
        }

        private mutating func buildConfiguration(_ configuration: PropertyListDictionary, id: String) -> XcodeBuildConfiguration {
            var settings: [BuildSettingAssignment] = []
            for entry in configuration["buildSettings"]?.dictionaryValue ?? PropertyListDictionary() {
                let location = entry.keyLocation ?? .startOfFile(file)
                guard let (name, conditions) = BuildSettingCondition.split(entry.key) else {
                    findings.append(
                        LintRules.malformedFile.finding(
                            at: location, "\"\(entry.key)\" is not a build setting name with valid [condition=value] brackets"))
                    continue
                }
                settings.append(
                    BuildSettingAssignment(
                        name: name, conditions: conditions,
                        value: Self.text(of: entry.value), location: location))
            }
            return XcodeBuildConfiguration(
                name: configuration["name"]?.stringValue ?? id, settings: settings,
                baseConfiguration: baseConfiguration(of: configuration))
        }

        private func baseConfiguration(of configuration: PropertyListDictionary) -> XcodeBuildConfiguration.BaseConfiguration? {
            if let reference = configuration.entry(forKey: "baseConfigurationReference") {
                let location = reference.keyLocation ?? .startOfFile(file)
                guard let id = reference.value.stringValue, objects[id] != nil else {
                    return .unresolved("baseConfigurationReference names no object of the project", reference: location)
                }
                return locate(id).map { .file($0, reference: location) }
                    ?? .unresolved(
                        isInGroupLoop(id)
                            ? "the base configuration file is in a group that is inside itself (see the finding at its children)"
                            : "the base configuration file's folder is outside the project (source tree \(sourceTree(of: id)))",
                        reference: location)
            }
            if let anchor = configuration.entry(forKey: "baseConfigurationReferenceAnchor"),
                let relativePath = configuration["baseConfigurationReferenceRelativePath"]?.stringValue
            {
                let location = anchor.keyLocation ?? .startOfFile(file)
                guard let id = anchor.value.stringValue, objects[id] != nil, let folder = locate(id) else {
                    return .unresolved("baseConfigurationReferenceAnchor names no folder of the project", reference: location)
                }
                return .file(folder.appendingPathComponent(relativePath), reference: location)
            }
            return nil
        }

        /// The target's Swift and Objective-C files: `buildPhases` → `PBXSourcesBuildPhase`
        /// → `files` → `PBXBuildFile.fileRef` → file reference, then every such file under
        /// the folders listed in `fileSystemSynchronizedGroups`. References that lead
        /// nowhere are passed over: the life cycle and the code checks read these files,
        /// which are evidence, not lint input.
        private func sourceFiles(of target: PropertyListDictionary) -> [URL] {
            var result: [URL] = []
            for phaseID in target["buildPhases"]?.arrayValue ?? [] {
                guard let phase = phaseID.stringValue.flatMap({ objects[$0]?.dictionaryValue }),
                    phase["isa"]?.stringValue == "PBXSourcesBuildPhase"
                else { continue }
                for buildFileID in phase["files"]?.arrayValue ?? [] {
                    guard let reference = buildFileID.stringValue.flatMap({ objects[$0]?["fileRef"]?.stringValue }),
                        let url = locate(reference), Self.isCode(url)
                    else { continue }
                    result.append(url)
                }
            }
            for groupID in target["fileSystemSynchronizedGroups"]?.arrayValue ?? [] {
                guard let folder = groupID.stringValue.flatMap({ locate($0) }) else { continue }
                result += Self.codeFiles(under: folder)
            }
            return result
        }

        /// The target's `PBXShellScriptBuildPhase`s with their scripts.
        private func scriptPhases(of target: PropertyListDictionary) -> [XcodeTarget.ScriptPhase] {
            (target["buildPhases"]?.arrayValue ?? []).compactMap { phaseID in
                guard let phase = phaseID.stringValue.flatMap({ objects[$0]?.dictionaryValue }),
                    phase["isa"]?.stringValue == "PBXShellScriptBuildPhase",
                    let entry = phase.entry(forKey: "shellScript"), let script = entry.value.stringValue
                else { return nil }
                return XcodeTarget.ScriptPhase(
                    name: phase["name"]?.stringValue ?? "Run Script", script: script,
                    location: entry.keyLocation ?? .startOfFile(file))
            }
        }

        /// Swift and Objective-C files below `folder`, sorted by path so the scan order
        /// is stable.
        private static func codeFiles(under folder: URL) -> [URL] {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
            return walker.compactMap { $0 as? URL }.filter(isCode).sorted { $0.path < $1.path }
        }

        /// A file a sources build phase compiles that the code checks read.
        private static func isCode(_ url: URL) -> Bool {
            ["swift", "m", "mm"].contains(url.pathExtension.lowercased())
        }

        /// Where a file reference or group is on disk; `nil` for source trees outside
        /// the project (`BUILT_PRODUCTS_DIR`, `SDKROOT`, custom ones).
        private func locate(_ id: String, depth: Int = 0) -> URL? {
            guard depth < 64, !isInGroupLoop(id), let object = objects[id]?.dictionaryValue else { return nil }
            let path = object["path"]?.stringValue
            switch object["sourceTree"]?.stringValue ?? "<group>" {
            case "<absolute>":
                return path.map { URL(fileURLWithPath: $0) }
            case "SOURCE_ROOT":
                return path.map { projectDirectory.appendingPathComponent($0) } ?? projectDirectory
            case "<group>":
                let base = parents[id].flatMap { locate($0, depth: depth + 1) } ?? projectDirectory
                return path.map { base.appendingPathComponent($0) } ?? base
            default:
                return nil
            }
        }

        /// Whether `id` is a group in a loop, or inside one at any depth.
        private func isInGroupLoop(_ id: String) -> Bool {
            inOrBelowGroupLoops.contains(id)
        }

        /// Finds the groups whose chain of parents (`children` read backwards)
        /// comes back to them, and reports each loop once, at the `children`
        /// of its first group. Xcode cannot open such a project. Before, each
        /// file in a loop was placed 64 folders deep (`A/B/A/B/…/x.xcconfig`)
        /// and reported missing there. Each group is walked once: a chain
        /// that reaches a group already settled stops there, and is below a
        /// loop when that group is.
        private mutating func findGroupLoops() {
            var settled = Set<String>()
            for start in parents.keys.sorted() where !settled.contains(start) {
                var chain: [String] = []
                var position: [String: Int] = [:]
                var current: String? = start
                var intoLoop = false
                while let id = current {
                    if settled.contains(id) {
                        intoLoop = inOrBelowGroupLoops.contains(id)
                        break
                    }
                    if let index = position[id] {
                        reportGroupLoop(Array(chain[index...]))
                        intoLoop = true
                        break
                    }
                    position[id] = chain.count
                    chain.append(id)
                    current = parents[id]
                }
                if intoLoop { inOrBelowGroupLoops.formUnion(chain) }
                settled.formUnion(chain)
            }
        }

        private mutating func reportGroupLoop(_ loop: [String]) {
            func name(_ id: String) -> String {
                let object = objects[id]?.dictionaryValue
                return "\"" + (object?["name"]?.stringValue ?? object?["path"]?.stringValue ?? id) + "\""
            }
            let first = objects[loop[0]]?.dictionaryValue
            findings.append(
                LintRules.malformedFile.finding(
                    at: first?.entry(forKey: "children")?.keyLocation ?? .startOfFile(file),
                    "groups are inside each other in a loop: \((loop + [loop[0]]).map(name).joined(separator: " is inside ")), "
                        + "so nothing in them has a place on disk",
                    fix: "the project file is damaged (Xcode cannot open it); restore it from version control"))
        }

        private func sourceTree(of id: String) -> String {
            objects[id]?["sourceTree"]?.stringValue ?? "<group>"
        }

        /// A setting's value as text: arrays (`LD_RUNPATH_SEARCH_PATHS = ( … )`) are
        /// joined with spaces, the way Xcode shows list settings.
        private static func text(of value: PropertyList) -> String {
            switch value {
            case .string(let text, _): text
            case .array(let items, _): items.map { text(of: $0) }.joined(separator: " ")
            default: ""
            }
        }

        private mutating func dangling(_ what: String, _ id: String, at location: SourceLocation?) {
            findings.append(
                LintRules.malformedFile.finding(
                    at: location ?? .startOfFile(file),
                    "the project refers to \(what) \(id), which is not among its objects",
                    fix: "the project file is damaged; restore it from version control or re-add the \(what) in Xcode"))
        }

        private func structureError(at location: SourceLocation?, _ problem: String) -> PlistError {
            PlistError(
                location: location ?? .startOfFile(file), problem: problem,
                fix: "this is not an Xcode project file, or it is damaged; restore it from version control")
        }
    }
}
