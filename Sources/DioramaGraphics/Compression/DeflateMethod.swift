/// How hard ``Zlib/compress(_:method:)`` works.
public enum DeflateMethod: Hashable, Sendable, CaseIterable {
    /// Stored blocks: the bytes as they are, in blocks of up to 65 535. Fastest,
    /// largest; handy for checking a decoder.
    case stored
    /// One fixed-Huffman block with LZ77 matches: no code tables to send, and long
    /// runs (flat screenshot areas) shrink to a few bits per 258 bytes.
    case fixedHuffman
}
