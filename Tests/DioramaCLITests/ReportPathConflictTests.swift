import DioramaTestSupport
import Foundation
import Testing

@testable import DioramaCLI

/// A report path that names one of the command's inputs, or another report,
/// is refused before anything runs: `diorama run --junit x.scenario
/// x.scenario` used to replace the scenario with its own report.
@Suite("Report paths that are inputs or each other")
struct ReportPathConflictTests {
    /// A folder of the test's own with a scenario file in it.
    final class Folder {
        let url: URL
        let scenario: String
        static let scenarioText = """
            display DP-1 1280x800 scale 1 at 0,0
            launch app TimerApp as timer
            window main = timer scene "main"
            expect main traits.displayScale 1

            """

        init() throws {
            url = try HostileControlTests.temporaryDirectory()
            scenario = url.appendingPathComponent("tour.scenario").path
            try Self.scenarioText.write(toFile: scenario, atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        /// `diorama run ARGUMENTS` with a work folder inside this one.
        func run(_ arguments: [String]) throws -> ChildProcessResult {
            try DioramaCommandLine.run(["run", "--work-dir", path("work")] + arguments)
        }

        func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    }

    @Test("run --junit naming the scenario it runs: refused, the scenario untouched, nothing run")
    func junitOverTheScenario() throws {
        let folder = try Folder()
        let result = try folder.run(["--junit", folder.scenario, folder.scenario])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(
            result.standardError.contains(
                "diorama run: --junit \(folder.scenario) is the scenario \(folder.scenario), which this command reads"),
            "\(result.standardError)")
        #expect(result.standardError.contains("no scenario was run and nothing was written"), "\(result.standardError)")
        #expect(folder.contents(folder.scenario) == Folder.scenarioText)
        #expect(!FileManager.default.fileExists(atPath: folder.path("work")), "the work folder was made")
    }

    @Test("run --json through a symbolic link or a hard link to the scenario, or ./NAME of it: refused")
    func linksAndOtherSpellings() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: folder.scenario)
        try FileManager.default.linkItem(atPath: folder.scenario, toPath: folder.path("hard.json"))
        let spelled = folder.url.path + "/./tour.scenario"
        for output in [folder.path("link.json"), folder.path("hard.json"), spelled] {
            let result = try folder.run(["--json", output, folder.url.path])
            #expect(result.status == 2, "\(output): \(result.status): \(result.standardError)")
            #expect(result.standardError.contains("--json \(output) is the scenario"), "\(result.standardError)")
            #expect(folder.contents(folder.scenario) == Folder.scenarioText)
        }
    }

    @Test("run --junit and --json naming one new file: refused, naming both options")
    func twoReportsOneFile() throws {
        let folder = try Folder()
        let report = folder.path("results.out")
        let result = try folder.run(["--junit", report, "--json", folder.url.path + "/../" + folder.url.lastPathComponent + "/results.out", folder.scenario])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("--junit \(report) and --json "), "\(result.standardError)")
        #expect(result.standardError.contains("name the same file"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("run --shard: a report path naming another shard's scenario is refused too")
    func anotherShardsScenario() throws {
        let folder = try Folder()
        let other = folder.path("z-other.scenario")
        try Folder.scenarioText.write(toFile: other, atomically: false, encoding: .utf8)
        // Sorted by name, shard 1/2 runs tour.scenario; z-other.scenario is shard 2's.
        let result = try folder.run(["--shard", "1/2", "--junit", other, folder.url.path])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("--junit \(other) is the scenario"), "\(result.standardError)")
        #expect(folder.contents(other) == Folder.scenarioText)
    }

    @Test("merge --json naming one of the results it merges: refused, the file untouched")
    func mergeOverAnInput() throws {
        let folder = try Folder()
        let results = folder.path("shard-1.json")
        let text = "{\"not\": \"read\"}\n"
        try text.write(toFile: results, atomically: false, encoding: .utf8)
        let result = try DioramaCommandLine.run(["merge", results, "--json", results])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(
            result.standardError.contains("diorama merge: --json \(results) is the results file \(results), which this command reads"),
            "\(result.standardError)")
        #expect(result.standardError.contains("diorama merge: nothing was written"), "\(result.standardError)")
        #expect(folder.contents(results) == text)
    }

    @Test("devices and distinct files are no clash: /dev/null twice, a report beside the scenario")
    func noClash() throws {
        let folder = try Folder()
        let inputs = [(kind: "the scenario", path: folder.scenario)]
        #expect(
            OutputPathConflicts.problems(
                outputs: [.init(option: "--junit", path: "/dev/null"), .init(option: "--json", path: "/dev/null")], inputs: inputs
            ).isEmpty)
        #expect(
            OutputPathConflicts.problems(
                outputs: [.init(option: "--junit", path: folder.path("a.xml")), .init(option: "--json", path: folder.path("a.json"))],
                inputs: inputs
            ).isEmpty)
        // The same name in another folder is another file.
        try FileManager.default.createDirectory(atPath: folder.path("other"), withIntermediateDirectories: false)
        #expect(
            OutputPathConflicts.problems(
                outputs: [.init(option: "--json", path: folder.path("other/tour.scenario"))], inputs: inputs
            ).isEmpty)
    }
}
