import DioramaModel
import Foundation

/// `diorama merge --report DIR`: `DIR/index.html`, one table with a row per
/// scenario and a column per backend. Each cell gives the status, the test
/// case counts, the shard and machine that ran it, and the failures with
/// their messages; a scenario a backend did not run is an empty cell. The page
/// is self-contained (inline CSS, no script), like the run's report.
package enum MatrixHTMLReport {
    /// Writes the page; returns its path.
    @discardableResult
    package static func write(_ merged: MergedResults, to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/index.html"
        try OutputFileWriter.write(render(merged).utf8, to: path)
        return path
    }

    package static func render(_ merged: MergedResults) -> String {
        let e = XMLText.escape
        let backends = merged.backends
        var rows: [(name: String, file: String)] = []
        for scenario in merged.document.scenarios where !rows.contains(where: { $0.name == scenario.name }) {
            rows.append((scenario.name, scenario.file))
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Diorama merged scenario report</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 1.5em; }
            table { border-collapse: collapse; }
            th, td { border: 1px solid #ccc; padding: 0.4em 0.6em; vertical-align: top; text-align: left; }
            td.passed { background: #e7f6e7; } td.failed, td.error { background: #fbe4e4; } td.skipped { background: #f2f2f2; }
            .meta { color: #666; font-size: 12px; } ul.failures { margin: 0.3em 0 0; padding-left: 1.2em; }
            </style>
            </head>
            <body>
            <h1>Diorama merged scenario report</h1>
            <p class="totals">\(rows.count) scenario\(rows.count == 1 ? "" : "s") on \(backends.count) backend\(backends.count == 1 ? "" : "s") · \(merged.failedCount) failed · from \(merged.sources.count) results file\(merged.sources.count == 1 ? "" : "s")</p>
            <table class="matrix">
            <thead><tr><th>scenario</th>
            """
        html += backends.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows {
            html += #"<tr data-scenario="\#(e(row.name))"><th>\#(e(row.name))<div class="meta"><code>\#(e(row.file))</code></div></th>"#
            for backend in backends {
                guard let scenario = merged.document.scenarios.first(where: { $0.name == row.name && $0.backend == backend }) else {
                    html += #"<td class="absent" data-backend="\#(e(backend))"></td>"#
                    continue
                }
                html += cell(scenario)
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</body>\n</html>\n"
        return html
    }

    static func cell(_ scenario: JSONReport.ScenarioDocument) -> String {
        let e = XMLText.escape
        let cases = scenario.cases ?? []
        let count = { (result: String) in cases.filter { $0.result == result }.count }
        var origin = [scenario.shard.map { "shard \($0)" }, scenario.machine].compactMap { $0 }
        if let time = scenario.time { origin.append(String(format: "%.1f s", time)) }
        var html = #"<td class="\#(e(scenario.status))" data-backend="\#(e(scenario.backend))">"#
        html += "<strong>\(e(scenario.status))</strong> · \(count("passed")) passed, \(count("failed") + count("error")) failed, \(count("skipped")) skipped"
        if !origin.isEmpty { html += #"<div class="meta">\#(e(origin.joined(separator: " · ")))</div>"# }
        if let reason = scenario.reason { html += #"<div class="meta">\#(e(reason))</div>"# }
        let failures = cases.filter { $0.result == "failed" || $0.result == "error" }
        if !failures.isEmpty {
            html += #"<ul class="failures">"#
            html += failures.map { "<li>\(e($0.name)): \(e($0.message ?? ""))</li>" }.joined()
            html += "</ul>"
        }
        return html + "</td>"
    }
}
