@testable import DioramaGraphics
import Testing

/// Offsets in the errors are where the problem was detected: the byte holding the
/// next unread bit (the zlib header is bytes 0 and 1).
@Suite("Inflating malformed streams fails cleanly")
struct InflateErrorTests {
    /// A zlib stream around raw deflate bits written by `body`, with a dummy trailer.
    private func stream(_ body: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter()
        body(&writer)
        writer.alignToByte()
        return [0x78, 0x01] + writer.bytes + [0, 0, 0, 1]
    }

    /// Writes `symbol` with the fixed literal/length code.
    private func writeFixed(_ symbol: Int, _ writer: inout BitWriter) {
        let lengths = DeflateTables.fixedLiteralLengths
        let code = HuffmanCode.codes(forLengths: lengths)![symbol]
        writer.write(HuffmanCode.reversed(code, length: Int(lengths[symbol])), count: Int(lengths[symbol]))
    }

    @Test("bad headers name the problem")
    func headers() {
        #expect(throws: ZlibError.invalidHeader("header check bits are wrong")) { try Zlib.decompress([0x78, 0x9D, 0, 0]) }
        #expect(throws: ZlibError.invalidHeader("preset dictionary requested, which is not supported")) {
            try Zlib.decompress([0x78, 0x20, 0, 0])
        }
        let error = #expect(throws: ZlibError.self) { try Zlib.decompress([0x77, 0x00]) }
        #expect(error?.description.contains("compression method 7") == true)
        #expect(throws: ZlibError.truncated(byteOffset: 1)) { try Zlib.decompress([0x78]) }
    }

    @Test("reserved block type, stored length mismatch")
    func blockHeaders() {
        #expect(throws: ZlibError.reservedBlockType(byteOffset: 2)) { try Zlib.decompress([0x78, 0x01, 0b111, 0, 0, 0, 0]) }
        #expect(throws: ZlibError.storedLengthMismatch(byteOffset: 3)) {
            try Zlib.decompress([0x78, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5])
        }
    }

    @Test("a match before the start of the output and reserved symbols are rejected")
    func invalidSymbols() {
        let tooFar = stream { writer in
            writer.write(1, count: 1)
            writer.write(1, count: 2)
            writeFixed(65, &writer)        // literal "A"
            writeFixed(257, &writer)       // length 3
            writer.write(HuffmanCode.reversed(2, length: 5), count: 5) // distance symbol 2: distance 3
        }
        #expect(throws: ZlibError.distanceTooFar(byteOffset: 4, distance: 3, available: 1)) { try Zlib.decompress(tooFar) }
        let reserved = stream { writer in
            writer.write(1, count: 1)
            writer.write(1, count: 2)
            writeFixed(286, &writer)
        }
        #expect(throws: ZlibError.invalidSymbol(byteOffset: 3)) { try Zlib.decompress(reserved) }
    }

    @Test("dynamic headers with impossible code lengths are rejected")
    func dynamicHeaders() {
        // All 19 code-length codes one bit long: far more codes than one bit allows.
        let oversubscribed = stream { writer in
            writer.write(1, count: 1)
            writer.write(2, count: 2)
            writer.write(0, count: 5)
            writer.write(0, count: 5)
            writer.write(15, count: 4)
            for _ in 0..<19 { writer.write(1, count: 3) }
        }
        let error = #expect(throws: ZlibError.self) { try Zlib.decompress(oversubscribed) }
        guard case .invalidCodeLengths(_, let problem) = error else {
            Issue.record("expected invalid code lengths, got \(String(describing: error))")
            return
        }
        #expect(problem.contains("more codes"))
        // Code-length alphabet: only symbol 16 (repeat) and 0, one bit each; the first
        // length is a repeat with nothing to repeat.
        let repeatFirst = stream { writer in
            writer.write(1, count: 1)
            writer.write(2, count: 2)
            writer.write(0, count: 5)
            writer.write(0, count: 5)
            writer.write(0, count: 4) // 4 code-length lengths: symbols 16, 17, 18, 0
            for length: UInt32 in [1, 0, 0, 1] { writer.write(length, count: 3) }
            writer.write(1, count: 1) // symbol 16 (code 1: symbols 0 and 16 get codes 0 and 1)
            writer.write(0, count: 2)
        }
        #expect(throws: ZlibError.invalidCodeLengths(byteOffset: 5, "repeat with no previous length")) {
            try Zlib.decompress(repeatFirst)
        }
        let tooManyLiterals = stream { writer in
            writer.write(1, count: 1)
            writer.write(2, count: 2)
            writer.write(30, count: 5) // 287 literal/length codes
            writer.write(0, count: 5)
            writer.write(0, count: 4)
        }
        #expect(throws: ZlibError.invalidCodeLengths(byteOffset: 2, "287 literal and 1 distance codes")) {
            try Zlib.decompress(tooManyLiterals)
        }
    }

    @Test("a wrong Adler-32 is reported with both values")
    func checksum() {
        var data = Zlib.compress(Array("hello".utf8))
        data[data.count - 1] ^= 0xFF
        let error = #expect(throws: ZlibError.self) { try Zlib.decompress(data) }
        guard case .checksumMismatch(let expected, let actual)? = error else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(actual == Adler32.checksum(Array("hello".utf8)))
        #expect(expected == actual ^ 0xFF)
    }

    @Test("every truncation of a valid stream throws; none decodes", arguments: DeflateMethod.allCases)
    func truncations(method: DeflateMethod) {
        var generator = SeededGenerator(seed: 9)
        let input = Array("abcabcabcabc hello hello".utf8) + generator.bytes(150) + [UInt8](repeating: 9, count: 300)
        let full = Zlib.compress(input, method: method)
        for length in 0..<full.count {
            #expect(throws: ZlibError.self, "prefix of \(length) bytes") { try Zlib.decompress(Array(full[0..<length])) }
        }
    }

    @Test("the output limit stops a decompression bomb")
    func outputLimit() {
        let bomb = Zlib.compress([UInt8](repeating: 0, count: 1_000_000))
        #expect(throws: ZlibError.outputTooLarge(limit: 1000)) { try Zlib.decompress(bomb, outputLimit: 1000) }
        let stored = Zlib.compress([UInt8](repeating: 0, count: 5000), method: .stored)
        #expect(throws: ZlibError.outputTooLarge(limit: 4999)) { try Zlib.decompress(stored, outputLimit: 4999) }
        #expect((try? Zlib.decompress(stored, outputLimit: 5000))?.count == 5000)
    }

    @Test("thousands of corrupted streams throw or decode, never trap or hang")
    func corruptedStreams() {
        var generator = SeededGenerator(seed: 77)
        let text = Array(String(repeating: "Diorama scenes on Wayland. ", count: 60).utf8)
        let originals = [Zlib.compress(text), Zlib.compress(text, method: .stored)]
        var failures = 0
        for round in 0..<3000 {
            var data = originals[round % 2]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 2..<data.count, using: &generator)
                data[index] ^= UInt8.random(in: 1...255, using: &generator)
            }
            do {
                _ = try Zlib.decompress(data, outputLimit: 10_000)
            } catch {
                failures += 1
            }
        }
        // Almost every corruption is caught (by structure or by the checksum).
        #expect(failures > 2900)
        for _ in 0..<500 {
            let garbage: [UInt8] = [0x78, 0x01] + generator.bytes(Int.random(in: 0...300, using: &generator))
            _ = try? Zlib.decompress(garbage, outputLimit: 100_000)
        }
    }
}
