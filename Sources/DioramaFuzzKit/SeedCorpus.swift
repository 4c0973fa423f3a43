import Foundation

/// The repository's own files, read at the start of a run as seed inputs: the
/// shipped configs, the test fixtures and the examples in the docs. Nothing is
/// copied into the repository for the fuzzers.
package struct SeedCorpus: Sendable {
    /// The checkout (the folder with `Package.swift` and `Configs/`).
    package let root: URL

    package init(root: URL) { self.root = root }

    /// The checkout at or above `start` (the executable's folder, then the current
    /// directory); nil when none is found.
    package static func locateCheckout(from starts: [URL]) -> SeedCorpus? {
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let marker = directory.appendingPathComponent("Configs/scenarios").path
                if FileManager.default.fileExists(atPath: marker),
                    FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
                {
                    return SeedCorpus(root: directory)
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }

    /// Every file under `folders` (relative to the checkout) whose name ends in
    /// one of `suffixes`, sorted by path so the seed order (and so every
    /// iteration's input) is the same on every machine.
    package func files(under folders: [String], endingIn suffixes: [String]) -> [URL] {
        var found: [URL] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
                continue
            }
            for case let url as URL in walker where suffixes.contains(where: { url.lastPathComponent.hasSuffix($0) }) {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The contents of those files.
    package func contents(under folders: [String], endingIn suffixes: [String]) -> [[UInt8]] {
        files(under: folders, endingIn: suffixes).compactMap { FileManager.default.contents(atPath: $0.path).map(Array.init) }
    }
}
