import DioramaGraphics
import DioramaModel
import DioramaPNGTestSupport
import DioramaTestTraits
import Foundation
import Testing

@Suite("Writing PNG files", .offSharedPool)
struct PNGRoundTripTests {
    /// A valid premultiplied image with every alpha level and random colours.
    private func translucentImage(width: Int = 23, height: Int = 17, seed: UInt64 = 4) -> PixelBuffer {
        var generator = SeededGenerator(seed: seed)
        let pixels = (0..<(width * height)).map { index -> UInt32 in
            let alpha = UInt32(index % 256)
            func channel() -> UInt32 { UInt32.random(in: 0...alpha, using: &generator) }
            return alpha << 24 | channel() << 16 | channel() << 8 | channel()
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    @Test("RGBA files decode to exactly the premultiplied pixels written")
    func rgbaRoundTrip() throws {
        let original = translucentImage()
        let decoded = try PNG.decode(PNG.encode(original, colorType: .rgba))
        #expect(decoded.width == 23 && decoded.height == 17)
        #expect(decoded.pixelBuffer == original)
    }

    @Test("RGB files hold the picture over black, opaque")
    func rgbOverBlack() throws {
        let original = translucentImage()
        let decoded = try PNG.decode(PNG.encode(original, colorType: .rgb))
        for y in 0..<original.height {
            for x in 0..<original.width {
                let pixel = original[x, y], read = decoded.components(x: x, y: y)
                #expect(read.red == pixel.red && read.green == pixel.green && read.blue == pixel.blue && read.alpha == 255)
            }
        }
        let opaque = numberedImage(width: 40, height: 30)
        #expect(try PNG.decode(PNG.encode(opaque, colorType: .rgb)).pixelBuffer == opaque)
    }

    @Test("the file layout: signature, IHDR, text, IDAT, IEND, each CRC valid")
    func layout() throws {
        let file = PNG.encode(
            PixelBuffer(width: 3, height: 2, filledWith: .red), colorType: .rgb,
            text: [(keyword: "Display", value: "HEADLESS-1 @ 2× → 4K")])
        #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var offset = 8
        var kinds: [String] = []
        while offset < file.count {
            let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let crc = file[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(PNGChunk.crc(file[(offset + 4)..<(offset + 8)], file[(offset + 8)..<(offset + 8 + length)]) == crc, "\(kind) CRC")
            if kind == "IHDR" {
                #expect(Array(file[(offset + 8)..<(offset + 21)]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0])
            }
            kinds.append(kind)
            offset += 12 + length
        }
        #expect(kinds == ["IHDR", "tEXt", "IDAT", "IEND"])
        #expect(Array(file.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        // Latin-1 text survives, other characters become '?'.
        #expect(try PNG.decode(file).text == ["Display": "HEADLESS-1 @ 2× ? 4K"])
    }

    @Test("an XRGB8888 canvas is written opaque whatever its padding byte holds")
    func xrgbSource() throws {
        var words: [UInt32] = [0x0011_2233, 0x8044_5566]
        try words.withUnsafeMutableBytes { bytes in
            let canvas = try PixelCanvas(bytes: bytes, width: 2, height: 1, strideBytes: 8, format: .xrgb8888)
            let decoded = try PNG.decode(PNG.encode(canvas))
            #expect(decoded.rgba == [0x11, 0x22, 0x33, 255, 0x44, 0x55, 0x66, 255])
        }
    }

    @Test("Python reads our files: chunk CRCs, zlib data and row filters undo to our pixels")
    func pythonReadsOurFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var pattern = PixelBuffer(width: 97, height: 61)
        TestPattern(label: "1.5x").draw(into: &pattern)
        pattern.blit(translucentImage(width: 30, height: 20), to: Point(x: 40, y: 20), blendMode: .copy)
        for (index, colorType) in PNGColorType.allCases.enumerated() {
            let file = directory.appendingPathComponent("\(index).png")
            try PNG.write(pattern, to: file, colorType: colorType)
            let output = try Python.run(
                #"""
                import sys, zlib, struct
                data = open(sys.argv[1], 'rb').read()
                assert data[:8] == b'\x89PNG\r\n\x1a\n'
                pos, idat, filters = 8, b'', set()
                while pos < len(data):
                    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                    body = data[pos + 8:pos + 8 + length]
                    crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
                    assert zlib.crc32(kind + body) & 0xffffffff == crc, kind
                    if kind == b'IHDR':
                        width, height, depth, colour = struct.unpack('>IIBB', body[:10])
                    if kind == b'IDAT':
                        idat += body
                    pos += 12 + length
                raw = zlib.decompress(idat)
                bpp = 4 if colour == 6 else 3
                stride = width * bpp
                rows, previous = [], bytearray(stride)
                for y in range(height):
                    kind = raw[y * (stride + 1)]
                    filters.add(kind)
                    row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                    for i in range(stride):
                        a = row[i - bpp] if i >= bpp else 0
                        b = previous[i]
                        c = previous[i - bpp] if i >= bpp else 0
                        p = a + b - c
                        paeth = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)
                        row[i] = (row[i] + [0, a, b, (a + b) // 2, paeth][kind]) & 0xff
                    rows.append(bytes(row))
                    previous = row
                sys.stderr.write(repr(sorted(filters)))
                sys.stdout.buffer.write(struct.pack('>II', width, height) + b''.join(rows))
                """#, arguments: [file.path])
            let ours = try PNG.read(contentsOf: file)
            #expect(Array(output.prefix(8)) == [0, 0, 0, 97, 0, 0, 0, 61])
            let pythonPixels = Array(output.dropFirst(8))
            if colorType == .rgba {
                #expect(pythonPixels == ours.rgba)
            } else {
                let rgb = stride(from: 0, to: ours.rgba.count, by: 4).flatMap { ours.rgba[$0..<($0 + 3)] }
                #expect(pythonPixels == rgb)
            }
        }
    }

    @Test("writing is deterministic and atomic; reading names the file")
    func files() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = translucentImage()
        let first = directory.appendingPathComponent("a.png"), second = directory.appendingPathComponent("b.png")
        try PNG.write(image, to: first)
        try PNG.write(image, to: second)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        #expect(try PNG.read(contentsOf: first).pixelBuffer == image)
        let contents = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(contents.sorted() == ["a.png", "b.png"], "no temporary files left behind")

        let missing = directory.appendingPathComponent("nope/c.png")
        let writeError = #expect(throws: PNGError.self) { try PNG.write(image, to: missing) }
        #expect(writeError?.file == missing.path)
        let readError = #expect(throws: PNGError.self) { try PNG.read(contentsOf: missing) }
        #expect(readError?.description.hasPrefix(missing.path + ": cannot read") == true)
    }

    @Test("a screen-sized test pattern compresses to a small fraction of its raw size")
    func screenshotSize() throws {
        var screen = PixelBuffer(width: 640, height: 400)
        TestPattern(label: "1x").draw(into: &screen)
        let file = PNG.encode(screen, colorType: .rgb)
        #expect(file.count < 640 * 400 * 3 / 25, "\(file.count) bytes")
        #expect(try PNG.decode(file).pixelBuffer == screen)
    }

    /// Content for every PNG filter: flat runs (`None`/`Up` win), a horizontal
    /// gradient (`Sub`), a vertical one (`Up`), a diagonal one (`Average`,
    /// `Paeth`), noise that no filter helps, and translucent pixels whose
    /// straight-alpha bytes the writer computes.
    private func mixedContent(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var generator = SeededGenerator(seed: seed)
        var image = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt32
                switch (x / 7 + y / 5) % 6 {
                case 0: value = 0xFF20_4060
                case 1: value = 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(x * 3 & 0xFF)
                case 2: value = 0xFF00_0000 | UInt32(y & 0xFF) << 8 | UInt32(y * 5 & 0xFF)
                case 3: value = 0xFF00_0000 | UInt32((x + y) & 0xFF) << 16 | UInt32((x * 2 + y) & 0xFF) << 8
                case 4: value = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator)
                default:
                    let alpha = UInt32.random(in: 0...255, using: &generator)
                    value = alpha << 24 | UInt32.random(in: 0...alpha, using: &generator) << 8 | alpha / 2
                }
                image[x, y] = PixelColor(argb: value)
            }
        }
        return image
    }

    /// Bands of rows are deflated on separate threads and joined into one zlib
    /// stream; zlib's inflate (in the reader) checks the joined Adler-32.
    @Test(
        "images of one row, odd widths and several deflate bands decode to exactly the pixels written",
        arguments: [(1, 1), (4097, 1), (1, 1500), (3, 2), (1283, 1700), (2049, 1283)])
    func bandsDecodeExactly(width: Int, height: Int) throws {
        let image = mixedContent(width: width, height: height, seed: UInt64(width * 31 + height))
        let decoded = try PNG.decode(PNG.encode(image, colorType: .rgba))
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixelBuffer == image)

        let opaque = try PNG.decode(PNG.encode(image, colorType: .rgb))
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image[x, y], read = opaque.components(x: x, y: y)
                guard read.red == pixel.red && read.green == pixel.green && read.blue == pixel.blue && read.alpha == 255 else {
                    Issue.record("RGB pixel (\(x), \(y)) of \(width)×\(height) is \(read), not \(pixel) over black")
                    return
                }
            }
        }
    }

    @Test("the band-size rule gives the larger test images above several bands, and a 5K screenshot fifteen")
    func bandCounts() {
        #expect(PNGEncoder.bands(width: 1283, height: 1700, colorType: .rgba) == (817, 3))
        #expect(PNGEncoder.bands(width: 1283, height: 1700, colorType: .rgb) == (1089, 2))
        #expect(PNGEncoder.bands(width: 2049, height: 1283, colorType: .rgba) == (511, 3))
        #expect(PNGEncoder.bands(width: 2049, height: 1283, colorType: .rgb) == (682, 2))
        #expect(PNGEncoder.bands(width: 5120, height: 2880, colorType: .rgba).count == 15)
        #expect(PNGEncoder.bands(width: 4097, height: 1, colorType: .rgba) == (255, 1))
        #expect(PNGEncoder.bands(width: 3, height: 0, colorType: .rgb).count == 1)
    }

    @Test("the zlib header is what zlib writes for the level")
    func zlibHeader() {
        #expect(PNGEncoder.zlibHeader(level: 1) == [0x78, 0x01])
        #expect(PNGEncoder.zlibHeader(level: 6) == [0x78, 0x9C])
        #expect(PNGEncoder.zlibHeader(level: 9) == [0x78, 0xDA])
        #expect(Array(ZlibDeflater.compress([1, 2, 3]).prefix(2)) == PNGEncoder.zlibHeader(level: 6))
    }

    /// Issue 13: the zlib-backed writer makes smaller screenshots than the
    /// hand-written deflate it replaced, which wrote 399,505 bytes for this
    /// picture (a 5K display, black, showing a test-pattern window at 2×, as
    /// the bench shoots it). The smaller round trips above check the pixels.
    @Test("a 5K screenshot of a test-pattern window is under 320 KB")
    func fiveKScreenshotSize() throws {
        var window = PixelBuffer(width: 4800, height: 2700)
        TestPattern(label: "2x").draw(into: &window)
        var screen = PixelBuffer(width: 5120, height: 2880, filledWith: .black)
        screen.blit(window, to: Point(x: 160, y: 90), blendMode: .copy)
        let file = PNG.encode(screen)
        #expect(file.count < 320_000, "\(file.count) bytes")
    }
}
