import DioramaGraphics
import Foundation
import Testing

@Suite("Zlib compression round trips")
struct DeflateRoundTripTests {
    /// Inputs that hit the edges: nothing, one byte, runs just under, at and over the
    /// longest match, more than one stored block, incompressible noise, text, and a
    /// repeat exactly one window (32 768 bytes) back.
    static let inputs: [(String, [UInt8])] = {
        var generator = SeededGenerator(seed: 5)
        let noise = generator.bytes(100_000)
        let window = generator.bytes(32_768)
        let text = Array(String(repeating: "the quick brown fox jumps over the lazy dog 0123456789\n", count: 400).utf8)
        return [
            ("empty", []),
            ("one byte", [42]),
            ("two bytes", [1, 2]),
            ("run of 257", [UInt8](repeating: 7, count: 257)),
            ("run of 258", [UInt8](repeating: 7, count: 258)),
            ("run of 259", [UInt8](repeating: 7, count: 259)),
            ("70 000 zeros", [UInt8](repeating: 0, count: 70_000)),
            ("noise", noise),
            ("text", text),
            ("repeat one window back", window + window + [1, 2, 3]),
        ]
    }()

    @Test("compress then decompress gives the input back", arguments: DeflateMethod.allCases)
    func roundTrip(method: DeflateMethod) throws {
        for (name, input) in Self.inputs {
            let stream = Zlib.compress(input, method: method)
            #expect(try Zlib.decompress(stream) == input, "\(name)")
        }
    }

    @Test("Python's zlib decompresses what we compress", arguments: DeflateMethod.allCases)
    func pythonReadsOurStreams(method: DeflateMethod) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, (name, input)) in Self.inputs.enumerated() {
            let file = directory.appendingPathComponent("\(index).z")
            try Data(Zlib.compress(input, method: method)).write(to: file)
            let output = try Python.run("""
                import sys, zlib
                sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))
                """, arguments: [file.path])
            #expect(output == input, "\(name)")
        }
    }

    @Test("headers and first block types are what each method promises")
    func headerAndBlockType() {
        let stored = Zlib.compress([1, 2, 3], method: .stored)
        #expect(Array(stored.prefix(2)) == [0x78, 0x01])
        #expect(stored[2] & 0b111 == 0b001, "final stored block")
        let fixed = Zlib.compress([1, 2, 3], method: .fixedHuffman)
        #expect(Array(fixed.prefix(2)) == [0x78, 0x5E])
        #expect(fixed[2] & 0b111 == 0b011, "final fixed-Huffman block")
        #expect(Array(stored.suffix(4)) == [0x00, 0x0D, 0x00, 0x07], "Adler-32 of 1, 2, 3, big-endian")
    }

    @Test("fixed Huffman with matches shrinks repetitive data; stored never shrinks")
    func compressionPaysOff() {
        let zeros = [UInt8](repeating: 0, count: 1_000_000)
        // A 258-byte match costs 8 + 5 bits, so a megabyte of zeros needs about 6.3 KB.
        #expect(Zlib.compress(zeros, method: .fixedHuffman).count < 7_000)
        #expect(Zlib.compress(zeros, method: .stored).count > 1_000_000)
        let text = Self.inputs.first { $0.0 == "text" }!.1
        #expect(Zlib.compress(text, method: .fixedHuffman).count < text.count / 20)
    }
}
