import Foundation
import Testing
import WaylandScannerKit

/// The scanner's output for the test protocol, compared with checked-in
/// references. After an intended change to the emitted code, regenerate with
///
///     DIORAMA_REGENERATE_GOLDEN=1 swift test --filter GoldenOutputTests
///
/// and review the diff of Tests/WaylandScannerTests/Golden like any code.
@Suite struct GoldenOutputTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldenDirectory = testsDirectory.appendingPathComponent("Golden")
    static let testProtocol =
        testsDirectory
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Protocols/diorama-test.xml")

    @Test(arguments: [BindingSide.client, .server])
    func generatedCodeMatchesTheReference(side: BindingSide) throws {
        let files = try BindingsGenerator.generate(xmlFiles: [Self.testProtocol], side: side)
        #expect(files.map(\.name) == BindingsGenerator.outputFileNames(forXMLFiles: [Self.testProtocol.path], side: side))
        let regenerate = ProcessInfo.processInfo.environment["DIORAMA_REGENERATE_GOLDEN"] == "1"
        for file in files {
            let reference = Self.goldenDirectory.appendingPathComponent(file.name)
            if regenerate {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try file.contents.write(to: reference, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: reference, encoding: .utf8) else {
                Issue.record("no reference \(reference.path); run with DIORAMA_REGENERATE_GOLDEN=1 to create it")
                continue
            }
            if expected != file.contents {
                Issue.record(
                    "\(file.name) differs from its reference:\n\(LineDiff.describe(expected: expected, actual: file.contents))\nIf the change is intended, regenerate with DIORAMA_REGENERATE_GOLDEN=1."
                )
            }
        }
    }
}

/// A minimal line diff for readable golden failures: the first differing
/// region with a few lines of context.
enum LineDiff {
    static func describe(expected: String, actual: String, context: Int = 3) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < min(old.count, new.count) && old[first] == new[first] { first += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > first && newEnd > first && old[oldEnd - 1] == new[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        var lines = ["@@ line \(first + 1) @@"]
        for index in max(0, first - context)..<first { lines.append("  " + old[index]) }
        for index in first..<oldEnd { lines.append("- " + old[index]) }
        for index in first..<newEnd { lines.append("+ " + new[index]) }
        for index in oldEnd..<min(old.count, oldEnd + context) { lines.append("  " + old[index]) }
        return lines.joined(separator: "\n")
    }
}
