import DioramaModel
import Foundation

/// The projects an `.xcworkspace` lists, read from its `contents.xcworkspacedata`.
///
/// The file is XML: a `<Workspace>` of `<FileRef location="…"/>` entries, possibly
/// inside `<Group location="…">` folders. A location is `kind:path`:
/// - `group:` relative to the enclosing group's folder (the workspace's folder at the
///   top level),
/// - `container:` relative to the folder holding the `.xcworkspace`,
/// - `absolute:` an absolute path,
/// - `self:` the project the workspace is embedded in (`App.xcodeproj/project.xcworkspace`),
/// - `developer:` inside Xcode (passed over).
///
/// Only `.xcodeproj` references matter to lint; other files (a `Podfile`, a README)
/// are passed over. The reading is a small one-pass tag scanner, because the format
/// uses no more of XML than elements with quoted attributes.
struct XcodeWorkspaceFile {
    struct ProjectReference {
        var bundle: URL
        /// The `<FileRef>` in `contents.xcworkspacedata`, for a project that is missing.
        var location: SourceLocation
    }

    private(set) var projects: [ProjectReference] = []
    private(set) var findings: [LintFinding] = []

    init(workspace bundle: URL, displayedBy display: LintWorkspace) {
        let contents = bundle.appendingPathComponent("contents.xcworkspacedata")
        let file = display.displayPath(of: contents)
        let text: String
        do throws(FileReadFailure) {
            let data = try RegularFileReader.read(contents.path, as: .xcodeWorkspace)
            guard let decoded = String(data: data, encoding: .utf8) else {
                findings.append(
                    LintRules.malformedFile.finding(
                        at: .startOfFile(file), "\(file) is not UTF-8 text",
                        fix: "save the file as UTF-8"))
                return
            }
            text = decoded
        } catch {
            findings.append(
                LintRules.missingFile.finding(
                    at: .startOfFile(file),
                    error.isMissing
                        ? "\(file) does not exist, so the workspace lists no projects"
                        : "cannot read \(file): \(error)",
                    fix: error.oversizeFix ?? "restore the workspace from version control, or lint the .xcodeproj folders instead"))
            return
        }
        scan(text, file: file, bundle: bundle)
    }

    // MARK: Scanning

    /// One `<…>` element tag: its name, attributes, and whether it is `</…>` or `<…/>`.
    private struct Tag {
        var name: String
        var attributes: [String: String]
        var closing: Bool
        var selfClosing: Bool
        var location: SourceLocation
    }

    /// The deepest `<Group>` nesting read, as deep as the plist readers go.
    static let maximumGroupDepth = 256

    /// Walks the tags in order, keeping the folder of each open `<Group>`.
    private mutating func scan(_ text: String, file: String, bundle: URL) {
        let container = bundle.deletingLastPathComponent()
        var groups: [URL] = [container]
        var sawWorkspace = false
        for tag in Tags(in: text, file: file) {
            switch (tag.name, tag.closing) {
            case ("Workspace", false):
                sawWorkspace = true
            case ("Group", true):
                if groups.count > 1 { groups.removeLast() }
            case ("Group", false):
                // Each level's folder is a longer path: a few MB of nested
                // groups cost gigabytes and minutes. Xcode's own nest a few deep.
                guard groups.count <= Self.maximumGroupDepth else {
                    findings.append(
                        LintRules.malformedFile.finding(
                            at: tag.location, "groups are nested more than \(Self.maximumGroupDepth) levels deep; the rest of \(file) is not read",
                            fix: "restore the workspace from version control, or lint the .xcodeproj folders instead"))
                    return
                }
                let folder =
                    tag.attributes["location"].flatMap {
                        Self.resolve($0, group: groups.last ?? container, container: container)
                    } ?? groups.last ?? container
                if !tag.selfClosing { groups.append(folder) }
            case ("FileRef", false):
                // developer: names a file inside Xcode, which is never an app project.
                guard let written = tag.attributes["location"], !written.hasPrefix("developer:") else { continue }
                guard let url = Self.resolve(written, group: groups.last ?? container, container: container) else {
                    findings.append(
                        LintRules.malformedFile.finding(
                            at: tag.location, "unknown FileRef location \"\(written)\"",
                            fix: "use group:, container:, absolute: or self: followed by a path"))
                    continue
                }
                if url.pathExtension == "xcodeproj" {
                    projects.append(ProjectReference(bundle: URL(fileURLWithPath: url.standardizedFileURL.path), location: tag.location))
                }
            default:
                break
            }
        }
        if !sawWorkspace {
            findings.append(
                LintRules.malformedFile.finding(
                    at: .startOfFile(file), "\(file) has no <Workspace> element",
                    fix: "restore the workspace from version control, or lint the .xcodeproj folders instead"))
        }
    }

    /// The element tags of `text`, in one pass, each read when the scan asks
    /// for it: a scan that stops (groups nested too deep) reads no further.
    /// `<?…?>` and `<!…>` are passed over, a `>` inside a quoted attribute
    /// value does not end a tag, and an unterminated tag ends the scan (a
    /// linear walk, so a hostile file cannot make it quadratic).
    private struct Tags: Sequence, IteratorProtocol {
        private let scalars: [Unicode.Scalar]
        private let file: String
        private var index = 0
        private var line = 1
        private var lineStart = 0

        init(in text: String, file: String) {
            scalars = Array(text.unicodeScalars)
            self.file = file
        }

        mutating func next() -> Tag? {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                guard scalar == "<" else {
                    index += 1
                    continue
                }
                let location = SourceLocation(file: file, line: line, column: index - lineStart + 1)
                var end = index + 1
                var quoted = false
                while end < scalars.count && (quoted || scalars[end] != ">") {
                    if scalars[end] == "\"" { quoted.toggle() }
                    if scalars[end] == "\n" {
                        line += 1
                        lineStart = end + 1
                    }
                    end += 1
                }
                guard end < scalars.count else {
                    index = scalars.count
                    return nil
                }
                var body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                index = end + 1
                guard let first = body.unicodeScalars.first, first != "?", first != "!" else { continue }
                let closing = first == "/"
                if closing { body.removeFirst() }
                let selfClosing = body.hasSuffix("/")
                if selfClosing { body.removeLast() }
                let name = String(body.prefix { $0.isLetter })
                return Tag(
                    name: name, attributes: XcodeWorkspaceFile.attributes(String(body.dropFirst(name.count))),
                    closing: closing, selfClosing: selfClosing, location: location)
            }
            return nil
        }
    }

    /// `name = "value"` pairs, with XML's five character entities decoded.
    private static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            let afterEquals = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard afterEquals.first == "\"" else { break }
            let valueStart = afterEquals.index(after: afterEquals.startIndex)
            guard let valueEnd = afterEquals[valueStart...].firstIndex(of: "\"") else { break }
            result[name] = unescaped(String(afterEquals[valueStart..<valueEnd]))
            rest = afterEquals[afterEquals.index(after: valueEnd)...]
        }
        return result
    }

    /// The file a `kind:path` location names; `nil` for a kind Xcode does not define.
    private static func resolve(_ location: String, group: URL, container: URL) -> URL? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return path.isEmpty ? group : group.appendingPathComponent(path)
        case "container": return path.isEmpty ? container : container.appendingPathComponent(path)
        case "absolute": return URL(fileURLWithPath: path)
        case "self": return path.isEmpty ? container : container.appendingPathComponent(path)
        default: return nil
        }
    }

    private static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
