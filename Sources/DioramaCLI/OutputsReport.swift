import DioramaClient
import DioramaModel
import Foundation

/// The two renderings of `diorama outputs`: an aligned table and JSON. Pure
/// formatting, so tests can check it without a compositor.
struct OutputsReport {
    /// The outputs, ordered by logical position (left to right, top to bottom).
    let outputs: [OutputInfo]

    init(outputs: [OutputInfo]) {
        self.outputs = outputs.sorted {
            ($0.logicalPosition.x, $0.logicalPosition.y, $0.name ?? "")
                < ($1.logicalPosition.x, $1.logicalPosition.y, $1.name ?? "")
        }
    }

    static let columns = ["NAME", "DESCRIPTION", "MODE", "REFRESH", "POSITION", "LOGICAL SIZE", "SCALE", "TRANSFORM"]

    /// The rows of the table, one per output, in column order.
    var rows: [[String]] {
        outputs.map { output in
            [
                output.name ?? "-",
                output.description ?? "-",
                "\(output.modePixels.width)x\(output.modePixels.height)",
                Self.hertz(milliHz: output.refreshMilliHz) + " Hz",
                "\(output.logicalPosition.x),\(output.logicalPosition.y)",
                "\(output.logicalSize.width)x\(output.logicalSize.height)",
                String(output.scale),
                output.transform.name,
            ]
        }
    }

    /// Columns padded to their widest cell, separated by two spaces.
    func table() -> String {
        let all = [Self.columns] + rows
        let widths = Self.columns.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let lines = all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        let document = Document(outputs: outputs.map(Entry.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and integers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `60000` mHz → `60.000`.
    static func hertz(milliHz: Int) -> String {
        let sign = milliHz < 0 ? "-" : ""
        let magnitude = abs(milliHz)
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    // MARK: JSON shape

    struct Document: Codable {
        var outputs: [Entry]
    }

    struct Entry: Codable {
        var name: String?
        var description: String?
        var make: String
        var model: String
        var mode: Dimensions
        var refreshMilliHz: Int
        var refreshHz: Double
        var logicalPosition: Position
        var logicalSize: Dimensions
        var logicalGeometrySource: String
        var scale: Int
        var transform: String
        var physicalSizeMM: Dimensions

        init(_ info: OutputInfo) {
            name = info.name
            description = info.description
            make = info.make
            model = info.model
            mode = Dimensions(info.modePixels)
            refreshMilliHz = info.refreshMilliHz
            refreshHz = Double(info.refreshMilliHz) / 1000
            logicalPosition = Position(x: info.logicalPosition.x, y: info.logicalPosition.y)
            logicalSize = Dimensions(info.logicalSize)
            logicalGeometrySource = info.hasXdgOutputGeometry ? "xdg-output" : "derived"
            scale = info.scale
            transform = info.transform.name
            physicalSizeMM = Dimensions(info.physicalSizeMM)
        }

        // Encode nil name/description as null rather than omitting the key.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(make, forKey: .make)
            try container.encode(model, forKey: .model)
            try container.encode(mode, forKey: .mode)
            try container.encode(refreshMilliHz, forKey: .refreshMilliHz)
            try container.encode(refreshHz, forKey: .refreshHz)
            try container.encode(logicalPosition, forKey: .logicalPosition)
            try container.encode(logicalSize, forKey: .logicalSize)
            try container.encode(logicalGeometrySource, forKey: .logicalGeometrySource)
            try container.encode(scale, forKey: .scale)
            try container.encode(transform, forKey: .transform)
            try container.encode(physicalSizeMM, forKey: .physicalSizeMM)
        }
    }

    struct Dimensions: Codable, Equatable {
        var width: Int
        var height: Int
        init(_ size: Size) {
            width = size.width
            height = size.height
        }
    }

    struct Position: Codable, Equatable {
        var x: Int
        var y: Int
    }
}
