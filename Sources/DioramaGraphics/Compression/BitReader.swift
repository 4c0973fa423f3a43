/// Reads a deflate stream least significant bit first, refilling a 64-bit buffer a
/// byte at a time.
///
/// Huffman decoding peeks at up to 15 bits before knowing how many it needs; near
/// the end of the input those may not exist. The reader then pads with zero bits and
/// counts them, and ``consume(_:)`` throws ``ZlibError/truncated(byteOffset:)`` only
/// if a padding bit would really be used: a stream that ends exactly on its last code
/// decodes, and a cut-off one fails instead of reading past the end.
struct BitReader {
    private let bytes: [UInt8]
    /// The next byte to load into the buffer.
    private var nextByte: Int
    private var buffer: UInt64 = 0
    /// Bits in `buffer`, padding included.
    private var bufferCount = 0
    /// Zero bits loaded past the end of the input, at the top of `buffer`.
    private var paddingCount = 0

    init(_ bytes: [UInt8], startingAt offset: Int = 0) {
        self.bytes = bytes
        nextByte = offset
    }

    /// The offset of the byte holding the next unread bit, for error messages (and,
    /// when byte-aligned, where whole bytes continue).
    var byteOffset: Int { nextByte - (bufferCount + 7) / 8 }

    /// Ensures at least 56 bits (real or padding) are buffered.
    @inline(__always)
    mutating func refill() {
        while bufferCount <= 56 {
            if nextByte < bytes.count {
                buffer |= UInt64(bytes[nextByte]) << bufferCount
            } else {
                paddingCount += 8
            }
            nextByte += 1
            bufferCount += 8
        }
    }

    /// The next `count` bits (at most 32) without consuming them; call ``refill()``
    /// first.
    @inline(__always)
    func peek(_ count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
    }

    /// Drops `count` bits, which must be buffered and must not be padding.
    @inline(__always)
    mutating func consume(_ count: Int) throws(ZlibError) {
        guard count <= bufferCount - paddingCount else { throw .truncated(byteOffset: bytes.count) }
        buffer >>= UInt64(count)
        bufferCount -= count
    }

    /// Reads a `count`-bit number (at most 32), first bit lowest.
    @inline(__always)
    mutating func read(_ count: Int) throws(ZlibError) -> UInt32 {
        if bufferCount < count { refill() }
        let value = peek(count)
        try consume(count)
        return value
    }

    /// Skips to the next byte boundary (before a stored block's length, and before
    /// the Adler-32 trailer).
    mutating func alignToByte() throws(ZlibError) {
        try consume(bufferCount % 8)
    }

    /// Reads `count` whole bytes from a byte-aligned position.
    mutating func readBytes(_ count: Int) throws(ZlibError) -> ArraySlice<UInt8> {
        precondition(bufferCount % 8 == 0, "whole bytes need a byte-aligned bit reader")
        // Give back the buffered bytes, then read straight from the input.
        let start = byteOffset
        guard start + count <= bytes.count else {
            throw .truncated(byteOffset: bytes.count)
        }
        nextByte = start + count
        buffer = 0
        bufferCount = 0
        paddingCount = 0
        return bytes[start..<(start + count)]
    }
}
