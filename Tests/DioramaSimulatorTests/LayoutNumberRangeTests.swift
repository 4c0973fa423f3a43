import DioramaModel
import DioramaSimulator
import Foundation
import Testing

/// Numbers in a layout file outside `InputRanges` are errors at the file,
/// line and column of the number, never a crash (a scale of 1e300 used to
/// crash the reader while it built the message naming the nearest scales).
@Suite struct LayoutNumberRangeTests {
    /// One display; `mode`, `scale` and `position` are spliced in as written.
    private static func layout(width: String = "1920", scale: String = "1", x: String = "0") -> String {
        """
        {
          "displays": [
            {
              "name": "DP-1",
              "mode": { "width": \(width), "height": 1080 },
              "scale": \(scale),
              "position": { "x": \(x), "y": 0 }
            }
          ]
        }

        """
    }

    /// Loads `json` from a real file; the error, which must name that file.
    private func loadError(_ json: String) throws -> DisplayLayoutError {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-range-\(UUID().uuidString).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try DisplayLayout.load(contentsOf: path)
        } catch {
            #expect(error.location?.file == path)
            #expect(error.description.hasPrefix(path + ":"))
            return error
        }
        Issue.record("the layout loaded without an error")
        return DisplayLayoutError(problem: "none")
    }

    @Test(arguments: ["1e15", "1e300", "17", "16.5"])
    func hugeScalesAreRefusedAtTheirLineAndColumn(scale: String) throws {
        let error = try loadError(Self.layout(scale: scale))
        #expect(error.field == "scale")
        #expect(error.location?.line == 6)
        #expect(error.location?.column == 16)
        #expect(error.problem.contains("\"scale\" must be within 1/120…16"), "\(error)")
    }

    @Test func theLargestScaleStillLoads() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-range-\(UUID().uuidString).json").path
        try Self.layout(scale: "16").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try DisplayLayout.load(contentsOf: path).displays[0].scale == Scale(integer: 16))
    }

    @Test(arguments: ["16385", "100000", "2147483647"])
    func hugeModeSizesAreRefusedAtTheirLineAndColumn(width: String) throws {
        let error = try loadError(Self.layout(width: width))
        #expect(error.field == "mode.width")
        #expect(error.location?.line == 5)
        #expect(error.location?.column == 26)
        #expect(error.problem == "\"mode.width\" must be within 1…16384, got \(width)")
    }

    @Test func sizesTooBigForAnIntegerAreRefusedAtTheirLineAndColumn() throws {
        let error = try loadError(Self.layout(width: "1e300"))
        #expect(error.field == "mode.width")
        #expect(error.location?.line == 5 && error.location?.column == 26)
        #expect(error.problem.contains("found 1e300"))
    }

    @Test func farAwayPositionsAreRefusedBeforeAnyRectangleIsComputed() throws {
        // 2147483647 + 1920 overflowed nothing in a reader limited to Int32,
        // but a position this far out is not a layout anyone means.
        let error = try loadError(Self.layout(x: "2147483647"))
        #expect(error.field == "position.x")
        #expect(error.location?.line == 7)
        #expect(error.location?.column == 26)
        #expect(error.problem == "\"position.x\" must be within -1000000…1000000, got 2147483647")
    }

    @Test func runtimeChangesOutsideTheRangesAreRefused() throws {
        var layout = DisplayLayout(displays: [
            DisplayConfiguration(
                name: "DP-1", mode: DisplayMode(width: 1920, height: 1080),
                position: Point(x: Int.max - 10, y: 0))
        ])
        #expect(throws: DisplayLayoutError.self) { try layout.validate() }
        layout.displays[0].position = .zero
        layout.displays[0].mode.refreshMilliHz = Int.max
        do {
            try layout.validate()
            Issue.record("an out-of-range refresh rate validated")
        } catch {
            #expect(error.field == "mode.refreshMilliHz")
        }
    }
}
