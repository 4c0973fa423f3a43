/// Decompresses a raw deflate stream (RFC 1951): stored, fixed-Huffman and
/// dynamic-Huffman blocks, with every malformed input rejected by a ``ZlibError``
/// rather than a trap or an endless loop (every loop consumes input or is bounded by
/// the output limit).
struct Inflater {
    private var reader: BitReader
    private(set) var output: [UInt8] = []
    private let outputLimit: Int

    private static let fixedLiterals = try! HuffmanDecoder(lengths: DeflateTables.fixedLiteralLengths, byteOffset: 0)
    private static let fixedDistances = try! HuffmanDecoder(lengths: DeflateTables.fixedDistanceLengths, byteOffset: 0)

    /// - Parameters:
    ///   - offset: where the deflate data starts in `bytes`.
    ///   - outputLimit: the most bytes the stream may produce.
    init(_ bytes: [UInt8], startingAt offset: Int, outputLimit: Int) {
        reader = BitReader(bytes, startingAt: offset)
        self.outputLimit = outputLimit
        output.reserveCapacity(min(outputLimit, max(1024, bytes.count * 4)))
    }

    /// Decodes blocks until the one marked final, then leaves the reader on the next
    /// byte boundary.
    mutating func inflate() throws(ZlibError) {
        var isFinal = false
        while !isFinal {
            isFinal = try reader.read(1) == 1
            switch try reader.read(2) {
            case 0: try copyStoredBlock()
            case 1: try decodeBlock(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try readDynamicCodes()
                try decodeBlock(literals: literals, distances: distances)
            default: throw .reservedBlockType(byteOffset: reader.byteOffset)
            }
        }
        try reader.alignToByte()
    }

    /// Reads a big-endian 32-bit number from the next four bytes (the zlib trailer).
    mutating func readBigEndianUInt32() throws(ZlibError) -> UInt32 {
        try reader.readBytes(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    private mutating func copyStoredBlock() throws(ZlibError) {
        try reader.alignToByte()
        let offset = reader.byteOffset
        let length = try reader.read(16), complement = try reader.read(16)
        guard length == ~complement & 0xFFFF else { throw .storedLengthMismatch(byteOffset: offset) }
        guard output.count + Int(length) <= outputLimit else { throw .outputTooLarge(limit: outputLimit) }
        output.append(contentsOf: try reader.readBytes(Int(length)))
    }

    /// Reads a dynamic block's header: how many literal/length and distance codes
    /// there are, the code-length code, then both alphabets' lengths run-length coded
    /// with it (16 repeats the previous length 3–6 times, 17 and 18 write 3–10 and
    /// 11–138 zeros; runs may cross from one alphabet into the other).
    private mutating func readDynamicCodes() throws(ZlibError) -> (HuffmanDecoder, HuffmanDecoder) {
        let offset = reader.byteOffset
        let literalCount = Int(try reader.read(5)) + 257
        let distanceCount = Int(try reader.read(5)) + 1
        let codeLengthCount = Int(try reader.read(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .invalidCodeLengths(byteOffset: offset, "\(literalCount) literal and \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[index]] = UInt8(try reader.read(3))
        }
        let codeLengthDecoder = try HuffmanDecoder(lengths: codeLengthLengths, byteOffset: offset)

        var lengths = [UInt8]()
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthDecoder.decode(&reader)
            let repeated: UInt8, count: Int
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
                continue
            case 16:
                guard let previous = lengths.last else {
                    throw .invalidCodeLengths(byteOffset: reader.byteOffset, "repeat with no previous length")
                }
                repeated = previous
                count = 3 + Int(try reader.read(2))
            case 17:
                repeated = 0
                count = 3 + Int(try reader.read(3))
            default:
                repeated = 0
                count = 11 + Int(try reader.read(7))
            }
            guard lengths.count + count <= literalCount + distanceCount else {
                throw .invalidCodeLengths(byteOffset: reader.byteOffset, "a run goes past the last code")
            }
            lengths.append(contentsOf: repeatElement(repeated, count: count))
        }
        guard lengths[DeflateTables.endOfBlock] > 0 else {
            throw .invalidCodeLengths(byteOffset: offset, "no end-of-block code")
        }
        return (try HuffmanDecoder(lengths: Array(lengths[..<literalCount]), byteOffset: offset),
                try HuffmanDecoder(lengths: Array(lengths[literalCount...]), byteOffset: offset))
    }

    /// Decodes literals and matches until the end-of-block symbol.
    private mutating func decodeBlock(literals: HuffmanDecoder, distances: HuffmanDecoder) throws(ZlibError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < outputLimit else { throw .outputTooLarge(limit: outputLimit) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == DeflateTables.endOfBlock { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < DeflateTables.lengthBases.count else { throw .invalidSymbol(byteOffset: reader.byteOffset) }
            let length = DeflateTables.lengthBases[lengthIndex]
                + Int(try reader.read(DeflateTables.lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < DeflateTables.distanceBases.count else { throw .invalidSymbol(byteOffset: reader.byteOffset) }
            let distance = DeflateTables.distanceBases[distanceSymbol]
                + Int(try reader.read(DeflateTables.distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else {
                throw .distanceTooFar(byteOffset: reader.byteOffset, distance: distance, available: output.count)
            }
            guard output.count + length <= outputLimit else { throw .outputTooLarge(limit: outputLimit) }
            // Byte by byte: a match may overlap the bytes it produces (distance 1
            // repeats one byte `length` times).
            var from = output.count - distance
            for _ in 0..<length {
                output.append(output[from])
                from += 1
            }
        }
    }
}
