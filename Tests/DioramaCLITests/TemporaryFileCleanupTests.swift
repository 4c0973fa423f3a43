import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `diorama sim`, `run` and `check` leave nothing in the temporary directory
/// (`TMPDIR`, a fresh folder per test), also when a client leaves its own
/// socket, folders and links in the runtime directory the simulator made,
/// and also when SIGTERM stops them; and a link a client put there is
/// removed, never followed: what it points to survives.
@Suite("Temporary files: removed on stop, only ours", .serialized, .ownThreads)
struct TemporaryFileCleanupTests {
    /// A fresh `TMPDIR`, a folder outside it with files a client links to,
    /// and the client: a Python script that leaves in its
    /// `XDG_RUNTIME_DIR` a listening socket (as alacritty and imv do), a
    /// folder with a file (dconf's), a link to a file and a link to a folder
    /// outside, then writes the runtime directory's path to
    /// `outside/runtime-dir` and, unless told `exit`, stays: told `go`,
    /// until the FIFO `outside/go` is opened and closed by the test.
    final class LeavingClientScene {
        let temporary: URL
        let outside: URL
        let client: URL

        init() throws {
            let root = FileManager.default.temporaryDirectory
                .appendingPathComponent("diorama-cleanup-test-\(getpid())-\(UUID().uuidString.prefix(8))")
            temporary = root.appendingPathComponent("tmp")
            outside = root.appendingPathComponent("outside")
            client = outside.appendingPathComponent("leaving-client")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try "keep me".write(to: outside.appendingPathComponent("keep.txt"), atomically: false, encoding: .utf8)
            try "keep me too".write(to: outside.appendingPathComponent("folder/inside.txt"), atomically: false, encoding: .utf8)
            try """
            #!/usr/bin/env python3
            import os, socket, sys, time
            runtime = os.environ["XDG_RUNTIME_DIR"]
            outside = \(Self.pythonString(outside.path))
            with open(os.path.join(outside, "pid"), "w") as pid:
                pid.write(str(os.getpid()))
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind(os.path.join(runtime, "leaving-client.sock"))
            listener.listen(1)
            os.makedirs(os.path.join(runtime, "dconf"))
            with open(os.path.join(runtime, "dconf", "user"), "w") as user:
                user.write("settings")
            os.symlink(os.path.join(outside, "keep.txt"), os.path.join(runtime, "link-to-file"))
            os.symlink(os.path.join(outside, "folder"), os.path.join(runtime, "link-to-folder"))
            with open(os.path.join(outside, "runtime-dir.partial"), "w") as seen:
                seen.write(runtime)
            os.rename(os.path.join(outside, "runtime-dir.partial"), os.path.join(outside, "runtime-dir"))
            if sys.argv[1:] == ["go"]:
                with open(os.path.join(outside, "go")) as go:
                    go.read()
            elif sys.argv[1:] != ["exit"]:
                time.sleep(600)
            """.write(to: client, atomically: false, encoding: .utf8)
            guard chmod(client.path, 0o755) == 0 else { throw CleanupTestError("chmod \(client.path) failed") }
        }

        deinit {
            // Under the old code the client outlived a stopped `diorama`: end it here.
            if let text = try? String(contentsOf: outside.appendingPathComponent("pid"), encoding: .utf8), let pid = pid_t(text) {
                kill(pid, SIGKILL)
            }
            try? FileManager.default.removeItem(at: temporary.deletingLastPathComponent())
        }

        static func pythonString(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }

        /// The test's environment for `diorama`: no runtime directory of the
        /// user's, so the simulator makes its own in `TMPDIR`.
        var environment: [String: String] {
            ChildProcess.minimalEnvironment(["TMPDIR": temporary.path, "NO_COLOR": "1"])
        }

