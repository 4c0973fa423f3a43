import DioramaGraphics
import DioramaPNGTestSupport
import Foundation
import Testing

@Suite("Reading malformed PNG files fails cleanly")
struct PNGErrorTests {
    private let valid = PNG.encode(numberedImage(width: 9, height: 5), colorType: .rgb)

    /// A PNG made of the signature and the given chunks, with correct CRCs.
    private func file(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (kind, data) in chunks {
            let kindBytes = Array(kind.utf8)
            bytes += withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + kindBytes + data
            bytes += withUnsafeBytes(of: PNGChunk.crc(kindBytes[...], data[...]).bigEndian, Array.init)
        }
        return bytes
    }

    private func header(
        width: UInt32 = 2, height: UInt32 = 1, depth: UInt8 = 8, colour: UInt8 = 2,
        interlace: UInt8 = 0
    ) -> (String, [UInt8]) {
        (
            "IHDR",
            withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
                + [depth, colour, 0, 0, interlace]
        )
    }

    private func problem(_ bytes: [UInt8]) -> PNGError? {
        #expect(throws: PNGError.self) { try PNG.decode(bytes) }
    }

    @Test("not a PNG at all")
    func notPNG() {
        let error = problem(Array("GIF89a, definitely not a PNG".utf8))
        #expect(
            error?.description == "byte 0: not a PNG file (the 8-byte signature is missing); check that the file is a PNG image and was copied in binary mode")
        #expect(problem([]) != nil)
    }

    @Test("every truncation of a valid file is an error, never a crash or a partial image")
    func truncations() {
        for length in 0..<valid.count {
            #expect(throws: PNGError.self, "prefix of \(length) bytes") { try PNG.decode(Array(valid[0..<length])) }
        }
        #expect(problem(Array(valid.dropLast(12)))?.problem == "file ends before the IEND chunk")
    }

    @Test("a corrupted byte is caught by the chunk CRC, which names the chunk")
    func crcMismatch() {
        var corrupt = valid
        corrupt[8 + 8 + 3] ^= 0x01  // inside IHDR's width
        let error = problem(corrupt)
        #expect(error?.byteOffset == 8)
        #expect(error?.problem.hasPrefix("IHDR chunk CRC is 0x") == true)
        #expect(error?.fix == "the file is corrupt; re-create it")
    }

    @Test("unsupported or invalid headers explain themselves")
    func headers() {
        let end = ("IEND", [UInt8]())
        let data = ("IDAT", ZlibDeflater.compress([0, 1, 2, 3, 4, 5, 6]))
        #expect(problem(file([header(interlace: 1), data, end]))?.problem == "the image is interlaced (Adam7), which is not supported")
        #expect(problem(file([header(interlace: 1), data, end]))?.fix == "save the image without interlacing")
        #expect(problem(file([header(depth: 4, colour: 2), data, end]))?.problem == "bit depth 4 is not allowed for colour type 2")
        #expect(problem(file([header(colour: 5), data, end]))?.problem == "colour type 5 does not exist")
        #expect(problem(file([header(width: 0), data, end]))?.problem == "image size 0x1 is invalid")
        #expect(
            problem(file([header(width: 100_000, height: 100_000), data, end]))?.problem
                == "image of 100000x100000 pixels is too large to decode")
        #expect(problem(file([("IHDR", [0, 0, 0, 1]), data, end]))?.problem == "IHDR has 4 bytes instead of 13")
        #expect(problem(file([data, header(), end]))?.problem == "first chunk is IDAT, not IHDR")
        #expect(problem(file([header(), end]))?.problem == "no IDAT chunk (no image data)")
        #expect(problem(file([header(depth: 8, colour: 3), data, end]))?.problem == "palette image without a PLTE chunk")
        #expect(problem(file([header(), ("CRIT", [1]), data, end]))?.problem == "unknown critical chunk CRIT")
        #expect(problem(file([header(), ("bad!", [1]), data, end]))?.problem.contains("are not letters") == true)
    }

    @Test("broken image data: wrong size, bad filter type, corrupt zlib")
    func imageData() {
        let end = ("IEND", [UInt8]())
        // A 2x1 RGB image needs 1 + 6 bytes.
        let short = problem(file([header(), ("IDAT", ZlibDeflater.compress([0, 1, 2, 3])), end]))
        #expect(short?.problem == "image data is 4 bytes but a 2x1 image needs 7")
        let long = problem(file([header(), ("IDAT", ZlibDeflater.compress([UInt8](repeating: 0, count: 50))), end]))
        #expect(long?.problem.contains("inflates to more than 7 bytes") == true)
        #expect(
            problem(file([header(), ("IDAT", ZlibDeflater.compress([9, 1, 2, 3, 4, 5, 6])), end]))?.problem
                == "row 0 uses filter type 9, which does not exist")
        let zlibError = problem(file([header(), ("IDAT", [0x78, 0x01, 0xFF]), end]))
        #expect(zlibError?.problem.hasPrefix("image data (IDAT): ") == true)
        #expect(zlibError?.byteOffset == 33)
    }

    @Test("read(contentsOf:) puts the path in front of decoding errors")
    func namesTheFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shot.png")
        var corrupt = valid
        corrupt[corrupt.count - 1] ^= 0xFF
        try Data(corrupt).write(to: path)
        let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: path) }
        #expect(error?.file == path.path)
        #expect(error?.description.hasPrefix("\(path.path): byte \(valid.count - 12): IEND chunk CRC") == true)
    }

    /// Recomputes every chunk's CRC, so corruption reaches the stages after the CRC
    /// check (header validation, inflate, unfiltering, pixel expansion).
    private func withFixedCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes, offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = PNGChunk.crc(bytes[(offset + 4)..<(offset + 8)], bytes[(offset + 8)..<(offset + 8 + length)])
            bytes.replaceSubrange(
                (offset + 8 + length)..<(offset + 12 + length),
                with: withUnsafeBytes(of: crc.bigEndian, Array.init))
            offset += 12 + length
        }
        return bytes
    }

    @Test("thousands of corrupted files, with and without valid CRCs, throw or decode, never trap")
    func corruptedFiles() {
        var generator = SeededGenerator(seed: 123)
        let sources = [valid, PNG.encode(numberedImage(width: 30, height: 20))]
        var decoded = 0
        for round in 0..<4000 {
            var data = sources[round % 2]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                // Skip the signature so most damage lands in chunks.
                data[Int.random(in: 8..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 4 >= 2 { data = withFixedCRCs(data) }
            if let image = try? PNG.decode(data) {
                decoded += 1
                #expect(image.rgba.count == image.width * image.height * 4)
            }
        }
        // With valid CRCs, damage inside the image data is caught by zlib (or, where
        // it still inflates, decodes to other pixels); nothing may crash either way.
        #expect(decoded < 4000)
    }
}
