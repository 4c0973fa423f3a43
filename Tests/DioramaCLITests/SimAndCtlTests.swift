import DioramaGraphics
import DioramaPNGTestSupport
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `diorama sim` and `diorama ctl` end to end: real processes, the real
/// sockets, and weston-simple-shm (from Debian's weston) as the client.
@Suite("diorama sim + diorama ctl", .serialized, .ownThreads)
struct SimAndCtlTests {
    /// A running `diorama sim` in its own runtime directory, stopped (SIGTERM) at the end.
    final class RunningSimulator {
        let process: ChildProcess
        let runtimeDirectory: URL
        /// XDG_RUNTIME_DIR, WAYLAND_DISPLAY and DIORAMA_CONTROL from the eval line.
        let exports: [String: String]

        /// - Parameter launcher: a program and its arguments that run `diorama
        ///   sim …` (e.g. `prlimit --nofile=64`); empty runs it directly.
        init(_ arguments: [String], launcher: [String] = []) throws {
            runtimeDirectory = FileManager.default.temporaryDirectory
                .appendingPathComponent("diorama-sim-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(
                at: runtimeDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let diorama = try TestExecutable.locate("diorama")
            let executable = launcher.first.map { URL(fileURLWithPath: $0) } ?? diorama
            let prefix = launcher.isEmpty ? [] : Array(launcher.dropFirst()) + [diorama.path]
            process = try ChildProcess(
                executable, arguments: prefix + ["sim"] + arguments,
                environment: ChildProcess.minimalEnvironment(["XDG_RUNTIME_DIR": runtimeDirectory.path]))
            let process = process
            let line = try Wait.until(
                "diorama sim to print its environment", timeout: 30,
                wakingOn: WaitEvents(files: [process.standardOutputPath], children: [process]),
                details: { "stderr: \(process.standardError)" }
            ) { () throws -> String? in
                if !process.isRunning { throw WaitTimeout(what: "diorama sim exited (\(process.state))", seconds: 0, details: process.standardError) }
                return process.standardOutput.split(separator: "\n").first.map(String.init)
            }
            exports = Self.parse(line)
        }

        /// `K='v'; K2='v2'; export K K2` → [K: v, K2: v2].
        static func parse(_ line: String) -> [String: String] {
            var result: [String: String] = [:]
            for part in line.split(separator: ";") {
                let assignment = part.trimmingCharacters(in: .whitespaces)
                guard !assignment.hasPrefix("export"), let equals = assignment.firstIndex(of: "=") else { continue }
                result[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...]).trimmingCharacters(
                    in: CharacterSet(charactersIn: "'"))
            }
            return result
        }

        /// The environment a client of this simulator (or `diorama ctl`) runs with.
        var environment: [String: String] { ChildProcess.minimalEnvironment(exports) }

        func ctl(_ arguments: [String]) throws -> ChildProcessResult {
            try DioramaCommandLine.run(["ctl"] + arguments, environment: environment, timeout: 120)
        }

        func windows() throws -> [[String: Any]] {
            let result = try ctl(["windows", "--json"])
            guard result.status == 0,
                let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                let windows = object["windows"] as? [[String: Any]]
            else {
                throw WaitTimeout(what: "a window list (status \(result.status))", seconds: 0, details: result.standardError + result.standardOutput)
            }
            return windows
        }

        func displays() throws -> [[String: Any]] {
            let result = try ctl(["displays", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            return object?["displays"] as? [[String: Any]] ?? []
        }

        /// SIGTERM, then its exit status.
        func stop() throws -> Int32 {
            process.send(SIGTERM)
            return try process.waitForExit(timeout: 20).status
        }

        deinit {
            process.stop()
            try? FileManager.default.removeItem(at: runtimeDirectory)
        }
    }

    static func program(_ path: String, package: String) throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install \(package)")
        return URL(fileURLWithPath: path)
    }

