import DioramaPOSIX
import Foundation
import HeadlessCompositors
import SwayIPC

/// The same scripted moves executed by a real compositor: sway headless with
/// two outputs, one floating foot window, and `[con_id=…] move position X Y`
/// sent through sway's IPC socket, each waited for (sway answers a command
/// after executing it), alternating between the two outputs.
enum SwayMoveBenchmark {
    static func run(moves: Int) -> SwayThroughput {
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
            let id = window.node.id
            let start = ProcessResources.monotonicNanoseconds()
            for move in 0..<moves {
                let x = move % 2 == 0 ? 2100 : 100
                let results = try ipc.command("[con_id=\(id)] move position \(x) 100")
                if let failure = results.first(where: { !$0.success }) {
                    return SwayThroughput(unavailable: "sway refused the move: \(failure)", moves: move)
                }
            }
            let elapsed = Double(ProcessResources.monotonicNanoseconds() - start) / 1e9
            let version = try? ipc.version()
            return SwayThroughput(
                unavailable: nil, moves: moves, movesPerSecond: Double(moves) / elapsed,
                version: version?.humanReadable)
        } catch {
            return SwayThroughput(unavailable: "\(error)", moves: 0)
        }
    }
}
