import DioramaModel

/// The contents of a `<dict>`: entries in file order, each key with its own location.
///
/// Order matters for lint output (report problems in the order a person reads the
/// file) and for round-tripping. When a key appears twice, lookups return the *last*
/// entry, as CoreFoundation's plist parsers (and so iOS) do: each repeat replaces the
/// value before it. ``duplicateKeys`` lists the repeats so a linter can flag them.
package struct PropertyListDictionary: Hashable, Sendable, RandomAccessCollection {
    /// One `<key>` and the value element after it.
    package struct Entry: Hashable, Sendable {
        package var key: String
        /// Where the `<key>` element starts; `nil` outside XML.
        package var keyLocation: SourceLocation?
        package var value: PropertyList

        package init(key: String, keyLocation: SourceLocation? = nil, value: PropertyList) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package private(set) var entries: [Entry]

    package init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    package var startIndex: Int { entries.startIndex }
    package var endIndex: Int { entries.endIndex }
    package subscript(position: Int) -> Entry { entries[position] }

    /// Keys in file order (repeats included).
    package var keys: [String] { entries.map(\.key) }

    /// The entry with this key that counts: the last one, when the key is repeated.
    package func entry(forKey key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// The position of the entry ``entry(forKey:)`` returns.
    package func index(forKey key: String) -> Int? {
        entries.lastIndex { $0.key == key }
    }

    /// The value of the entry with this key that counts (the last one).
    package subscript(key: String) -> PropertyList? {
        entry(forKey: key)?.value
    }

    /// Entries whose key already appeared earlier in the dictionary: each one replaced
    /// the value before it.
    package var duplicateKeys: [Entry] {
        var seen = Set<String>()
        return entries.filter { !seen.insert($0.key).inserted }
    }

    /// Entries in file order, skipping any whose key appears again later: the view
    /// that matches what lookups by key see.
    package var effectiveEntries: [Entry] {
        var seen = Set<String>()
        return entries.reversed().filter { seen.insert($0.key).inserted }.reversed()
    }

    /// Adds an entry at the end (keeping any earlier entry with the same key).
    package mutating func append(_ entry: Entry) {
        entries.append(entry)
    }
}