        /// `outside/leaving.scenario`: launches the client (with `arguments`,
        /// a scenario's ` arguments "…"` or nothing) and waits, up to two
        /// minutes, for a window it never shows.
        func writeScenario(launching arguments: String = "") throws -> URL {
            let scenario = outside.appendingPathComponent("leaving.scenario")
            try """
            timeout: 120s
            display DP-1 1280x800 scale 1 at 0,0
            launch app \(Self.pythonString(client.path))\(arguments) as leaver
            window main = leaver app_id "never.shown"
            expect main traits.displayScale 1
            """.write(to: scenario, atomically: false, encoding: .utf8)
            return scenario
        }

        func startDiorama(_ arguments: [String], standardOutput: URL? = nil) throws -> ChildProcess {
            try ChildProcess(TestExecutable.locate("diorama"), arguments: arguments, environment: environment, standardOutput: standardOutput)
        }

        /// Waits for the client to have left its files (an event: the
        /// `runtime-dir` file appearing), and returns the runtime directory.
        func awaitClient(under diorama: ChildProcess) throws -> String {
            let marker = outside.appendingPathComponent("runtime-dir")
            return try Wait.until(
                "the client to leave its files in its runtime directory", timeout: 60,
                wakingOn: WaitEvents(files: [marker.path], children: [diorama]),
                details: { "diorama: \(diorama.state); stderr: \(diorama.standardError)" }
            ) { () throws -> String? in
                if let text = try? String(contentsOf: marker, encoding: .utf8) { return text }
                if !diorama.isRunning {
                    throw WaitTimeout(what: "diorama ended (\(diorama.state)) before the client ran", seconds: 0, details: diorama.standardError)
                }
                return nil
            }
        }

        /// `signal` (SIGTERM unless told), then waits for `diorama` to end (it has its own bound).
        func terminate(_ diorama: ChildProcess, with signal: Int32 = SIGTERM) throws -> ChildProcessResult {
            diorama.send(signal)
            return try diorama.waitForExit(timeout: 60)
        }

