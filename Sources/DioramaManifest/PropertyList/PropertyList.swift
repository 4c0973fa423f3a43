import DioramaModel
import Foundation

/// One value of a property list, with the place in the file it came from.
///
/// This is the value model the manifest loader and `diorama lint` work on. Unlike
/// `PropertyListSerialization`'s `Any`, it keeps dictionary keys in file order and
/// remembers where every value (and every key, see ``PropertyListDictionary/Entry``)
/// was written, so diagnostics can point at the exact line and column.
///
/// Locations take part in `==`, because two values from different places are different
/// facts for a linter. To compare content only, compare ``strippingLocations()``.
package enum PropertyList: Hashable, Sendable {
    /// `<dict>`: keys in the order they were written.
    case dictionary(PropertyListDictionary, location: SourceLocation? = nil)
    /// `<array>`.
    case array([PropertyList], location: SourceLocation? = nil)
    /// `<string>`.
    case string(String, location: SourceLocation? = nil)
    /// `<integer>`: any value that fits in 64-bit signed `Int`.
    case integer(Int, location: SourceLocation? = nil)
    /// `<real>`.
    case real(Double, location: SourceLocation? = nil)
    /// `<true/>` or `<false/>`.
    case bool(Bool, location: SourceLocation? = nil)
    /// `<date>`: ISO 8601 in UTC, `2025-06-09T17:00:00Z`.
    case date(Date, location: SourceLocation? = nil)
    /// `<data>`: base64 text in XML.
    case data(Data, location: SourceLocation? = nil)

    /// Where this value's element starts; `nil` for values read from binary plists or
    /// built in code.
    package var location: SourceLocation? {
        switch self {
        case .dictionary(_, let location), .array(_, let location), .string(_, let location),
            .integer(_, let location), .real(_, let location), .bool(_, let location),
            .date(_, let location), .data(_, let location):
            return location
        }
    }

    /// The XML element name of this kind of value, for messages ("expected <string>,
    /// found <integer>").
    package var typeName: String {
        switch self {
        case .dictionary: "dict"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool(let value, _): value ? "true" : "false"
        case .date: "date"
        case .data: "data"
        }
    }

    package var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value, _) = self { return value }
        return nil
    }

    package var arrayValue: [PropertyList]? {
        if case .array(let value, _) = self { return value }
        return nil
    }

    package var stringValue: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    package var integerValue: Int? {
        if case .integer(let value, _) = self { return value }
        return nil
    }

    /// The value of a `<real>`, or of an `<integer>` converted to `Double`.
    package var realValue: Double? {
        switch self {
        case .real(let value, _): value
        case .integer(let value, _): Double(value)
        default: nil
        }
    }

    package var boolValue: Bool? {
        if case .bool(let value, _) = self { return value }
        return nil
    }

    package var dateValue: Date? {
        if case .date(let value, _) = self { return value }
        return nil
    }

    package var dataValue: Data? {
        if case .data(let value, _) = self { return value }
        return nil
    }

    /// Looks a key up when this is a dictionary; `nil` otherwise or when absent.
    package subscript(key: String) -> PropertyList? {
        dictionaryValue?[key]
    }

    /// The same value with every location (of values and keys) removed, so that
    /// content read from XML compares equal to the same content read from a binary
    /// plist or built in code.
    package func strippingLocations() -> PropertyList {
        switch self {
        case .dictionary(let dictionary, _):
            return .dictionary(
                PropertyListDictionary(
                    dictionary.entries.map {
                        PropertyListDictionary.Entry(key: $0.key, value: $0.value.strippingLocations())
                    }))
        case .array(let values, _): return .array(values.map { $0.strippingLocations() })
        case .string(let value, _): return .string(value)
        case .integer(let value, _): return .integer(value)
        case .real(let value, _): return .real(value)
        case .bool(let value, _): return .bool(value)
        case .date(let value, _): return .date(value)
        case .data(let value, _): return .data(value)
        }
    }
}
