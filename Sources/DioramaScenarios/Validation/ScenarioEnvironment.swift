import DioramaModel
import Foundation

/// Where validation looks things up: display layout files and the Diorama apps a
/// `launch` may name.
package struct ScenarioEnvironment: Hashable, Sendable {
    /// Directories searched, in order, for `displays: NAME` (as `NAME.json`).
    package var layoutDirectories: [String]
    /// The Diorama apps `launch NAME` accepts; `nil` accepts any name.
    package var knownApps: [String]?

    package init(layoutDirectories: [String], knownApps: [String]?) {
        self.layoutDirectories = layoutDirectories
        self.knownApps = knownApps
    }

    /// The sample apps Diorama ships (`Configs/apps/*`).
    package static let sampleApps = ["TimerApp", "GameScene"]

    /// The environment of a file in `Configs/scenarios/`: layouts from the sibling
    /// `displays/` folder (then `Configs/displays` under the current directory, then
    /// the shipped `Configs/displays` nearest the running `diorama`, so a scenario in
    /// an outside package finds `studio` too), apps from the sibling `apps/`
    /// folder's subfolders (or the sample apps).
    package static func forScenarioFile(
        _ path: String, shippedLayouts: String? = ConfigFileLocator.locate("Configs/displays")?.path
    ) -> ScenarioEnvironment {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let configs = directory.deletingLastPathComponent()
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var layouts = [
            configs.appendingPathComponent("displays").path,
            directory.appendingPathComponent("displays").path,
            current.appendingPathComponent("Configs/displays").path,
        ]
        if let shippedLayouts { layouts.append(shippedLayouts) }
        var seen = Set<String>()
        layouts = layouts.filter { seen.insert($0).inserted }
        let appsDirectory = configs.appendingPathComponent("apps").path
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: appsDirectory))?
            .filter { FileManager.default.fileExists(atPath: "\(appsDirectory)/\($0)/Info.plist") }
            .sorted()
        return ScenarioEnvironment(layoutDirectories: layouts, knownApps: (apps?.isEmpty ?? true) ? sampleApps : apps)
    }

    /// The file `displays: reference` names: a path (anything with `/` or ending in
    /// `.json`, relative to the scenario's folder) or a name searched in
    /// ``layoutDirectories``. `nil` when no file exists; `searched` lists the paths tried.
    package func layoutFile(for reference: String, scenarioFile: String) -> (path: String?, searched: [String]) {
        if reference.contains("/") || reference.hasSuffix(".json") {
            // `standardizedFileURL`, not `standardized`: the scenario file may be
            // named relative to the current directory, and a relative URL's
            // `standardized` drops leading `..` (`sc/../x.json` became `/x.json`).
            let base = URL(fileURLWithPath: scenarioFile).deletingLastPathComponent()
            let path = reference.hasPrefix("/") ? reference : base.appendingPathComponent(reference).standardizedFileURL.path
            return (FileManager.default.fileExists(atPath: path) ? path : nil, [path])
        }
        let candidates = layoutDirectories.map { "\($0)/\(reference).json" }
        return (candidates.first { FileManager.default.fileExists(atPath: $0) }, candidates)
    }

    /// The layout names available in ``layoutDirectories``, for hints.
    package func availableLayouts() -> [String] {
        var names: [String] = []
        for directory in layoutDirectories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
