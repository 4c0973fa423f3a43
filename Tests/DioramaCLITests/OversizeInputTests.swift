import DioramaModel
import Foundation
import Testing

/// A 6 GiB sparse file (no blocks on disk) as each kind of input `diorama`
/// reads: refused from its size before a byte is read, with exit 2 (for lint:
/// the result is incomplete) and a message naming the file, its size and the kind's limit (`Docs/reliability.md`).
/// Before the limits, each of these read the file whole and was killed for
/// lack of memory (or ran for minutes on a machine with enough of it).
@Suite("diorama with 6 GiB sparse input files")
struct OversizeInputTests {
    static let sparseSize: off_t = 6 << 30

    /// One command whose input is a sparse file: where the file goes in a fresh
    /// folder, what else the folder holds, and the command line given that folder.
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        /// Relative to the folder.
        var sparseFile: String
        var kind: InputFileKind
        var otherFiles: [String: String] = [:]
        var arguments: @Sendable (String) -> [String]
        var testDescription: String { label }
        /// The path as messages show it: lint names files relative to the project's folder.
        var shownPath: String { sparseFile.hasPrefix("Legacy/") ? String(sparseFile.dropFirst("Legacy/".count)) : sparseFile }
    }

    static let cases: [Case] = [
        Case(label: "lint Info.plist", sparseFile: "Info.plist", kind: .propertyList) { ["lint", "\($0)/Info.plist"] },
        Case(
            label: "lint a project's xcconfig", sparseFile: "Legacy/Configurations/Legacy.xcconfig",
            kind: .buildConfiguration
        ) { ["lint", "\($0)/Legacy/Legacy.xcodeproj"] },
        Case(label: "lint project.pbxproj", sparseFile: "Legacy/Legacy.xcodeproj/project.pbxproj", kind: .xcodeProject) {
            ["lint", "\($0)/Legacy/Legacy.xcodeproj"]
        },
        Case(label: "lint a workspace", sparseFile: "All.xcworkspace/contents.xcworkspacedata", kind: .xcodeWorkspace) {
            ["lint", "\($0)/All.xcworkspace"]
        },
        Case(label: "run a scenario", sparseFile: "big.scenario", kind: .scenario) { ["run", "\($0)/big.scenario"] },
        Case(
            label: "run a scenario whose layout is sparse", sparseFile: "big.json", kind: .displayLayout,
            otherFiles: ["uses-big.scenario": "displays: big.json\nlaunch TimerApp as timer\n"]
        ) { ["run", "\($0)/uses-big.scenario"] },
        Case(label: "sim --layout", sparseFile: "big.json", kind: .displayLayout) {
            ["sim", "--layout", "\($0)/big.json", "--", "/bin/true"]
        },
        Case(label: "merge", sparseFile: "results.json", kind: .resultsReport) { ["merge", "\($0)/results.json"] },
        Case(
            label: "run --shard-by-time", sparseFile: "times.xml", kind: .resultsReport,
            otherFiles: ["a.scenario": "display A 800x600 at 0,0\nwait 1ms\n"]
        ) { ["run", "\($0)/a.scenario", "--shard", "1/2", "--shard-by-time", "\($0)/times.xml", "--work-dir", "\($0)/work"] },
    ]

    @Test("refused before reading: exit 2, the file, its size and the limit", arguments: cases)
    func refusedBeforeReading(_ input: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-sparse-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if input.sparseFile.hasPrefix("Legacy/") {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: LintCommandTests.fixture("Projects/Legacy")),
                to: folder.appendingPathComponent("Legacy"))
        }
        for (name, text) in input.otherFiles {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let sparse = folder.appendingPathComponent(input.sparseFile)
        try FileManager.default.createDirectory(at: sparse.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: sparse)
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
        #expect(truncate(sparse.path, Self.sparseSize) == 0, "truncate: \(String(cString: strerror(errno)))")

        let result = try DioramaCommandLine.run(
            input.arguments(folder.path), environment: DioramaCommandLine.environment([:]), timeout: 120)
        let output = result.standardOutput + result.standardError
        #expect(!result.exitedBySignal, "\(output)")
        #expect(result.status == 2, "\(output)")
        #expect(output.contains(input.shownPath), "names the file: \(output)")
        #expect(output.contains("it is 6 GiB"), "names the size: \(output)")
        let limit = "\(input.kind.maximumSize >> 20) MiB limit for \(input.kind.name)"
        #expect(output.contains(limit), "names the limit (\(limit)): \(output)")
    }
}
