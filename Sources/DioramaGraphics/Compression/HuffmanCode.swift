/// Canonical Huffman codes (RFC 1951, section 3.2.2): the codes follow from the code
/// lengths alone. Shorter codes come first, and codes of one length are consecutive
/// in symbol order.
enum HuffmanCode {
    /// The longest code deflate allows.
    static let maximumLength = 15

    /// The code of every symbol, most significant bit first, for `lengths` (0 meaning
    /// the symbol is unused). `nil` when the lengths ask for more codes than exist
    /// (over-subscribed); incomplete sets are allowed, as deflate permits them.
    static func codes(forLengths lengths: [UInt8]) -> [UInt16]? {
        var countPerLength = [Int](repeating: 0, count: maximumLength + 1)
        for length in lengths where length > 0 {
            guard Int(length) <= maximumLength else { return nil }
            countPerLength[Int(length)] += 1
        }
        // Each length can hold twice what the previous one left over.
        var available = 1
        for length in 1...maximumLength {
            available = available * 2 - countPerLength[length]
            if available < 0 { return nil }
        }
        var nextCode = [Int](repeating: 0, count: maximumLength + 2)
        var code = 0
        for length in 1...maximumLength {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { nextCode[Int(length)] += 1 }
            return UInt16(nextCode[Int(length)])
        }
    }

    /// `code`'s lowest `length` bits in reverse order. Deflate packs Huffman codes
    /// starting from their most significant bit into a stream read least significant
    /// bit first, so both ends need the codes reversed.
    static func reversed(_ code: UInt16, length: Int) -> UInt32 {
        var result: UInt32 = 0
        var remaining = UInt32(code)
        for _ in 0..<length {
            result = result << 1 | (remaining & 1)
            remaining >>= 1
        }
        return result
    }
}
