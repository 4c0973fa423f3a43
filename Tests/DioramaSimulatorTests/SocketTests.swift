import DioramaControlClient
import DioramaModel
import DioramaPOSIX
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

    /// What `start(socketName:)` throws for a name that is someone else's.
    private static func refusal(_ name: String, in directory: String) throws -> SimulatorSocketError {
        let simulator = try Simulator(layout: layout)
        do {
            try simulator.start(socketName: name, runtimeDirectory: directory)
        } catch {
            return error
        }
        simulator.shutDown()
        throw SimulatorSocketError(path: name, problem: "the simulator took a name that is someone else's")
    }

    @Test func aUsersFileAtTheSocketNameIsRefusedAndKept() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "notes\n".write(toFile: directory + "/wayland-sim", atomically: false, encoding: .utf8)
        let error = try Self.refusal("wayland-sim", in: directory)
        #expect(
            error.description
                == "\(directory)/wayland-sim: exists and is not a socket; refusing to replace it. Choose another socket name, or remove the file yourself")
        #expect(try String(contentsOfFile: directory + "/wayland-sim", encoding: .utf8) == "notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["wayland-sim"], "the lock file made for the attempt is gone again")
    }

    @Test func aUsersFileOrALinkAtTheLockFilesNameIsRefusedAndKept() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "notes\n".write(toFile: directory + "/wayland-sim.lock", atomically: false, encoding: .utf8)
        let error = try Self.refusal("wayland-sim", in: directory)
        #expect(error.problem.contains("wayland-sim.lock exists and is not an empty lock file"), "\(error)")
        #expect(try String(contentsOfFile: directory + "/wayland-sim.lock", encoding: .utf8) == "notes\n")

        let outside = directory + "/outside.txt"
        try "precious\n".write(toFile: outside, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/other.lock", withDestinationPath: outside)
        #expect(try Self.refusal("other", in: directory).problem.contains("other.lock exists and is not an empty lock file"))
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/other.lock") == outside)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory)) == ["wayland-sim.lock", "outside.txt", "other.lock"])
    }

    @Test func aLiveSocketAtTheNameBelongsToItsOwner() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Another simulator's control socket: no lock file beside it, but alive.
        let owner = try BackgroundSimulator(socketName: "wayland-owner", runtimeDirectory: directory) {
            SimulatorConfiguration(layout: TestLayouts.dual, clock: MonotonicClock())
        }
        defer { owner.stop() }
        let control = try owner.perform { try ControlServer(simulator: $0) }
        defer { control.stop() }
        let error = try Self.refusal("wayland-owner.control", in: directory)
        #expect(error.problem.contains("a live process accepts connections on this socket"), "\(error)")
        let client = try ControlClient(path: control.path)
        #expect(try client.send(.listDisplays).ok, "the owner's control socket still answers")
        #expect(!FileManager.default.fileExists(atPath: directory + "/wayland-owner.control.lock"))
    }

    @Test func aStaleSocketAndLockFileAreReusedAndRemovedAtShutdown() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // What a crashed compositor leaves: a socket nobody accepts on, an empty unlocked lock file.
        close(try UnixSocket.listen(at: directory + "/wayland-sim", backlog: 1))
        #expect(FileManager.default.createFile(atPath: directory + "/wayland-sim.lock", contents: Data()))
        let simulator = try Simulator(layout: Self.layout)
        try simulator.start(socketName: "wayland-sim", runtimeDirectory: directory)
        #expect(simulator.socketName == "wayland-sim")
        simulator.shutDown()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func anAutomaticNameSkipsAUsersFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "notes\n".write(toFile: directory + "/wayland-0", atomically: false, encoding: .utf8)
        let simulator = try Simulator(layout: Self.layout)
        try simulator.start(runtimeDirectory: directory)
        #expect(simulator.socketName == "wayland-1")
        simulator.shutDown()
        #expect(try String(contentsOfFile: directory + "/wayland-0", encoding: .utf8) == "notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["wayland-0"])
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

    /// Clients put their own things in the runtime directory the simulator
    /// made (alacritty's and imv's sockets, dconf's folder), and a hostile
    /// one a link out of it: the simulator's stop removes them all with the
    /// directory, and nothing a link points to. (rmdir alone left 142 such
    /// directories in /tmp.)
    @Test func thePrivateRuntimeDirectoryGoesWithWhatClientsLeftButNotWhatTheirLinksPointTo() throws {
        let outside = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "keep".write(toFile: outside + "/keep.txt", atomically: false, encoding: .utf8)
        let directory = try RuntimeDirectory.makePrivate()
        let listener = try UnixSocket.listen(at: directory.path + "/Alacritty-wayland-0-1.sock", backlog: 1)
        defer { close(listener) }
        try FileManager.default.createDirectory(atPath: directory.path + "/dconf", withIntermediateDirectories: false)
        try "settings".write(toFile: directory.path + "/dconf/user", atomically: false, encoding: .utf8)
        #expect(symlink(outside + "/keep.txt", directory.path + "/link-to-file") == 0)
        #expect(symlink(outside, directory.path + "/link-to-folder") == 0)

        directory.removeIfPrivate()  // what shutDown() does last

        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(try String(contentsOfFile: outside + "/keep.txt", encoding: .utf8) == "keep")
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
