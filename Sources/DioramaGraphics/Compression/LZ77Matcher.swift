/// Finds earlier copies of the bytes at a position, for deflate's matches, with hash
/// chains: every position is filed under a hash of its next three bytes, and each
/// entry links to the previous position with the same hash.
///
/// The search is greedy (the longest match at this position, no lookahead) and gives
/// up after ``maximumChain`` candidates, so the cost per byte is bounded and the
/// whole pass is O(input) however repetitive the data. Screenshots are mostly long
/// runs, which the first candidate usually covers in full 258-byte matches.
struct LZ77Matcher {
    private static let hashBits = 15
    private static let windowMask = DeflateTables.windowSize - 1

    /// How many earlier positions to compare at most per search.
    let maximumChain: Int
    /// The most recent position for each hash, or -1.
    private var head: [Int32]
    /// For each position (modulo the window), the previous one with the same hash.
    private var previous: [Int32]

    init(maximumChain: Int = 48) {
        self.maximumChain = maximumChain
        head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        previous = [Int32](repeating: -1, count: DeflateTables.windowSize)
    }

    @inline(__always)
    private static func hash(_ input: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        let value = Int(input[position]) << 10 ^ Int(input[position + 1]) << 5 ^ Int(input[position + 2])
        return (value ^ value >> hashBits) & ((1 << hashBits) - 1)
    }

    /// Files `position` (which must have three bytes after it) under its hash.
    @inline(__always)
    mutating func insert(_ input: UnsafeBufferPointer<UInt8>, at position: Int) {
        let bucket = Self.hash(input, position)
        previous[position & Self.windowMask] = head[bucket]
        head[bucket] = Int32(position)
    }

    /// The longest earlier match for the bytes at `position` (at least three bytes
    /// must remain), as `(length, distance)`, or `nil` when none reaches the minimum
    /// length. Call before ``insert(_:at:)`` for the same position.
    mutating func longestMatch(_ input: UnsafeBufferPointer<UInt8>, at position: Int) -> (length: Int, distance: Int)? {
        let limit = min(DeflateTables.maximumMatch, input.count - position)
        var bestLength = DeflateTables.minimumMatch - 1, bestDistance = 0
        var candidate = Int(head[Self.hash(input, position)])
        var chain = maximumChain
        // Chains only ever point backwards, and a candidate outside the window ends
        // the search, so stale entries from overwritten slots are never followed.
        while candidate >= 0, position - candidate <= DeflateTables.windowSize, chain > 0 {
            chain -= 1
            // Check the byte that would make this candidate better before the rest.
            if input[candidate + bestLength] == input[position + bestLength] {
                var length = 0
                while length < limit && input[candidate + length] == input[position + length] { length += 1 }
                if length > bestLength {
                    bestLength = length
                    bestDistance = position - candidate
                    if length == limit { break }
                }
            }
            candidate = Int(previous[candidate & Self.windowMask])
        }
        return bestLength >= DeflateTables.minimumMatch ? (bestLength, bestDistance) : nil
    }
}
