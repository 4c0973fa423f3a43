import DioramaGraphics
import Foundation
import Testing

@Suite("CRC-32 and Adler-32")
struct ChecksumTests {
    @Test("known check values")
    func knownVectors() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(Adler32.checksum([]) == 1)
        // The IEND chunk's CRC, found at the end of every PNG file.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("feeding data in pieces gives the same checksum as one piece")
    func incremental() {
        var generator = SeededGenerator(seed: 1)
        let data = generator.bytes(20_000)
        var crc = CRC32(), adler = Adler32()
        for start in Swift.stride(from: 0, to: data.count, by: 777) {
            let piece = Array(data[start..<min(start + 777, data.count)])
            crc.update(piece)
            adler.update(piece)
        }
        #expect(crc.value == CRC32.checksum(data))
        #expect(adler.value == Adler32.checksum(data))
    }

    @Test("Adler-32's deferred modulo holds over long runs of 0xFF (the worst case for overflow)")
    func adlerLongRuns() throws {
        let data = [UInt8](repeating: 0xFF, count: 1_000_000)
        let expected = try pythonChecksums(of: data)
        #expect(Adler32.checksum(data) == expected.adler)
        #expect(CRC32.checksum(data) == expected.crc)
    }

    @Test("both checksums agree with Python's zlib on random data")
    func matchesPython() throws {
        var generator = SeededGenerator(seed: 2)
        let data = generator.bytes(100_003)
        let expected = try pythonChecksums(of: data)
        #expect(CRC32.checksum(data) == expected.crc)
        #expect(Adler32.checksum(data) == expected.adler)
    }

    private func pythonChecksums(of data: [UInt8]) throws -> (crc: UInt32, adler: UInt32) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("data.bin")
        try Data(data).write(to: file)
        let output = try Python.run("""
            import sys, zlib
            data = open(sys.argv[1], 'rb').read()
            print(zlib.crc32(data), zlib.adler32(data))
            """, arguments: [file.path])
        let numbers = String(decoding: output, as: UTF8.self).split(separator: " ")
            .compactMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 2, "python printed \(String(decoding: output, as: UTF8.self))")
        return (numbers[0], numbers[1])
    }
}
