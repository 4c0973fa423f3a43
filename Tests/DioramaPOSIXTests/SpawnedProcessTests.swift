import DioramaPOSIX
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("spawned processes")
struct SpawnedProcessTests {
    private static let environment = ["PATH": "/usr/bin:/bin"]

    /// A scratch directory for one test's output files.
    private static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory.make(prefix: "/tmp/diorama-spawn-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    /// Waits (up to 20 s) until `file` contains `text`, looking again each
    /// time its folder is written to.
    private static func waitFor(_ text: String, in file: String) -> Bool {
        FolderWriteWatch(foldersOf: [file]).look(until: .now + .seconds(20)) { () -> Bool? in
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8), contents.contains(text) else { return nil }
            return true
        } ?? false
    }

    @Test("exit status and stdout and stderr captured in files")
    func exitStatusAndOutput() throws {
        try Self.withDirectory { directory in
            let child = try SpawnedProcess(
                executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; pwd; exit 3"],
                environment: Self.environment, workingDirectory: directory,
                standardOutput: .file(directory + "/out", append: false),
                standardError: .file(directory + "/err", append: false))
            let termination = child.waitForExit()
            #expect(termination == .exited(3))
            #expect(termination.description == "exited with status 3")
            #expect(termination.shellStatus == 3)
            #expect(!child.isRunning)
            #expect(try String(contentsOfFile: directory + "/out", encoding: .utf8) == "out\n\(directory)\n")
            #expect(try String(contentsOfFile: directory + "/err", encoding: .utf8) == "err\n")
        }
    }

    @Test("appending keeps what an earlier run wrote")
    func appending() throws {
        try Self.withDirectory { directory in
            let log = directory + "/log"
            for word in ["one", "two"] {
                let child = try SpawnedProcess(
                    executable: "/bin/echo", arguments: [word], environment: Self.environment,
                    standardOutput: .file(log, append: true))
                child.waitForExit()
            }
            #expect(try String(contentsOfFile: log, encoding: .utf8) == "one\ntwo\n")
        }
    }

    @Test("a child that ignores SIGTERM is killed once the grace period ends")
    func ignoresTerm() throws {
        try Self.withDirectory { directory in
            let out = directory + "/out"
            let child = try SpawnedProcess(
                executable: "/bin/sh",
                arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"],
                environment: Self.environment, standardOutput: .file(out, append: false))
            #expect(Self.waitFor("ready", in: out))
            #expect(child.terminate(grace: .milliseconds(200)) == false)
            #expect(child.termination == .killed(signal: SIGKILL))
            #expect(child.termination?.description == "killed by signal 9")
            #expect(child.termination?.shellStatus == 137)
        }
    }

    @Test("SIGTERM reaches a child spawned from a thread that blocks it, and the child's helpers stop with it")
    func unblockedSignalsAndGroup() throws {
        try Self.withDirectory { directory in
            let out = directory + "/out"
            var term = sigset_t()
            sigemptyset(&term)
            sigaddset(&term, SIGTERM)
            var saved = sigset_t()
            pthread_sigmask(SIG_BLOCK, &term, &saved)
            let child: SpawnedProcess
            do {
                defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
                // The helper ignores SIGTERM; only the group-wide SIGKILL stops it.
                child = try SpawnedProcess(
                    executable: "/bin/sh",
                    arguments: ["-c", "(trap '' TERM; exec sleep 60) & echo helper $!; wait"],
                    environment: Self.environment, standardOutput: .file(out, append: false))
            }
            #expect(Self.waitFor("helper", in: out))
            let helper = pid_t(
                try String(contentsOfFile: out, encoding: .utf8)
                    .split(separator: " ").last!.trimmingCharacters(in: .whitespacesAndNewlines))!
            #expect(child.processGroup == child.pid)
            #expect(child.terminate(grace: .seconds(20)) == true)
            #expect(child.termination == .killed(signal: SIGTERM))
            // The helper is gone or a zombie waiting for init: its pidfd says when it ended.
            #expect(ProcessExitWait.block(untilEnded: [helper], deadline: .now + .seconds(20)) == [])
        }
    }

    @Test("descriptors above stderr are closed in the child unless it inherits them")
    func descriptors() throws {
        try Self.withDirectory { directory in
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)  // not close-on-exec
            defer { close(ends[0]); close(ends[1]) }
            for inherits in [false, true] {
                let out = directory + "/out-\(inherits)"
                let child = try SpawnedProcess(
                    executable: "/bin/sh",
                    arguments: ["-c", "if [ -e /proc/self/fd/\(ends[1]) ]; then echo open; else echo closed; fi"],
                    environment: Self.environment, standardOutput: .file(out, append: false),
                    inheritsDescriptors: inherits)
                child.waitForExit()
                #expect(try String(contentsOfFile: out, encoding: .utf8) == (inherits ? "open\n" : "closed\n"))
            }
        }
    }

    @Test("a program that cannot be run is an error naming it")
    func spawnFailure() {
        let error = #expect(throws: SpawnError.self) {
            _ = try SpawnedProcess(executable: "/nonexistent/diorama-program", environment: Self.environment)
        }
        #expect(error?.description.hasPrefix("cannot run /nonexistent/diorama-program: No such file or directory") == true)
    }

    @Test("a bounded wait on a running child returns nil; terminate is safe to call twice")
    func boundedWait() throws {
        let child = try SpawnedProcess(executable: "/bin/sleep", arguments: ["60"], environment: Self.environment)
        #expect(child.waitForExit(timeout: .milliseconds(20)) == nil)
        #expect(child.isRunning)
        #expect(child.terminate(grace: .seconds(20)))
        #expect(child.terminate(grace: .seconds(20)))
        #expect(child.termination == .killed(signal: SIGTERM))
    }
}
