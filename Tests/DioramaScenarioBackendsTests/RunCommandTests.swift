import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `diorama run` and `diorama demo` end to end: the built executable, real
/// scenario files, the simulator inside it, the sample apps as its children.
@Suite("diorama run and diorama demo", .ownThreads)
struct RunCommandTests {
    static func diorama(_ arguments: [String], in directory: URL, timeout: TimeInterval = 120) throws -> ChildProcessResult {
        let environment = ScenarioCommandLine.environment()
        let executable = try TestExecutable.locate("diorama")
        let child = try ChildProcess(
            executable, arguments: arguments + ["--work-dir", directory.appendingPathComponent("work").path],
            environment: environment)
        defer { child.stop() }
        return try child.waitForExit(timeout: timeout)
    }

    static let passing = """
        # A passing scenario.
        display DP-1 1920x1080 scale 1 at 0,0
        display DP-2 3840x2160 scale 2 at 1920,0
        launch TimerApp as timer
        window main = timer title "Main"
        move main to DP-2
        expect main on DP-2, scale 2, drawable = bounds * 2
        """

    static let failing = """
        # An expectation that cannot hold.
        display DP-1 1920x1080 scale 1 at 0,0
        launch TimerApp as timer
        window main = timer title "Main"
        expect main scale 3
        """

    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("exit 0 when all pass, with JUnit and JSON written")
    func passingRunWritesReports() throws {
        let directory = try PackageRoot.temporaryDirectory("run-pass")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(Self.passing, "pass.scenario", in: directory)
        let junit = directory.appendingPathComponent("results.xml").path
        let json = directory.appendingPathComponent("results.json").path
        let result = try Self.diorama(["run", file, "--junit", junit, "--json", json], in: directory)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(result.standardOutput.contains("✓ 1 scenario: 1 passed"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testcase") && xml.contains("scale 2") && !xml.contains("<failure"))
        let decoded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(decoded is [String: Any] || decoded is [Any])
    }

    /// weston-simple-shm never redraws for a new scale (it binds no output).
    /// The first step after the move waits out the timeout for its redraw;
    /// the steps after it, with nothing changed, do not wait again (each used
    /// to cost the whole timeout). Once the window is drawn for its scale
    /// again, a new move is waited for again.
    ///
    /// Line 6's new frames, still drawn for the old scale, change nothing.
    /// The app answers the ping each settle sends when it starts waiting, so
    /// it is never named as hung (the hung-app rule), however late the
    /// answer comes within the timeout.
    @Test("a client that does not redraw for a new scale costs one timeout, not one per step")
    func aFrameNeverRedrawnIsWaitedForOnce() throws {
        let simpleShm = "/usr/bin/weston-simple-shm"
        try #require(FileManager.default.isExecutableFile(atPath: simpleShm), "install weston: apt-get install weston")
        let directory = try PackageRoot.temporaryDirectory("run-undrawn")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(
            """
            timeout: 1s
            displays: studio
            launch command "\(simpleShm)" as shm
            window w = shm
            move w to DP-2
            wait until w commits >= 2 since the step timeout 10s
            expect w on DP-2
            expect w on DP-2
            move w to DP-1
            move w to DP-2
            """, "undrawn.scenario", in: directory)
        let result = try Self.diorama(["run", file], in: directory)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        // Each settle note, by the line of the step it follows.
        var notes: [Int: Substring] = [:]
        var step: Int?
        for line in result.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count > 1, ["✓", "✗"].contains(words[0]), let number = Int(words[1]) {
                step = number
            } else if let step, line.contains("not settled") {
                notes[step] = line
            }
        }
        let waited = "not settled after 1s: w: its last frame is not drawn for the scale in effect"
        let notWaited =
            "not settled: w: its last frame is not drawn for the scale in effect, as when an earlier step's wait ran out, so the redraw is not waited for again"
        #expect(notes.keys.sorted() == [5, 6, 7, 8, 10], "lines 5-8 and 10 did not settle (9 did): \(result.standardOutput)")
        #expect(notes[5]?.hasSuffix(waited) == true, "the move's settle waited: \(notes)")
        #expect(notes[7]?.hasSuffix(notWaited) == true && notes[8]?.hasSuffix(notWaited) == true, "nothing changed: not waited for again: \(notes)")
        #expect(notes[10]?.hasSuffix(waited) == true, "drawn for DP-1 in between: the new move is waited for again: \(notes)")
    }

    @Test("exit 1 when an expectation fails, with expected vs actual")
    func failingRun() throws {
        let directory = try PackageRoot.temporaryDirectory("run-fail")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(Self.failing, "fail.scenario", in: directory)
        let result = try Self.diorama(["run", file], in: directory)
        #expect(result.status == 1, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(result.standardOutput.contains("expected scale 3, got scale 1"))
    }

    @Test("a scenario outside the checkout, run from its own folder, finds the shipped layouts")
    func shippedLayoutFromAnOutsideFolder() throws {
        // Neither the scenario's folder nor the current directory has a Configs/:
        // `studio` must come from the Configs/ nearest the running diorama.
        let outside = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-outside-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        // An unknown window keeps the run from starting anything: only validation
        // is under test, and its only complaint must be that window.
        _ = try Self.write("displays: studio\nlaunch TimerApp as timer\nmove nowhere to DP-2\n", "outside.scenario", in: outside)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["WAYLAND_DISPLAY"] = nil
        let child = try ChildProcess(
            TestExecutable.locate("diorama"), arguments: ["run", "outside.scenario"], environment: environment,
            currentDirectory: outside)
        defer { child.stop() }
        let result = try child.waitForExit(timeout: 60)
        #expect(result.status == 2)
        #expect(!result.standardError.contains("no display layout"), "\(result.standardError)")
        #expect(result.standardError.contains("outside.scenario:3:"), "\(result.standardError)")
    }

    @Test("started by name through a symlink on PATH, from an outside folder: the shipped layouts are found, and a bare run says what to pass")
    func startedThroughPath() throws {
        let outside = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-on-path-\(getpid())-\(UUID().uuidString.prefix(8))")
        let bin = outside.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        // As an installed tool is: a symlink into the build, found by the shell,
        // so the program's argv[0] is only `diorama`.
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("diorama").path, withDestinationPath: try TestExecutable.locate("diorama").path)
        _ = try Self.write("displays: studio\nlaunch TimerApp as timer\nmove nowhere to DP-2\n", "outside.scenario", in: outside)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["WAYLAND_DISPLAY"] = nil
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        func shell(_ command: String) throws -> ChildProcessResult {
            let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], environment: environment, currentDirectory: outside)
            defer { child.stop() }
            return try child.waitForExit(timeout: 60)
        }
        let named = try shell("exec diorama run outside.scenario")
        #expect(named.status == 2)
        #expect(!named.standardError.contains("no layout"), "\(named.standardError)")
        #expect(named.standardError.contains("outside.scenario:3:"), "\(named.standardError)")
        // No files, and no Configs/scenarios here: the message names what to pass.
        let bare = try shell("exec diorama run")
        #expect(bare.status == 2)
        let shipped = PackageRoot.url.appendingPathComponent("Configs/scenarios").path
        #expect(
            bare.standardError.contains("no scenario files given, and this folder has no Configs/scenarios")
                && bare.standardError.contains("`diorama run \(shipped)`"), "\(bare.standardError)")
    }

    @Test("exit 2 for a scenario with errors, printed as file:line:column, nothing run")
    func badScenario() throws {
        let directory = try PackageRoot.temporaryDirectory("run-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(
            "display DP-1 1920x1080 scale 1 at 0,0\nlaunch TimerApp as timer\nmove nowhere to DP-1\n",
            "bad.scenario", in: directory)
        let result = try Self.diorama(["run", file], in: directory)
        #expect(result.status == 2)
        #expect(result.standardError.contains("bad.scenario:3:"))
        #expect(result.standardError.contains("error:"))
        #expect(!result.standardOutput.contains("launch TimerApp"))
        // Nothing ran, so nothing was made: not even the work folder's artifacts/.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("work").path))
        let usage = try Self.diorama(["run", "--shard", "3/2", file], in: directory)
        #expect(usage.status == 2)
        for refresh in ["0", "fast", "59.9999", "1001"] {
            let badRefresh = try Self.diorama(["run", "--refresh", refresh, file], in: directory)
            #expect(badRefresh.status == 2)
            #expect(badRefresh.standardError.contains("--refresh must be a number of hertz"), "\(badRefresh.standardError)")
            #expect(badRefresh.standardError.contains("found \"\(refresh)\""), "\(badRefresh.standardError)")
        }
    }

    @Test("display lines that overlap are an error at the display's line before anything runs, exit 2")
    func overlappingDisplayLines() throws {
        let directory = try PackageRoot.temporaryDirectory("run-overlap")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(
            "display A 1920x1080 at 0,0\ndisplay B 1920x1080 scale 2 at 100,100\nlaunch TimerApp as timer\nwindow main = timer\nexpect main on A\n",
            "overlap.scenario", in: directory)
        let result = try Self.diorama(["run", file], in: directory)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.contains("overlap.scenario:2:9: error: display `B`: its logical rectangle 100,100 960x540 overlaps display"),
            "\(result.standardError)")
        #expect(!result.standardOutput.contains("launch TimerApp"))
    }

    @Test("--shard runs only its part of a folder")
    func shard() throws {
        let directory = try PackageRoot.temporaryDirectory("run-shard")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.write(Self.passing, "a-pass.scenario", in: directory)
        _ = try Self.write(Self.failing, "b-fail.scenario", in: directory)
        let first = try Self.diorama(["run", directory.path, "--shard", "1/2"], in: directory)
        #expect(first.status == 0, "\(first.standardOutput)")
        #expect(first.standardOutput.contains("a-pass") && !first.standardOutput.contains("b-fail"))
        let second = try Self.diorama(["run", directory.path, "--shard", "2/2"], in: directory)
        #expect(second.status == 1)
        #expect(second.standardOutput.contains("b-fail") && !second.standardOutput.contains("a-pass"))
    }

    @Test("--format github annotates the failure and appends every one to the job summary, for run and for merge")
    func gitHubFormat() throws {
        let directory = try PackageRoot.temporaryDirectory("run-github")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.write(Self.failing, "fail.scenario", in: directory)
        let summary = directory.appendingPathComponent("summary.md").path
        try "### An earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let json = directory.appendingPathComponent("results.json").path
        let run = try ScenarioCommandLine.run(
            ["run", file, "--json", json, "--format", "github", "--work-dir", directory.appendingPathComponent("work").path],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
        let annotation = "::error file=\(file),line=5,title=fail on sim%3A main%3A scale 3 (line 5)::expected: scale 3%0Aactual: scale 1%0Aat \(file):5:"
        #expect(run.standardOutput.contains(annotation), "\(run.standardOutput)")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("### An earlier step\n### Diorama scenarios: 1 failed check on sim\n"), "\(written)")
        #expect(written.contains("| main: scale 3 (line 5) | expected scale 3, got scale 1 |"), "\(written)")

        let merge = try ScenarioCommandLine.run(["merge", json, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(merge.status == 1, "\(merge.standardOutput)\n\(merge.standardError)")
        #expect(merge.standardOutput.contains(annotation), "\(merge.standardOutput)")
        #expect(try String(contentsOfFile: summary, encoding: .utf8).components(separatedBy: "### Diorama scenarios").count == 3)

        // A FIFO nobody reads is refused at once (the open waited forever),
        // and a link to nothing is left as it is (it was replaced by a file).
        let fifo = directory.appendingPathComponent("summary.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let toFifo = try ScenarioCommandLine.run(["merge", json, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": fifo])
        #expect(toFifo.status == 2)
        #expect(toFifo.standardError.contains("cannot write GITHUB_STEP_SUMMARY \(fifo): it is a FIFO that no process is reading"))
        let dangling = directory.appendingPathComponent("summary.link").path
        let nowhere = directory.appendingPathComponent("nowhere.md").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: nowhere)
        let toLink = try ScenarioCommandLine.run(["merge", json, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": dangling])
        #expect(toLink.status == 2)
        #expect(toLink.standardError.contains("it is a symbolic link to nothing"), "\(toLink.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == nowhere)
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    @Test("diorama demo exits 0 and writes the HTML report it names")
    func demo() throws {
        let directory = try PackageRoot.temporaryDirectory("demo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report").path
        let result = try Self.diorama(
            [
                "demo", "--report", report,
                "--scenario", PackageRoot.path("Configs/scenarios/demo-tour.scenario"),
            ],
            in: directory, timeout: 180)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(index.contains("<svg") && index.contains("demo-tour"))
        #expect(result.standardOutput.contains(report))
    }
}

/// `diorama run` reporting how long things took, and keeping screenshots
/// inside a scenario's timeout.
@Suite("diorama run: times and timeouts", .ownThreads)
struct RunTimingTests {
    @Test("JUnit carries the real times of a run: the suite's and its cases'")
    func junitTimesAreReal() throws {
        let directory = try PackageRoot.temporaryDirectory("run-times")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try RunCommandTests.write(RunCommandTests.passing, "pass.scenario", in: directory)
        let junit = directory.appendingPathComponent("results.xml").path
        let result = try RunCommandTests.diorama(["run", file, "--junit", junit], in: directory)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        let times = Self.times(in: xml)
        // The suite's time, then one per case: launching an app and moving its
        // window cannot take no time at all.
        #expect(times.count == 4, "\(xml)")
        #expect(times.allSatisfy { $0 != nil }, "every time is seconds: \(xml)")
        #expect((times.first ?? nil).map { $0 > 0 } == true, "the suite's time: \(xml)")
        #expect(times.dropFirst().compactMap { $0 }.reduce(0, +) > 0, "the cases' times: \(xml)")
    }

    /// Every `time="…"` attribute, in order, as seconds (nil when not a number).
    static func times(in xml: String) -> [Double?] {
        xml.components(separatedBy: #"time=""#).dropFirst().map { rest in
            Double(rest.prefix { $0 != "\"" })
        }
    }

    @Test("a screenshot that takes longer than the scenario's timeout fails its step")
    func screenshotIsBoundedByTheTimeout() throws {
        let directory = try PackageRoot.temporaryDirectory("run-shot-timeout")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A 5K display is a 5120x2880 px picture: far more than 1 ms of
        // compositing and encoding (about 0.3 s in a debug build).
        let text = """
            # A screenshot that cannot be taken in time.
            timeout: 1ms
            display DP-1 5120x2880 scale 2 at 0,0
            screenshot all as desk
            """
        let file = try RunCommandTests.write(text, "slow-shot.scenario", in: directory)
        let result = try RunCommandTests.diorama(["run", file], in: directory)
        #expect(!result.exitedBySignal, "diorama run crashed:\n\(result.standardError)")
        #expect(result.status == 1, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(
            result.standardOutput.contains("the screenshot `desk` was not written within 1ms (the scenario's timeout)"),
            "\(result.standardOutput)")
    }
}
