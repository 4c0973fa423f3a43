import Foundation
import HeadlessCompositors
import Testing

/// `diorama outputs` run as a real process against real headless compositors.
@Suite("diorama outputs")
struct OutputsCommandTests {
    @Test("weston --scale=2: one output, mode 2048x1280, logical 1024x640, scale 2 (table and JSON)")
    func westonScale2() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }
        let environment = DioramaProcess.environment(weston.environment)

        let table = try DioramaProcess.run(["outputs"], environment: environment)
        #expect(table.status == 0, "stderr: \(table.stderr)")
        let rows = tableRows(table.stdout)
        #expect(rows.first == ["NAME", "DESCRIPTION", "MODE", "REFRESH", "POSITION", "LOGICAL SIZE", "SCALE", "TRANSFORM"])
        #expect(rows.count == 2, "\(table.stdout)")
        // weston's wl_output is v3 (no name event): the name comes from xdg-output.
        #expect(rows.dropFirst().first == ["headless", "-", "2048x1280", "60.000 Hz", "0,0", "1024x640", "2", "normal"],
                "\(table.stdout)")

        let json = try DioramaProcess.run(["outputs", "--json"], environment: environment)
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let decoded = try JSONDecoder().decode(OutputsJSON.self, from: Data(json.stdout.utf8))
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
        let environment = DioramaProcess.environment([:])

        let table = try DioramaProcess.run(["outputs", "--display", sway.waylandDisplay], environment: environment)
        #expect(table.status == 0, "stderr: \(table.stderr)")
        let rows = tableRows(table.stdout).dropFirst().map { $0 }
        #expect(rows.count == 2, "\(table.stdout)")
        #expect(rows.map { $0.first } == ["HEADLESS-1", "HEADLESS-2"])
        #expect(rows.map { $0[2] } == ["1280x800", "1280x800"], "modes")
        #expect(rows.map { $0[4] } == ["0,0", "1280,0"], "logical positions")
        #expect(rows.map { $0[5] } == ["1280x800", "640x400"], "logical sizes")
        #expect(rows.map { $0[6] } == ["1", "2"], "scales")
        #expect(rows.map { $0.last } == ["normal", "normal"])

        let json = try DioramaProcess.run(["outputs", "--json", "--display", sway.waylandDisplay], environment: environment)
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let decoded = try JSONDecoder().decode(OutputsJSON.self, from: Data(json.stdout.utf8))
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

        let byName = try DioramaProcess.run(["outputs"], environment: DioramaProcess.environment(
            ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-missing"]))
        #expect(byName.status == 2)
        #expect(byName.stdout.isEmpty)
        #expect(byName.stderr.contains("WAYLAND_DISPLAY=wayland-missing"), "\(byName.stderr)")
        #expect(byName.stderr.contains("XDG_RUNTIME_DIR=\(runtime.path)"), "\(byName.stderr)")
        #expect(byName.stderr.contains("\(runtime.path)/wayland-missing: no such file"), "\(byName.stderr)")
        #expect(byName.stderr.contains("weston --backend=headless-backend.so"), "\(byName.stderr)")
        #expect(!byName.stderr.contains("Fatal error"), "no crash: \(byName.stderr)")

        let unset = try DioramaProcess.run(["outputs", "--json"], environment: DioramaProcess.environment([:]))
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("WAYLAND_DISPLAY is unset"), "\(unset.stderr)")
        #expect(unset.stderr.contains("XDG_RUNTIME_DIR is unset"), "\(unset.stderr)")

        // A regular file where the socket should be.
        let notSocket = runtime.appendingPathComponent("wayland-file")
        _ = FileManager.default.createFile(atPath: notSocket.path, contents: Data())
        let file = try DioramaProcess.run(["outputs", "--display", notSocket.path], environment: DioramaProcess.environment([:]))
        #expect(file.status == 2)
        #expect(file.stderr.contains("the display given was '\(notSocket.path)'"), "\(file.stderr)")
        #expect(file.stderr.contains("not a socket"), "\(file.stderr)")
    }

    @Test("bad usage: an empty --display or a negative --timeout exits 2 with a message")
    func badUsage() throws {
        let empty = try DioramaProcess.run(["outputs", "--display", ""], environment: DioramaProcess.environment([:]))
        #expect(empty.status != 0, "status \(empty.status)")
        #expect(empty.stderr.contains("--display must not be empty"), "\(empty.stderr)")
        let negative = try DioramaProcess.run(["outputs", "--timeout", "-1"], environment: DioramaProcess.environment([:]))
        #expect(negative.status != 0)
        #expect(negative.stderr.contains("--timeout"), "\(negative.stderr)")
    }
}
