import Foundation

/// A value that can be stored in a session's `userInfo` or a user activity's
/// `userInfo`: the property-list types, as UIKit allows there.
///
/// Encoded with its type named (`{"integer": 3}`, `{"date": …}`), so a round trip
/// through the session store gives back the same case: an integer does not come back
/// as a real, nor a base64 string as data.
public enum UserInfoValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A floating-point number.
    case real(Double)
    /// A Boolean.
    case bool(Bool)
    /// A date.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An array of values.
    case array([UserInfoValue])
    /// A dictionary of values by string key.
    case dictionary([String: UserInfoValue])
}

extension UserInfoValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, integer, real, bool, date, data, array, dictionary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a user-info value names exactly one type"))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int.self, forKey: key))
        case .real: self = .real(try container.decode(Double.self, forKey: key))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .date: self = .date(try container.decode(Date.self, forKey: key))
        case .data: self = .data(try container.decode(Data.self, forKey: key))
        case .array: self = .array(try container.decode([UserInfoValue].self, forKey: key))
        case .dictionary: self = .dictionary(try container.decode([String: UserInfoValue].self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .real(let value): try container.encode(value, forKey: .real)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value, forKey: .date)
        case .data(let value): try container.encode(value, forKey: .data)
        case .array(let value): try container.encode(value, forKey: .array)
        case .dictionary(let value): try container.encode(value, forKey: .dictionary)
        }
    }
}

extension UserInfoValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
