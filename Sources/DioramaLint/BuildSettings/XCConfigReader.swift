import DioramaModel
import Foundation

/// Reads `.xcconfig` build configuration files into build setting assignments.
///
/// The format, line by line:
///
///     // comment (anywhere on a line: xcconfig has no quoting, so `//` always starts one)
///     #include "Shared.xcconfig"      relative to the including file, else to the source root; must exist
///     #include? "Local.xcconfig"     optional: skipped silently when missing
///     NAME = value                    `$(inherited)` and `$(OTHER)` are kept for layering
///     NAME[sdk=iphoneos*] = value     conditional (see ``BuildSettingCondition``)
///
/// An include named without an extension (`#include "Shared"`) means `Shared.xcconfig`,
/// and a relative include is looked for next to the including file first, then in the
/// project's source root, the way swift-build's `MacroConfigFileLoader` finds it.
/// A missing file that a dependency manager generates (``GeneratedConfigurationFiles``)
/// is a note naming the command that creates it, not a `missing-file` error.
///
/// A trailing `;` is dropped, as Xcode does. `#include <…>` (files inside Xcode) cannot
/// be read on Linux and is skipped. Problems do not stop the reading: each bad line, a
/// missing include, an include cycle, an include nested deeper than
/// ``maximumIncludeDepth`` or a graph that expands past ``maximumExpandedAssignments``
/// becomes a finding, and the other lines still count, so one run shows every problem.
///
/// Each file is read and parsed once, however often it is included (by its canonical
/// path): its expansion (its lines with its includes in place) is kept and reused, so
/// a diamond of includes costs what its files cost, not one read per path through it.
/// An expansion keeps only the assignments that can still matter: a setting assigned
/// again later with the same conditions and without building on the earlier value
/// (`$(inherited)`, `$(NAME)`) replaces it, in Xcode's layering as here.
struct XCConfigReader {
    /// Files open at once through `#include` (the first file is depth 1). Real
    /// projects nest two or three; the bound keeps a hostile chain of thousands
    /// from exhausting the stack.
    static let maximumIncludeDepth = 64
    /// Assignments one file's expansion may hold (10,000), counted before the
    /// replaced ones are dropped: far more than any real configuration (hundreds), and
    /// what keeps a graph that repeats `X = $(inherited) x` through many paths from
    /// growing without bound. Each assignment that builds on the one below costs
    /// ``BuildSettings`` a pass over the value so far, so this also bounds that work.
    static let maximumExpandedAssignments = 10_000

    let workspace: LintWorkspace
    /// The project's folder (`SRCROOT`): where an include not found next to the
    /// including file is looked for next.
    let sourceRoot: URL?
    private(set) var assignments: [BuildSettingAssignment] = []
    private(set) var findings: [LintFinding] = []
    private var including: [URL] = []
    /// Each file's expansion, by canonical path, once it has been read whole.
    private var expansions: [String: [BuildSettingAssignment]] = [:]
    /// How many files were read and parsed: each once, however often included.
    private(set) var parsedFileCount = 0
    /// Each path's canonical form (``canonicalPath(of:)``), once resolved.
    private var canonicalPaths: [String: String] = [:]
    /// Each path's standardized URL and display path, and each `#include`'s
    /// file by including folder and written name, worked out once: an include
    /// diamond names the same files from the same folders again and again, and
    /// Foundation's path handling cost more than reading the files.
    private var standardizedURLs: [String: URL] = [:]
    private var displayPaths: [String: String] = [:]
    private var includeTargets: [String: URL] = [:]
    /// What stands in for each missing file, by canonical path, once looked up.
    private var absences: [String: Absence] = [:]
    /// How many missing files were looked up: each once, however often included.
    private(set) var absenceLookups = 0
    /// Set when ``maximumExpandedAssignments`` was passed: nothing more is read.
    private var expansionExceeded = false

    init(workspace: LintWorkspace, sourceRoot: URL? = nil) {
        self.workspace = workspace
        self.sourceRoot = sourceRoot
    }

