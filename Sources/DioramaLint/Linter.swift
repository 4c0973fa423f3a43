import DioramaManifest
import DioramaModel
import Foundation

/// `diorama lint`'s engine: checks an Info.plist, an Xcode project, or every project in
/// a folder for what stands between its apps and resizable, multi-display scenes.
///
///     let report = try Linter().lint(URL(fileURLWithPath: "MyApp"))
///     print(TextReportFormatter(colors: false).format(report))
///     exit(report.outcome == .ready ? 0 : 1)
///
/// What it accepts:
/// - an Info.plist (XML or binary): checked on its own, build variables left as written;
/// - an `.xcodeproj` (or its `project.pbxproj`): each iOS app target, per build
///   configuration, with its Info.plist file and the keys Xcode generates from build
///   settings (`.xcconfig` files included);
/// - an `.xcworkspace`: every project its `contents.xcworkspacedata` lists;
/// - a folder: every `.xcodeproj` inside it, or, when it has none, every Info.plist.
package struct Linter: Sendable {
    /// Whether info findings count against readiness.
    package var strict: Bool
    /// Projects and Info.plists inside the linted folder to leave out (`--exclude`).
    package var exclusion: PathExclusion

    package init(strict: Bool = false, exclusion: PathExclusion = PathExclusion()) {
        self.strict = strict
        self.exclusion = exclusion
    }

    /// - Throws: ``LintInputError`` when the path does not exist or holds nothing to
    ///   check. Malformed files do not throw: they are findings in the report.
    package func lint(_ url: URL) throws(LintInputError) -> LintReport {
        let url = url.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(url.path)
        }
        if isDirectory.boolValue && url.pathExtension == "xcworkspace" {
            return lintWorkspace(url)
        }
        if isDirectory.boolValue && url.pathExtension == "xcodeproj" {
            return lintProjects([url], workspace: LintWorkspace(root: url.deletingLastPathComponent()))
        }
        if !isDirectory.boolValue && url.lastPathComponent == "project.pbxproj"
            && url.deletingLastPathComponent().pathExtension == "xcodeproj"
        {
            let bundle = url.deletingLastPathComponent()
            return lintProjects([bundle], workspace: LintWorkspace(root: bundle.deletingLastPathComponent()))
        }
        if !isDirectory.boolValue {
            let workspace = LintWorkspace(root: url.deletingLastPathComponent())
            return LintReport(targets: [lintInfoPlist(url, workspace: workspace)], strict: strict)
        }
        let workspace = LintWorkspace(root: url)
        let found = ProjectDiscovery.search(url, excluding: exclusion)
        let links = found.linkedFolders.map(workspace.displayPath(of:))
        var report: LintReport
        if !found.projects.isEmpty {
            report = lintProjects(found.projects, workspace: workspace)
        } else {
            guard !found.infoPlists.isEmpty else { throw .nothingToLint(url.path, linksNotFollowed: links) }
            report = LintReport(targets: found.infoPlists.map { lintInfoPlist($0, workspace: workspace) }, strict: strict)
        }
        report.linksNotFollowed = links
        return report
    }

    // MARK: A lone Info.plist

    private func lintInfoPlist(_ url: URL, workspace: LintWorkspace) -> TargetReport {
        let display = workspace.displayPath(of: url)
        var files = InfoPlistFiles(workspace: workspace)
        let findings: [LintFinding]
        var iPhoneOnly: String?
        switch files.load(url) {
        case .success(let root):
            let anchor = root.location ?? .startOfFile(display)
            let composition = InfoPlistComposition(file: root, generated: [], anchor: anchor)
            let checker = ReadinessChecker(anchor: anchor)
            findings = checker.check(composition)
            iPhoneOnly = root.dictionaryValue.flatMap(checker.iPhoneOnlyReason)
        case .failure(let problem):
            findings = [problem.finding(referencedAt: nil)]
        }
        return TargetReport(
            kind: .infoPlist, name: display, infoPlists: [display], iPhoneOnly: iPhoneOnly,
            findings: findings.sorted(by: LintFinding.readingOrder))
    }

    // MARK: Workspaces

    /// The projects an `.xcworkspace` lists, relative to the folder holding it; a listed
    /// project that does not exist is a `missing-file` at its `<FileRef>`.
    private func lintWorkspace(_ bundle: URL) -> LintReport {
        // A workspace embedded in a project (App.xcodeproj/project.xcworkspace) is
        // shown relative to the folder holding the project.
        var root = bundle.deletingLastPathComponent()
        if root.pathExtension == "xcodeproj" { root.deleteLastPathComponent() }
        let workspace = LintWorkspace(root: root)
        let file = XcodeWorkspaceFile(workspace: bundle, displayedBy: workspace)
        let name = workspace.displayPath(of: bundle)
        var problems = file.findings
        var bundles: [URL] = []
        for reference in file.projects where !bundles.contains(reference.bundle) {
            let display = workspace.displayPath(of: reference.bundle)
            if exclusion.excludes(display) { continue }
            let pbxproj = reference.bundle.appendingPathComponent("project.pbxproj").path
            guard FileManager.default.fileExists(atPath: pbxproj) else {
                problems.append(
                    LintRules.missingFile.finding(
                        at: reference.location, "the workspace lists \(display), which does not exist"))
                continue
            }
            bundles.append(reference.bundle)
        }
        let preamble =
            problems.isEmpty
            ? []
            : [
                TargetReport(
                    kind: .project, name: name, project: name,
                    findings: problems.sorted(by: LintFinding.readingOrder))
            ]
        return lintProjects(bundles, workspace: workspace, preamble: preamble)
    }

    // MARK: Projects

    private func lintProjects(_ bundles: [URL], workspace: LintWorkspace, preamble: [TargetReport] = []) -> LintReport {
        var files = InfoPlistFiles(workspace: workspace)
        var targets: [TargetReport] = preamble
        var skipped: [SkippedTarget] = []
        for bundle in bundles {
            let project: XcodeProject
            do throws(PlistError) {
                project = try XcodeProject.load(bundle: bundle, workspace: workspace)
            } catch {
                targets.append(
                    TargetReport(
                        kind: .project, name: workspace.displayPath(of: bundle),
                        project: workspace.displayPath(of: bundle),
                        findings: [LintRules.malformedFile.finding(at: error.location, error.problem, fix: error.fix)]))
                continue
            }
            let projectPath = workspace.displayPath(of: bundle)
            if !project.findings.isEmpty {
                targets.append(
                    TargetReport(
                        kind: .project, name: projectPath, project: projectPath,
                        findings: project.findings.sorted(by: LintFinding.readingOrder)))
            }
            for target in project.targets where target.isApplication {
                var targetLinter = AppTargetLinter(project: project, target: target, workspace: workspace)
                switch targetLinter.lint(files: &files) {
                case .checked(let report): targets.append(report)
                case .skipped(let reason): skipped.append(SkippedTarget(name: target.name, project: projectPath, reason: reason))
                }
            }
        }
        return LintReport(targets: targets, skipped: skipped, strict: strict)
    }
}

