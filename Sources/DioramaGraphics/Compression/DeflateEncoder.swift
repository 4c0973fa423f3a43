/// Produces raw deflate data (RFC 1951).
enum DeflateEncoder {
    static func compress(_ input: [UInt8], method: DeflateMethod) -> [UInt8] {
        switch method {
        case .stored: return stored(input)
        case .fixedHuffman: return fixedHuffman(input)
        }
    }

    /// Each block: a 3-bit header (final flag, type 00), padding to a byte, LEN and
    /// its complement NLEN (little-endian), then LEN bytes. Empty input still needs
    /// one final empty block.
    private static func stored(_ input: [UInt8]) -> [UInt8] {
        let maximumBlock = 65535
        var writer = BitWriter(capacity: input.count + (input.count / maximumBlock + 1) * 5)
        var start = 0
        repeat {
            let end = min(start + maximumBlock, input.count)
            writer.write(end == input.count ? 1 : 0, count: 1)
            writer.write(0, count: 2)
            writer.alignToByte()
            let length = UInt32(end - start)
            writer.write(length, count: 16)
            writer.write(~length & 0xFFFF, count: 16)
            writer.writeBytes(input[start..<end])
            start = end
        } while start < input.count
        return writer.bytes
    }

    /// The fixed codes, reversed for the LSB-first writer: `(code, length)`.
    private static let fixedLiteralCodes: [(UInt32, Int)] = {
        let lengths = DeflateTables.fixedLiteralLengths
        let codes = HuffmanCode.codes(forLengths: lengths)!
        return zip(codes, lengths).map { (HuffmanCode.reversed($0, length: Int($1)), Int($1)) }
    }()
    private static let fixedDistanceCodes: [(UInt32, Int)] = {
        let lengths = DeflateTables.fixedDistanceLengths
        let codes = HuffmanCode.codes(forLengths: lengths)!
        return zip(codes, lengths).map { (HuffmanCode.reversed($0, length: Int($1)), Int($1)) }
    }()

    /// One final block of type 01: literals and greedy LZ77 matches coded with the
    /// fixed tables, then the end-of-block symbol.
    private static func fixedHuffman(_ input: [UInt8]) -> [UInt8] {
        var writer = BitWriter(capacity: input.count / 4 + 64)
        writer.write(1, count: 1)
        writer.write(1, count: 2)
        let literalCodes = fixedLiteralCodes, distanceCodes = fixedDistanceCodes
        var matcher = LZ77Matcher()
        input.withUnsafeBufferPointer { input in
            let hashable = input.count - DeflateTables.minimumMatch
            var position = 0
            while position < input.count {
                let match = position <= hashable ? matcher.longestMatch(input, at: position) : nil
                guard let (length, distance) = match else {
                    if position <= hashable { matcher.insert(input, at: position) }
                    let (code, bits) = literalCodes[Int(input[position])]
                    writer.write(code, count: bits)
                    position += 1
                    continue
                }
                let lengthIndex = Int(DeflateTables.lengthSymbolIndex[length])
                let (lengthCode, lengthBits) = literalCodes[257 + lengthIndex]
                writer.write(lengthCode, count: lengthBits)
                writer.write(UInt32(length - DeflateTables.lengthBases[lengthIndex]),
                             count: DeflateTables.lengthExtraBits[lengthIndex])
                let distanceIndex = DeflateTables.distanceSymbol(distance)
                let (distanceCode, distanceBits) = distanceCodes[distanceIndex]
                writer.write(distanceCode, count: distanceBits)
                writer.write(UInt32(distance - DeflateTables.distanceBases[distanceIndex]),
                             count: DeflateTables.distanceExtraBits[distanceIndex])
                // File every covered position so later data can match inside it.
                for covered in position..<min(position + length, hashable + 1) {
                    matcher.insert(input, at: covered)
                }
                position += length
            }
        }
        let (endCode, endBits) = literalCodes[DeflateTables.endOfBlock]
        writer.write(endCode, count: endBits)
        writer.alignToByte()
        return writer.bytes
    }
}
