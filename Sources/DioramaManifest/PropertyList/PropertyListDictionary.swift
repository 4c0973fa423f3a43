import DioramaModel

/// The contents of a `<dict>`: entries in file order, each key with its own location.
///
/// Order matters for lint output (report problems in the order a person reads the
/// file) and for round-tripping. When a key appears twice, lookups return the *last*
/// entry, as CoreFoundation's plist parsers (and so iOS) do: each repeat replaces the
/// value before it. ``duplicateKeys`` lists the repeats so a linter can flag them.
public struct PropertyListDictionary: Hashable, Sendable, RandomAccessCollection {
    /// One `<key>` and the value element after it.
    public struct Entry: Hashable, Sendable {
        public var key: String
        /// Where the `<key>` element starts; `nil` outside XML.
        public var keyLocation: SourceLocation?
        public var value: PropertyList

        public init(key: String, keyLocation: SourceLocation? = nil, value: PropertyList) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// Keys in file order (repeats included).
    public var keys: [String] { entries.map(\.key) }

    /// The entry with this key that counts: the last one, when the key is repeated.
    public func entry(forKey key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// The position of the entry ``entry(forKey:)`` returns.
    public func index(forKey key: String) -> Int? {
        entries.lastIndex { $0.key == key }
    }

    /// The value of the entry with this key that counts (the last one).
    public subscript(key: String) -> PropertyList? {
        entry(forKey: key)?.value
    }

    /// Entries whose key already appeared earlier in the dictionary: each one replaced
    /// the value before it.
    public var duplicateKeys: [Entry] {
        var seen = Set<String>()
        return entries.filter { !seen.insert($0.key).inserted }
    }

    /// Entries in file order, skipping any whose key appears again later: the view
    /// that matches what lookups by key see.
    public var effectiveEntries: [Entry] {
        var seen = Set<String>()
        return entries.reversed().filter { seen.insert($0.key).inserted }.reversed()
    }

    /// Adds an entry at the end (keeping any earlier entry with the same key).
    public mutating func append(_ entry: Entry) {
        entries.append(entry)
    }
}
