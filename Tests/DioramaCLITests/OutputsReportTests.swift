import DioramaClient
import DioramaModel
import Testing

@testable import DioramaCLI

/// The table and JSON renderings, checked on values built in the test.
@Suite("outputs report formatting")
struct OutputsReportTests {
    private func info(
        name: String?, x: Int, scale: Int, transform: OutputTransform = .normal,
        refresh: Int = 60000
    ) -> OutputInfo {
        var info = OutputInfo(globalName: 1)
        info.name = name
        info.description = name.map { "Output \($0)" }
        info.modes = [
            OutputMode(
                pixels: Size(width: 1920, height: 1080), refreshMilliHz: refresh,
                isCurrent: true, isPreferred: true)
        ]
        info.scale = scale
        info.transform = transform
        info.logicalPosition = Point(x: x, y: 0)
        info.logicalSize = Size(width: 1920 / scale, height: 1080 / scale)
        return info
    }

    @Test("refresh prints in Hz with three decimals")
    func hertz() {
        #expect(OutputsReport.hertz(milliHz: 60000) == "60.000")
        #expect(OutputsReport.hertz(milliHz: 59951) == "59.951")
        #expect(OutputsReport.hertz(milliHz: 144007) == "144.007")
        #expect(OutputsReport.hertz(milliHz: 5) == "0.005")
        #expect(OutputsReport.hertz(milliHz: 0) == "0.000")
    }

    @Test("transforms use sway's names")
    func transforms() {
        #expect(
            OutputTransform.allCases.map(\.name)
                == ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"])
    }

    @Test("rows are ordered by logical position and the columns align")
    func tableAlignment() {
        let report = OutputsReport(outputs: [
            info(name: "DP-2", x: 1920, scale: 2, transform: .rotated90, refresh: 59951),
            info(name: nil, x: 0, scale: 1),
        ])
        let lines = report.table().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("-     "))
        #expect(lines[2].hasPrefix("DP-2  "))
        #expect(lines[2].contains("59.951 Hz"))
        #expect(lines[2].hasSuffix("90"))
        // Every column starts at the same offset on every line.
        let modeColumn = lines[0].range(of: "MODE")!.lowerBound.utf16Offset(in: lines[0])
        #expect(lines[1].dropFirst(modeColumn).hasPrefix("1920x1080"))
        #expect(lines[2].dropFirst(modeColumn).hasPrefix("1920x1080"))
    }

    @Test("JSON has stable, sorted keys and null for a missing name")
    func json() {
        let text = OutputsReport(outputs: [info(name: nil, x: 0, scale: 1)]).json()
        #expect(text.contains("\"name\" : null"))
        #expect(text.contains("\"refreshMilliHz\" : 60000"))
        let keys = [
            "description", "logicalGeometrySource", "logicalPosition", "logicalSize", "make", "mode",
            "model", "name", "physicalSizeMM", "refreshHz", "refreshMilliHz", "scale", "transform",
        ]
        let positions = keys.map { text.range(of: "\"\($0)\" :")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
