import Foundation
import HeadlessCompositors
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `diorama` executable (built because this test target
/// depends on it) as a child process and collects what it printed.
struct DioramaProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Where SwiftPM put the executable: beside the test bundle. On Linux the
    /// test runner is `.build/<config>/DioramaPackageTests.xctest`, itself an
    /// executable, so the directory of `CommandLine.arguments[0]` (and of
    /// `Bundle.main.bundleURL`) is the build products directory.
    static func executableURL() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ].map { $0.appendingPathComponent("diorama") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw DioramaProcessError("the diorama executable was not found next to the tests (looked at "
                                      + candidates.map(\.path).joined(separator: ", ") + "); run `swift build` first")
        }
        return found
    }

    /// Runs `diorama arguments…` with `environment` (replacing the test's own,
    /// so an inherited WAYLAND_DISPLAY cannot leak in), bounded by `timeout`.
    static func run(_ arguments: [String], environment: [String: String],
                    timeout: TimeInterval = 30) throws -> Result {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        process.environment = environment
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.runWithUnblockedSignals()
        try? out.close()
        try? err.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let finished = !process.isRunning
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(finished, "diorama \(arguments.joined(separator: " ")) did not finish within \(timeout) s; stderr:\n\(stderr)")
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// A minimal environment: PATH and HOME only, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment["HOME"] = home }
        environment.merge(extra) { _, new in new }
        return environment
    }
}

struct DioramaProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The JSON `diorama outputs --json` prints, decoded for assertions.
struct OutputsJSON: Decodable {
    struct Entry: Decodable {
        struct Dimensions: Decodable, Equatable { var width: Int; var height: Int }
        struct Position: Decodable, Equatable { var x: Int; var y: Int }
        var name: String?
        var description: String?
        var make: String
        var model: String
        var mode: Dimensions
        var refreshMilliHz: Int
        var refreshHz: Double
        var logicalPosition: Position
        var logicalSize: Dimensions
        var logicalGeometrySource: String
        var scale: Int
        var transform: String
        var physicalSizeMM: Dimensions
    }
    var outputs: [Entry]
}

/// Splits the table into rows of cells (cells are separated by 2+ spaces).
func tableRows(_ table: String) -> [[String]] {
    table.split(separator: "\n").map { line in
        line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
