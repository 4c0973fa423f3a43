/// zlib streams (RFC 1950), the compressed form inside PNG `IDAT` chunks: a two-byte
/// header, deflate data, and the Adler-32 of the uncompressed bytes.
public enum Zlib {
    /// Compresses `bytes` into a complete zlib stream.
    public static func compress(_ bytes: [UInt8], method: DeflateMethod = .fixedHuffman) -> [UInt8] {
        // CMF 0x78: method 8 (deflate) with a 32 KiB window. FLG: the level hint
        // (0 fastest for stored, 1 fast for our greedy matcher) in bits 6–7, then
        // check bits making CMF * 256 + FLG a multiple of 31.
        let methodAndWindow: UInt8 = 0x78
        let levelHint: UInt8 = method == .stored ? 0 : 1
        var flags = levelHint << 6
        flags += UInt8(31 - (Int(methodAndWindow) * 256 + Int(flags)) % 31) % 31
        var stream: [UInt8] = [methodAndWindow, flags]
        stream.append(contentsOf: DeflateEncoder.compress(bytes, method: method))
        let checksum = Adler32.checksum(bytes)
        stream.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> $0) })
        return stream
    }

    /// Decompresses a complete zlib stream. Bytes after the Adler-32 are ignored.
    ///
    /// - Parameter outputLimit: the most bytes to produce; a stream that would produce
    ///   more throws ``ZlibError/outputTooLarge(limit:)`` without using more memory.
    public static func decompress(_ stream: [UInt8], outputLimit: Int = 1 << 30) throws(ZlibError) -> [UInt8] {
        guard stream.count >= 2 else { throw .truncated(byteOffset: stream.count) }
        let methodAndWindow = Int(stream[0]), flags = Int(stream[1])
        guard methodAndWindow & 0x0F == 8 else {
            throw .invalidHeader("compression method \(methodAndWindow & 0x0F), only 8 (deflate) exists")
        }
        guard methodAndWindow >> 4 <= 7 else {
            throw .invalidHeader("window size 2^\((methodAndWindow >> 4) + 8) is larger than 32 KiB")
        }
        guard (methodAndWindow * 256 + flags) % 31 == 0 else { throw .invalidHeader("header check bits are wrong") }
        guard flags & 0x20 == 0 else { throw .invalidHeader("preset dictionary requested, which is not supported") }
        var inflater = Inflater(stream, startingAt: 2, outputLimit: outputLimit)
        try inflater.inflate()
        let expected = try inflater.readBigEndianUInt32()
        let actual = Adler32.checksum(inflater.output)
        guard expected == actual else { throw .checksumMismatch(expected: expected, actual: actual) }
        return inflater.output
    }
}
