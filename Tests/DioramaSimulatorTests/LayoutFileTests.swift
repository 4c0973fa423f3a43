import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import Testing

/// Layout files: the shipped ones load with the documented geometry, and each
/// kind of mistake is reported with the file, line, display and field.
@Suite struct LayoutFileTests {
    private static func shipped(_ name: String) throws -> DisplayLayout {
        try DisplayLayout.load(contentsOf: Simulator.Harness.configsDirectory + "/" + name)
    }

    @Test func shippedLayoutsLoad() throws {
        let laptop = try Self.shipped("laptop.json")
        #expect(laptop.displays.map(\.name) == ["eDP-1"])
        #expect(laptop.displays[0].logicalRect == Rect(x: 0, y: 0, width: 1440, height: 900))
        #expect(laptop.displays[0].usableArea == Rect(x: 0, y: 32, width: 1440, height: 868))

        let dual = try Self.shipped("dual.json")
        #expect(dual.displays.map(\.scale) == [.one, Scale(integer: 2)!])

        let studio = try Self.shipped("studio.json")
        #expect(studio.displays.map(\.name) == ["DP-1", "DP-2", "HDMI-A-1"])
        #expect(studio.displays.map(\.scale) == [.one, Scale(integer: 2)!, Scale(1.5)!])
        // Left to right, edge to edge.
        #expect(studio.displays.map(\.logicalRect.minX) == [0, 1920, 4480])
        #expect(studio.displays[2].logicalRect.size == Size(width: 1920, height: 1080))
    }

