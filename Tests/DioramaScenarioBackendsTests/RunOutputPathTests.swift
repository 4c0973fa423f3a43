import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `diorama run`'s report files and working folders on paths that are not
/// Diorama's: a device node (made in the test's folder, never the machine's
/// /dev), standard output, a folder of the user's.
@Suite("diorama run: reports and work folders on paths that are not Diorama's", .ownThreads)
struct RunOutputPathTests {
    /// `diorama run` of a passing scenario with `reports` pointed at a
    /// character device with these numbers, made in the test's folder: the
    /// run's result, the node's path, and whether it is still that device.
    private func run(reportingTo reports: [String], deviceNamed name: String, _ numbers: (major: UInt32, minor: UInt32)) throws -> (
        result: ChildProcessResult, node: String, unchanged: Bool
    ) {
        let directory = try PackageRoot.temporaryDirectory("run-\(name)-node")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try RunCommandTests.write(RunCommandTests.passing, "pass.scenario", in: directory)
        let node = directory.appendingPathComponent(name).path
        try PrivateNode.makeCharacterDevice(at: node, numbers)
        let result = try RunCommandTests.diorama(["run", file] + reports.flatMap { [$0, node] }, in: directory)
        return (result, node, PrivateNode.isCharacterDevice(node, numbers))
    }

    @Test("--junit and --json to a private /dev/null-type node: written through, still the same character device")
    func reportsToNullNode() throws {
        let (result, _, unchanged) = try run(reportingTo: ["--junit", "--json"], deviceNamed: "null", PrivateNode.null)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(unchanged, "the node was replaced")
    }

    @Test("--junit to a private /dev/full-type node: exit 2 naming the file and ENOSPC")
    func reportToFullNode() throws {
        let (result, node, unchanged) = try run(reportingTo: ["--junit"], deviceNamed: "full", PrivateNode.full)
        #expect(result.status == 2, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(result.standardError.contains("cannot write the report \(node): write failed: No space left on device"), "\(result.standardError)")
        #expect(unchanged)
    }

    @Test("--junit /dev/stdout prints the JUnit after the summary")
    func reportToStandardOutput() throws {
        let directory = try PackageRoot.temporaryDirectory("run-stdout")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try RunCommandTests.write(RunCommandTests.passing, "pass.scenario", in: directory)
        let result = try RunCommandTests.diorama(["run", file, "--junit", "/dev/stdout"], in: directory)
        #expect(result.status == 0, "stderr:\n\(result.standardError)")
        let output = result.standardOutput
        let summary = try #require(output.range(of: "✓ 1 scenario: 1 passed"), "\(output)")
        let xml = try #require(output.range(of: #"<?xml version="1.0" encoding="UTF-8"?>"#), "\(output)")
        #expect(summary.upperBound <= xml.lowerBound, "the report follows the summary")
        #expect(output.contains("</testsuites>"))
    }

    @Test("--work-dir with a folder of the user's where a scenario's folder goes: exit 2, nothing removed; Diorama's own folder is reused")
    func userFolderIsNotRemoved() throws {
        let directory = try PackageRoot.temporaryDirectory("run-user-folder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try RunCommandTests.write(RunCommandTests.passing, "pass.scenario", in: directory)
        let userFolder = directory.appendingPathComponent("work/pass")
        try FileManager.default.createDirectory(at: userFolder.appendingPathComponent("thesis"), withIntermediateDirectories: true)
        let notes = userFolder.appendingPathComponent("thesis/notes.txt")
        try "chapter 1\n".write(to: notes, atomically: false, encoding: .utf8)

        let refused = try RunCommandTests.diorama(["run", file], in: directory)
        #expect(refused.status == 2, "stdout:\n\(refused.standardOutput)\nstderr:\n\(refused.standardError)")
        #expect(refused.standardError.contains("\(userFolder.path) holds files and was not made by Diorama"), "\(refused.standardError)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "chapter 1\n")

        // Moved away, the folder is Diorama's: made, marked, and emptied by the next run.
        try FileManager.default.moveItem(at: userFolder, to: directory.appendingPathComponent("moved"))
        for _ in 0..<2 {
            let run = try RunCommandTests.diorama(["run", file], in: directory)
            #expect(run.status == 0, "stdout:\n\(run.standardOutput)\nstderr:\n\(run.standardError)")
        }
        #expect(FileManager.default.fileExists(atPath: userFolder.appendingPathComponent(".diorama-scenario-work").path))
    }
}
