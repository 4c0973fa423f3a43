import Foundation

/// The JSON `diorama outputs --json` prints, decoded for assertions.
struct OutputsJSON: Decodable {
    struct Entry: Decodable {
        struct Dimensions: Decodable, Equatable { var width: Int; var height: Int }
        struct Position: Decodable, Equatable { var x: Int; var y: Int }
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
    }
    var outputs: [Entry]
}

/// Splits the table into rows of cells (cells are separated by 2+ spaces).
func tableRows(_ table: String) -> [[String]] {
    table.split(separator: "\n").map { line in
        line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
