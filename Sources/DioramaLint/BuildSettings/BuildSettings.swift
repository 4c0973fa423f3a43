import DioramaModel
import Foundation

/// The build settings of one target in one build configuration, layered the way Xcode
/// layers them.
///
/// Xcode looks a setting up in levels, highest first: the target's own settings, the
/// target's `.xcconfig`, the project's settings, the project's `.xcconfig`, then its
/// built-in defaults. `$(inherited)` (or a setting naming itself, `$(NAME)`) in a value
/// means "the value from the levels below". Within one level, a conditional assignment
/// that applies (`NAME[sdk=iphoneos*]`) wins over the plain one, and a later line wins
/// over an earlier one. Other `$(NAME)` references are expanded after layering, so a
/// value can use any setting of the target.
public struct BuildSettings: Sendable {
    public let configuration: String
    /// Applying assignments per name, lowest precedence first.
    private let stacks: [String: [BuildSettingAssignment]]
    /// Every setting (and default) with all references expanded that can be.
    public let values: [String: String]

    /// - Parameters:
    ///   - levels: assignments per level, lowest precedence first (project `.xcconfig`,
    ///     project settings, target `.xcconfig`, target settings), each in file order.
    ///   - configuration: the configuration's name, for `[config=…]` conditions.
    ///   - defaults: values of settings Xcode derives when nothing assigns them
    ///     (`TARGET_NAME`, `PRODUCT_NAME = $(TARGET_NAME)`, …).
    public init(levels: [[BuildSettingAssignment]], configuration: String, defaults: [String: String] = [:]) {
        self.configuration = configuration
        var stacks: [String: [BuildSettingAssignment]] = [:]
        for level in levels {
            let applying = level.filter { $0.applies(toConfiguration: configuration) }
            let ordered = applying.filter { $0.conditions.isEmpty } + applying.filter { !$0.conditions.isEmpty }
            for assignment in ordered { stacks[assignment.name, default: []].append(assignment) }
        }
        self.stacks = stacks

        var layered = defaults
        for (name, stack) in stacks {
            var value = defaults[name] ?? ""
            for assignment in stack {
                value = Self.replacingInherited(in: assignment.value, name: name, with: value)
            }
            layered[name] = value
        }
        values = Self.expandingReferences(layered)
    }

    /// The assignment that decides the setting's value (the highest one), if any.
    public func assignment(for name: String) -> BuildSettingAssignment? {
        stacks[name]?.last
    }

    /// Every assignment of the setting that applies, lowest precedence first.
    public func assignments(for name: String) -> [BuildSettingAssignment] {
        stacks[name] ?? []
    }

    /// Names of all assigned settings, sorted.
    public var assignedNames: [String] { stacks.keys.sorted() }

    /// The setting's value with references expanded; `nil` when neither assigned nor
    /// defaulted.
    public func value(for name: String) -> String? {
        values[name]
    }

    /// The setting read as Xcode reads YES/NO; `nil` when unset.
    public func boolean(for name: String) -> Bool? {
        value(for: name).map { BuildSettingValue.boolean($0) ?? false }
    }

    // MARK: Expansion

    private static func replacingInherited(in value: String, name: String, with inherited: String) -> String {
        var result = value
        for reference in ["$(inherited)", "${inherited}", "$(\(name))", "${\(name)}"] {
            result = result.replacingOccurrences(of: reference, with: inherited)
        }
        return result
    }

    /// Expands `$(NAME)` references until nothing changes. Chains are short in real
    /// projects; the pass limit only stops reference cycles, which stay as written.
    private static func expandingReferences(_ raw: [String: String]) -> [String: String] {
        var values = raw
        for _ in 0..<8 {
            let substitution = BuildSettingSubstitution(variables: values)
            var changed = false
            for (name, value) in values where value.contains("$") {
                let expanded = substitution.substitute(value).value
                if expanded != value {
                    values[name] = expanded
                    changed = true
                }
            }
            if !changed { break }
        }
        return values
    }
}