/// Info.plist files read during one run, each parsed once however many configurations
/// and targets use it.
struct InfoPlistFiles {
    /// Why a file could not be used.
    enum Problem: Error {
        case missing(display: String)
        case malformed(PlistError)

        func finding(referencedAt reference: BuildSettingAssignment?) -> LintFinding {
            switch self {
            case .missing(let display):
                let location = reference?.location ?? .startOfFile(display)
                let named = reference.map { "\($0.writtenName) names \(display)" } ?? display
                return LintRules.missingFile.finding(at: location, "\(named), which does not exist")
            case .malformed(let error):
                return LintRules.malformedFile.finding(at: error.location, error.problem, fix: error.fix)
            }
        }
    }

    let workspace: LintWorkspace
    private var cache: [URL: Result<PropertyList, Problem>] = [:]

    init(workspace: LintWorkspace) {
        self.workspace = workspace
    }

    mutating func load(_ url: URL) -> Result<PropertyList, Problem> {
        let url = url.standardizedFileURL
        if let cached = cache[url] { return cached }
        let display = workspace.displayPath(of: url)
        let result: Result<PropertyList, Problem>
        do throws(FileReadFailure) {
            let data = try RegularFileReader.read(url.path, as: .propertyList)
            do throws(PlistError) {
                result = .success(try PropertyList.parse(data, file: display))
            } catch {
                result = .failure(.malformed(error))
            }
        } catch  where error.isMissing {
            result = .failure(.missing(display: display))
        } catch {
            result = .failure(
                .malformed(
                    PlistError(
                        location: .startOfFile(display), problem: "cannot read the file: \(error)",
                        fix: error.oversizeFix
                            ?? (error.kind == nil
                                ? "check the file's permissions"
                                : "point INFOPLIST_FILE at the Info.plist file itself"))))
        }
        cache[url] = result
        return result
    }
}
