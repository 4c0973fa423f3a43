/// Why a zlib stream cannot be decompressed. Each case names the byte offset in the
/// stream where the problem was found, so a corrupt file can be located with a hex
/// dump; ``description`` says what is wrong and what to do.
public enum ZlibError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The two-byte header is not a valid zlib header (wrong method, window too
    /// large, check bits wrong, or a preset dictionary that PNG never uses).
    case invalidHeader(String)
    /// The data ends before the stream does.
    case truncated(byteOffset: Int)
    /// Block type 3, which deflate reserves.
    case reservedBlockType(byteOffset: Int)
    /// A stored block whose length and its one's complement disagree.
    case storedLengthMismatch(byteOffset: Int)
    /// A dynamic block's code lengths do not describe a usable Huffman code.
    case invalidCodeLengths(byteOffset: Int, String)
    /// Bits that are no symbol's code, or a symbol deflate reserves (286, 287, 30, 31).
    case invalidSymbol(byteOffset: Int)
    /// A match reaching back before the start of the output.
    case distanceTooFar(byteOffset: Int, distance: Int, available: Int)
    /// The Adler-32 of the output is not the one the stream ends with.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The stream inflates to more than the caller allowed (a decompression bomb, or
    /// a PNG whose image data is larger than its header says).
    case outputTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .invalidHeader(let problem):
            return "zlib header: \(problem); the data is not a zlib stream or is corrupt"
        case .truncated(let offset):
            return "byte \(offset): compressed data ends too early; the data was cut short, re-create it"
        case .reservedBlockType(let offset):
            return "byte \(offset): reserved deflate block type 3; the data is corrupt"
        case .storedLengthMismatch(let offset):
            return "byte \(offset): stored block length does not match its complement; the data is corrupt"
        case .invalidCodeLengths(let offset, let problem):
            return "byte \(offset): invalid Huffman code lengths (\(problem)); the data is corrupt"
        case .invalidSymbol(let offset):
            return "byte \(offset): invalid Huffman code or reserved symbol; the data is corrupt"
        case .distanceTooFar(let offset, let distance, let available):
            return "byte \(offset): match distance \(distance) reaches before the start of the \(available) bytes decoded so far; the data is corrupt"
        case .checksumMismatch(let expected, let actual):
            return "Adler-32 is 0x\(String(actual, radix: 16)) but the stream says 0x\(String(expected, radix: 16)); the data is corrupt"
        case .outputTooLarge(let limit):
            return "data inflates to more than \(limit) bytes, the most expected; the data is corrupt or not what it claims to be"
        }
    }
}
