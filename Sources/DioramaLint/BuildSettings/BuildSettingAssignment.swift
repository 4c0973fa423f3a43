import DioramaModel

/// One build setting written somewhere: an `.xcconfig` line or an entry of a
/// configuration's `buildSettings` in `project.pbxproj`.
public struct BuildSettingAssignment: Hashable, Sendable {
    /// The setting's name without conditions: `INFOPLIST_KEY_UIRequiresFullScreen`.
    public var name: String
    /// The `[sdk=…]`-style conditions after the name, in order.
    public var conditions: [BuildSettingCondition]
    /// The value as written (quotes removed), references like `$(inherited)` kept.
    public var value: String
    /// Where the setting's name is written.
    public var location: SourceLocation

    public init(name: String, conditions: [BuildSettingCondition] = [], value: String, location: SourceLocation) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.location = location
    }

    /// The name with its conditions, as written: `NAME[sdk=iphoneos*]`.
    public var writtenName: String {
        name + conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
    }

    /// The ways a value names the value of the levels below it: `$(inherited)`,
    /// the setting's own name (`$(NAME)`), and their `${…}` forms.
    var lowerValueReferences: [String] { ["$(inherited)", "${inherited}", "$(\(name))", "${\(name)}"] }

    /// Whether the value builds on the levels below (one of ``lowerValueReferences``),
    /// rather than replacing what they set.
    var buildsOnLowerValue: Bool { lowerValueReferences.contains { value.contains($0) } }

    public func applies(toConfiguration configuration: String) -> Bool {
        conditions.allSatisfy { $0.applies(toConfiguration: configuration) }
    }
}