        /// The client is no longer running: it is gone, or a zombie its new
        /// parent has yet to reap (its `/proc/PID/stat` state `Z`).
        func expectClientEnded() {
            guard let text = try? String(contentsOf: outside.appendingPathComponent("pid"), encoding: .utf8) else {
                Issue.record("the client wrote no pid")
                return
            }
            let stat = (try? String(contentsOfFile: "/proc/\(text)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init)
            #expect(stat.isEmpty || state == "Z", "the client (pid \(text)) still runs: \(stat)")
        }

        /// Nothing of the run is left in `TMPDIR`, the runtime directory the
        /// client saw is gone, and the files outside its links pointed to are whole.
        func expectNothingLeft(runtimeDirectory: String, _ result: ChildProcessResult) {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "left in TMPDIR: \(left); stderr: \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: runtimeDirectory), "\(runtimeDirectory) is still there")
            #expect((try? String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8)) == "keep me")
            #expect((try? String(contentsOf: outside.appendingPathComponent("folder/inside.txt"), encoding: .utf8)) == "keep me too")
        }
    }

    @Test("diorama sim -- CLIENT: the runtime directory goes with what the client left in it, its links not followed")
    func simRemovesWhatItsClientLeft() throws {
        let scene = try LeavingClientScene()
        let sim = try scene.startDiorama(["sim", "--", scene.client.path, "exit"])
        let runtimeDirectory = try scene.awaitClient(under: sim)
        let result = try sim.waitForExit(timeout: 60)
        #expect(result.status == 0 && !result.exitedBySignal, "\(result.standardError)")
        scene.expectNothingLeft(runtimeDirectory: runtimeDirectory, result)
    }

    @Test("diorama sim stopped by SIGTERM leaves nothing in TMPDIR")
    func simStoppedBySignal() throws {
        let scene = try LeavingClientScene()
        let sim = try scene.startDiorama(["sim", "--", scene.client.path])
        let runtimeDirectory = try scene.awaitClient(under: sim)
        scene.expectNothingLeft(runtimeDirectory: runtimeDirectory, try scene.terminate(sim))
    }

    @Test("diorama sim > /dev/full: \"cannot write output\", exit 2, and the simulator's sockets and runtime folder removed")
    func simWhoseEvalLineCannotBeWritten() throws {
        let scene = try LeavingClientScene()
        let sim = try scene.startDiorama(["sim", "--", scene.client.path, "exit"], standardOutput: URL(fileURLWithPath: "/dev/full"))
        let result = try sim.waitForExit(timeout: 60)
        #expect(result.status == 2 && !result.exitedBySignal, "\(sim.state): \(result.standardError)")
        #expect(result.standardError.contains("diorama: cannot write output: No space left on device"), "\(result.standardError)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: scene.temporary.path)) ?? ["(unreadable)"]
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    @Test("diorama run | a reader that leaves: SIGPIPE ends the run, after it stopped its app and removed what it made")
    func runWhoseReaderLeft() throws {
        let scene = try LeavingClientScene()
        let scenario = try scene.writeScenario(launching: #" arguments "go""#)
        let go = scene.outside.appendingPathComponent("go").path
        let pipe = scene.outside.appendingPathComponent("stdout").path
        guard mkfifo(go, 0o600) == 0, mkfifo(pipe, 0o600) == 0 else { throw CleanupTestError("mkfifo failed: \(errno)") }
        // The reader, open before `diorama run` opens the FIFO for its stdout.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reader >= 0 else { throw CleanupTestError("open \(pipe) failed: \(errno)") }
        let run = try scene.startDiorama(
            ["run", "--work-dir", scene.outside.appendingPathComponent("work").path, scenario.path], standardOutput: URL(fileURLWithPath: pipe))
        let runtimeDirectory = try scene.awaitClient(under: run)
        // The reader leaves; then the client exits, the window step fails,
        // and the run's next line meets a pipe nobody reads.
        close(reader)
        let release = open(go, O_WRONLY | O_CLOEXEC)
        guard release >= 0 else { throw CleanupTestError("open \(go) failed: \(errno)") }
        close(release)
        let result = try run.waitForExit(timeout: 60)
        #expect(result.exitedBySignal && result.status == SIGPIPE, "\(run.state): \(result.standardError)")
        scene.expectNothingLeft(runtimeDirectory: runtimeDirectory, result)
        scene.expectClientEnded()
    }

    @Test("diorama check stopped by SIGTERM or SIGINT stops its client and leaves nothing in TMPDIR", arguments: [SIGTERM, SIGINT])
    func checkStoppedBySignal(signal: Int32) throws {
        let scene = try LeavingClientScene()
        let check = try scene.startDiorama(["check", "--output", scene.outside.appendingPathComponent("report").path, "--", scene.client.path])
        let runtimeDirectory = try scene.awaitClient(under: check)
        let result = try scene.terminate(check, with: signal)
        #expect(result.exitedBySignal && result.status == signal, "\(result.standardError)")
        scene.expectNothingLeft(runtimeDirectory: runtimeDirectory, result)
        scene.expectClientEnded()
    }

    @Test("diorama run stopped by SIGTERM or SIGINT stops its app and leaves nothing in TMPDIR", arguments: [SIGTERM, SIGINT])
    func runStoppedBySignal(signal: Int32) throws {
        let scene = try LeavingClientScene()
        let scenario = try scene.writeScenario()
        let run = try scene.startDiorama(["run", "--work-dir", scene.outside.appendingPathComponent("work").path, scenario.path])
        let runtimeDirectory = try scene.awaitClient(under: run)
        let result = try scene.terminate(run, with: signal)
        #expect(result.exitedBySignal && result.status == signal, "\(result.standardError)")
        scene.expectNothingLeft(runtimeDirectory: runtimeDirectory, result)
        scene.expectClientEnded()
    }
}

struct CleanupTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
