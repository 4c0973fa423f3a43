import Foundation

/// The checkout's root (where `Configs/` is), from this file's path.
enum PackageRoot {
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// A fresh temporary folder for one test.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
