import DioramaGraphics
import DioramaModel
import DioramaPNGTestSupport
import Foundation
import Testing

@testable import DioramaScenarios

@Suite("HTML report, rendered in headless Chromium")
struct HTMLReportTests {
    /// Writes a real PNG for the fixture's screenshot step and the report for the
    /// fixture run (plus the skipped and errored scenarios) into `directory`.
    func writeReport(in directory: TemporaryDirectory) async throws -> (page: String, results: [ScenarioResult]) {
        var image = PixelBuffer(width: 64, height: 36, filledWith: PixelColor(rgb: 0x1971C2))
        image.fill(Rect(x: 8, y: 8, width: 20, height: 12), color: PixelColor(rgb: 0xF08C00))
        let screenshot = directory.url.appendingPathComponent("artifacts/overview.png")
        try FileManager.default.createDirectory(at: screenshot.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.write(image, to: screenshot)
        let results = try await [ReportFixture.result(screenshotPath: screenshot.path)] + ReportFixture.otherResults()
        let page = try HTMLReport.write(results, to: directory.url.appendingPathComponent("report").path)
        return (page, results)
    }

    @Test("the page is self-contained: no external references, screenshots copied next to it")
    func selfContained() async throws {
        let directory = try TemporaryDirectory("html")
        defer { directory.cleanUp() }
        let (page, _) = try await writeReport(in: directory)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(
            !html.contains("http://") || html.components(separatedBy: "http://").count == 2,
            "only the SVG namespace may be an http URL")
        #expect(!html.contains("https://"))
        #expect(!html.contains("<link"))
        #expect(!html.contains(" src=\"/"), "no absolute paths")
        #expect(html.contains(#"<img src="screenshots/report-sample/overview.png""#))
        let copied = directory.url.appendingPathComponent("report/screenshots/report-sample/overview.png").path
        #expect(try PNG.read(contentsOf: URL(fileURLWithPath: copied)).width == 64)
    }

    /// A screenshot named `a#b?c%20` was linked as written: the browser
    /// asked for `screenshots/x/a` and showed no picture.
    @Test("screenshot links are percent-encoded names; a report path that is a file is refused in words")
    func linksAndAReportPathThatIsAFile() throws {
        #expect(HTMLReport.linkPath("screenshots/x/a#b?c%20 é.png") == "screenshots/x/a%23b%3Fc%2520%20%C3%A9.png")
        #expect(HTMLReport.linkPath("screenshots/report-sample/overview.png") == "screenshots/report-sample/overview.png")
        let directory = try TemporaryDirectory("html-file")
        defer { directory.cleanUp() }
        let file = try directory.write("not a folder\n", to: "report")
        let refused = #expect(throws: OutputFileFailure.self) { try HTMLReport.write([], to: file) }
        #expect(refused?.reason == "it is a file, not a folder; name a folder for the HTML report (it is made if missing)")
    }

    @Test("Chromium's DOM has the displays, the window path, every step row and the script's result")
    func renderedDOM() async throws {
        guard let chromium = HeadlessChromium.find() else { return }
        let directory = try TemporaryDirectory("html")
        defer { directory.cleanUp() }
        let (page, results) = try await writeReport(in: directory)
        let dom = try chromium.dumpDOM(of: page, scratch: directory)

        // The script ran: it marks the body and counts the failed steps.
        #expect(dom.contains(#"data-script="ready""#))
        #expect(dom.contains(#"<span id="failed-step-count">1</span>"#))
        // The layout: the three studio displays at their logical rectangles, and the plugged TV.
        #expect(dom.contains(#"<rect class="display" data-display="DP-1" x="0" y="0" width="1920" height="1080""#))
        #expect(dom.contains(#"<rect class="display" data-display="DP-2" x="1920" y="0" width="2560" height="1440""#))
        #expect(dom.contains(#"<rect class="display" data-display="HDMI-A-1" x="4480" y="0" width="1920" height="1080""#))
        #expect(dom.contains(#"<rect class="display plugged unplugged" data-display="TV" x="0" y="1080" width="1920" height="1080""#))
        // The window's path through the centres of its frames: DP-1, DP-2, HDMI-A-1.
        #expect(dom.contains(#"<polyline class="path" data-window="main" points="700.5,500.5 3200.5,600.5 5400.5,500.5""#))
        for step in [2, 4, 8] {
            #expect(dom.contains(#"<circle class="stop" data-window="main" data-step="\#(step)""#), "dot for step \(step)")
        }
        // One row per step of each scenario, with its result.
        let rows = dom.components(separatedBy: "<tr class=\"step ").count - 1
        #expect(rows == results.map(\.entries.count).reduce(0, +))
        #expect(dom.contains(#"<tr class="step failed" data-step="9" data-window="main">"#))
        #expect(dom.contains("expected restored, got not restored (connected fresh)"))
        #expect(dom.contains(#"<tr class="step skipped" data-step="6">"#))
        #expect(dom.contains("main → HDMI-A-1 · scale 1.5 · buffer 1202x902 · drawable 1202x902"))
        #expect(dom.contains(#"<img src="screenshots/report-sample/overview.png""#))
    }

    @Test("Chromium's screenshot of the page decodes and shows the drawing, not a blank page")
    func renderedPixels() async throws {
        guard let chromium = HeadlessChromium.find() else { return }
        let directory = try TemporaryDirectory("html")
        defer { directory.cleanUp() }
        let (page, _) = try await writeReport(in: directory)
        let shot = directory.url.appendingPathComponent("shot.png").path
        try chromium.screenshot(of: page, to: shot, width: 1200, height: 900, scratch: directory)
        let image = try PNG.read(contentsOf: URL(fileURLWithPath: shot))
        #expect(image.width == 1200)
        #expect(image.height == 900)
        var colours = Set<UInt32>()
        var displayFill = 0
        var nonWhite = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let pixel = image.components(x: x, y: y)
                colours.insert(UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue))
                if pixel.red < 245 || pixel.green < 245 || pixel.blue < 245 { nonWhite += 1 }
                // The displays' fill, #e7f5ff.
                if pixel.red == 0xE7, pixel.green == 0xF5, pixel.blue == 0xFF { displayFill += 1 }
            }
        }
        #expect(colours.count > 20, "a rendered page has text, the header and the drawing")
        #expect(nonWhite > image.width * image.height / 40)
        #expect(displayFill > 1000, "the SVG's display rectangles are painted")
    }
}

