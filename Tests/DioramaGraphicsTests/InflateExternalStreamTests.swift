import DioramaGraphics
import Foundation
import Testing

@Suite("Inflating streams made by Python's zlib")
struct InflateExternalStreamTests {
    /// Python writes `data.bin` and the same data compressed four ways: level 9
    /// (dynamic Huffman), level 0 (stored), Z_FIXED (fixed Huffman), and dynamic
    /// blocks interrupted by full flushes (which emit empty stored blocks between
    /// non-final blocks).
    private static let script = """
        import sys, zlib, random
        out = sys.argv[1]
        rng = random.Random(1234)
        words = [''.join(rng.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(rng.randint(2, 9))) for _ in range(300)]
        text = ' '.join(rng.choice(words) for _ in range(40000)).encode()
        noise = bytes(rng.getrandbits(8) for _ in range(20000))
        data = text[:150000] + noise + text[150000:]
        open(out + '/data.bin', 'wb').write(data)
        open(out + '/dynamic.z', 'wb').write(zlib.compress(data, 9))
        open(out + '/stored.z', 'wb').write(zlib.compress(data, 0))
        fixed = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_FIXED)
        open(out + '/fixed.z', 'wb').write(fixed.compress(data) + fixed.flush())
        flushed = zlib.compressobj(6)
        pieces = [flushed.compress(data[i:i + 30000]) + flushed.flush(zlib.Z_FULL_FLUSH) for i in range(0, len(data), 30000)]
        open(out + '/flushed.z', 'wb').write(b''.join(pieces) + flushed.flush())
        """

    @Test("stored, fixed, dynamic and flushed streams all inflate to Python's input")
    func inflatesEveryBlockType() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Python.run(Self.script, arguments: [directory.path])
        let data = try [UInt8](Data(contentsOf: directory.appendingPathComponent("data.bin")))
        #expect(data.count > 200_000)
        // Expected type of the first block: bits 1–2 of the first deflate byte.
        for (name, blockType) in [("dynamic", 2), ("stored", 0), ("fixed", 1), ("flushed", 2)] {
            let stream = try [UInt8](Data(contentsOf: directory.appendingPathComponent("\(name).z")))
            #expect(Int(stream[2] >> 1 & 0b11) == blockType, "\(name) starts with block type \(blockType)")
            let inflated = try Zlib.decompress(stream)
            #expect(inflated.count == data.count, "\(name)")
            #expect(inflated == data, "\(name)")
        }
    }
}
