import DioramaModel
import DioramaSessionStore
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Two TimerApp processes with one XDG_STATE_HOME under the simulator (a real
/// socket): the first owns the state directory, the second runs with
/// sessions that are not persisted and says so once.
@Suite("A second instance of an app leaves the first one's sessions alone", .ownThreads)
struct SecondInstanceTests {
    static let appID = SampleApp.timerAppID
    static let warning = "holds the state directory"

    static func startSimulator() throws -> BackgroundSimulator {
        let layout = try FramePacingTests.studioLayout()
        return try BackgroundSimulator { SimulatorConfiguration(layout: layout, defaultDisplay: "DP-1") }
    }

    /// Launches TimerApp and waits for its launch line, its session and a first frame.
    static func launch(
        in sandbox: AppSandbox, on simulator: BackgroundSimulator
    ) throws -> (app: RunningApp, launched: LaunchedRecord, session: SessionConnectedRecord) {
        let app = try sandbox.launch(SampleApp.timerApp, compositor: simulator.clientEnvironment)
        let log = try app.waitForTrace("the session and a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        return (app, try #require(log.first(LaunchedRecord.self)), try #require(log.first(SessionConnectedRecord.self)))
    }

    /// Each session file's name and bytes.
    static func sessionFileContents(in sandbox: AppSandbox) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for file in sandbox.sessionFiles(appID: appID) { contents[file.lastPathComponent] = try Data(contentsOf: file) }
        return contents
    }

    /// The saved sessions in `directory`, without the activation stamp an
    /// app writes each time one of its windows becomes active.
    static func sessionsWithoutActivation(in directory: String) -> [SceneSessionRecord] {
        SessionStore(directory: URL(fileURLWithPath: directory)).load().records.map { record in
            var record = record
            record.lastActivation = nil
            return record
        }
    }

    /// The stderr lines that carry the second-instance warning.
    static func warningLines(_ standardError: String) -> [Substring] {
        standardError.split(separator: "\n").filter { $0.contains(warning) }
    }

    @Test(
        "the second instance gets its own scene, warns once naming the directory and the first pid, leaves the first one's files alone; a later launch restores the first one's session",
        .timeLimit(.minutes(10)))
    func secondInstanceIsNotPersisted() throws {
        let simulator = try Self.startSimulator()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "second-instance")
        let directory = sandbox.stateDirectory(appID: Self.appID).path

        let first = try Self.launch(in: sandbox, on: simulator)
        #expect(first.launched.sessionsPersisted == true)
        #expect(
            first.launched.stateDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } == URL(fileURLWithPath: directory).standardizedFileURL.path)
        #expect(!first.session.restored)
        let firstFiles = try Self.sessionFileContents(in: sandbox)
        let firstSessions = Self.sessionsWithoutActivation(in: directory)
        #expect(firstFiles.count == 1, "the first instance saved its session at connect")

        let second = try Self.launch(in: sandbox, on: simulator)
        #expect(second.launched.sessionsPersisted == false, "\(second.app.diagnostics())")
        #expect(second.session.scene != first.session.scene, "its own scene identifier")
        #expect(!second.session.restored, "it does not restore the first one's session")
        let windows = try simulator.perform { simulator in simulator.windows.filter { $0.appID == SecondInstanceTests.appID }.map { ($0.id, $0.pid) } }
        #expect(Set(windows.map(\.1)) == [first.app.child.processIdentifier, second.app.child.processIdentifier], "one window per instance")

        // The user closes the second window: its session is discarded, which
        // must not unlink anything in the first one's directory.
        let secondWindow = try #require(windows.first { $0.1 == second.app.child.processIdentifier }?.0)
        try simulator.perform { try $0.closeWindow(.id(secondWindow)) }
        let secondExit = try second.app.waitForExit()
        #expect(secondExit.status == 0 && !secondExit.exitedBySignal, "stderr:\n\(secondExit.standardError)")
        #expect(try second.app.trace().records(SessionDiscardedRecord.self).map(\.scene) == [second.session.scene])
        let warnings = Self.warningLines(secondExit.standardError)
        #expect(warnings.count == 1, "exactly one warning:\n\(secondExit.standardError)")
        let warning = String(warnings.first ?? "")
        #expect(warning.hasPrefix("warning: another instance of \(Self.appID) (pid \(first.app.child.processIdentifier))"), "\(warning)")
        #expect(warning.contains(directory), "names the directory: \(warning)")
        #expect(warning.contains("will not be restored") && warning.contains("XDG_STATE_HOME"), "says what it means and what to do: \(warning)")
        // The first instance itself re-saves its session when its window becomes
        // active again (the activation stamp that orders a relaunch); apart from
        // that stamp, what is there is exactly what the first instance saved.
        #expect(try Set(Self.sessionFileContents(in: sandbox).keys) == Set(firstFiles.keys), "no file made or removed")
        #expect(Self.sessionsWithoutActivation(in: directory) == firstSessions, "the first instance's sessions are untouched")

        first.app.send(SIGTERM)
        let firstExit = try first.app.waitForExit()
        #expect(firstExit.status == 0, "stderr:\n\(firstExit.standardError)")
        #expect(Self.warningLines(firstExit.standardError).isEmpty, "the owner does not warn")

        let next = try Self.launch(in: sandbox, on: simulator)
        #expect(next.launched.sessionsPersisted == true)
        #expect(next.session.restored && next.session.scene == first.session.scene, "the first instance's session comes back")
        #expect(try next.app.trace().records(SessionConnectedRecord.self).count == 1, "and only that one")
        next.app.send(SIGTERM)
        let nextExit = try next.app.waitForExit()
        #expect(nextExit.status == 0 && Self.warningLines(nextExit.standardError).isEmpty, "stderr:\n\(nextExit.standardError)")
    }

    @Test("a state directory that cannot be locked (XDG_STATE_HOME is a file): one warning naming it, and the app runs", .timeLimit(.minutes(10)))
    func unlockableDirectoryWarnsAndRuns() throws {
        let simulator = try Self.startSimulator()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "instance-unlockable")
        let notADirectory = sandbox.directory.appendingPathComponent("state-is-a-file")
        try Data("x".utf8).write(to: notADirectory)
        let app = try sandbox.launch(
            SampleApp.timerApp, compositor: simulator.clientEnvironment, environment: ["XDG_STATE_HOME": notADirectory.path])
        let launched = try app.waitForTrace("a first commit") { log -> LaunchedRecord? in
            guard log.first(CommitRecord.self) != nil else { return nil }
            return log.first(LaunchedRecord.self)
        }
        #expect(launched.sessionsPersisted == true, "no other instance: it keeps trying to save, as before the lock existed")
        app.send(SIGTERM)
        let exit = try app.waitForExit()
        #expect(exit.status == 0, "stderr:\n\(exit.standardError)")
        let lines = exit.standardError.split(separator: "\n").filter { $0.contains("cannot lock the state directory") }
        #expect(lines.count == 1, "stderr:\n\(exit.standardError)")
        #expect(lines.first?.contains(notADirectory.appendingPathComponent(Self.appID).path) == true, "\(lines)")
        #expect(Self.warningLines(exit.standardError).isEmpty, "no other instance is blamed")
    }

    @Test(
        "a symbolic link at instance.lock to a file outside: the app starts with unsaved sessions, warns once, and the file keeps its contents",
        .timeLimit(.minutes(10)))
    func symbolicLinkAtTheLockFileIsNotFollowed() throws {
        let simulator = try Self.startSimulator()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "instance-lock-link")
        let outside = sandbox.directory.appendingPathComponent("precious.txt")
        try Data("precious\n".utf8).write(to: outside)
        let directory = sandbox.stateDirectory(appID: Self.appID)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lockFile = directory.appendingPathComponent(SessionStore.lockFileName).path
        try FileManager.default.createSymbolicLink(atPath: lockFile, withDestinationPath: outside.path)

        let (app, launched, _) = try Self.launch(in: sandbox, on: simulator)
        #expect(launched.sessionsPersisted == false, "like a second instance")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious\n", "the file outside is neither truncated nor locked")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: lockFile) == outside.path)
        #expect(try Self.sessionFileContents(in: sandbox).isEmpty, "nothing is saved in a directory it could not lock")
        app.send(SIGTERM)
        let exit = try app.waitForExit()
        #expect(exit.status == 0, "stderr:\n\(exit.standardError)")
        let lines = exit.standardError.split(separator: "\n").filter { $0.contains("cannot lock the state directory") }
        #expect(lines.count == 1, "stderr:\n\(exit.standardError)")
        #expect(lines.first?.contains("\(lockFile) is a symbolic link, not a lock file; it was left alone") == true, "\(lines)")
    }

    @Test("the lock dies with its holder: after a SIGKILL the next launch owns the directory and restores the session", .timeLimit(.minutes(10)))
    func lockIsReleasedBySIGKILL() throws {
        let simulator = try Self.startSimulator()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "instance-kill")

        let first = try Self.launch(in: sandbox, on: simulator)
        #expect(first.launched.sessionsPersisted == true)
        let second = try Self.launch(in: sandbox, on: simulator)
        #expect(second.launched.sessionsPersisted == false, "the first one holds the lock")
        second.app.send(SIGTERM)
        #expect(try second.app.waitForExit().status == 0)

        first.app.send(SIGKILL)
        let killed = try first.app.waitForExit()
        #expect(killed.exitedBySignal, "\(killed.status)")
        #expect(
            FileManager.default.fileExists(atPath: sandbox.stateDirectory(appID: Self.appID).appendingPathComponent(SessionStore.lockFileName).path),
            "the lock file stays behind, and must not matter")

        let third = try Self.launch(in: sandbox, on: simulator)
        #expect(third.launched.sessionsPersisted == true, "\(third.app.diagnostics())")
        #expect(third.session.restored && third.session.scene == first.session.scene, "the killed instance's session is restored")
        third.app.send(SIGTERM)
        let thirdExit = try third.app.waitForExit()
        #expect(thirdExit.status == 0 && Self.warningLines(thirdExit.standardError).isEmpty, "stderr:\n\(thirdExit.standardError)")
    }
}
