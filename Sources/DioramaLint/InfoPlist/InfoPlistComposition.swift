import DioramaManifest
import DioramaModel

/// The Info.plist an app target ends up with: its Info.plist file (if any) with the
/// keys Xcode generates from build settings merged in, every value still pointing at
/// the file and line it came from.
///
/// The merge follows Xcode's Info.plist processor, which adds generated content on top
/// of the file:
/// - a key only one side has is kept as is;
/// - two scalars (string, boolean, number): the generated value wins;
/// - two arrays: the file's items, then generated items the file does not list;
/// - two dictionaries: merged one level deep, generated keys winning (so a generated
///   scene manifest replaces the file's `UISceneConfigurations` with an empty one);
/// - different kinds of value: Xcode stops the build with an error.
///
/// Replacing a different value and disagreeing on the kind are findings
/// (``LintRules/generatedKeyOverridesPlist``, ``LintRules/generatedKeyConflict``):
/// both mean the project says two things about one key.
struct InfoPlistComposition {
    /// What the target's app would see.
    var effective: PropertyList
    /// The Info.plist file's root, before merging; `nil` for a fully generated plist.
    var file: PropertyList?
    /// The generated entries, before merging.
    var generated: [PropertyListDictionary.Entry]
    /// Findings about the merge itself.
    var findings: [LintFinding] = []
    /// Where findings without a better place point.
    private let anchor: SourceLocation

    /// Keys whose effective value came (wholly or in part) from a build setting.
    var generatedKeys: Set<String> { Set(generated.map(\.key)) }

    init(file: PropertyList?, generated: [PropertyListDictionary.Entry], anchor: SourceLocation) {
        self.file = file
        self.generated = generated
        self.anchor = anchor
        guard let file else {
            effective = .dictionary(PropertyListDictionary(generated), location: anchor)
            return
        }
        effective = file
        // Nothing to merge, or a root the manifest reader will reject: keep the file.
        guard let root = file.dictionaryValue, !generated.isEmpty else { return }
        var entries = root.entries
        // A generated key replaces the entry lookups see: the last of any repeats.
        for incoming in generated {
            guard let index = entries.lastIndex(where: { $0.key == incoming.key }) else {
                entries.append(incoming)
                continue
            }
            if let merged = merge(incoming, into: entries[index]) { entries[index] = merged }
        }
        effective = .dictionary(PropertyListDictionary(entries), location: file.location)
    }

    /// The merged entry, or `nil` to keep the file's entry (after a conflict).
    private mutating func merge(
        _ incoming: PropertyListDictionary.Entry,
        into existing: PropertyListDictionary.Entry
    ) -> PropertyListDictionary.Entry? {
        switch (existing.value, incoming.value) {
        case (.array(let items, let location), .array(let added, _)):
            let known = items.map { $0.strippingLocations() }
            let extra = added.filter { !known.contains($0.strippingLocations()) }
            return .init(key: existing.key, keyLocation: existing.keyLocation, value: .array(items + extra, location: location))
        case (.dictionary(let inner, let location), .dictionary(let added, _)):
            var entries = inner.entries
            for entry in added {
                if let index = entries.lastIndex(where: { $0.key == entry.key }) {
                    reportOverride(of: entries[index], in: existing.key, by: entry, setting: incoming)
                    entries[index] = entry
                } else {
                    entries.append(entry)
                }
            }
            return .init(
                key: existing.key, keyLocation: existing.keyLocation,
                value: .dictionary(PropertyListDictionary(entries), location: location))
        case (.array, _), (.dictionary, _), (_, .array), (_, .dictionary):
            findings.append(
                LintRules.generatedKeyConflict.finding(
                    at: incoming.keyLocation ?? existing.keyLocation ?? anchor,
                    "the build setting generates \(incoming.key) as <\(incoming.value.typeName)>, but the Info.plist has <\(existing.value.typeName)>\(Self.whereWritten(existing)); Xcode stops the build when it merges them"
                ))
            return nil
        default:
            reportOverride(of: existing, in: nil, by: incoming, setting: incoming)
            return incoming
        }
    }

    private mutating func reportOverride(
        of existing: PropertyListDictionary.Entry, in container: String?,
        by replacement: PropertyListDictionary.Entry,
        setting: PropertyListDictionary.Entry
    ) {
        guard existing.value.strippingLocations() != replacement.value.strippingLocations() else { return }
        let path = container.map { "\($0) → \(existing.key)" } ?? existing.key
        var message =
            "the generated \(path) (\(Self.describe(replacement.value))) replaces \(Self.describe(existing.value)) written in the Info.plist\(Self.whereWritten(existing))"
        if existing.key == "UISceneConfigurations" {
            message += "; the scene configurations written there are lost"
        }
        findings.append(
            LintRules.generatedKeyOverridesPlist.finding(
                at: setting.keyLocation ?? existing.keyLocation ?? anchor, message))
    }

    private static func whereWritten(_ entry: PropertyListDictionary.Entry) -> String {
        guard let location = entry.keyLocation else { return "" }
        return " at \(location)"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A short rendering of a value for messages: `true`, `"Main"`, `<dict> of 2 keys`.
    static func describe(_ value: PropertyList) -> String {
        switch value {
        case .bool(let flag, _): flag ? "true" : "false"
        case .string(let text, _): "\"\(text)\""
        case .integer(let number, _): String(number)
        case .real(let number, _): String(number)
        case .array(let items, _): items.isEmpty ? "an empty <array>" : "an <array> of \(counted(items.count, "item"))"
        case .dictionary(let entries, _): entries.isEmpty ? "an empty <dict>" : "a <dict> of \(counted(entries.count, "key"))"
        case .date, .data: "<\(value.typeName)>"
        }
    }
}
