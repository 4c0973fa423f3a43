import DioramaModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Developer-local files a checkout lacks on purpose: a missing `.xcconfig` that a
/// `.gitignore` excludes (`Config/Local.xcconfig`, copied by each developer from a
/// template, per the project's README). It is not damage to restore, so lint reports it
/// as a note, with the `.gitignore` line that excludes it and the template beside it.
///
/// The `.gitignore` files read are those in the missing file's folder and each folder
/// above it up to the linted folder (or the checkout's root, the first folder holding
/// `.git`). Their patterns are matched as git does for a file: blank lines and `#` lines
/// are skipped, `!` negates, the last match wins; a pattern with a `/` (other than a
/// trailing one) is anchored at its `.gitignore`'s folder, one without matches the name
/// at any depth; a trailing `/` matches a folder the file lies in; `*` does not cross `/`,
/// `**/` does.
enum IgnoredLocalFiles {
    /// Why a missing file is a developer's own: the `.gitignore` line that excludes it.
    struct Ignored: Equatable {
        var rule: SourceLocation
        var pattern: String
        /// A file beside it to copy from (`Local.xcconfig.template`, `Local.sample.xcconfig`).
        var template: URL?

        func finding(for display: String, workspace: LintWorkspace, at location: SourceLocation) -> LintFinding {
            let copy = template.map { "copy \(workspace.displayPath(of: $0)) to \(display) (and fill it in), as the project's README describes" }
            return LintRules.localConfigurationMissing.finding(
                at: location,
                "\(display) does not exist, and \(rule) (\(pattern.trimmingCharacters(in: .whitespaces))) keeps it out of version control: it is a developer's own file, so the settings it would add are unknown and not checked",
                fix: (copy ?? "create \(display) as the project's README describes") + ", then lint again to check its settings")
        }
    }

    /// How many folders up lint looks for `.gitignore` files when the linted folder is
    /// not an ancestor (a file outside it).
    static let maximumDepth = 32

    static func ignored(_ file: URL, workspace: LintWorkspace) -> Ignored? {
        let file = file.standardizedFileURL
        var folder = file.deletingLastPathComponent()
        var verdict: Ignored?
        var folders: [URL] = []
        while folders.count < maximumDepth {
            folders.append(folder)
            if folder.path == workspace.root.standardizedFileURL.path
                || FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
                || folder.path == "/"
            {
                break
            }
            folder.deleteLastPathComponent()
        }
        // Outer files first: a deeper .gitignore overrides them, as in git.
        for folder in folders.reversed() {
            let ignoreFile = folder.appendingPathComponent(".gitignore")
            guard let data = try? RegularFileReader.read(ignoreFile.path, as: .gitignore) else { continue }
            let relative = String(file.path.dropFirst(folder.path == "/" ? 1 : folder.path.count + 1))
            let display = workspace.displayPath(of: ignoreFile)
            for (offset, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                var pattern = rawLine.trimmingCharacters(in: .whitespaces)
                if pattern.isEmpty || pattern.hasPrefix("#") { continue }
                let negated = pattern.hasPrefix("!")
                if negated { pattern.removeFirst() }
                guard matches(pattern, relative) else { continue }
                verdict =
                    negated
                    ? nil
                    : Ignored(
                        rule: SourceLocation(file: display, line: offset + 1, column: 1), pattern: String(rawLine),
                        template: template(for: file))
            }
        }
        return verdict
    }

    /// Whether a `.gitignore` pattern matches `relative` (a path below the file's folder).
    static func matches(_ written: String, _ relative: String) -> Bool {
        var pattern = written
        let folderOnly = pattern.hasSuffix("/")
        if folderOnly { pattern.removeLast() }
        let anchored = pattern.dropLast().contains("/")
        if pattern.hasPrefix("/") { pattern.removeFirst() }
        if pattern.hasPrefix("**/") {
            pattern.removeFirst(3)
            return matches(pattern + (folderOnly ? "/" : ""), relative)
                || relative.split(separator: "/").indices.dropFirst().contains {
                    matches(pattern + (folderOnly ? "/" : ""), relative.split(separator: "/")[$0...].joined(separator: "/"))
                }
        }
        let components = relative.split(separator: "/").map(String.init)
        // A candidate is the whole path, or (for a folder pattern) a folder it lies in.
        var candidates: [String] = []
        for end in 1...components.count where !folderOnly || end < components.count {
            if anchored {
                candidates.append(components[..<end].joined(separator: "/"))
            } else {
                candidates.append(components[end - 1])
            }
        }
        return candidates.contains { fnmatch(pattern, $0, FNM_PATHNAME) == 0 }
    }

    /// A template beside `file` to copy: the name with `.template`, `.example`,
    /// `.sample` or `.dist` added, or put before the extension.
    static func template(for file: URL) -> URL? {
        let folder = file.deletingLastPathComponent()
        let name = file.lastPathComponent
        let stem = file.deletingPathExtension().lastPathComponent
        let ext = file.pathExtension
        for marker in ["template", "example", "sample", "dist", "Template", "Example", "Sample"] {
            for candidate in ["\(name).\(marker)", "\(stem).\(marker).\(ext)", "\(stem)-\(marker).\(ext)", "\(stem)\(marker).\(ext)"] {
                let url = folder.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        return nil
    }
}
