import ArgumentParser
import DioramaControlProtocol
import DioramaModel
import Foundation

// `diorama ctl windows` and `diorama ctl displays`: tables for people, --json
// for machines ({"windows": […]} / {"displays": […]}, fields as in
// Docs/control-protocol.md). In the windows table two separate facts:
// CONFIGURE_SETTLED (every configure acknowledged and committed) and
// DRAWN_FOR_SCALE (the last buffer fits the scale in effect: not
// `stale_scale`); a window can be settled and still draw at a stale scale.

struct CtlWindowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "windows", abstract: "List the windows.")
    @OptionGroup var connection: CtlConnectionOptions
    @Flag(name: .long, help: "Print JSON instead of a table.") var json = false

    func run() throws {
        let windows = try connection.send(.listWindows, command: "windows").windows ?? []
        if json {
            print(CtlOutput.json(["windows": windows]))
            return
        }
        print(Self.table(windows), terminator: "")
    }

    /// The table for people; titles and app_ids made terminal-safe.
    static func table(_ windows: [ControlWindowInfo]) -> String {
        CtlOutput.table(
            header: [
                "ID", "APP_ID", "TITLE", "PID", "DISPLAYS", "POSITION", "SIZE", "BUFFER", "SCALE", "PREFERRED", "STATES",
                "CONFIGURE_SETTLED", "DRAWN_FOR_SCALE",
            ],
            rows: windows.map { window in
                [
                    String(window.id), window.appID.isEmpty ? "-" : window.appID, window.title.isEmpty ? "-" : window.title,
                    String(window.pid), window.displays.isEmpty ? "-" : window.displays.joined(separator: ","),
                    "\(window.x),\(window.y)", "\(window.width)x\(window.height)",
                    window.bufferWidth.map { "\($0)x\(window.bufferHeight ?? 0)" } ?? "-", String(window.bufferScale),
                    window.preferredScale.map(CtlOutput.number) ?? "-",
                    window.states.isEmpty ? "-" : window.states.joined(separator: ","),
                    window.settled ? "yes" : "no",
                    window.bufferWidth == nil ? "-" : window.staleScale ? "no" : "yes",
                ]
            })
    }
}

struct CtlDisplaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "displays", abstract: "List the displays.")
    @OptionGroup var connection: CtlConnectionOptions
    @Flag(name: .long, help: "Print JSON instead of a table.") var json = false

    func run() throws {
        let displays = try connection.send(.listDisplays, command: "displays").displays ?? []
        if json {
            print(CtlOutput.json(["displays": displays]))
            return
        }
        print(
            CtlOutput.table(
                header: ["NAME", "MODE", "REFRESH", "SCALE", "OUTPUT_SCALE", "TRANSFORM", "POSITION", "LOGICAL_SIZE", "DEFAULT"],
                rows: displays.map { display in
                    [
                        display.name, "\(display.modeWidth)x\(display.modeHeight)",
                        String(format: "%.3f Hz", Double(display.refreshMilliHz) / 1000), CtlOutput.number(display.scale),
                        String(display.outputScale), display.transform, "\(display.x),\(display.y)",
                        "\(display.width)x\(display.height)", display.isDefault ? "yes" : "",
                    ]
                }), terminator: "")
    }
}

/// How `ctl` prints results.
enum CtlOutput {
    /// Columns separated by two spaces, each as wide as its widest cell.
    /// Cells are ``terminalSafe(_:)``: a client's title or app_id cannot
    /// send escape sequences to the terminal, or break the table's lines.
    static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows.map { $0.map { terminalSafe($0) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    /// ``TerminalText/safe(_:keeping:)``: a client's title or app_id is
    /// shown, never acted on by the terminal.
    static func terminalSafe(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        TerminalText.safe(text, keeping: keeping)
    }

    /// Sorted keys, so the output is stable.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// 1, 1.5, 1.25: no trailing zeros.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
