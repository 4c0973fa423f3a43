import DioramaModel
import Foundation

extension DisplayLayout {
    /// The folder of the shipped layouts, relative to the package root.
    public static let shippedFolder = "Configs/displays"

    /// The layout file `nameOrPath` means: a path when it contains a `/` or
    /// ends in `.json`, else a shipped layout's name (`dual` →
    /// `Configs/displays/dual.json`, found by ``ConfigFileLocator``).
    ///
    /// - Throws: ``DisplayLayoutError`` saying where it looked and which
    ///   names exist, when there is no such layout.
    package static func locate(
        _ nameOrPath: String,
        startingAt startingPoints: [URL] = ConfigFileLocator.defaultStartingPoints
    ) throws(DisplayLayoutError) -> String {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") { return nameOrPath }
        let relative = "\(shippedFolder)/\(nameOrPath).json"
        if let found = ConfigFileLocator.locate(relative, startingAt: startingPoints) { return found.path }
        var known = ""
        if let folder = ConfigFileLocator.locate(shippedFolder, startingAt: startingPoints),
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        {
            let names = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
            known = "; the shipped layouts are \(names.joined(separator: ", "))"
        }
        throw DisplayLayoutError(
            problem:
                "no layout named \"\(nameOrPath)\": \(relative) is not in any folder above \(startingPoints.map(\.path).joined(separator: " or "))\(known); pass a path to a layout file instead"
        )
    }

    /// Loads a layout by name or path (see ``locate(_:startingAt:)``).
    package static func load(
        named nameOrPath: String,
        startingAt startingPoints: [URL] = ConfigFileLocator.defaultStartingPoints
    ) throws(DisplayLayoutError) -> DisplayLayout {
        try load(contentsOf: locate(nameOrPath, startingAt: startingPoints))
    }
}
