/// The fixed tables of the deflate format (RFC 1951, section 3.2.5 and 3.2.6),
/// shared by the compressor and the decompressor.
enum DeflateTables {
    /// Shortest and longest match deflate can express.
    static let minimumMatch = 3
    static let maximumMatch = 258
    /// How far back a match may reach.
    static let windowSize = 32768
    static let endOfBlock = 256

    /// Length symbols 257…285: the shortest length each one stands for, and how many
    /// extra bits follow it to add to that base.
    static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                     35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Distance symbols 0…29, likewise.
    static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                       8193, 12289, 16385, 24577]
    static let distanceExtraBits: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                           7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The order in which a dynamic block lists the code lengths of the code-length
    /// alphabet (most common first, so trailing zeros can be left out).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The code lengths of the fixed Huffman block: literals 0…143 get 8 bits,
    /// 144…255 9 bits, 256…279 7 bits, 280…287 8 bits.
    static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol in
        switch symbol {
        case 0..<144: return 8
        case 144..<256: return 9
        case 256..<280: return 7
        default: return 8
        }
    }
    /// Every fixed distance code is 5 bits (30 and 31 exist but are never valid).
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)

    /// For each match length 3…258, its length symbol's index into ``lengthBases``.
    /// 258 gets its own symbol (285, no extra bits), not 284 with all extra bits set.
    static let lengthSymbolIndex: [UInt8] = {
        var table = [UInt8](repeating: 0, count: maximumMatch + 1)
        for index in 0..<lengthBases.count {
            let end = index + 1 < lengthBases.count ? lengthBases[index + 1] : maximumMatch + 1
            for length in lengthBases[index]..<min(end, maximumMatch + 1) { table[length] = UInt8(index) }
        }
        return table
    }()

    /// The distance symbol for a match distance of 1…32768.
    static func distanceSymbol(_ distance: Int) -> Int {
        var low = 0, high = distanceBases.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if distanceBases[middle] <= distance { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
