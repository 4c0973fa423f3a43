/// One part of a suite split for a CI matrix: `--shard 2/3` is the second of three.
///
/// Files are sorted by file name (not path, so moving the folder changes nothing)
/// and dealt round-robin: shard i of n takes the files at positions i-1, i-1+n, …
/// Every file lands in exactly one shard, and a shard's part changes only when files
/// are added or renamed.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    package var count: Int

    /// - Throws: ``ShardError`` unless `1 <= index <= count`.
    package init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1 else { throw ShardError("the shard count must be at least 1, found \(count)") }
        guard (1...count).contains(index) else {
            throw ShardError("shard \(index)/\(count) does not exist; shards are numbered 1 to \(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`, as in `--shard 2/3`.
    package init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError("expected a shard as i/n such as 2/3, found `\(text)`")
        }
        try self.init(index: index, count: count)
    }

    /// This shard's files out of `paths`, in file-name order.
    package func select(_ paths: [String]) -> [String] {
        deal(Self.sortedByFileName(paths))
    }

    /// This shard's part of `items` dealt round-robin in their order: the
    /// items at positions i-1, i-1+n, … (`diorama check` deals its battery's
    /// checks this way).
    package func deal<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// This shard's files out of `paths` when shards are balanced by the
    /// times of an earlier run (``Shard/partition(_:count:times:)``), in
    /// file-name order.
    package func select(_ paths: [String], times: RecordedTimes) -> [String] {
        Self.partition(paths, count: count, times: times)[index - 1]
    }

    /// Splits `paths` into `count` shards that should take about as long:
    /// greedy longest-first, each file (longest expected time first, ties in
    /// file-name order) going to the shard with the least time so far (ties
    /// to the lowest). A file without a recorded time counts as the median.
    /// A pure function of the file names and the times, so every CI job given
    /// the same report computes the same split; each shard's files come back
    /// in file-name order.
    package static func partition(_ paths: [String], count: Int, times: RecordedTimes) -> [[String]] {
        let ordered = sortedByFileName(paths)
        let expected = ordered.map { times.expectedSeconds(forFile: $0) }
        let longestFirst = ordered.indices.sorted { expected[$0] != expected[$1] ? expected[$0] > expected[$1] : $0 < $1 }
        var loads = [Double](repeating: 0, count: max(1, count))
        var shardOf = [Int](repeating: 0, count: ordered.count)
        for position in longestFirst {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            loads[lightest] += expected[position]
            shardOf[position] = lightest
        }
        return loads.indices.map { shard in ordered.indices.filter { shardOf[$0] == shard }.map { ordered[$0] } }
    }

    /// `paths` sorted by their last component, then by the whole path (for equal
    /// names in different folders), byte-wise so every machine agrees.
    package static func sortedByFileName(_ paths: [String]) -> [String] {
        paths.sorted { lhs, rhs in
            let left = Array(fileName(lhs).utf8), right = Array(fileName(rhs).utf8)
            if left != right { return left.lexicographicallyPrecedes(right) }
            return Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
        }
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    package var description: String { "\(index)/\(count)" }
}

/// A malformed `--shard`.
package struct ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
