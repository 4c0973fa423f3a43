import DioramaPOSIX
import Foundation
import Glibc
import HeadlessCompositors
import Testing

/// Debian's chromium, run headless to render the HTML report the way a person's
/// browser would.
struct HeadlessChromium {
    let executable: String

    /// The installed chromium, or a recorded failure with the install hint (the
    /// report tests must not pass without having rendered anything).
    static func find(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> HeadlessChromium? {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return HeadlessChromium(executable: candidate)
        }
        Issue.record(
            "chromium is not installed: the HTML report is tested by rendering it. Install it with `apt-get install chromium` (or `make deps`).",
            sourceLocation: sourceLocation)
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The DOM after the page's scripts ran (`--dump-dom`).
    func dumpDOM(of page: String, scratch: TemporaryDirectory) throws -> String {
        let output = scratch.url.appendingPathComponent("dom.html").path
        try run(["--dump-dom", URL(fileURLWithPath: page).absoluteString], stdout: output, scratch: scratch)
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// A PNG screenshot of the page at `width`x`height` CSS pixels.
    func screenshot(of page: String, to png: String, width: Int, height: Int, scratch: TemporaryDirectory) throws {
        try run(
            [
                "--screenshot=\(png)", "--window-size=\(width),\(height)", "--hide-scrollbars",
                URL(fileURLWithPath: page).absoluteString,
            ],
            stdout: scratch.url.appendingPathComponent("screenshot.log").path, scratch: scratch)
    }

    /// Runs chromium headless with a private profile; kills it after 90 seconds.
    private func run(_ arguments: [String], stdout: String, scratch: TemporaryDirectory) throws {
        let errorLog = scratch.url.appendingPathComponent("chromium-stderr.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch.path
        let process = try SpawnedProcess(
            executable: executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(scratch.url.appendingPathComponent("profile").path)",
            ] + arguments,
            environment: environment, standardOutput: .file(stdout, append: false), standardError: .file(errorLog, append: false))
        guard let termination = process.waitForExit(timeout: .seconds(90)) else {
            process.terminate(grace: .zero)
            throw Failure(description: "chromium did not finish within 90 s; its stderr is in \(errorLog)")
        }
        guard termination == .exited(0) else {
            let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium \(termination): \(log.suffix(2000))")
        }
    }
}
