import Foundation

/// Looking a referenced file up the way Xcode on macOS does: the default file system
/// there (APFS, case-insensitive) finds `Version.public.xcconfig` when the file is
/// `Version.Public.xcconfig`, so projects that name a file with the wrong letter case
/// build on a Mac. On Linux the exact name is tried first; only when it is missing is
/// each path component matched case-insensitively, and the report says so.
enum CaseInsensitiveLookup {
    /// The existing file whose path equals `url`'s ignoring letter case, or `nil` when
    /// there is none (or more than one candidate at some level).
    static func existingFile(matching url: URL) -> URL? {
        let url = url.standardizedFileURL
        var resolved = URL(fileURLWithPath: "/")
        for component in url.pathComponents.dropFirst() {
            let exact = resolved.appendingPathComponent(component)
            if FileManager.default.fileExists(atPath: exact.path) {
                resolved = exact
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: resolved.path) else { return nil }
            let lowered = component.lowercased()
            let matches = names.filter { $0.lowercased() == lowered }
            guard matches.count == 1 else { return nil }
            resolved.appendPathComponent(matches[0])
        }
        return resolved == url ? nil : resolved
    }
}