    @Test("diorama sim with XDG_RUNTIME_DIR naming a file or nothing: the variable is named, exit 2")
    func runtimeDirectoryThatIsNoFolder() throws {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("runtime").path
        try "not a folder".write(toFile: file, atomically: false, encoding: .utf8)
        for (path, what) in [(file, "is not a folder"), (directory.appendingPathComponent("missing").path, "does not exist")] {
            let result = try DioramaCommandLine.run(["sim", "--", "true"], environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": path]))
            #expect(result.status == 2, "\(result.status): \(result.standardError)")
            #expect(
                result.standardError.contains("diorama sim: \(path): XDG_RUNTIME_DIR names this path, which \(what); point XDG_RUNTIME_DIR at"),
                "\(result.standardError)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
    }

    @Test(
        "studio layout: weston-simple-shm listed, moved to DP-2 (scale 2), screenshot, rescale, plug/unplug, trace, errors",
        .timeLimit(.minutes(10)))
    func studioSession() throws {
        let simpleShm = try Self.program("/usr/bin/weston-simple-shm", package: "weston")
        let simulator = try RunningSimulator(["--layout", "studio"])
        #expect(simulator.exports["WAYLAND_DISPLAY"]?.isEmpty == false)
        let control = try #require(simulator.exports["DIORAMA_CONTROL"])
        let attributes = try FileManager.default.attributesOfItem(atPath: control)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the control socket is for its user only")

        let client = try ChildProcess(simpleShm, environment: simulator.environment)
        defer { client.send(SIGTERM) }  // simple-shm ignores SIGINT
        let window = try Wait.until("weston-simple-shm in `ctl windows`", timeout: 30, interval: 0.2) {
            try simulator.windows().first { $0["app_id"] as? String == "org.freedesktop.weston.simple-shm" && $0["mapped"] as? Bool == true }
        }
        #expect(window["displays"] as? [String] == ["DP-1"])
        #expect(window["pid"] as? Int == Int(client.processIdentifier))
        #expect(window["buffer_width"] as? Int == 250)
        let table = try simulator.ctl(["windows"])
        #expect(table.standardOutput.hasPrefix("ID  APP_ID"), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("simple-shm"))

        let moved = try simulator.ctl(["move", "org.freedesktop.weston.simple-shm", "--to", "DP-2"])
        #expect(moved.status == 0, "\(moved.standardError)")
        let onDP2 = try #require(try simulator.windows().first)
        #expect(onDP2["displays"] as? [String] == ["DP-2"])
        #expect(onDP2["preferred_scale"] as? Double == 2)
        // simple-shm keeps drawing 250x250 at scale 1: whether it is settled, it is not drawn for scale 2.
        let movedTable = try simulator.ctl(["windows"]).standardOutput
        #expect(movedTable.contains("CONFIGURE_SETTLED  DRAWN_FOR_SCALE"), "\(movedTable)")
        #expect(movedTable.split(separator: "\n").last?.hasSuffix(" no") == true, "\(movedTable)")
        let x = try #require(onDP2["x"] as? Int), y = try #require(onDP2["y"] as? Int)

        let png = simulator.runtimeDirectory.appendingPathComponent("layout.png")
        let shot = try simulator.ctl(["screenshot", "--all", "--out", png.path])
        #expect(shot.status == 0, "\(shot.standardError)")
        let image = try PNG.read(contentsOf: png)
        #expect(image.width == 6400 && image.height == 1440, "studio: 1920 + 2560 + 1920 points wide, 1440 high, at 1x")
        // The window's 250x250 points at 1 pixel per point: simple-shm's
        // rings, hardly any of it black; just outside, the black desktop.
        var lit = 0
        for row in y..<(y + 250) {
            for column in x..<(x + 250) where image.components(x: column, y: row) != (0, 0, 0, 255) { lit += 1 }
        }
        #expect(lit > 250 * 250 / 2, "the window's pixels are in the screenshot (\(lit) of 62500 not black)")
        #expect(image.components(x: x - 5, y: y + 100) == (0, 0, 0, 255))

        let rescaled = try simulator.ctl(["display", "scale", "DP-2", "1.5"])
        #expect(rescaled.status == 0, "\(rescaled.standardError)")
        #expect(try simulator.displays().first { $0["name"] as? String == "DP-2" }?["scale"] as? Double == 1.5)
        let plugged = try simulator.ctl(["plug", "TV", "1920x1080", "--scale", "1", "--at", "0,1200"])
        #expect(plugged.status == 0, "\(plugged.standardError)")
        #expect(try simulator.displays().map { $0["name"] as? String } == ["DP-1", "DP-2", "HDMI-A-1", "TV"])
        let unplugged = try simulator.ctl(["unplug", "TV"])
        #expect(unplugged.status == 0, "\(unplugged.standardError)")
        #expect(try simulator.displays().count == 3)

        let trace = try simulator.ctl(["trace"])
        #expect(trace.status == 0)
        let records = try trace.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        let types = records.compactMap { $0["type"] as? String }
        #expect(types.contains("window_mapped") && types.contains("commit"))
        #expect(records.contains { $0["type"] as? String == "display_added" && $0["display"] as? String == "TV" })
        #expect(records.contains { $0["type"] as? String == "display_removed" && $0["display"] as? String == "TV" })
        #expect(records.contains { $0["type"] as? String == "enter" && $0["display"] as? String == "DP-2" })
        let lastSeq = try #require(records.last?["seq"] as? Int)
        let later = try simulator.ctl(["trace", "--since", String(lastSeq)])
        #expect(
            later.standardOutput.split(separator: "\n").allSatisfy { line in
                ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["seq"] as? Int ?? 0 > lastSeq
            })

        let unknown = try simulator.ctl(["move", "no.such.app", "--to", "DP-2"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("no window matches app_id:no.such.app"), "\(unknown.standardError)")
        #expect(unknown.standardError.contains("org.freedesktop.weston.simple-shm"), "the message lists the windows: \(unknown.standardError)")
        let overlap = try simulator.ctl(["plug", "X", "100x100", "--at", "10,10"])
        #expect(overlap.status == 1)
        #expect(overlap.standardError.contains("overlaps"), "\(overlap.standardError)")
        let badUsage = try simulator.ctl(["resize", "org.freedesktop.weston.simple-shm", "big"])
        #expect(badUsage.status == 2)
        #expect(badUsage.standardError.contains("WIDTHxHEIGHT"), "\(badUsage.standardError)")

        client.send(SIGTERM)
        _ = try? client.waitForExit(timeout: 10)
        #expect(try simulator.stop() == 0, "SIGTERM stops the simulator cleanly: \(simulator.process.standardError)")
        #expect(!FileManager.default.fileExists(atPath: control), "the control socket is removed")
        #expect(!FileManager.default.fileExists(atPath: simulator.runtimeDirectory.appendingPathComponent(simulator.exports["WAYLAND_DISPLAY"]!).path))
    }

    @Test(
        "ctl pointer and ctl touch reach the window under the point; bad input is refused with the reason",
        .timeLimit(.minutes(10)))
    func pointerAndTouch() throws {
        let simpleShm = try Self.program("/usr/bin/weston-simple-shm", package: "weston")
        let simulator = try RunningSimulator(["--layout", "studio"])
        let client = try ChildProcess(simpleShm, environment: simulator.environment)
        defer { client.send(SIGTERM) }
        let appID = "org.freedesktop.weston.simple-shm"
        _ = try Wait.until("weston-simple-shm mapped", timeout: 30, interval: 0.2) {
            try simulator.windows().first { $0["app_id"] as? String == appID && $0["mapped"] as? Bool == true }
        }
        for arguments in [
            ["pointer", "move", "--window", appID, "--at", "20,30"], ["pointer", "click", "--button", "right"],
            ["pointer", "scroll", "--dy", "15"], ["touch", "down", "--id", "2", "--window", appID, "--at", "5,6"],
            ["touch", "move", "--id", "2", "--window", appID, "--at", "7,8"], ["touch", "up", "--id", "2"],
        ] {
            let result = try simulator.ctl(arguments)
            #expect(result.status == 0, "ctl \(arguments): \(result.standardError)")
            #expect(!result.standardError.contains("warning"), "ctl \(arguments) reached the window: \(result.standardError)")
        }
        let trace = try simulator.ctl(["trace"]).standardOutput
        for record in [
            "\"type\":\"pointer_input\",\"window\":1,\"action\":\"enter\",\"x\":20,\"y\":30",
            "\"action\":\"press right\"", "\"action\":\"scroll\",\"x\":0,\"y\":15",
            "\"type\":\"touch_input\",\"window\":1,\"action\":\"down\",\"id\":2,\"x\":5,\"y\":6",
            "\"action\":\"motion\",\"id\":2,\"x\":7,\"y\":8", "\"action\":\"up\",\"id\":2",
        ] {
            #expect(trace.contains(record), "\(record) in the trace:\n\(trace)")
        }

        // A click on the bare desktop is carried out, and said to have reached no window.
        let onDesktop = try simulator.ctl(["pointer", "click", "--at", "-500,-500"])
        #expect(onDesktop.status == 0, "\(onDesktop.standardError)")
        #expect(
            onDesktop.standardError.contains("pointer click: warning: no window is under the pointer at -500,-500: the click reached no client"),
            "\(onDesktop.standardError)")

        let notDown = try simulator.ctl(["touch", "up", "--id", "3"])
        #expect(notDown.status != 0)
        #expect(notDown.standardError.contains("touch 3 is not down"), "\(notDown.standardError)")
        let badButton = try simulator.ctl(["pointer", "down", "--button", "thumb"])
        #expect(badButton.status != 0)
        #expect(badButton.standardError.contains("--button must be left, right, middle"), "\(badButton.standardError)")
        let farAway = try simulator.ctl(["pointer", "move", "--at", "2000000,0"])
        #expect(farAway.status != 0)
        #expect(farAway.standardError.contains("-1000000…1000000"), "\(farAway.standardError)")
    }

    @Test("no simulator: ctl exits 2 and says how to start one")
    func noSimulator() throws {
        let unset = try DioramaCommandLine.run(["ctl", "windows"], environment: DioramaCommandLine.environment([:]))
        #expect(unset.status == 2)
        #expect(unset.standardError.contains("DIORAMA_CONTROL is unset"), "\(unset.standardError)")
        #expect(unset.standardError.contains("diorama sim"))
        let missing = try DioramaCommandLine.run(
            ["ctl", "windows", "--control", "/nonexistent/diorama.control"],
            environment: DioramaCommandLine.environment([:]))
        #expect(missing.status == 2)
        #expect(
            missing.standardError.contains("cannot connect to the simulator's control socket /nonexistent/diorama.control: no such file"),
            "\(missing.standardError)")
    }

