import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

@testable import DioramaScenarioBackends

/// The end of a scenario stops its clients together, not one after another.
@Suite("Client teardown", .ownThreads)
struct ClientTeardownTests {
    /// Two clients that each, on SIGTERM, tell the other and exit only once
    /// told back (through FIFOs: no timing). Stopped one at a time, the first
    /// waits for a word the second is not yet asked to send, and both are
    /// killed at the end of their grace; stopped together, both exit cleanly.
    @Test("stopAll sends every client SIGTERM at once: two clients that wait for each other both exit cleanly")
    func clientsAreStoppedTogether() async throws {
        let work = try PackageRoot.temporaryDirectory("client-teardown")
        defer { try? FileManager.default.removeItem(at: work) }
        let bash = "/bin/bash"
        try #require(FileManager.default.isExecutableFile(atPath: bash), "install bash")
        let marks = work.appendingPathComponent("marks")
        try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
        for (me, other) in [("a", "b"), ("b", "a")] {
            try #require(mkfifo(marks.appendingPathComponent("\(me).fifo").path, 0o600) == 0)
            // Its own FIFO held open for reading and writing from the start,
            // so the other's word never blocks and is kept until it is read.
            try """
            exec 3<>"\(marks.path)/\(me).fifo"
            on_term() {
              echo word >"\(marks.path)/\(other).fifo"
              if read -r -t 10 _ <&3; then : >"\(marks.path)/\(me).clean"; fi
              exit 0
            }
            trap on_term TERM
            : >"\(marks.path)/\(me).ready"
            while :; do sleep 60 & wait $!; done
            """.write(to: work.appendingPathComponent("\(me).sh"), atomically: true, encoding: .utf8)
        }
        let scenarioFile = work.appendingPathComponent("teardown.scenario")
        try """
        display DP-1 1280x800 scale 1 at 0,0
        launch command "\(bash) \(work.path)/a.sh" as a
        launch command "\(bash) \(work.path)/b.sh" as b
        """.write(to: scenarioFile, atomically: true, encoding: .utf8)
        let launches = try ScenarioLoader.load(path: scenarioFile.path).scenario.steps.compactMap { step -> ClientLaunch? in
            if case .launch(let launch) = step.action { return launch }
            return nil
        }
        #expect(launches.count == 2)

        let clients = try ScenarioClients(
            configuration: BackendConfiguration(executableDirectories: [], workDirectory: work.appendingPathComponent("run").path),
            scenarioName: "teardown")
        for launch in launches { _ = try clients.launch(launch, compositorEnvironment: [:]) }
        // Both have set their trap before the SIGTERMs.
        let readyFiles = ["a", "b"].map { marks.appendingPathComponent("\($0).ready").path }
        _ = try Wait.until(
            "both clients to set their SIGTERM trap", timeout: 20, wakingOn: WaitEvents(files: readyFiles),
            details: { ["a", "b"].map { "\($0): \(clients.client($0)?.current?.standardErrorTail(300) ?? "not launched")" }.joined(separator: "\n") }
        ) { readyFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) } ? true : nil }

        await clients.stopAll()
        for name in ["a", "b"] {
            #expect(
                FileManager.default.fileExists(atPath: marks.appendingPathComponent("\(name).clean").path),
                "client \(name) did not hear from the other before its grace ran out: \(clients.client(name)?.current?.exitDescription ?? "?")")
        }
    }
}
