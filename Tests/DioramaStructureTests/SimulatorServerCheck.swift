import Foundation

/// A place where the simulator's protocol servers stop pointing one way
/// (issue 19): a global's bind handler outside its server, or a server that
/// names `Simulator` in its code.
struct SimulatorServerViolation: Hashable, CustomStringConvertible {
    /// The file, relative to the package root, and the line.
    var file: String
    var line: Int
    var problem: String

    var description: String { "\(file):\(line): \(problem)" }
}

/// Checks the simulator's sources against the split of issue 19: each
/// protocol area's server owns the handler of its global, and the servers
/// and the commands on top of them reach the rest only through what they are
/// given (``WindowOperations``, registries, the error reporter), never
/// through `Simulator`, which wires them.
enum SimulatorServerCheck {
    /// The types that must not name `Simulator` in their code.
    static let servers: Set<String> = [
        "CompositorServer", "ShmServer", "OutputServer", "ScaleServer", "PresentationServer", "SeatServer",
        "ProtocolErrorReporter", "DisplayCommands", "InputCommands", "ScreenshotTaker", "ClientBacklogMonitor",
        "FrameScheduler", "XdgShellServer", "WindowManager", "WindowCommands",
    ]

    /// The handler of each global: it must be declared in one of ``servers``.
    static let bindHandlers: Set<String> = [
        "compositorBound", "subcompositorBound", "shmBound", "xdgOutputManagerBound", "viewporterBound",
        "fractionalScaleManagerBound", "presentationBound", "seatBound", "dataDeviceManagerBound",
        "wmBaseBound", "decorationManagerBound", "windowPlacementManagerBound",
    ]

    /// The violations in `files`, and the servers and handlers no file declares
    /// (a rename must update this check, not silently leave it checking nothing).
    static func violations(in files: [(path: String, text: String)]) -> [SimulatorServerViolation] {
        var found: [SimulatorServerViolation] = []
        var declaredServers: Set<String> = []
        var declaredHandlers: Set<String> = []
        for file in files {
            var enclosing: String?
            var namesSimulator: [(line: Int, code: String)] = []
            var declaresServer = false
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if let declared = topLevelDeclaration(in: code) {
                    enclosing = declared
                    if servers.contains(declared) {
                        declaresServer = true
                        declaredServers.insert(declared)
                    }
                }
                if code.hasToken("Simulator") { namesSimulator.append((index + 1, code.trimmingCharacters(in: .whitespaces))) }
                for handler in bindHandlers where code.hasText("func \(handler)(") {
                    declaredHandlers.insert(handler)
                    if !(enclosing.map(servers.contains) ?? false) {
                        found.append(
                            SimulatorServerViolation(
                                file: file.path, line: index + 1,
                                problem: "\(handler) is declared in \(enclosing ?? "no type"); it belongs in its protocol area's server"))
                    }
                }
            }
            if declaresServer {
                found += namesSimulator.map {
                    SimulatorServerViolation(
                        file: file.path, line: $0.line,
                        problem: "`\($0.code)` names Simulator in a server's file; take what it needs as a parameter or through WindowOperations")
                }
            }
        }
        for missing in servers.subtracting(declaredServers).sorted() {
            found.append(SimulatorServerViolation(file: "Sources/DioramaSimulator", line: 0, problem: "no file declares \(missing)"))
        }
        for missing in bindHandlers.subtracting(declaredHandlers).sorted() {
            found.append(SimulatorServerViolation(file: "Sources/DioramaSimulator", line: 0, problem: "no file declares func \(missing)"))
        }
        return found
    }

    /// The type a line at the top level declares or extends (`final class
    /// SeatServer {`, `extension SeatServer {`, `struct InputCommands {`).
    private static func topLevelDeclaration(in code: Substring) -> String? {
        guard let first = code.first, !first.isWhitespace else { return nil }
        let words = code.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })
        guard let keyword = words.firstIndex(where: { ["class", "struct", "enum", "extension", "protocol"].contains($0) }),
            keyword + 1 < words.count
        else { return nil }
        return String(words[keyword + 1])
    }
}
