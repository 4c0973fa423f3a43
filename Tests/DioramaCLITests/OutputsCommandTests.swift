import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// `diorama outputs` run as a real process against real headless compositors.
@Suite("diorama outputs", .ownThreads)
struct OutputsCommandTests {
    @Test("weston --scale=2: one output, mode 2048x1280, logical 1024x640, scale 2 (table and JSON)")
    func westonScale2() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }
        let environment = DioramaCommandLine.environment(weston.environment)

        let table = try DioramaCommandLine.run(["outputs"], environment: environment)
        #expect(table.status == 0, "stderr: \(table.standardError)")
        let rows = tableRows(table.standardOutput)
        #expect(rows.first == ["NAME", "DESCRIPTION", "MODE", "REFRESH", "POSITION", "LOGICAL SIZE", "SCALE", "TRANSFORM"])
        #expect(rows.count == 2, "\(table.standardOutput)")
        // weston's wl_output is v3 (no name event): the name comes from xdg-output.
        #expect(
            rows.dropFirst().first == ["headless", "-", "2048x1280", "60.000 Hz", "0,0", "1024x640", "2", "normal"],
            "\(table.standardOutput)")

        let json = try DioramaCommandLine.run(["outputs", "--json"], environment: environment)
        #expect(json.status == 0, "stderr: \(json.standardError)")
        let decoded = try JSONDecoder().decode(OutputsJSON.self, from: Data(json.standardOutput.utf8))
        let output = try #require(decoded.outputs.first)
        #expect(decoded.outputs.count == 1)
        #expect(output.name == "headless")
        #expect(output.make == "weston")
        #expect(output.mode == .init(width: 2048, height: 1280))
        #expect(output.logicalSize == .init(width: 1024, height: 640))
        #expect(output.logicalPosition == .init(x: 0, y: 0))
        #expect(output.logicalGeometrySource == "xdg-output")
        #expect(output.scale == 2)
        #expect(output.transform == "normal")
        #expect(output.refreshMilliHz == 60000)
    }

    @Test("sway with HEADLESS-1 at scale 1 and HEADLESS-2 at scale 2: names, logical geometry, scales (table and JSON)")
    func swayTwoOutputs() throws {
        let sway = try SwayHeadless.start(outputs: [
            .init(width: 1280, height: 800, scale: 1, x: 0, y: 0),
            .init(width: 1280, height: 800, scale: 2, x: 1280, y: 0),
        ])
        defer { sway.stop() }
        // --display with the absolute path; no WAYLAND_DISPLAY in the environment.
        let environment = DioramaCommandLine.environment([:])

        let table = try DioramaCommandLine.run(["outputs", "--display", sway.waylandDisplay], environment: environment)
        #expect(table.status == 0, "stderr: \(table.standardError)")
        let rows = tableRows(table.standardOutput).dropFirst().map { $0 }
        #expect(rows.count == 2, "\(table.standardOutput)")
        #expect(rows.map { $0.first } == ["HEADLESS-1", "HEADLESS-2"])
        #expect(rows.map { $0[2] } == ["1280x800", "1280x800"], "modes")
        #expect(rows.map { $0[4] } == ["0,0", "1280,0"], "logical positions")
        #expect(rows.map { $0[5] } == ["1280x800", "640x400"], "logical sizes")
        #expect(rows.map { $0[6] } == ["1", "2"], "scales")
        #expect(rows.map { $0.last } == ["normal", "normal"])

        let json = try DioramaCommandLine.run(["outputs", "--json", "--display", sway.waylandDisplay], environment: environment)
        #expect(json.status == 0, "stderr: \(json.standardError)")
        let decoded = try JSONDecoder().decode(OutputsJSON.self, from: Data(json.standardOutput.utf8))
        #expect(decoded.outputs.map(\.name) == ["HEADLESS-1", "HEADLESS-2"])
        #expect(decoded.outputs.map(\.scale) == [1, 2])
        #expect(decoded.outputs.map(\.logicalPosition) == [.init(x: 0, y: 0), .init(x: 1280, y: 0)])
        #expect(decoded.outputs.map(\.logicalSize) == [.init(width: 1280, height: 800), .init(width: 640, height: 400)])
        #expect(decoded.outputs.allSatisfy { $0.logicalGeometrySource == "xdg-output" })
        #expect(decoded.outputs.allSatisfy { $0.description?.isEmpty == false })
    }

    @Test("no compositor: exit code 2 and a message naming the socket looked for")
    func noCompositor() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-no-compositor-\(getpid())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }

        let byName = try DioramaCommandLine.run(
            ["outputs"],
            environment: DioramaCommandLine.environment(
                ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-missing"]))
        #expect(byName.status == 2)
        #expect(byName.standardOutput.isEmpty)
        #expect(byName.standardError.contains("WAYLAND_DISPLAY=wayland-missing"), "\(byName.standardError)")
        #expect(byName.standardError.contains("XDG_RUNTIME_DIR=\(runtime.path)"), "\(byName.standardError)")
        #expect(byName.standardError.contains("\(runtime.path)/wayland-missing: no such file"), "\(byName.standardError)")
        #expect(byName.standardError.contains("weston --backend=headless-backend.so"), "\(byName.standardError)")
        #expect(!byName.standardError.contains("Fatal error"), "no crash: \(byName.standardError)")

        let unset = try DioramaCommandLine.run(["outputs", "--json"], environment: DioramaCommandLine.environment([:]))
        #expect(unset.status == 2)
        #expect(unset.standardError.contains("WAYLAND_DISPLAY is unset"), "\(unset.standardError)")
        #expect(unset.standardError.contains("XDG_RUNTIME_DIR is unset"), "\(unset.standardError)")

        // A regular file where the socket should be.
        let notSocket = runtime.appendingPathComponent("wayland-file")
        _ = FileManager.default.createFile(atPath: notSocket.path, contents: Data())
        let file = try DioramaCommandLine.run(["outputs", "--display", notSocket.path], environment: DioramaCommandLine.environment([:]))
        #expect(file.status == 2)
        #expect(file.standardError.contains("the display given was '\(notSocket.path)'"), "\(file.standardError)")
        #expect(file.standardError.contains("not a socket"), "\(file.standardError)")
    }

    @Test("bad usage: an empty --display or a negative --timeout exits 2 with a message")
    func badUsage() throws {
        let empty = try DioramaCommandLine.run(["outputs", "--display", ""], environment: DioramaCommandLine.environment([:]))
        #expect(empty.status != 0, "status \(empty.status)")
        #expect(empty.standardError.contains("--display must not be empty"), "\(empty.standardError)")
        let negative = try DioramaCommandLine.run(["outputs", "--timeout", "-1"], environment: DioramaCommandLine.environment([:]))
        #expect(negative.status != 0)
        #expect(negative.standardError.contains("--timeout"), "\(negative.standardError)")
    }
}
