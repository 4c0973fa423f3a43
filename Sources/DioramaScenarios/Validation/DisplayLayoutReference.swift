import DioramaModel
import Foundation

/// The display names a layout file (`Configs/displays/*.json`) defines: all that
/// validating a scenario needs from it.
///
/// The file's full format belongs to the simulator (`Docs/display-layout.md`), which
/// reads and checks every field when a run starts. This reader decodes only
/// `{"displays": [{"name": …}, …]}` and ignores everything else, so it keeps working
/// as the format grows.
package struct DisplayLayoutReference: Hashable, Sendable {
    /// The file, as found.
    package var path: String
    /// The names, in file order.
    package var displayNames: [String]

    package init(path: String, displayNames: [String]) {
        self.path = path
        self.displayNames = displayNames
    }

    private struct File: Decodable {
        struct Display: Decodable { var name: String }
        var displays: [Display]
    }

    /// Reads the names from `path`.
    ///
    /// - Throws: a diagnostic at the start of the file when it cannot be read, is not
    ///   JSON, or lacks a `displays` array of objects with string names.
    package static func load(path: String) throws(ScenarioDiagnostic) -> DisplayLayoutReference {
        let data: Data
        do {
            data = try RegularFileReader.read(path, as: .displayLayout)
        } catch {
            throw ScenarioDiagnostic(
                location: .startOfFile(path), message: "cannot read the display layout: \(error)",
                hint: error.oversizeFix ?? "check the path and the file's permissions")
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            return DisplayLayoutReference(path: path, displayNames: file.displays.map(\.name))
        } catch {
            throw ScenarioDiagnostic(
                location: .startOfFile(path),
                message: "expected a display layout, an object with a \"displays\" array of objects with a \"name\" each, but \(Self.reason(error))",
                hint: "see Docs/display-layout.md for the format, or copy Configs/displays/studio.json")
        }
    }

    /// What JSONDecoder complained about, in one line.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing\(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "the value\(path(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "the file is not valid JSON (\(underlying ?? context.debugDescription))"
        default:
            return "it could not be decoded (\(error))"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "" }
        let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return " at \(text)"
    }
}
