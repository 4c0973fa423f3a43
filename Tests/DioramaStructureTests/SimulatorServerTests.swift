import Foundation
import Testing

/// The simulator is split into protocol servers (surfaces, outputs, seat,
/// xdg-shell), a window manager and commands that `Simulator` wires, and the
/// arrows point one way (issue 19).
@Suite("simulator servers")
struct SimulatorServerTests {
    @Test("each global's handler is in its server, and no server names Simulator")
    func serversPointOneWay() throws {
        let targets = try PackageStructureTests.declaredTargets()
        let simulator = try #require(targets.first { $0.name == "DioramaSimulator" })
        let files = try ImportCheck.swiftFiles(of: simulator, root: PackageStructureTests.root)
        let violations = SimulatorServerCheck.violations(in: files)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test("the check finds a handler on Simulator, a server naming Simulator, and a missing server; not comments or longer names")
    func checkFindsViolations() {
        let handlerOnSimulator = (
            path: "Sources/DioramaSimulator/Protocols/Seat.swift",
            text: "extension Simulator {\n    func seatBound(_ seat: WlSeat) {}\n}\n"
        )
        let serverNamingSimulator = (
            path: "Sources/DioramaSimulator/Protocols/Shm.swift",
            text: "/// Wired by ``Simulator``.\nfinal class ShmServer {\n    let limits: SimulatorLimits\n    unowned let owner: Simulator\n}\n"
        )
        let found = SimulatorServerCheck.violations(in: [handlerOnSimulator, serverNamingSimulator])
        #expect(found.contains { $0.file == handlerOnSimulator.path && $0.line == 2 && $0.problem.contains("seatBound is declared in Simulator") })
        #expect(found.contains { $0.file == serverNamingSimulator.path && $0.line == 4 })
        // The doc comment (line 1) and SimulatorLimits (line 3) are not uses.
        #expect(!found.contains { $0.file == serverNamingSimulator.path && ($0.line == 1 || $0.line == 3) })
        #expect(found.contains { $0.problem == "no file declares CompositorServer" })
        #expect(!found.contains { $0.problem == "no file declares ShmServer" })
    }
}
