import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// The fixtures under `Tests/DioramaLintTests/Fixtures`, read in place: they are real
/// files (plists, projects, xcconfigs) and the CLI tests use the same ones.
enum LintFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    static func url(_ relativePath: String) -> URL {
        let url = directory.appendingPathComponent(relativePath)
        #expect(FileManager.default.fileExists(atPath: url.path), "missing fixture \(relativePath)")
        return url
    }

    /// Lints a fixture and fails the test (instead of throwing) on unusable input.
    static func lint(_ relativePath: String, strict: Bool = false) throws -> LintReport {
        try Linter(strict: strict).lint(url(relativePath))
    }
}

extension LintReport {
    /// The report of the target (or plist) named `name`.
    func target(_ name: String) throws -> TargetReport {
        try #require(targets.first { $0.name == name }, "no target \(name) in \(targets.map(\.name))")
    }
}

extension TargetReport {
    /// Findings as `rule@file:line:column`, for compact expectations.
    var located: [String] {
        findings.map { "\($0.ruleID)@\($0.location)" }
    }

    var ruleIDs: Set<String> {
        Set(findings.map(\.ruleID))
    }

    func findings(_ rule: LintRule) -> [LintFinding] {
        findings.filter { $0.ruleID == rule.id }
    }
}

/// A fresh folder under the system temporary directory for projects written
/// by a test, removed by `cleanUp()` or, at the latest, when the test lets
/// go of it (a test that forgot `cleanUp()`, or threw before it, left one
/// behind on every run).
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-lint-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { cleanUp() }

    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Checked-in expected outputs under `Snapshots/`.
///
/// On a mismatch the test fails with a line diff. Run the tests with
/// `DIORAMA_REGENERATE_SNAPSHOTS=1` to rewrite the files from the current output, then
/// review the change with `git diff`.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    static var regenerating: Bool {
        ProcessInfo.processInfo.environment["DIORAMA_REGENERATE_SNAPSHOTS"] == "1"
    }

    static func expect(
        _ actual: String, matches name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name)
        if regenerating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "snapshot \(name) does not exist; create it with DIORAMA_REGENERATE_SNAPSHOTS=1 swift test --filter DioramaLintTests",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            let message =
                "output differs from snapshot \(name) (- snapshot, + actual); if the change is intended, regenerate with DIORAMA_REGENERATE_SNAPSHOTS=1\n"
                + LineDiff.render(expected: expected, actual: actual)
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}

/// A line diff for snapshot failures: the changed lines with two lines of context,
/// numbered as in the snapshot (-) and the actual output (+).
enum LineDiff {
    static func render(expected: String, actual: String, context: Int = 2) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, from the end.
        var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        enum Line { case same(Int, Int), removed(Int), added(Int) }
        var script: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                script.append(.same(i, j)); i += 1; j += 1
            } else if j < new.count && (i == old.count || lengths[i][j + 1] >= lengths[i + 1][j]) {
                script.append(.added(j)); j += 1
            } else {
                script.append(.removed(i)); i += 1
            }
        }
        let changed = script.indices.filter { if case .same = script[$0] { return false } else { return true } }
        var shown = Set<Int>()
        for index in changed {
            for nearby in max(0, index - context)...min(script.count - 1, index + context) { shown.insert(nearby) }
        }
        var output: [String] = []
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0 && index != previous + 1 { output.append("  ...") }
            previous = index
            switch script[index] {
            case .same(let a, _): output.append(Self.numbered(" ", a, old[a]))
            case .removed(let a): output.append(Self.numbered("-", a, old[a]))
            case .added(let b): output.append(Self.numbered("+", b, new[b]))
            }
        }
        return output.joined(separator: "\n")
    }

    /// `- ␣␣␣4  text`: the marker, the 1-based line number right-aligned to 4, the line.
    private static func numbered(_ marker: String, _ index: Int, _ line: String) -> String {
        let number = String(index + 1)
        return marker + " " + String(repeating: " ", count: max(0, 4 - number.count)) + number + "  " + line
    }
}
