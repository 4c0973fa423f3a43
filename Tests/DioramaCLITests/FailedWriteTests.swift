import DioramaTestSupport
import Foundation
import Testing

/// Output that cannot be written — stdout on `/dev/full`, a trace file on a
/// full disk — is an error the user sees (exit 2 and one line on stderr),
/// never a trap (SIGILL from Foundation's `FileHandle.write`) or lost output
/// with exit 0. `/dev/full` fails every write with ENOSPC, like a full disk.
@Suite("failed writes: stdout and trace files on a full disk", .serialized)
struct FailedWriteTests {
    static let fullDevice = URL(fileURLWithPath: "/dev/full")
    static let fullDeviceMessage = "diorama: cannot write output: No space left on device"

    /// /dev/full must still be the device: a writer that replaces its target
    /// atomically (rename over it, as `FileManager.createFile` does) would
    /// turn it into a plain file when tests run as root, and every test here
    /// would then pass writes that should fail.
    static func requireFullDevice(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var status = stat()
        try #require(
            stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR,
            "/dev/full is not the character device; recreate it with: mknod -m 666 /dev/full c 1 7",
            sourceLocation: sourceLocation)
    }

    @Test("diorama lint > /dev/full: exit 2 with \"cannot write output\", not a crash")
    func lintToFullDisk() throws {
        try Self.requireFullDevice()
        let result = try DioramaCommandLine.run(
            ["lint", LintCommandTests.fixture("Projects/Studio")],
            standardOutput: Self.fullDevice)
        #expect(!result.exitedBySignal, "killed by signal \(result.status): \(result.standardError)")
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(Self.fullDeviceMessage), "\(result.standardError)")
    }

    @Test("diorama lint --format json > /dev/full: exit 2 too (the summary still reaches stderr)")
    func lintJSONToFullDisk() throws {
        try Self.requireFullDevice()
        let result = try DioramaCommandLine.run(
            ["lint", "--format", "json", LintCommandTests.fixture("Projects/Notes")],
            standardOutput: Self.fullDevice)
        #expect(!result.exitedBySignal && result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(Self.fullDeviceMessage), "\(result.standardError)")
        #expect(result.standardError.contains("Checked 1 target"), "\(result.standardError)")
    }

    @Test(
        "diorama outputs > /dev/full: exit 2 with \"cannot write output\", not 0 with the table lost",
        .timeLimit(.minutes(10)))
    func outputsToFullDisk() throws {
        try Self.requireFullDevice()
        let simulator = try SimAndCtlTests.RunningSimulator(["--layout", "dual"])
        let result = try DioramaCommandLine.run(
            ["outputs"], environment: simulator.environment,
            standardOutput: Self.fullDevice)
        #expect(!result.exitedBySignal && result.status == 2, "status \(result.status): \(result.standardError)")
        #expect(result.standardError.contains(Self.fullDeviceMessage), "\(result.standardError)")
        let written = try DioramaCommandLine.run(["outputs"], environment: simulator.environment)
        #expect(written.status == 0 && written.standardOutput.contains("DP-1"), "the same command with a writable stdout works")
        #expect(try simulator.stop() == 0)
    }

    @Test(
        "diorama sim --trace /dev/full: one line naming the file and the error, and the simulator keeps serving",
        .timeLimit(.minutes(10)))
    func simulatorTraceOnFullDisk() throws {
        try Self.requireFullDevice()
        let simulator = try SimAndCtlTests.RunningSimulator(["--layout", "dual", "--trace", "/dev/full"])
        // Every rescale adds trace records; the file fails from the first one.
        for scale in ["2", "1.5", "1"] {
            let rescaled = try simulator.ctl(["display", "scale", "DP-1", scale])
            #expect(rescaled.status == 0, "\(rescaled.standardError)")
        }
        #expect(simulator.process.isRunning, "\(simulator.process.state): \(simulator.process.standardError)")
        let displays = try simulator.displays()
        #expect(displays.first { $0["name"] as? String == "DP-1" }?["scale"] as? Double == 1, "ctl still answers: \(displays)")
        let trace = try simulator.ctl(["trace"])
        #expect(
            trace.status == 0 && trace.standardOutput.contains("\"display_changed\""),
            "the in-memory trace still has the records: \(trace.standardError)")

        let complaints = simulator.process.standardError.split(separator: "\n").filter { $0.contains("/dev/full") }
        #expect(complaints.count == 1, "reported once: \(simulator.process.standardError)")
        #expect(complaints.first?.contains("No space left on device") == true, "\(complaints)")
        #expect(try simulator.stop() == 0)
        try Self.requireFullDevice()  // the trace file was written in place, never replaced
    }

    @Test(
        "sim ignores SIGPIPE for itself, but `sim -- COMMAND` gets the default SIGPIPE back",
        .timeLimit(.minutes(10)))
    func commandKeepsDefaultSIGPIPE() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-sim-sigpipe-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try DioramaCommandLine.run(
            ["sim", "--layout", "laptop", "--", "/bin/sh", "-c", "grep '^SigIgn:' /proc/$$/status"],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]))
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }, "\(result.standardOutput)")
        let mask = try #require(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        #expect(mask & (UInt64(1) << (UInt64(SIGPIPE) - 1)) == 0, "the child ignores SIGPIPE: \(line)")
    }
}

/// `--work-dir` that cannot be a folder: one clear line and exit 2, before
/// any scenario is read or run (not Foundation's `NSCocoaErrorDomain` text).
@Suite("diorama run/demo --work-dir")
struct WorkDirectoryOptionTests {
    @Test("--work-dir naming a file: \"is not a directory\", exit 2")
    func workDirectoryIsAFile() throws {
        let result = try DioramaCommandLine.run(["run", "--work-dir", "/etc/passwd", "/nonexistent.scenario"])
        #expect(!result.exitedBySignal && result.status == 2, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("diorama run: --work-dir /etc/passwd: is not a directory"), "\(result.standardError)")
        #expect(!result.standardError.contains("NSCocoaErrorDomain"))
    }

    @Test("--work-dir under a file: \"cannot create it (Not a directory)\", exit 2")
    func workDirectoryUnderAFile() throws {
        let result = try DioramaCommandLine.run(["demo", "--work-dir", "/etc/passwd/runs"])
        #expect(!result.exitedBySignal && result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix("diorama demo: --work-dir /etc/passwd/runs: cannot create it (Not a directory)"),
            "\(result.standardError)")
    }
}
