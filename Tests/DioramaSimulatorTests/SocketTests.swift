import DioramaModel
import DioramaSimulatorHarness
import Foundation
import Glibc
import Testing

@testable import DioramaSimulator

/// The listening socket: names, lock files, the private runtime directory,
/// and cleanup.
@Suite struct SocketTests {
    private static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-socket-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        return path
    }

    private static var layout: DisplayLayout { TestLayouts.dual }

    @Test func anAutomaticNameSkipsNamesInUseAndEverythingIsRemovedOnShutdown() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try Simulator(layout: Self.layout)
        try first.start(runtimeDirectory: directory)
        let second = try Simulator(layout: Self.layout)
        try second.start(runtimeDirectory: directory)
        #expect(first.socketName == "wayland-0")
        #expect(second.socketName == "wayland-1")
        #expect(first.clientEnvironment == ["XDG_RUNTIME_DIR": directory, "WAYLAND_DISPLAY": "wayland-0"])
        #expect(first.shellExports == "XDG_RUNTIME_DIR='\(directory)'; WAYLAND_DISPLAY='wayland-0'; export XDG_RUNTIME_DIR WAYLAND_DISPLAY")

        first.shutDown()
        second.shutDown()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func aNameHeldByAnotherCompositorIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try Simulator(layout: Self.layout)
        try first.start(socketName: "wayland-sim", runtimeDirectory: directory)
        let second = try Simulator(layout: Self.layout)
        do {
            try second.start(socketName: "wayland-sim", runtimeDirectory: directory)
            Issue.record("a second simulator took a name in use")
        } catch {
            #expect(error.path == directory + "/wayland-sim")
            #expect(error.problem.contains("another compositor holds this socket name"))
        }
    }

    @Test func aMissingRuntimeDirectoryIsReported() throws {
        let simulator = try Simulator(layout: Self.layout)
        #expect(throws: SimulatorSocketError.self) {
            try simulator.start(runtimeDirectory: "/nonexistent/diorama-runtime")
        }
    }

    @Test func thePrivateRuntimeDirectoryIsOnlyTheOwners() throws {
        let directory = try RuntimeDirectory.makePrivate()
        defer { directory.removeIfPrivate() }
        var info = stat()
        #expect(stat(directory.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(info.st_uid == getuid())
    }

    @Test func backgroundSimulatorsAnswerFromTheirOwnThread() throws {
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: TestLayouts.dual) }
        defer { simulator.stop() }
        let names = try simulator.perform { $0.displays.map(\.name) }
        #expect(names == ["DP-1", "DP-2"])
        try simulator.perform { try $0.setScale(Scale(1.5)!, ofDisplay: "DP-2") }
        let width = try simulator.perform { $0.display(named: "DP-2")?.logicalRect.width }
        #expect(width == 2560)
        #expect(FileManager.default.fileExists(atPath: simulator.socketPath))
    }
}
