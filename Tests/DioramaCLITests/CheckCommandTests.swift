import DioramaCheck
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import FoundationXML
import Synchronization
import Testing

/// `diorama check` end to end: the real binary, the simulator inside it,
/// real clients from Debian packages as real processes. What is asserted
/// are verdicts these clients are known to earn (Docs/compatibility.md).
/// Several of its tests take 7-11 s (a client that never redraws or stops
/// answering is waited for), so they start with the long chains, not in the
/// run's last seconds where one of them was the run's end.
@Suite(.ownThreads) struct CheckCommandTests {
    /// A fresh report folder.
    static func outputFolder() -> String {
        let path = NSTemporaryDirectory() + "diorama-check-test-" + UUID().uuidString
        return path
    }

    static func report(_ output: String) throws -> CheckReport {
        try JSONDecoder().decode(CheckReport.self, from: Data(output.utf8))
    }

    static func check(_ report: CheckReport, _ name: String) throws -> CheckResult {
        try #require(report.checks.first { $0.name == name }, "no \(name) in \(report.checks.map(\.name))")
    }

    static func requireInstalled(_ path: String, package: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install \(package)")
    }

    /// `diorama check --json` with `options` on foot running a shell that
    /// waits, its report folder fresh and removed afterwards.
    static func checkFoot(_ options: [String] = []) throws -> (ChildProcessResult, CheckReport) {
        try requireInstalled("/usr/bin/foot", package: "foot")
        let output = outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check"] + options + ["--json", "--output", output, "--", "foot", "/bin/sh", "-c", "sleep 600"],
            environment: DioramaCommandLine.environment([:]), timeout: 150)
        return (result, try report(result.standardOutput))
    }

    @Test(.timeLimit(.minutes(10)))
    func footFollowsMovesBetween1xAnd2x() throws {
        let (result, report) = try Self.checkFoot()
        for name in ["first-frame-2x", "move-to-1x", "move-to-2x", "unplug-current-display"] {
            let check = try Self.check(report, name)
            #expect(check.verdict == .pass, "\(name): \(check.reason)")
            #expect(check.reactionMilliseconds != nil, "\(name) has a reaction time")
            // A frame for the old scale may be in flight when the scale changes: a count, not a verdict.
            #expect(check.staleFrames != nil, "\(name) counts stale frames")
        }
        // foot 1.13 has no fractional-scale-v1: on the 1.5x display it keeps
        // buffer scale 2, the integer wl_output.scale, which is right.
        #expect(try Self.check(report, "fractional-scale").verdict == .pass)
        #expect(report.checks.map(\.name) == CheckBattery.checkNames, "the battery runs its checks in the order its shards deal them")
        #expect(report.displays == ["1x": "DP-1", "2x": "DP-2", "fractional": "HDMI-A-1"])
        #expect(report.allPassed)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(report.clientExit == "still running", "foot was stopped by the check, not before")
    }

    /// On the 1.5x display foot keeps buffer scale 2, the scale in effect
    /// there, and draws nothing new: the check ends once foot has handled
    /// the move (its pong to a ping sent after it), instead of waiting out
    /// the answer timeout for a frame that never comes, as it once did
    /// (20.0 s of a 21.1 s run with `--timeout 20`). The bound is half the
    /// timeout given: it catches only that wait, not a slow machine.
    @Test(.timeLimit(.minutes(10)))
    func aCheckThatNeedsNoRedrawDoesNotWaitOutTheTimeout() throws {
        let (result, report) = try Self.checkFoot(["--timeout", "120"])
        let fractional = try Self.check(report, "fractional-scale")
        #expect(fractional.verdict == .pass, "\(fractional.reason)")
        #expect(fractional.reason.hasPrefix("no redraw needed"), "\(fractional.reason)")
        #expect(fractional.durationSeconds < 60, "fractional-scale took \(fractional.durationSeconds) s of the 120 s timeout")
        #expect(result.status == 0, "stderr: \(result.standardError)")
    }

    /// Two things that once failed every client this way. Under `--profile
    /// mutter-43` a new window opens on the display under the pointer, so the
    /// battery puts the pointer on the 2x display before the client starts
    /// (foot's first frame was on DP-1, where the pointer starts). And a
    /// client that first opens and closes a connection of its own, as mpv
    /// does for each video output it tries, is not taken for gone: the
    /// battery gave up after 5 s with "no window with a frame within 30 s".
    @Test(.timeLimit(.minutes(10)))
    func aProbingClientUnderTheMutterProfileIsGradedOnItsWindow() throws {
        try Self.requireInstalled("/usr/bin/foot", package: "foot")
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The same process connects, hangs up, then becomes foot.
        let probeThenFoot = """
            import os, socket
            probe = socket.socket(socket.AF_UNIX)
            probe.connect(os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"]))
            probe.close()
            os.execvp("foot", ["foot", "/bin/sh", "-c", "sleep 600"])
            """
        let result = try DioramaCommandLine.run(
            [
                "check", "--profile", "mutter-43", "--shard", "1/\(CheckBattery.checkNames.count)",  // first-frame-2x alone
                "--json", "--output", output, "--", "python3", "-c", probeThenFoot,
            ],
            environment: DioramaCommandLine.environment([:]), timeout: 150)
        let report = try Self.report(result.standardOutput)
        #expect(report.checks.map(\.name) == ["first-frame-2x"])
        let firstFrame = try Self.check(report, "first-frame-2x")
        #expect(firstFrame.verdict == .pass, "\(firstFrame.reason)")
        #expect(report.clientExit == "still running", "stderr: \(result.standardError)")
    }

    /// The client's logs go to `client.stdout.log` and `client.stderr.log` in
    /// `--output`. Whatever had those names was removed first: a folder of
    /// the user's went with everything in it, and a link was replaced. Now a
    /// folder there is refused before the client starts, and a link is
    /// followed, as for every output file.
    @Test func theClientLogsNeverRemoveWhatHasTheirNames() throws {
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        try FileManager.default.createDirectory(atPath: output + "/client.stdout.log", withIntermediateDirectories: true)
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: output + "/client.stdout.log/precious.txt"))
        let refused = try DioramaCommandLine.run(
            ["check", "--output", output, "--", "/bin/true"], environment: DioramaCommandLine.environment([:]), timeout: 60)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("client.stdout.log in it is a folder"), "\(refused.standardError)")
        #expect(try String(contentsOfFile: output + "/client.stdout.log/precious.txt", encoding: .utf8) == "precious\n")

        try FileManager.default.removeItem(atPath: output + "/client.stdout.log")
        let target = output + "-stderr-target.txt"
        defer { try? FileManager.default.removeItem(atPath: target) }
        try FileManager.default.createSymbolicLink(atPath: output + "/client.stderr.log", withDestinationPath: target)
        _ = try DioramaCommandLine.run(
            ["check", "--output", output, "--", "/bin/sh", "-c", "echo to-stderr >&2"],
            environment: DioramaCommandLine.environment([:]), timeout: 60)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output + "/client.stderr.log") == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("to-stderr"))
    }

    /// Under `--profile kwin-5.27` foot 1.13 dies as on KWin 5.27: SIGFPE in
    /// its wl_output listener, on the -1 × -1 mm physical size, before its
    /// first frame; the report says so and every later check is not applicable.
    @Test(.timeLimit(.minutes(10)))
    func footDiesOfSIGFPEUnderTheKWinProfile() throws {
        let (result, report) = try Self.checkFoot(["--profile", "kwin-5.27"])
        #expect(report.profile == "kwin-5.27")
        let firstFrame = try Self.check(report, "first-frame-2x")
        #expect(firstFrame.verdict == .fail)
        #expect(firstFrame.reason.hasPrefix("the client was killed by signal \(SIGFPE) "), "\(firstFrame.reason)")
        #expect(report.clientExit == "killed by signal \(SIGFPE)")
        #expect(report.checks.dropFirst().allSatisfy { $0.verdict == .notApplicable })
        #expect(result.status == 1, "stderr: \(result.standardError)")
    }

    /// Under Bazel's sharding variables, shard 1/2 runs the battery's checks
    /// at even positions; `move-to-2x` then follows `first-frame-2x` directly
    /// and must first bring the window to the 1x display itself.
    @Test(.timeLimit(.minutes(10)))
    func aShardOfTheBatteryRunsItsChecksEachFromItsOwnStart() throws {
        try Self.requireInstalled("/usr/bin/foot", package: "foot")
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = output + "-shard-status", junit = output + "-junit.xml"
        defer { for file in [status, junit] { try? FileManager.default.removeItem(atPath: file) } }
        let result = try DioramaCommandLine.run(
            ["check", "--json", "--output", output, "--", "foot", "/bin/sh", "-c", "sleep 600"],
            environment: DioramaCommandLine.environment([
                "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": junit,
            ]),
            timeout: 150)
        #expect(result.standardError.contains("diorama check: shard 1/2 (from Bazel: TEST_SHARD_INDEX=0, TEST_TOTAL_SHARDS=2)"))
        let report = try Self.report(result.standardOutput)
        #expect(report.shard == "1/2")
        #expect(
            report.checks.map(\.name) == ["first-frame-2x", "move-to-2x", "rescale-under-window", "unplug-other-display", "interactive-resize"])
        for check in report.checks { #expect(check.verdict == .pass, "\(check.name): \(check.reason)") }
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: status), "Bazel's shard status file was not touched")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"5\" failures=\"0\""), "\(xml)")
    }

    /// A shard without `first-frame-2x` still waits for the window first: a
    /// client that shows none fails the shard's first check, not nothing.
    @Test(.timeLimit(.minutes(10)))
    func aShardWhoseClientShowsNoWindowFails() throws {
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--json", "--output", output, "--", "/bin/sh", "-c", "exit 3"],
            environment: DioramaCommandLine.environment(["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2"]), timeout: 50)
        #expect(result.status == 1, "stderr: \(result.standardError)")
        let report = try Self.report(result.standardOutput)
        #expect(report.checks.map(\.name) == ["move-to-1x", "rescale-under-window", "unplug-current-display"])
        #expect(report.checks.first?.verdict == .fail)
        #expect(report.checks.first?.reason.contains("exited with status 3") == true, "\(report.checks)")
        #expect(report.checks.dropFirst().allSatisfy { $0.verdict == .notApplicable })
        let table = try DioramaCommandLine.run(
            ["check", "--shard", "1/2", "--markdown-table", output + "/table.md", "--", "/bin/true"],
            environment: DioramaCommandLine.environment([:]))
        #expect(table.status == 2)
        #expect(table.standardError.contains("--markdown-table needs the whole battery"))
    }

    /// The `dual` layout has no fractional display: that check does not
    /// apply, which is not a failure. Under `sway-1.7` (no fractional-scale-v1).
    @Test(.timeLimit(.minutes(10)))
    func aCheckWhoseDisplayTheLayoutLacksDoesNotApply() throws {
        try Self.requireInstalled("/usr/bin/foot", package: "foot")
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            [
                "check", "--layout", "dual", "--profile", "sway-1.7", "--json", "--output", output,
                "--", "foot", "/bin/sh", "-c", "sleep 600",
            ],
            environment: DioramaCommandLine.environment([:]), timeout: 150)
        let report = try Self.report(result.standardOutput)
        let fractional = try Self.check(report, "fractional-scale")
        #expect(fractional.verdict == .notApplicable)
        #expect(fractional.reason == "the layout dual has no fractional display")
        #expect(report.profile == "sway-1.7")
        #expect(try Self.check(report, "move-to-2x").verdict == .pass)
        #expect(result.status == 0, "n/a is not a failure; stderr: \(result.standardError)")
    }

    /// weston-simple-shm draws a 250x250 buffer at scale 1 on every display:
    /// the checks of a 2x display fail, with its stale frames and a screenshot.
    /// Mostly the 2 s waits of the failing checks run out: no slot.
    @Test(.timeLimit(.minutes(10)), .offSharedPool)
    func aClientThatNeverChangesItsBufferScaleFails() throws {
        try Self.requireInstalled("/usr/bin/weston-simple-shm", package: "weston")
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--json", "--timeout", "2", "--output", output, "--", "weston-simple-shm"],
            environment: DioramaCommandLine.environment([:]), timeout: 150)
        #expect(result.status == 1, "a failed check exits 1; stderr: \(result.standardError)")
        let report = try Self.report(result.standardOutput)
        let moved = try Self.check(report, "move-to-2x")
        #expect(moved.verdict == .fail)
        #expect(moved.reason.contains("draws at 1"), "\(moved.reason)")
        #expect((moved.staleFrames ?? 0) > 0, "it kept drawing at 1: stale frames")
        #expect(moved.reactionMilliseconds == nil)
        let screenshot = try #require(moved.screenshots.first, "a failure has a screenshot")
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(screenshot) is a PNG")
        #expect(try Self.check(report, "move-to-1x").verdict == .pass, "at 1x, scale 1 is right")
        #expect(try Self.check(report, "first-frame-2x").verdict == .fail)
        #expect(!report.allPassed)
    }

    /// A client that exits before showing a window: the first check fails
    /// with the exit status and the step, the rest do not apply. JUnit output.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatExitsIsACrashInJUnit() throws {
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--junit", "--output", output, "--", "/bin/sh", "-c", "echo gone >&2; exit 3"],
            environment: DioramaCommandLine.environment([:]), timeout: 50)
        #expect(result.status == 1, "stderr: \(result.standardError)")
        let xml = result.standardOutput
        #expect(xml.contains("<testsuite name=\"diorama check sh\" tests=\"10\" failures=\"1\" skipped=\"9\""), "\(xml)")
        #expect(
            xml.contains("<failure message=\"the client exited with status 3 while waiting for the client to map a window with a frame\">"),
            "\(xml)")
        #expect(xml.contains("gone"), "the client's stderr is in the failure")
        #expect(xml.components(separatedBy: "<skipped message=\"the client exited with status 3 during first-frame-2x\"/>").count == 10)
        // It is well-formed XML.
        _ = try XMLDocument(xmlString: xml)
    }

    /// Under `delayed-change-events` the events of `rescale-under-window`'s
    /// restore are still held when `rotate` begins; the battery sends them
    /// before the check, so what `rotate` measures is foot's answer to the
    /// portrait configure. Before, it took the restore's landscape configure
    /// for the answer and foot failed `rotate` under the variation every time
    /// (a candidate `--explore` could never reproduce).
    @Test(.timeLimit(.minutes(10)))
    func eventsHeldFromTheLastCheckDoNotCountForTheNext() throws {
        for variation in ["delayed-change-events", "coalesced-changes"] {
            let (result, report) = try Self.checkFoot(["--timeout", "2", "--profile", "modern+" + variation])
            #expect(try Self.check(report, "rotate").verdict == .pass, "under \(variation): \(report.checks)")
            #expect(result.status == 0, "foot passes every check under \(variation): \(report.checks.filter { $0.verdict == .fail })")
        }
    }

    /// A client that hangs (the Python wire-protocol client that stops
    /// reading for good on a negative physical size) fails the check where
    /// it stopped; it no longer answers a ping, so every later check is
    /// skipped with that reason instead of waiting out its own timeout.
    /// Mostly the 2 s waits run out, with almost no CPU: no slot.
    @Test(.timeLimit(.minutes(10)), .offSharedPool)
    func aClientThatStopsAnsweringSkipsTheChecksAfterIt() throws {
        let python = "/usr/bin/python3"
        try Self.requireInstalled(python, package: "python3")
        let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/Clients/stalls_on_negative_millimetres.py").standardizedFileURL.path
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--json", "--timeout", "2", "--profile", "modern+physical-size-minus-1", "--output", output, "--", python, client],
            environment: DioramaCommandLine.environment([:]), timeout: 120)
        #expect(result.status == 1, "stderr: \(result.standardError)")
        let report = try Self.report(result.standardOutput)
        let first = try Self.check(report, "first-frame-2x")
        #expect(first.verdict == .fail)
        #expect(first.reason.hasPrefix("no new frame"), "\(first.reason)")
        #expect(first.reason.hasSuffix("it no longer answers xdg_wm_base.ping, so the checks after it are not run"), "\(first.reason)")
        let stopped = "the client stopped answering (no pong to xdg_wm_base.ping within 2 s) during first-frame-2x"
        #expect(report.checks.dropFirst().allSatisfy { $0.verdict == .notApplicable && $0.reason == stopped }, "\(report.checks)")
        #expect(report.clientExit == "still running", "it hung rather than died")
    }

    /// weston-presentation-shm 10 aborts inside libwayland on the first
    /// `configure_bounds` (Docs/compatibility.md): a crash, with the signal,
    /// the step and its stderr in the report.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatAbortsIsReportedWithItsSignalAndStep() throws {
        try Self.requireInstalled("/usr/bin/weston-presentation-shm", package: "weston")
        let output = Self.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--json", "--output", output, "--", "weston-presentation-shm"],
            environment: DioramaCommandLine.environment([:]), timeout: 50)
        #expect(result.status == 1, "stderr: \(result.standardError)")
        let report = try Self.report(result.standardOutput)
        let first = try Self.check(report, "first-frame-2x")
        #expect(first.verdict == .fail)
        let crash = try #require(first.crash)
        #expect(crash.exit == "killed by signal 6")
        #expect(crash.step == "waiting for the client to map a window with a frame")
        #expect(crash.standardErrorTail.contains("listener function for opcode 2 of xdg_toplevel is NULL"))
        #expect(report.clientExit == "killed by signal 6")
        #expect(
            report.checks.dropFirst().allSatisfy {
                $0.verdict == .notApplicable
                    && $0.reason == "the client was killed by signal 6 during first-frame-2x"
            })
    }

    @Test func aClientThatCannotBeFoundIsBadInput() throws {
        let result = try DioramaCommandLine.run(
            ["check", "--output", Self.outputFolder(), "--", "no-such-client-anywhere"],
            environment: DioramaCommandLine.environment(["PATH": "/usr/bin:/bin"]))
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "no-such-client-anywhere: no such executable (searched /usr/bin/no-such-client-anywhere, /bin/no-such-client-anywhere)"),
            "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)

        // A folder, and a file without the execute bit, are named as such
        // (once "SpawnError error 1" and "no such executable").
        let folder = NSTemporaryDirectory() + "diorama-check-not-a-program-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = folder + "/client.sh"
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: plain))
        for (command, reason) in [(folder, "it is a folder, not a program"), (plain, "it is not executable; make it so (chmod +x)")] {
            let refused = try DioramaCommandLine.run(
                ["check", "--output", Self.outputFolder(), "--", command], environment: DioramaCommandLine.environment([:]))
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("\(command) could not be started: \(reason)"), "\(refused.standardError)")
        }
    }

    @Test func withoutACommandItIsAUsageError() throws {
        let result = try DioramaCommandLine.run(["check", "--json"], environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("put its command after --"), "\(result.standardError)")
    }

    @Test func anUnknownLayoutIsBadInput() throws {
        let result = try DioramaCommandLine.run(
            ["check", "--layout", "/nonexistent/layout.json", "--", "/bin/true"],
            environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/layout.json"), "\(result.standardError)")
    }
}

