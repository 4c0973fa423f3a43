/// Decodes one Huffman alphabet with a single lookup table.
///
/// The table has an entry for every possible value of the next `maximumLength` bits
/// (as read, lowest bit first). A symbol with an `n`-bit code fills every entry whose
/// low `n` bits are its reversed code, so one peek and one load find any symbol. The
/// table has at most 2^15 entries and is built once per block; deflate blocks are
/// long enough (thousands of symbols) for that to pay off.
struct HuffmanDecoder {
    /// `symbol << 4 | codeLength` per entry; 0 marks bit patterns that are no code
    /// (allowed in incomplete codes, an error if they occur).
    private let table: [UInt32]
    private let maximumLength: Int

    /// A decoder for `lengths` (one per symbol, 0 for unused symbols). Throws when
    /// the lengths are over-subscribed or longer than 15 bits.
    init(lengths: [UInt8], byteOffset: Int) throws(ZlibError) {
        guard let codes = HuffmanCode.codes(forLengths: lengths) else {
            throw .invalidCodeLengths(byteOffset: byteOffset, "more codes than bits allow")
        }
        let maximumLength = Int(lengths.max() ?? 0)
        var table = [UInt32](repeating: 0, count: 1 << maximumLength)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let reversed = Int(HuffmanCode.reversed(codes[symbol], length: length))
            let entry = UInt32(symbol) << 4 | UInt32(length)
            for index in Swift.stride(from: reversed, to: table.count, by: 1 << length) {
                table[index] = entry
            }
        }
        self.table = table
        self.maximumLength = maximumLength
    }

    /// Reads one symbol.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(ZlibError) -> Int {
        reader.refill()
        let entry = table[Int(reader.peek(maximumLength))]
        let length = Int(entry & 0xF)
        guard length > 0 else { throw .invalidSymbol(byteOffset: reader.byteOffset) }
        try reader.consume(length)
        return Int(entry >> 4)
    }
}
