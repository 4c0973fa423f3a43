import Foundation
import HeadlessCompositors
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `diorama` binary SwiftPM built next to this test bundle, run as a child
/// process the way a user or CI job runs it.
enum DioramaExecutable {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// `diorama` in the build products folder (where the test bundle is), or
    /// `$DIORAMA_EXECUTABLE`. A missing binary fails the test with how to build it.
    static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["DIORAMA_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            let binary = directory.appendingPathComponent("diorama")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        throw DioramaExecutableMissing(searched: candidates.map(\.path))
    }

    struct DioramaExecutableMissing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the diorama executable was not found in \(searched.joined(separator: ", ")); build it with `swift build --product diorama` or set DIORAMA_EXECUTABLE"
        }
    }

    /// Runs `diorama arguments…` to completion (at most `timeout` seconds) and returns
    /// its exit status and output.
    static func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.runWithUnblockedSignals()
        try? out.close()
        try? err.close()

        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("diorama \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
