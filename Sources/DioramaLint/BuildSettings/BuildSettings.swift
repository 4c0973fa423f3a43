import DioramaManifest
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
package struct BuildSettings: Sendable {
    package let configuration: String
    /// Applying assignments per name, lowest precedence first.
    private let stacks: [String: [BuildSettingAssignment]]
    /// Every setting (and default) with all references expanded that can be.
    package let values: [String: String]
    /// Settings whose expansion would pass the limits (sorted): more than
    /// ``BuildSettingSubstitution/defaultMaximumLength`` for one value, or more than
    /// ``maximumTotalLength`` for all together. Their values keep the references
    /// unexpanded; lint reports each at its assignment.
    package let oversizedSettings: [String]

    /// All expanded values together, in UTF-8 bytes (64 MiB): what a hostile file
    /// of many large settings may make lint hold, at most; also the most the values
    /// built while layering `$(inherited)` may add up to.
    package static let maximumTotalLength = 64 << 20

    /// - Parameters:
    ///   - levels: assignments per level, lowest precedence first (project `.xcconfig`,
    ///     project settings, target `.xcconfig`, target settings), each in file order.
    ///   - configuration: the configuration's name, for `[config=…]` conditions.
    ///   - defaults: values of settings Xcode derives when nothing assigns them
    ///     (`TARGET_NAME`, `PRODUCT_NAME = $(TARGET_NAME)`, …).
    package init(levels: [[BuildSettingAssignment]], configuration: String, defaults: [String: String] = [:]) {
        self.configuration = configuration
        var stacks: [String: [BuildSettingAssignment]] = [:]
        for level in levels {
            let applying = level.filter { $0.applies(toConfiguration: configuration) }
            let ordered = applying.filter { $0.conditions.isEmpty } + applying.filter { !$0.conditions.isEmpty }
            for assignment in ordered { stacks[assignment.name, default: []].append(assignment) }
        }
        self.stacks = stacks

        var layered = defaults
        var oversized: Set<String> = []
        // Every value built on the way counts, not only the last: a stack of 10,000
        // `FLAGS = $(inherited) x` lines builds 10,000 ever longer strings.
        var layeringLength = 0
        for (name, stack) in stacks {
            var value = defaults[name] ?? ""
            for assignment in stack {
                guard let next = Self.replacingInherited(in: assignment, with: value),
                    layeringLength + next.utf8.count <= Self.maximumTotalLength
                else {
                    oversized.insert(name)
                    break
                }
                layeringLength += next.utf8.count
                value = next
            }
            layered[name] = value
        }
        values = Self.expandingReferences(layered, oversized: &oversized)
        oversizedSettings = oversized.sorted()
    }

    /// The assignment that decides the setting's value (the highest one), if any.
    package func assignment(for name: String) -> BuildSettingAssignment? {
        stacks[name]?.last
    }

    /// Every assignment of the setting that applies, lowest precedence first.
    package func assignments(for name: String) -> [BuildSettingAssignment] {
        stacks[name] ?? []
    }

    /// Names of all assigned settings, sorted.
    package var assignedNames: [String] { stacks.keys.sorted() }

    /// The setting's value with references expanded; `nil` when neither assigned nor
    /// defaulted.
    package func value(for name: String) -> String? {
        values[name]
    }

    /// The setting read as Xcode reads YES/NO; `nil` when unset.
    package func boolean(for name: String) -> Bool? {
        value(for: name).map { BuildSettingValue.boolean($0) ?? false }
    }

    // MARK: Expansion

    /// The assignment's value with `$(inherited)` and `$(NAME)` replaced by the level below;
    /// nil when that would pass ``BuildSettingSubstitution/defaultMaximumLength``
    /// (every line `X = $(X)$(X)` doubles X), checked before the text is built.
    /// One pass over the value's bytes: a stack of thousands of `$(inherited)` lines
    /// costs the length of the values it builds, nothing more.
    private static func replacingInherited(in assignment: BuildSettingAssignment, with inherited: String) -> String? {
        let value = Array(assignment.value.utf8)
        let dollar = UInt8(ascii: "$")
        guard value.contains(dollar) else { return assignment.value }
        let references = assignment.lowerValueReferences.map { Array($0.utf8) }
        let replacement = Array(inherited.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < value.count {
            if value[index] == dollar, let reference = references.first(where: { value[index...].starts(with: $0) }) {
                guard
                    result.count + replacement.count + value.count - index - reference.count
                        <= BuildSettingSubstitution.defaultMaximumLength
                else { return nil }
                result.append(contentsOf: replacement)
                index += reference.count
            } else {
                result.append(value[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Expands `$(NAME)` references until nothing changes. Chains are short in real
    /// projects; the pass limit only stops reference cycles, which stay as written.
    /// A value whose expansion passes the limits stays as it was and joins `oversized`.
    private static func expandingReferences(_ raw: [String: String], oversized: inout Set<String>) -> [String: String] {
        var values = raw
        var totalLength = values.values.reduce(0) { $0 + $1.utf8.count }
        for _ in 0..<8 {
            let substitution = BuildSettingSubstitution(variables: values)
            var changed = false
            for (name, value) in values.sorted(by: { $0.key < $1.key }) where !oversized.contains(name) && BuildSettingSubstitution.mayContainReferences(value)
            {
                let expansion = substitution.substitute(value)
                let grownTotal = totalLength - value.utf8.count + expansion.value.utf8.count
                guard !expansion.exceedsMaximumLength, grownTotal <= maximumTotalLength else {
                    oversized.insert(name)
                    continue
                }
                if expansion.value != value {
                    values[name] = expansion.value
                    totalLength = grownTotal
                    changed = true
                }
            }
            if !changed { break }
        }
        return values
    }
}
