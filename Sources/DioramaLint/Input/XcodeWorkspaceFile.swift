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
/// - `self:` the project the workspace is embedded in (`App.xcodeproj/project.xcworkspace`).
///
/// Only `.xcodeproj` references matter to lint; other files (a `Podfile`, a README)
/// are passed over. The reading is a small tag scanner, because the format uses no
/// more of XML than elements with quoted attributes.
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
            let data = try RegularFileReader.read(contents.path)
            guard let decoded = String(data: data, encoding: .utf8) else {
                findings.append(LintRules.malformedFile.finding(at: .startOfFile(file), "\(file) is not UTF-8 text",
                                                                fix: "save the file as UTF-8"))
                return
            }
            text = decoded
        } catch {
            findings.append(LintRules.missingFile.finding(
                at: .startOfFile(file),
                error.isMissing ? "\(file) does not exist, so the workspace lists no projects"
                                : "cannot read \(file): it \(error)",
                fix: "restore the workspace from version control, or lint the .xcodeproj folders instead"))
            return
        }
        scan(text, file: file, bundle: bundle)
    }

    // MARK: Scanning

    private static let tag = try! NSRegularExpression(pattern: #"<(/?)([A-Za-z]+)((?:[^>"]|"[^"]*")*?)(/?)>"#)
    private static let attribute = try! NSRegularExpression(pattern: #"([A-Za-z]+)\s*=\s*"([^"]*)""#)

    /// Walks the tags in order, keeping the folder of each open `<Group>`.
    private mutating func scan(_ text: String, file: String, bundle: URL) {
        let container = bundle.deletingLastPathComponent()
        var groups: [URL] = [container]
        var sawWorkspace = false
        let whole = NSRange(text.startIndex..., in: text)
        for match in Self.tag.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text),
                  let nameRange = Range(match.range(at: 2), in: text),
                  let attributesRange = Range(match.range(at: 3), in: text) else { continue }
            let closing = match.range(at: 1).length > 0
            let selfClosing = match.range(at: 4).length > 0
            let name = String(text[nameRange])
            let attributes = Self.attributes(String(text[attributesRange]))
            let location = Self.location(of: range.lowerBound, in: text, file: file)
            switch (name, closing) {
            case ("Workspace", false):
                sawWorkspace = true
            case ("Group", true):
                if groups.count > 1 { groups.removeLast() }
            case ("Group", false):
                let folder = attributes["location"].flatMap {
                    Self.resolve($0, group: groups.last ?? container, container: container, workspace: bundle)
                } ?? groups.last ?? container
                if !selfClosing { groups.append(folder) }
            case ("FileRef", false):
                guard let written = attributes["location"] else { continue }
                guard let url = Self.resolve(written, group: groups.last ?? container, container: container, workspace: bundle) else {
                    findings.append(LintRules.malformedFile.finding(
                        at: location, "unknown FileRef location \"\(written)\"",
                        fix: "use group:, container:, absolute: or self: followed by a path"))
                    continue
                }
                if url.pathExtension == "xcodeproj" {
                    projects.append(ProjectReference(bundle: URL(fileURLWithPath: url.standardizedFileURL.path), location: location))
                }
            default:
                break
            }
        }
        if !sawWorkspace {
            findings.append(LintRules.malformedFile.finding(
                at: .startOfFile(file), "\(file) has no <Workspace> element",
                fix: "restore the workspace from version control, or lint the .xcodeproj folders instead"))
        }
    }

    /// The file a `kind:path` location names; `nil` for a kind Xcode does not define.
    /// `developer:` (inside Xcode) resolves to a path that never exists here.
    private static func resolve(_ location: String, group: URL, container: URL, workspace: URL) -> URL? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return path.isEmpty ? group : group.appendingPathComponent(path)
        case "container": return path.isEmpty ? container : container.appendingPathComponent(path)
        case "absolute": return URL(fileURLWithPath: path)
        case "self": return path.isEmpty ? container : container.appendingPathComponent(path)
        case "developer": return URL(fileURLWithPath: "/nonexistent-developer-dir").appendingPathComponent(path)
        default: return nil
        }
    }

    private static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for match in attribute.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else { continue }
            result[String(text[name])] = unescaped(String(text[value]))
        }
        return result
    }

    private static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func location(of index: String.Index, in text: String, file: String) -> SourceLocation {
        let before = text[..<index]
        let line = before.count { $0 == "\n" } + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return SourceLocation(file: file, line: line, column: text[lineStart..<index].unicodeScalars.count + 1)
    }
}
