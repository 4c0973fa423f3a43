import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Unplugging the display real clients are on, with programs nobody here
/// wrote as real processes over the real socket. Both destroy their
/// wl_output when its global is removed, so they survive and follow only
/// when every `leave` naming it comes first (see `unplugDisplay`). A
/// 5 s test that starts with the long chains: started last, it was the
/// run's end.
@Suite(.ownThreads) struct ThirdPartyUnplugTests {
    @Test(.timeLimit(.minutes(10)))
    func clientsOnAnUnpluggedDisplaySurviveAndRedrawForTheirNewDisplay() throws {
        let programs: [ThirdPartyClient] = [.sdl2Sprite, .westonTerminal]
        for program in programs {
            try #require(
                FileManager.default.isExecutableFile(atPath: program.executable),
                "\(program.executable) is missing; install it with: apt-get install \(program.package)")
        }
        // studio: DP-1 1x, DP-2 2x, HDMI-A-1 1.5x. Both open on the 2x display.
        let harness = try Simulator.Harness.shipped("studio.json") { $0.clock = MonotonicClock() }
        let simulator = harness.simulator
        try simulator.setDefaultDisplay("DP-2")
        let processes = try programs.map { program in
            try program.launch(under: harness.clientEnvironment)
        }
        defer {
            harness.stop(processes)
            for process in processes { _ = try? process.waitForExit(timeout: 5) }
        }
        let (sprite, terminal) = (processes[0], processes[1])
        func window(of process: ChildProcess) -> Window? {
            simulator.windows.first { $0.pid == process.processIdentifier && $0.isMapped && $0.lastCommit?.bufferSize != nil }
        }
        /// Commits with a buffer on the window's own surface (the surface of its last commit).
        func commits(of window: Window, after sequence: UInt64) -> [CommitFact] {
            simulator.trace.events(since: sequence, window: window.id).compactMap { record in
                if case .commit(let fact) = record.event, fact.surface == window.lastCommit?.surface, fact.bufferSize != nil { fact } else { nil }
            }
        }
        try harness.run(
            until: { processes.allSatisfy { window(of: $0)?.lastCommit?.bufferScale == 2 || !$0.isRunning } },
            timeout: .seconds(60), "testsprite2 and weston-terminal to map on DP-2 at buffer scale 2")
        let spriteWindow = try #require(window(of: sprite), "testsprite2 \(sprite.state); stderr: \(sprite.standardError.suffix(2000))")
        let terminalWindow = try #require(window(of: terminal), "weston-terminal \(terminal.state); stderr: \(terminal.standardError.suffix(2000))")
        try #require(terminalWindow.lastCommit?.bufferScale == 2, "weston-terminal draws for DP-2 before the unplug")
        #expect(spriteWindow.enteredDisplayNames == ["DP-2"])
        try simulator.setDefaultDisplay("DP-1")

        let before = simulator.trace.lastSequence
        try simulator.unplugDisplay("DP-2")
        func terminalRedrawn() -> Bool {
            commits(of: terminalWindow, after: before).contains { $0.bufferScale == 1 && !$0.staleScale }
        }
        // testsprite2 draws continuously: 30 frames after the unplug show it is alive and drawing.
        try? harness.run(
            until: {
                (terminalRedrawn() && commits(of: spriteWindow, after: before).count >= 30)
                    || !sprite.isRunning || !terminal.isRunning
            },
            timeout: .seconds(15))

        #expect(sprite.isRunning, "testsprite2 after the unplug: \(sprite.state); stderr: \(sprite.standardError.suffix(2000))")
        #expect(commits(of: spriteWindow, after: before).count >= 30, "testsprite2 keeps drawing")
        #expect(spriteWindow.enteredDisplayNames == ["DP-1"])
        #expect(terminal.isRunning, "weston-terminal after the unplug: \(terminal.state)")
        #expect(terminalWindow.enteredDisplayNames == ["DP-1"])
        #expect(terminalRedrawn(), "weston-terminal redraws at buffer scale 1 on DP-1; its last commit: \(String(describing: terminalWindow.lastCommit))")
    }
}
