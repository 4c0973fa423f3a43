import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import Testing
import WaylandClient

/// Each explore variation (`Docs/explore.md`) makes the simulator send the
/// legal sequence it claims: `wayland-info`, a real client on the real
/// socket, prints every event it received (`WAYLAND_DEBUG=1`), and the
/// in-process test client logs what its window was told. Each test also
/// shows that, without the variation, the sequence is the usual one.
@Suite struct ExplorationVariationTests {
    /// Two 1280×800 displays at 1 and 1.5, side by side.
    private static let layout = DisplayLayout(displays: [
        DisplayConfiguration(
            name: "A", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: Point(x: 0, y: 0),
            physicalSizeMM: Size(width: 300, height: 190)),
        DisplayConfiguration(
            name: "B", mode: DisplayMode(width: 1920, height: 1200), scale: Scale(1.5)!, position: Point(x: 1280, y: 0),
            physicalSizeMM: Size(width: 300, height: 190)),
    ])

    /// The events `wayland-info` received from the simulator run on `layout`
    /// under `modern` with `variations`, as `WAYLAND_DEBUG` prints them
    /// (`wl_output#12.geometry(0, 0, -1, -1, 0, "", "", 0)`), without the timestamps.
    private static func events(under variations: [ExplorationVariation]) throws -> [String] {
        let path = "/usr/bin/wayland-info"
        try #require(
            FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install wayland-utils")
        let (profile, layout) = ExplorationVariation.applying(variations, to: .modern, layout: layout)
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: layout, profile: profile) }
        defer { simulator.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        environment["WAYLAND_DEBUG"] = "1"
        let run = try ProgramRun.run(path, environment: environment.merging(simulator.clientEnvironment) { $1 }, timeout: .seconds(30))
        #expect(run.succeeded, "wayland-info \(run.termination): \(run.output)")
        return run.standardError.split(separator: "\n").compactMap { line in
            guard !line.contains(" -> "), let start = line.firstIndex(of: "]") else { return nil }
            return line[line.index(after: start)...].trimmingCharacters(in: .whitespaces)
        }
    }

    /// The events of `interface` named `event`, their arguments only.
    private static func arguments(_ events: [String], _ interface: String, _ event: String) -> [String] {
        events.compactMap { line in
            guard line.hasPrefix(interface + "#") || line.hasPrefix(interface + "@"),
                let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix(event + "("),
                let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// The comma-separated arguments of one event, trimmed.
    private static func fields(_ arguments: String) -> [String] {
        arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The events sent to each object of `interface`, in order, by object.
    private static func eventNames(_ events: [String], _ interface: String) -> [[String]] {
        var byObject: [String: [String]] = [:]
        var order: [String] = []
        for line in events where line.hasPrefix(interface + "#") || line.hasPrefix(interface + "@") {
            guard let dot = line.firstIndex(of: "."), let open = line.firstIndex(of: "(") else { continue }
            let object = String(line[..<dot])
            if byObject[object] == nil { order.append(object) }
            byObject[object, default: []].append(String(line[line.index(after: dot)..<open]))
        }
        return order.map { byObject[$0]! }
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (ExplorationVariation.physicalSizeZero, "0, 0"), (.physicalSizeMinusOne, "-1, -1"),
            (.physicalSizeHuge, "1000000, 1000000"),
        ])
    func physicalSizeVariationsReachEveryGeometryEvent(_ variation: ExplorationVariation, _ millimetres: String) throws {
        let geometries = Self.arguments(try Self.events(under: [variation]), "wl_output", "geometry")
        #expect(geometries.count == 2)
        #expect(geometries.allSatisfy { Self.fields($0)[2...3].joined(separator: ", ") == millimetres }, "\(geometries)")
        let usual = Self.arguments(try Self.events(under: []), "wl_output", "geometry")
        #expect(usual.allSatisfy { $0.contains("300, 190") }, "without the variation, the layout's millimetres: \(usual)")
    }

    @Test(.timeLimit(.minutes(10)))
    func blankMakeModelSendsEmptyStrings() throws {
        let geometries = Self.arguments(try Self.events(under: [.blankMakeModel]), "wl_output", "geometry")
        #expect(geometries.count == 2)
        #expect(geometries.allSatisfy { $0.contains("\"\", \"\"") }, "\(geometries)")
    }

    @Test(.timeLimit(.minutes(10)))
    func outputVersion3SendsNoNameOrDescription() throws {
        let events = try Self.events(under: [.outputVersion3])
        #expect(Self.eventNames(events, "wl_output") == Array(repeating: ["geometry", "mode", "scale", "done"], count: 2))
        #expect(
            Self.eventNames(try Self.events(under: []), "wl_output")
                == Array(repeating: ["geometry", "mode", "scale", "name", "description", "done"], count: 2))
    }

    @Test(.timeLimit(.minutes(10)))
    func modeCurrentOnlyFlagsTheModeCurrent() throws {
        let modes = Self.arguments(try Self.events(under: [.modeCurrentOnly]), "wl_output", "mode")
        #expect(modes.map { Self.fields($0)[0] } == ["1", "1"], "flag current (1) only: \(modes)")
        let usual = Self.arguments(try Self.events(under: []), "wl_output", "mode")
        #expect(usual.map { Self.fields($0)[0] } == ["3", "3"], "current | preferred: \(usual)")
    }

    /// `wayland-info` binds zxdg_output_manager_v1 at version 2 whatever is
    /// offered, so a client binding the highest version offered shows the
    /// difference: at 3 no xdg_output.done, at 2 (the variation) one per output.
    @Test func xdgOutputDoneEndsEachXdgOutputsFacts() throws {
        for (variations, expected) in [
            ([ExplorationVariation.xdgOutputDone], ["logical_position", "logical_size", "name", "description", "done"]),
            ([], ["logical_position", "logical_size", "name", "description"]),
        ] {
            let harness = try Simulator.Harness(layout: Self.layout) { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: .modern, layout: Self.layout).profile
            }
            let client = try harness.connect()
            let manager = try client.bind(ZxdgOutputManagerV1.self)
            var received: [[String]] = []
            var xdgOutputs: [ZxdgOutputV1] = []
            for (index, global) in client.globals(named: "wl_output").enumerated() {
                received.append([])
                let xdgOutput = manager.getXdgOutput(output: client.bind(WlOutput.self, global: global))
                xdgOutput.onEvent = { event in
                    switch event {
                    case .logicalPosition: received[index].append("logical_position")
                    case .logicalSize: received[index].append("logical_size")
                    case .name: received[index].append("name")
                    case .description: received[index].append("description")
                    case .done: received[index].append("done")
                    }
                }
                xdgOutputs.append(xdgOutput)
            }
            try harness.roundtrip(client)
            #expect(received == [expected, expected], "under \(variations), xdg_output_manager v\(manager.version)")
        }
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (ExplorationVariation.scale125, 2, "1536, 960"), (.scale175, 2, "1097, 686"), (.scale225, 3, "853, 533"),
            (.scale3, 3, "640, 400"),
        ])
    func scaleVariationsRescaleTheFractionalDisplay(_ variation: ExplorationVariation, _ outputScale: Int, _ logicalSize: String) throws {
        let events = try Self.events(under: [variation])
        #expect(Self.arguments(events, "wl_output", "scale") == ["1", "\(outputScale)"])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_size") == ["1280, 800", logicalSize])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["0, 0", "1280, 0"], "still side by side")
    }

    @Test(.timeLimit(.minutes(10)))
    func negativePositionsPutEveryDisplayAboveAndLeftOfTheOrigin() throws {
        let events = try Self.events(under: [.negativePositions])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["-2560, -800", "-1280, -800"])
        #expect(
            Self.arguments(events, "wl_output", "geometry").map { Self.fields($0)[0...1].joined(separator: ", ") } == [
                "-2560, -800", "-1280, -800",
            ])
    }

    @Test(.timeLimit(.minutes(10)))
    func displayGapsLeaveThreeHundredPointsBetweenDisplays() throws {
        let events = try Self.events(under: [.displayGaps])
        #expect(Self.arguments(events, "zxdg_output_v1", "logical_position") == ["0, 0", "1580, 0"])
    }

    /// The preferred scale is told before the enter of the display that
    /// caused it, where the usual order is leave, enter, preferred scale.
    @Test func preferredScaleBeforeEnterReordersTheMovesEvents() throws {
        for (variations, expected) in [
            ([ExplorationVariation.preferredScaleBeforeEnter], [ClientWindowEvent.preferredScale(240), .leave("DP-1"), .enter("DP-2")]),
            ([], [.leave("DP-1"), .enter("DP-2"), .preferredScale(240)]),
        ] {
            let harness = try Simulator.Harness.shipped("dual.json") { configuration in
                configuration.profile = ExplorationVariation.applying(variations, to: configuration.profile, layout: configuration.layout).profile
            }
            let client = try WindowingClient(harness: harness)
            let window = try mapWindow(client, in: harness)
            window.clearLog()
            try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2200, y: 100))
            try harness.roundtrip(client.connection)
            #expect(window.log == expected, "under \(variations)")
        }
    }
}