    /// Writes `json` to a real file and returns the error loading it gives.
    private func loadError(_ json: String) throws -> DisplayLayoutError {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try DisplayLayout.load(contentsOf: path)
        } catch {
            #expect(error.location?.file == path)
            return error
        }
        Issue.record("the layout loaded without an error")
        return DisplayLayoutError(problem: "none")
    }

    private static func display(_ name: String, x: Int = 0, scale: String = "1", extra: String = "") -> String {
        """
            {
              "name": "\(name)",
              "mode": { "width": 1920, "height": 1080 },
              "scale": \(scale),
              "position": { "x": \(x), "y": 0 }\(extra)
            }
        """
    }

    private static func layout(_ displays: String...) -> String {
        "{\n  \"displays\": [\n" + displays.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func overlappingDisplaysNameTheSecondDisplayAndItsPosition() throws {
        let error = try loadError(Self.layout(Self.display("DP-1"), Self.display("DP-2", x: 1000)))
        #expect(error.display == "DP-2")
        #expect(error.field == "position")
        #expect(error.location?.line == 13)
        #expect(error.problem.contains("overlaps display \"DP-1\""))
        #expect(error.description.contains("display \"DP-2\", field \"position\""))
    }

    /// A layout with one display more than the limit (issue #21: 10,000
    /// displays once took minutes to start) is refused before any display
    /// is compared with another, naming the first display too many.
    @Test func aLayoutOverTheDisplayLimitNamesTheFirstDisplayTooMany() throws {
        let count = DisplayLayout.maximumDisplayCount + 1
        let displays = (0..<count).map { Self.display("OUT-\($0)", x: 1920 * $0) }
        let error = try loadError("{\n  \"displays\": [\n" + displays.joined(separator: ",\n") + "\n  ]\n}\n")
        #expect(error.display == "OUT-\(count - 1)")
        // Each display takes 6 lines after the 2 that open the file.
        #expect(error.location?.line == 3 + 6 * (count - 1))
        #expect(error.problem.contains("at most \(DisplayLayout.maximumDisplayCount) displays"))
        #expect(error.problem.contains("would make \(count)"))
    }

    @Test func aScaleThatIsNotAMultipleOf120thsNamesTheNearestValidOnes() throws {
        let error = try loadError(Self.layout(Self.display("DP-1", scale: "1.33")))
        #expect(error.display == "DP-1")
        #expect(error.field == "scale")
        #expect(error.location?.line == 6)
        #expect(error.location?.column == 16)
        #expect(error.problem.contains("not a multiple of 1/120"))
        #expect(error.problem.contains("1.325 (159/120) and 1.333333333 (160/120)"))
    }

    @Test func zeroAndNegativeScalesAreRefused() throws {
        for scale in ["0", "-1.5"] {
            let error = try loadError(Self.layout(Self.display("DP-1", scale: scale)))
            #expect(error.field == "scale")
            #expect(error.problem.contains("greater than 0"))
        }
    }

    @Test func zeroSizeIsRefused() throws {
        let json = Self.layout(Self.display("DP-1").replacingOccurrences(of: "\"width\": 1920", with: "\"width\": 0"))
        let error = try loadError(json)
        #expect(error.display == "DP-1")
        #expect(error.field == "mode.width")
        #expect(error.location?.line == 5)
    }

    @Test func duplicateNamesAreRefused() throws {
        let error = try loadError(Self.layout(Self.display("DP-1"), Self.display("DP-1", x: 1920)))
        #expect(error.display == "DP-1")
        #expect(error.field == "name")
        #expect(error.location?.line == 10)
        #expect(error.problem.contains("already used by display #1"))
    }

    /// Names, makes and models travel in wl_output events: too long and every
    /// client binding the output is disconnected; control or bidi characters
    /// garble what clients show. Each is refused where it stands in the file.
    @Test func namesMakesAndModelsMustBeShortAndPrintable() throws {
        let long = try loadError(Self.layout(Self.display(String(repeating: "D", count: 64))))
        #expect(long.display == "#1")
        #expect(long.field == "name")
        #expect(long.location?.line == 4)
        #expect(long.location?.column == 15)
        #expect(long.problem == "the name is 64 bytes long; use at most 63 (it is sent to every client in wl_output events)")
        #expect(!long.description.contains("DDDD"), "the message does not repeat the unfit name")

        let newline = try loadError(Self.layout(Self.display("DP-1\\nfake")))
        #expect(newline.field == "name")
        #expect(newline.problem.hasPrefix("character 5 of the name is U+000A, a control or invisible formatting character"))

        let bidi = try loadError(Self.layout(Self.display("DP-1"), Self.display("\u{202E}1-PD", x: 1920)))
        #expect(bidi.display == "#2")
        #expect(bidi.location?.line == 10)
        #expect(bidi.problem.hasPrefix("character 1 of the name is U+202E"))

        let make = try loadError(Self.layout(Self.display("DP-1", extra: ",\n      \"make\": \"\(String(repeating: "é", count: 32))\"")))
        #expect(make.display == "DP-1")
        #expect(make.field == "make")
        #expect(make.location?.line == 8)
        #expect(make.problem.hasPrefix("the make is 64 bytes long"))

        let model = try loadError(Self.layout(Self.display("DP-1", extra: ",\n      \"model\": \"Panel\\u0000\"")))
        #expect(model.field == "model")
        #expect(model.problem.contains("U+0000"))

        // 63 bytes of printable text, non-ASCII included, is fine.
        let fine = DisplayConfiguration.textProblem(String(repeating: "é", count: 31) + "x", field: "model")
        #expect(fine == nil)
    }

    @Test func unknownTransformsListTheKnownOnes() throws {
        let error = try loadError(Self.layout(Self.display("DP-1", extra: ",\n      \"transform\": \"sideways\"")))
        #expect(error.field == "transform")
        #expect(error.location?.line == 8)
        #expect(error.problem.contains("\"flipped-270\""))
    }

    @Test func misspeltFieldsAreRefused() throws {
        let error = try loadError(Self.layout(Self.display("DP-1", extra: ",\n      \"scael\": 2")))
        #expect(error.display == "DP-1")
        #expect(error.field == "scael")
        #expect(error.problem.contains("unknown field"))
    }

    @Test func malformedJSONGivesTheLineAndColumn() throws {
        let error = try loadError("{\n  \"displays\": [\n    { \"name\": \"DP-1\" \n      \"mode\": {} }\n  ]\n}\n")
        #expect(error.location?.line == 4)
        #expect(error.location?.column == 7)
        #expect(error.problem.hasPrefix("malformed JSON"))
    }

    @Test func aMissingFileSaysSo() throws {
        do {
            _ = try DisplayLayout.load(contentsOf: "/nonexistent/diorama/layout.json")
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/diorama/layout.json:1:1: "))
            #expect(error.problem.contains("no such file"))
        }
    }

    @Test func runtimeChangesAreValidatedLikeFiles() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        do {
            try harness.simulator.moveDisplay("DP-2", to: Point(x: 100, y: 0))
            Issue.record("an overlapping move was accepted")
        } catch SimulatorControlError.invalidLayout(let error) {
            #expect(error.display == "DP-2")
            #expect(error.field == "position")
            #expect(error.location == nil)
        }
        #expect(harness.simulator.display(named: "DP-2")?.logicalRect.minX == 1920)
    }

    /// `--refresh` (of `run` and `check`) sets every display's refresh and
    /// keeps the rest of each display; without it the layout is unchanged.
    @Test func refreshingSetsEveryDisplaysRefreshAndNothingElse() throws {
        let layout = try Self.shipped("studio.json")
        #expect(layout.refreshing(at: nil) == layout)
        let refreshed = layout.refreshing(at: 12_500)
        #expect(refreshed.displays.count == layout.displays.count)
        #expect(refreshed.displays.allSatisfy { $0.mode.refreshMilliHz == 12_500 })
        for (before, after) in zip(layout.displays, refreshed.displays) {
            var unchanged = after
            unchanged.mode.refreshMilliHz = before.mode.refreshMilliHz
            #expect(unchanged == before)
        }
    }
}
