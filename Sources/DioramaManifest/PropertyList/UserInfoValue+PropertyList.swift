import DioramaModel

// A session's or user activity's `userInfo` (DioramaModel's `UserInfoValue`) holds the
// property-list types; these convert between it and a parsed property list, so that a
// value read from a plist file can be stored and written back as one.
extension UserInfoValue {
    /// The content of a parsed property list, without source locations. When a
    /// dictionary repeats a key, the last value wins, as in lookups (and in iOS).
    package init(_ propertyList: PropertyList) {
        switch propertyList {
        case .string(let value, _): self = .string(value)
        case .integer(let value, _): self = .integer(value)
        case .real(let value, _): self = .real(value)
        case .bool(let value, _): self = .bool(value)
        case .date(let value, _): self = .date(value)
        case .data(let value, _): self = .data(value)
        case .array(let values, _): self = .array(values.map(UserInfoValue.init))
        case .dictionary(let dictionary, _):
            var result: [String: UserInfoValue] = [:]
            for entry in dictionary.effectiveEntries { result[entry.key] = UserInfoValue(entry.value) }
            self = .dictionary(result)
        }
    }

    /// The value as a property list (dictionary keys sorted, no locations).
    package var propertyList: PropertyList {
        switch self {
        case .string(let value): .string(value)
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .bool(let value): .bool(value)
        case .date(let value): .date(value)
        case .data(let value): .data(value)
        case .array(let values): .array(values.map(\.propertyList))
        case .dictionary(let values):
            .dictionary(
                PropertyListDictionary(
                    values.keys.sorted().map {
                        PropertyListDictionary.Entry(key: $0, value: values[$0]!.propertyList)
                    }))
        }
    }
}