    @Test("a control socket path over 107 bytes is refused by sim and ctl, naming the path and the limit")
    func longControlPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-long-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let long = directory.path + "/" + String(repeating: "c", count: 120) + ".control"
        let environment = DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path])
        let sim = try DioramaCommandLine.run(["sim", "--control", long], environment: environment)
        #expect(sim.status == 2)
        #expect(
            sim.standardError.contains("\(long): the socket path is \(long.utf8.count) bytes, longer than the 107 bytes"),
            "\(sim.standardError)")
        let ctl = try DioramaCommandLine.run(["ctl", "windows", "--control", long], environment: environment)
        #expect(ctl.status == 2)
        #expect(
            ctl.standardError.contains("\(long): the socket path is \(long.utf8.count) bytes, longer than the 107 bytes"),
            "\(ctl.standardError)")
        // Nothing was created under a cut-short name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("sim -- COMMAND: the command sees the simulator and its exit status is sim's", .timeLimit(.minutes(10)))
    func runsACommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-sim-cmd-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let diorama = try TestExecutable.locate("diorama").path
        let traceFile = directory.appendingPathComponent("trace.jsonl")
        let result = try DioramaCommandLine.run(
            [
                "sim", "--layout", "laptop", "--trace", traceFile.path, "--",
                "/bin/sh", "-c", "\"$0\" ctl display scale eDP-1 1.5 && \"$0\" ctl displays --json && exit 7", diorama,
            ],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]))
        #expect(result.status == 7, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"name\" : \"eDP-1\""), "\(result.standardOutput)")
        #expect(result.standardOutput.hasPrefix("XDG_RUNTIME_DIR='\(directory.path)'; WAYLAND_DISPLAY='wayland-"))
        // --trace: every record, from the displays added at start to the rescale.
        let lines = try String(contentsOf: traceFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains(#""type":"display_added","display":"eDP-1""#) == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.contains(#""type":"display_changed","display":"eDP-1""#) && $0.contains(#""scale120":180"#) })

        let badLayout = try DioramaCommandLine.run(
            ["sim", "--layout", "no-such-layout"],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]))
        #expect(badLayout.status == 2)
        #expect(badLayout.standardError.contains("no layout named \"no-such-layout\""), "\(badLayout.standardError)")
        #expect(badLayout.standardError.contains("dual, laptop, studio"))
    }

    /// `--trace /dev/stdout` writes through the descriptor the shell gave:
    /// with `>>` the log keeps what it held (the trace file was opened again
    /// and truncated), and the environment line and the records do not
    /// overwrite each other. A trace file with a second (hard) link is
    /// replaced: the other name keeps its contents.
    @Test("sim --trace /dev/stdout appends where stdout goes; a hard-linked trace file's other name is kept", .timeLimit(.minutes(10)))
    func traceFileNeverTruncatesWhatIsNotItsOwn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-sim-trace-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let diorama = try TestExecutable.locate("diorama").path
        let log = directory.appendingPathComponent("ci.log").path
        try "an earlier line\n".write(toFile: log, atomically: false, encoding: .utf8)
        // The shell opens the log for appending, as `>> ci.log` in a CI step does.
        let appended = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", #"exec "$0" sim --layout laptop --trace /dev/stdout -- true >> "$1""#, diorama, log],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]), timeout: 60)
        #expect(appended.status == 0, "\(appended.standardError)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "an earlier line")
        #expect(lines.contains { $0.hasPrefix("XDG_RUNTIME_DIR=") })
        let records = lines.dropFirst().filter { !$0.hasPrefix("XDG_RUNTIME_DIR=") }
        #expect(records.first?.contains(#""type":"display_added""#) == true, "\(lines)")
        for record in records {
            #expect((try? JSONSerialization.jsonObject(with: Data(record.utf8))) is [String: Any], "not a whole record: \(record)")
        }

        let trace = directory.appendingPathComponent("trace.jsonl").path
        let otherName = directory.appendingPathComponent("kept.txt").path
        try "kept\n".write(toFile: otherName, atomically: false, encoding: .utf8)
        #expect(link(otherName, trace) == 0)
        let linked = try DioramaCommandLine.run(
            ["sim", "--layout", "laptop", "--trace", trace, "--", "true"],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]))
        #expect(linked.status == 0, "\(linked.standardError)")
        #expect(try String(contentsOfFile: otherName, encoding: .utf8) == "kept\n")
        #expect(try String(contentsOfFile: trace, encoding: .utf8).hasPrefix(#"{"#))

        // A FIFO nobody reads: said so (it was "No such device or address;
        // check that its folder exists").
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let unread = try DioramaCommandLine.run(
            ["sim", "--layout", "laptop", "--trace", fifo, "--", "true"],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]))
        #expect(unread.status == 2)
        #expect(
            unread.standardError.contains("cannot create the trace file \(fifo) (it is a FIFO that no process is reading); start the reader first"),
            "\(unread.standardError)")
    }
}