@Suite("Writing the reports a run asked for")
struct ScenarioReportWriterTests {
    @Test("JUnit, JSON and HTML go where the options say; a bad path names the file")
    func writesRequestedReports() async throws {
        let directory = try TemporaryDirectory("writer")
        defer { directory.cleanUp() }
        let results = [try await ReportFixture.result()]
        let options = ScenarioRunOptions(
            junitPath: directory.path + "/junit.xml", jsonPath: directory.path + "/results.json",
            reportDirectory: directory.path + "/html")
        let written = try ScenarioReportWriter.write(results, options: options)
        #expect(written == [directory.path + "/junit.xml", directory.path + "/results.json", directory.path + "/html/index.html"])
        #expect(try String(contentsOfFile: written[0], encoding: .utf8) == JUnitReport.render(results))
        #expect(try Data(contentsOf: URL(fileURLWithPath: written[1])) == JSONReport.encode(results))
        #expect(FileManager.default.fileExists(atPath: written[2]))
        #expect(try ScenarioReportWriter.write(results, options: ScenarioRunOptions()).isEmpty)
        do throws(ReportWriteFailures) {
            try ScenarioReportWriter.write(results, options: ScenarioRunOptions(jsonPath: "/nonexistent/dir/results.json"))
            Issue.record("expected an error")
        } catch {
            #expect(error.failures.map(\.path) == ["/nonexistent/dir/results.json"])
            #expect(error.description.hasPrefix("cannot write the report /nonexistent/dir/results.json: "))
        }
        // A bad --junit path no longer costs the run its other reports.
        let later = directory.path + "/later"
        do throws(ReportWriteFailures) {
            try ScenarioReportWriter.write(
                results,
                options: ScenarioRunOptions(junitPath: directory.path, jsonPath: later + ".json", reportDirectory: later + "-html"))
            Issue.record("expected an error")
        } catch {
            #expect(error.failures.map(\.path) == [directory.path])
            #expect(error.written == [later + ".json", later + "-html/index.html"])
            #expect(FileManager.default.fileExists(atPath: later + ".json"))
        }
    }
}
