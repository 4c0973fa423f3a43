import DioramaModel
import Foundation

/// Writes the report files a run asked for (`--junit`, `--json`, `--report`), so
/// the CLI has one call to make after a suite finishes.
package enum ScenarioReportWriter {
    /// Writes every report `options` names; returns the paths written (for the
    /// closing console line), the HTML report's `index.html` last.
    ///
    /// - Throws: the first write that fails, naming the file.
    @discardableResult
    package static func write(_ results: [ScenarioResult], options: ScenarioRunOptions) throws -> [String] {
        var written: [String] = []
        func attempt(_ path: String, _ body: () throws -> Void) throws {
            do {
                try body()
            } catch {
                throw ReportWriteError(path: path, reason: ReportWriteError.reason(error, writing: path))
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
package struct ReportWriteError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String {
        "cannot write the report \(path): \(reason); check that the directory exists and is writable, and that the path names a file"
    }

    /// Why writing the report at `path` failed, in words: a refused or failed
    /// write of `path` itself without repeating the path, one of a file
    /// inside a report folder with its own.
    static func reason(_ error: any Error, writing path: String) -> String {
        switch error {
        case let failure as OutputFileFailure: failure.path == path ? failure.reason : failure.description
        case let failure as FileReadFailure: "cannot read a screenshot to copy: \(failure)"
        default: error.localizedDescription
        }
    }
}
