import DioramaModel
import Foundation

/// Writes the report files a run asked for (`--junit`, `--json`, `--report`), so
/// the CLI has one call to make after a suite finishes.
package enum ScenarioReportWriter {
    /// Writes every report `options` names; returns the paths written (for the
    /// closing console line), the HTML report's `index.html` last.
    ///
    /// - Throws: ``ReportWriteFailures`` when a report could not be written,
    ///   after writing the others: a bad `--junit` path once lost the
    ///   `--json` and `--report` of a whole run too.
    @discardableResult
    package static func write(_ results: [ScenarioResult], options: ScenarioRunOptions) throws(ReportWriteFailures) -> [String] {
        var written: [String] = []
        var failures: [ReportWriteError] = []
        func attempt(_ path: String, _ body: () throws -> String) {
            do {
                written.append(try body())
            } catch {
                failures.append(ReportWriteError(path: path, reason: ReportWriteError.reason(error, writing: path)))
            }
        }
        if let path = options.junitPath {
            attempt(path) {
                try JUnitReport.write(results, to: path)
                return path
            }
        }
        if let path = options.jsonPath {
            attempt(path) {
                try JSONReport.write(results, run: RunRecord(options), to: path)
                return path
            }
        }
        if let directory = options.reportDirectory {
            attempt(directory) { try HTMLReport.write(results, to: directory) }
        }
        guard failures.isEmpty else { throw ReportWriteFailures(failures: failures, written: written) }
        return written
    }
}

/// The reports that could not be written, each named, and those that were.
package struct ReportWriteFailures: Error, CustomStringConvertible {
    package var failures: [ReportWriteError]
    package var written: [String]

    package var description: String { failures.map(\.description).joined(separator: "\n") }
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