    /// Reads `url` and, recursively, what it includes, appending in file order.
    /// `reference` is where the file is named (a pbxproj entry), for a missing file.
    mutating func read(_ url: URL, referencedAt reference: SourceLocation?, optional: Bool = false) {
        let url = standardized(url)
        guard !expansionExceeded else { return }
        let canonicalPath = canonicalPath(of: url)
        if let expansion = expansions[canonicalPath] {
            append(expansion, at: reference ?? .startOfFile(displayPath(of: url)))
            return
        }
        let display = displayPath(of: url)
        if including.contains(url) {
            let chain = (including + [url]).map { displayPath(of: $0) }.joined(separator: " → ")
            findings.append(
                LintRules.malformedFile.finding(
                    at: reference ?? .startOfFile(display),
                    "#include cycle: \(chain)",
                    fix: "remove one of the #include lines so that no file includes itself"))
            return
        }
        if including.count >= Self.maximumIncludeDepth {
            findings.append(
                LintRules.malformedFile.finding(
                    at: reference ?? .startOfFile(display),
                    "#include depth exceeds \(Self.maximumIncludeDepth): \(display) is not read",
                    fix: "include fewer files inside each other; \(Self.maximumIncludeDepth) levels are the most lint follows"))
            return
        }
        let data: Data
        do {
            data = try RegularFileReader.read(url.path, as: .buildConfiguration)
        } catch {
            // `#include?` tolerates a missing file, not one that is there but
            // cannot be read (a FIFO would have hung the reading).
            if optional && error.isMissing { return }
            switch error.isMissing ? absence(at: url, canonicalPath: canonicalPath) : .missing {
            case .generated(let generator):
                findings.append(generator.finding(for: url, workspace: workspace, at: reference ?? .startOfFile(display)))
                return
            case .differentCase(let actual):
                findings.append(
                    LintRules.fileNameCase.finding(
                        at: reference ?? .startOfFile(display),
                        "\(display) does not exist, but \(workspace.displayPath(of: actual)) differs from it only in letter case; Xcode on macOS (a case-insensitive file system) finds it, so lint reads it"
                    ))
                read(actual, referencedAt: reference, optional: optional)
                return
            case .ignored(let ignored):
                findings.append(ignored.finding(for: display, workspace: workspace, at: reference ?? .startOfFile(display)))
                return
            case .missing: break
            }
            findings.append(
                LintRules.missingFile.finding(
                    at: reference ?? .startOfFile(display),
                    error.isMissing
                        ? "the build configuration file \(display) does not exist"
                        : "cannot read the build configuration file \(display): \(error)",
                    fix: error.oversizeFix))
            return
        }
        guard let text = String(data: data, encoding: .utf8) else {
            findings.append(
                LintRules.malformedFile.finding(
                    at: .startOfFile(display), "\(display) is not UTF-8 text", fix: "save the file as UTF-8"))
            return
        }
        parsedFileCount += 1
        let start = assignments.count
        including.append(url)
        let directory = url.deletingLastPathComponent()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            readLine(line, number: offset + 1, file: display, directory: directory)
        }
        including.removeLast()
        let expansion = Self.droppingReplaced(assignments[start...])
        assignments.replaceSubrange(start..., with: expansion)
        expansions[canonicalPath] = expansion
    }

    /// What `cache` holds for `key`, worked out by `compute` and kept the
    /// first time it is asked for: the reader's per-path answers.
    private static func remembered<Value>(_ key: String, in cache: inout [String: Value], _ compute: () -> Value) -> Value {
        if let known = cache[key] { return known }
        let value = compute()
        cache[key] = value
        return value
    }

    /// `url.standardizedFileURL`, once per path.
    private mutating func standardized(_ url: URL) -> URL {
        Self.remembered(url.path, in: &standardizedURLs) { url.standardizedFileURL }
    }

    /// The workspace's display path of `url`, once per path.
    private mutating func displayPath(of url: URL) -> String {
        let workspace = workspace
        return Self.remembered(url.path, in: &displayPaths) { workspace.displayPath(of: url) }
    }

    /// `url`'s path with every symbolic link resolved, looked up once per
    /// path: a diamond of includes names the same files again and again, and
    /// each resolution asks the file system about every folder on the way.
    private mutating func canonicalPath(of url: URL) -> String {
        Self.remembered(url.path, in: &canonicalPaths) { url.resolvingSymlinksInPath().path }
    }

    /// What stands in for a file that does not exist: a file a dependency
    /// manager generates, one whose name differs only in letter case, one that
    /// git ignores, or nothing.
    private enum Absence {
        case generated(GeneratedConfigurationFiles.Generator)
        case differentCase(URL)
        case ignored(IgnoredLocalFiles.Ignored)
        case missing
    }

    /// What stands in for the missing file `url`, looked up once per path
    /// (a folder listing and the `.gitignore` files above it), however many
    /// lines include it: a graph naming one missing file a thousand times
    /// costs one lookup, and still a finding at each line.
    private mutating func absence(at url: URL, canonicalPath: String) -> Absence {
        if let known = absences[canonicalPath] { return known }
        absenceLookups += 1
        let absence: Absence
        if let generator = GeneratedConfigurationFiles.generator(of: url) {
            absence = .generated(generator)
        } else if let actual = CaseInsensitiveLookup.existingFile(matching: url) {
            absence = .differentCase(actual)
        } else if let ignored = IgnoredLocalFiles.ignored(url, workspace: workspace) {
            absence = .ignored(ignored)
        } else {
            absence = .missing
        }
        absences[canonicalPath] = absence
        return absence
    }

    /// Adds `more` (one line's assignment, or an included file's expansion) unless
    /// that passes ``maximumExpandedAssignments``; then reports it at `location` (where
    /// the file is included) and stops reading.
    private mutating func append(_ more: some Collection<BuildSettingAssignment>, at location: SourceLocation) {
        guard !expansionExceeded else { return }
        guard assignments.count + more.count <= Self.maximumExpandedAssignments else {
            expansionExceeded = true
            findings.append(
                LintRules.malformedFile.finding(
                    at: location,
                    "the #include graph expands to more than \(Self.maximumExpandedAssignments) setting assignments; the rest is not read",
                    fix: "include each file once, and build settings up with $(inherited) in fewer places"))
            return
        }
        assignments.append(contentsOf: more)
    }

    /// `expansion` without the assignments a later one replaces: a later assignment
    /// of the same name and conditions whose value does not build on the one below.
    /// Within one level ``BuildSettings`` applies a name's plain assignments in order,
    /// then its conditional ones in order, and conditions decide alike for the same
    /// conditions, so the dropped ones could never show in a value.
    static func droppingReplaced(_ expansion: ArraySlice<BuildSettingAssignment>) -> [BuildSettingAssignment] {
        struct Key: Hashable {
            var name: String
            var conditions: [BuildSettingCondition]
        }
        var replaced: Set<Key> = []
        var kept: [BuildSettingAssignment] = []
        for assignment in expansion.reversed() {
            let key = Key(name: assignment.name, conditions: assignment.conditions)
            guard !replaced.contains(key) else { continue }
            kept.append(assignment)
            if !assignment.buildsOnLowerValue { replaced.insert(key) }
        }
        return kept.reversed()
    }

    private mutating func readLine(_ rawLine: Substring, number: Int, file: String, directory: URL) {
        var line = rawLine
        if let comment = Self.commentStart(in: line) { line = line[..<comment] }
        let indent = line.prefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
        let content = line.trimmingWhitespace()
        guard !content.isEmpty else { return }
        let location = SourceLocation(file: file, line: number, column: indent + 1)

        if content.hasPrefix("#") {
            readDirective(content, at: location, directory: directory)
            return
        }
        guard let equals = Self.assignmentOperator(in: content) else {
            findings.append(
                LintRules.malformedFile.finding(
                    at: location, "\"\(content)\" is not a NAME = value line",
                    fix: "write the setting as NAME = value, or comment the line out with //"))
            return
        }
        let key = content[..<equals].trimmingWhitespace()
        guard let (name, conditions) = BuildSettingCondition.split(key), Self.isSettingName(name) else {
            findings.append(
                LintRules.malformedFile.finding(
                    at: location, "\"\(key)\" is not a build setting name",
                    fix: "use letters, digits and underscores, optionally followed by conditions like [sdk=iphoneos*]"))
            return
        }
        var value = content[content.index(after: equals)...].trimmingWhitespace()
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingWhitespace() }
        append([BuildSettingAssignment(name: name, conditions: conditions, value: value, location: location)], at: location)
    }

    /// Where the first `//` starts, found byte by byte (`range(of:)` went
    /// through Foundation's string search for every line).
    private static func commentStart(in line: Substring) -> Substring.Index? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: "/"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "/") { return index }
            index = next
        }
        return nil
    }

    private mutating func readDirective(_ content: String, at location: SourceLocation, directory: URL) {
        let optional: Bool
        var rest: Substring
        if content.hasPrefix("#include?") {
            optional = true
            rest = content.dropFirst("#include?".count)
        } else if content.hasPrefix("#include") {
            optional = false
            rest = content.dropFirst("#include".count)
        } else {
            findings.append(
                LintRules.malformedFile.finding(
                    at: location, "unknown directive \"\(content)\"",
                    fix: "xcconfig files know only #include \"file\" and #include? \"file\""))
            return
        }
        rest = Substring(rest.trimmingWhitespace())
        if rest.hasPrefix("<") { return }  // a file inside Xcode: not available here
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
            findings.append(
                LintRules.malformedFile.finding(
                    at: location, "the #include path is not in double quotes",
                    fix: "write it as #include \"Other.xcconfig\""))
            return
        }
        read(includedFile(String(rest.dropFirst().dropLast()), from: directory), referencedAt: location, optional: optional)
    }

    /// The file an `#include` names: `.xcconfig` appended when the name has no
    /// extension; a relative name next to the including file when it is there, else
    /// in the source root when it is there, else (missing) next to the including file.
    /// Looked up once per including folder and written name.
    private mutating func includedFile(_ written: String, from directory: URL) -> URL {
        let sourceRoot = sourceRoot
        return Self.remembered(directory.path + "\n" + written, in: &includeTargets) {
            Self.lookUpIncludedFile(written, from: directory, sourceRoot: sourceRoot)
        }
    }

    private static func lookUpIncludedFile(_ written: String, from directory: URL, sourceRoot: URL?) -> URL {
        var path = written
        if (path as NSString).pathExtension.isEmpty { path += ".xcconfig" }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let beside = directory.appendingPathComponent(path)
        if let sourceRoot, !FileManager.default.fileExists(atPath: beside.path) {
            let inRoot = sourceRoot.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: inRoot.path) { return inRoot }
        }
        return beside
    }

    /// The `=` between name and value: the first one outside `[condition=pattern]`.
    private static func assignmentOperator(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    private static func isSettingName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
