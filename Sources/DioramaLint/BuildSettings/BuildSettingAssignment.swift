import DioramaModel

/// One build setting written somewhere: an `.xcconfig` line or an entry of a
/// configuration's `buildSettings` in `project.pbxproj`.
package struct BuildSettingAssignment: Hashable, Sendable {
    /// The setting's name without conditions: `INFOPLIST_KEY_UIRequiresFullScreen`.
    package var name: String
    /// The `[sdk=…]`-style conditions after the name, in order.
    package var conditions: [BuildSettingCondition]
    /// The value as written (quotes removed), references like `$(inherited)` kept.
    package var value: String
    /// Where the setting's name is written.
    package var location: SourceLocation

    package init(name: String, conditions: [BuildSettingCondition] = [], value: String, location: SourceLocation) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.location = location
    }

    /// The name with its conditions, as written: `NAME[sdk=iphoneos*]`.
    package var writtenName: String {
        name + conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
    }

    /// The ways a value names the value of the levels below it: `$(inherited)`,
    /// the setting's own name (`$(NAME)`), and their `${…}` forms.
    var lowerValueReferences: [String] { ["$(inherited)", "${inherited}", "$(\(name))", "${\(name)}"] }

    /// Whether the value builds on the levels below (one of ``lowerValueReferences``),
    /// rather than replacing what they set.
    /// Byte by byte from each `$`: most values have none, and Foundation's
    /// `contains` made this the costliest part of reading an include graph.
    var buildsOnLowerValue: Bool {
        let bytes = value.utf8
        guard let firstDollar = bytes.firstIndex(of: UInt8(ascii: "$")) else { return false }
        let references = lowerValueReferences.map(\.utf8)
        var index = firstDollar
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "$"), references.contains(where: { bytes[index...].starts(with: $0) }) { return true }
            index = bytes.index(after: index)
        }
        return false
    }

    package func applies(toConfiguration configuration: String) -> Bool {
        conditions.allSatisfy { $0.applies(toConfiguration: configuration) }
    }
}
