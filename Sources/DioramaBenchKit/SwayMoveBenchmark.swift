import DioramaPOSIX
import Foundation
import HeadlessCompositors
import SwayIPC

/// The same scripted moves executed by a real compositor: sway headless with
/// two outputs, one floating foot window, and `[con_id=…] move position X Y`
/// sent through sway's IPC socket, alternating between the two outputs: first
/// each command waited for (sway answers a command after executing it), then
/// the same number pipelined, `pipelineDepth` unanswered at most, as
/// ``ControlSocketMoveBenchmark`` sends the simulator's.
enum SwayMoveBenchmark {
    static func run(moves: Int, pipelineDepth: Int) -> SwayThroughput {
        guard moves > 0 else { return SwayThroughput(unavailable: "skipped (0 moves asked)", moves: 0) }
        do {
            let sway = try SwayHeadless.start(
                outputs: [
                    SwayHeadless.Output(width: 1920, height: 1080, scale: 1, x: 0, y: 0),
                    SwayHeadless.Output(width: 2560, height: 1440, scale: 2, x: 1920, y: 0),
                ], floatingWindows: true)
            defer { sway.stop() }
            guard let foot = ProgramRunner.which("foot") else {
                return SwayThroughput(unavailable: "foot not found; apt-get install foot", moves: 0)
            }
            let terminal = try SpawnedProcess(
                executable: foot, arguments: ["--app-id=diorama-bench", "sleep", "3600"],
                environment: sway.clientEnvironment().merging(["TERM": "xterm-256color"]) { _, new in new },
                standardOutput: .null, standardError: .null)
            defer { terminal.terminate(grace: .seconds(5)) }
            let ipc = try SwayIPC(sway)
            defer { ipc.close() }
            let window = try ipc.waitForWindow(appID: "diorama-bench", timeout: 15)
            let commands = (0..<moves).map { move in "[con_id=\(window.node.id)] move position \(move % 2 == 0 ? 2100 : 100) 100" }
            // `command` and `pipelinedCommands` throw on a move sway refused.
            let oneAtATime = try ProcessResources.rate(moves) { for command in commands { try ipc.command(command) } }
            let pipelined = try ProcessResources.rate(moves) { try ipc.pipelinedCommands(commands, depth: pipelineDepth) }
            let version = try? ipc.version()
            return SwayThroughput(
                unavailable: nil, moves: moves, movesPerSecond: oneAtATime, pipelinedMovesPerSecond: pipelined,
                pipelineDepth: pipelineDepth, version: version?.humanReadable)
        } catch {
            return SwayThroughput(unavailable: "\(error)", moves: 0)
        }
    }
}
