import Foundation

/// Writes the report files a run asked for (`--junit`, `--json`, `--report`), so
/// the CLI has one call to make after a suite finishes.
public enum ScenarioReportWriter {
    /// Writes every report `options` names; returns the paths written (for the
    /// closing console line), the HTML report's `index.html` last.
    ///
    /// - Throws: the first write that fails, naming the file.
    @discardableResult
    public static func write(_ results: [ScenarioResult], options: ScenarioRunOptions) throws -> [String] {
        var written: [String] = []
        func attempt(_ path: String, _ body: () throws -> Void) throws {
            do {
                try body()
            } catch {
                throw ReportWriteError(path: path, reason: error.localizedDescription)
            }
        }
        if let path = options.junitPath {
            try attempt(path) { try JUnitReport.write(results, to: path) }
            written.append(path)
        }
        if let path = options.jsonPath {
            try attempt(path) { try JSONReport.write(results, run: RunRecord(options), to: path) }
            written.append(path)
        }
        if let directory = options.reportDirectory {
            var page = ""
            try attempt(directory) { page = try HTMLReport.write(results, to: directory) }
            written.append(page)
        }
        return written
    }
}

/// A report file that could not be written.
public struct ReportWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
        "cannot write the report \(path): \(reason); check that the directory exists and is writable"
    }
}
