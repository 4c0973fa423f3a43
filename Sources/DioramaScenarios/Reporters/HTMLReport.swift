import DioramaModel
import Foundation

/// `--report DIR`: a self-contained HTML report, `DIR/index.html`, that opens from
/// disk with no network: inline CSS and script, each scenario's display layout and
/// window paths as inline SVG (``LayoutDrawing``), the timeline of steps with the
/// measured values and every clause's verdict, and the screenshots, copied to
/// `DIR/screenshots/SCENARIO/` and referenced relatively.
package enum HTMLReport {
    /// Writes the report; returns the path of `index.html`.
    @discardableResult
    package static func write(_ results: [ScenarioResult], to directory: String) throws -> String {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
            throw OutputFileFailure(path: directory, problem: "it is a file, not a folder; name a folder for the HTML report (it is made if missing)")
        }
        try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var copied: [String: String] = [:]
        for result in results {
            for screenshot in result.entries.flatMap(\.screenshots) {
                let relative = "screenshots/\(result.name)/\(URL(fileURLWithPath: screenshot.path).lastPathComponent)"
                let destination = "\(directory)/\(relative)"
                guard fileManager.fileExists(atPath: screenshot.path) else { continue }
                try fileManager.createDirectory(
                    atPath: (destination as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try OutputFileWriter.write(RegularFileReader.read(screenshot.path, as: .screenshot), to: destination)
                copied[screenshot.path] = relative
            }
        }
        let path = "\(directory)/index.html"
        try OutputFileWriter.write(render(results, screenshotPaths: copied).utf8, to: path)
        return path
    }

    /// The page. `screenshotPaths` maps a screenshot's original path to its path
    /// relative to the page; screenshots without one are listed as missing.
    package static func render(_ results: [ScenarioResult], screenshotPaths: [String: String] = [:]) -> String {
        let failed = results.filter { !$0.isSuccess }.count
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Diorama scenario report</title>
            <style>
            \(style)
            </style>
            </head>
            <body data-script="pending">
            <header>
            <h1>Diorama scenario report</h1>
            <p class="totals">\(results.count) scenario\(results.count == 1 ? "" : "s"), \(results.count - failed) passed or skipped, \(failed) failed · <span id="failed-step-count">?</span> failed steps</p>
            <label><input type="checkbox" id="failures-only"> show only failed steps</label>
            </header>
            <main>

            """
        for (offset, result) in results.enumerated() {
            html += section(result, number: offset + 1, screenshotPaths: screenshotPaths)
        }
        html += """
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
        return html
    }

    static func section(_ result: ScenarioResult, number: Int, screenshotPaths: [String: String]) -> String {
        let status = ReportText.statusWord(result.status)
        let e = XMLText.escape
        var html = #"<section class="scenario \#(status)" id="scenario-\#(number)" data-scenario="\#(e(result.name))">"# + "\n"
        html += #"<h2>\#(e(result.name)) <span class="badge \#(status)">\#(status)</span></h2>"# + "\n"
        html +=
            #"<p class="meta">\#(e(ReportText.backendAndProfile(result.backend, result.profile).replacingOccurrences(of: ", ", with: " · "))) · <code>\#(e(result.file))</code> · checks: \#(e(ReportText.counts(result)))</p>"#
            + "\n"
        if let summary = result.summary { html += #"<p class="summary">\#(e(summary))</p>"# + "\n" }
        switch result.status {
        case .skipped(let reason), .error(let reason): html += #"<p class="reason">\#(e(reason))</p>"# + "\n"
        case .passed, .failed: break
        }
        let drawing = LayoutDrawing(result: result)
        if !drawing.displays.isEmpty {
            html += #"<figure class="layout">"# + drawing.svg(id: "layout-\(number)")
            let legend = drawing.paths.enumerated().map { offset, path in
                #"<span class="legend" style="--window-colour: \#(LayoutDrawing.palette[offset % LayoutDrawing.palette.count])">\#(e(path.window))</span>"#
            }.joined(separator: " ")
            html +=
                "<figcaption>Displays in logical points; numbered dots are the steps after which a window moved or resized. \(legend)</figcaption></figure>\n"
        }
        html += """
            <table class="timeline">
            <thead><tr><th>step</th><th>line</th><th>what</th><th>result</th><th>measured</th><th>clauses</th></tr></thead>
            <tbody>

            """
        for entry in result.entries {
            html += row(entry)
        }
        html += "</tbody>\n</table>\n"
        let screenshots = result.entries.flatMap { entry in entry.screenshots.map { (entry.index, $0) } }
        if !screenshots.isEmpty {
            html += #"<div class="screenshots">"# + "\n"
            for (step, screenshot) in screenshots {
                let caption = "\(screenshot.name) · \(screenshot.display ?? "all displays") · step \(step)"
                if let relative = screenshotPaths[screenshot.path] {
                    let link = e(linkPath(relative))
                    html +=
                        #"<figure><a href="\#(link)"><img src="\#(link)" alt="\#(e(caption))"></a><figcaption>\#(e(caption))</figcaption></figure>"#
                        + "\n"
                } else {
                    html += #"<figure class="missing"><figcaption>\#(e(caption)): file missing (\#(e(screenshot.path)))</figcaption></figure>"# + "\n"
                }
            }
            html += "</div>\n"
        }
        html += "</section>\n"
        return html
    }

    static func row(_ entry: TimelineEntry) -> String {
        let e = XMLText.escape
        let word = ReportText.outcomeWord(entry)
        let cssClass = word.replacingOccurrences(of: " ", with: "-")
        let mark: String =
            switch word {
            case "passed": "✓"
            case "failed": "✗"
            case "skipped": "↷"
            default: "·"
            }
        let window = entry.step.action.window.map { #" data-window="\#(e($0.name))""# } ?? ""
        var html = #"<tr class="step \#(cssClass)" data-step="\#(entry.index)"\#(window)>"#
        html += "<td>\(entry.index)</td><td>\(entry.step.location.line)</td><td><code>\(e(entry.step.text))</code></td>"
        var result = "\(mark) \(word)"
        if let reason = ReportText.outcomeReason(entry) { result += #"<div class="reason">\#(e(reason))</div>"# }
        if let detail = entry.detail { result += #"<div class="detail">\#(e(detail))</div>"# }
        if let note = entry.settleNote { result += #"<div class="reason">\#(e(note))</div>"# }
        html += #"<td class="result">\#(result)</td>"#
        let measured = ReportText.shownSnapshots(entry).map { e(ReportText.measured($0)) }.joined(separator: "<br>")
        html += #"<td class="measured">\#(measured)</td>"#
        if entry.clauses.isEmpty {
            html += "<td></td>"
        } else {
            html += #"<td class="clauses"><ul>"#
            for clause in entry.clauses {
                let (verdictClass, verdictMark) =
                    switch clause.verdict {
                    case .passed: ("passed", "✓")
                    case .failed: ("failed", "✗")
                    case .skipped: ("skipped", "↷")
                    }
                html += #"<li class="\#(verdictClass)">\#(verdictMark) <code>\#(e(clause.clause.text))</code> — \#(e(ReportText.verdict(clause.verdict)))</li>"#
            }
            html += "</ul></td>"
        }
        html += "</tr>\n"
        return html
    }

    static let style = """
        :root { color-scheme: light; --pass: #2b8a3e; --fail: #c92a2a; --skip: #e67700; --muted: #868e96; }
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #212529; background: #f8f9fa; }
        header { background: #212529; color: #f8f9fa; padding: 12px 24px; }
        header h1 { margin: 0 0 4px; font-size: 20px; }
        main { padding: 8px 24px 40px; }
        section.scenario { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; margin: 16px 0; padding: 12px 16px; }
        section.scenario h2 { margin: 4px 0; font-size: 18px; }
        .badge { font-size: 12px; padding: 2px 8px; border-radius: 10px; color: #fff; vertical-align: middle; }
        .badge.passed { background: var(--pass); } .badge.failed, .badge.error { background: var(--fail); } .badge.skipped { background: var(--skip); }
        .meta, figcaption, .detail { color: var(--muted); }
        .reason { color: var(--skip); }
        figure.layout { margin: 12px 0; }
        svg.layout-drawing { width: 100%; max-height: 420px; background: #f1f3f5; border-radius: 6px; }
        svg rect.display { fill: #e7f5ff; stroke: #1c7ed6; }
        svg rect.display.plugged { stroke-dasharray: 12 8; fill: #fff9db; }
        svg rect.display.unplugged { fill: #f1f3f5; stroke: var(--muted); }
        svg text { fill: #343a40; font-family: system-ui, sans-serif; }
        svg text.note { fill: var(--skip); }
        svg rect.window-frame { fill: none; stroke-dasharray: 6 4; }
        svg polyline.path { stroke-linejoin: round; opacity: 0.8; }
        svg circle.stop { stroke: #fff; cursor: pointer; }
        svg circle.stop.highlight { stroke: #212529; stroke-width: 6; }
        svg text.stop-number { fill: #fff; pointer-events: none; }
        .legend { display: inline-block; margin-left: 8px; padding-left: 14px; position: relative; color: #212529; }
        .legend::before { content: ""; position: absolute; left: 0; top: 4px; width: 10px; height: 10px; border-radius: 5px; background: var(--window-colour); }
        table.timeline { width: 100%; border-collapse: collapse; font-size: 13px; }
        table.timeline th, table.timeline td { text-align: left; vertical-align: top; padding: 4px 6px; border-top: 1px solid #e9ecef; }
        tr.step.failed td.result { color: var(--fail); font-weight: 600; }
        tr.step.passed td.result { color: var(--pass); }
        tr.step.skipped td.result { color: var(--skip); }
        tr.step.not-run { color: var(--muted); }
        tr.step.highlight { background: #fff3bf; }
        td.clauses ul { margin: 0; padding-left: 0; list-style: none; }
        li.failed { color: var(--fail); } li.skipped { color: var(--skip); }
        body.failures-only tr.step:not(.failed) { display: none; }
        .screenshots { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 12px; }
        .screenshots figure { margin: 0; max-width: 420px; }
        .screenshots img { max-width: 100%; border: 1px solid #dee2e6; border-radius: 4px; }
        """

    static let script = """
        (function () {
          var failed = document.querySelectorAll('tr.step.failed').length;
          document.getElementById('failed-step-count').textContent = String(failed);
          document.getElementById('failures-only').addEventListener('change', function (event) {
            document.body.classList.toggle('failures-only', event.target.checked);
          });
          function highlight(section, step, on) {
            section.querySelectorAll('[data-step="' + step + '"]').forEach(function (element) {
              element.classList.toggle('highlight', on);
            });
          }
          document.querySelectorAll('section.scenario').forEach(function (section) {
            section.querySelectorAll('tr.step, circle.stop').forEach(function (element) {
              var step = element.getAttribute('data-step');
              element.addEventListener('mouseenter', function () { highlight(section, step, true); });
              element.addEventListener('mouseleave', function () { highlight(section, step, false); });
            });
          });
          document.body.setAttribute('data-script', 'ready');
        })();
        """

    /// A relative file path as a URL path: each name percent-encoded, so a
    /// screenshot named `a#b?c` is not cut at `#` or `?` by the browser.
    static func linkPath(_ relative: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
        return relative.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