/// The Markdown table of Docs/compatibility.md, rewritten between its markers.
@Suite(.ownThreads) struct CompatibilityTableTests {
    static let prose = """
        # Title

        Before.

        \(CompatibilityTable.start)
        | Client | Package | a | b |
        |---|---|---|---|
        | old | x 1 | pass | pass |
        | foot | foot 1 | fail | pass |
        | stale-shape | y | pass |
        \(CompatibilityTable.end)

        After: known bugs.
        """

    @Test func replacesTheClientsRowAndKeepsTheProse() throws {
        let path = NSTemporaryDirectory() + "compatibility-\(UUID().uuidString).md"
        try Self.prose.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = "| Client | Package | a | b |\n|---|---|---|---|"
        try CompatibilityTable.update(path, header: header, row: "| foot | foot 2 | pass | pass |", client: "foot")
        try CompatibilityTable.update(path, header: header, row: "| new | z 1 | pass | n/a: why |", client: "new")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Title

                Before.

                \(CompatibilityTable.start)
                | Client | Package | a | b |
                |---|---|---|---|
                | old | x 1 | pass | pass |
                | foot | foot 2 | pass | pass |
                | new | z 1 | pass | n/a: why |
                \(CompatibilityTable.end)

                After: known bugs.
                """)
    }

    /// Clients explored at once (`make -j explore-table`) each write their
    /// row: 24 updates of one file from 24 threads keep all 24 rows.
    @Test func updatesAtOnceKeepEveryRow() throws {
        let path = NSTemporaryDirectory() + "compatibility-\(UUID().uuidString).md"
        try Self.prose.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = "| Client | Package | a | b |\n|---|---|---|---|"
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            do {
                try CompatibilityTable.update(path, header: header, row: "| client-\(index) | p | pass | pass |", client: "client-\(index)")
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let missing = (0..<24).filter { !text.contains("| client-\($0) |") }
        #expect(missing.isEmpty, "rows lost: \(missing)")
    }

    @Test func aFileWithoutTheEndMarkerIsNamedWithItsLine() throws {
        let path = NSTemporaryDirectory() + "compatibility-\(UUID().uuidString).md"
        try "# Title\n\n\(CompatibilityTable.start)\n| a |\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: CompatibilityTableError(
                path: path, line: 3,
                problem: "\(CompatibilityTable.start) is not followed by \(CompatibilityTable.end); add it after the table")
        ) {
            try CompatibilityTable.update(path, header: "| Client |\n|---|", row: "| x |", client: "x")
        }
    }
}
