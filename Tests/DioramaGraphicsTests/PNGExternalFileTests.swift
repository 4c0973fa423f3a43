import DioramaGraphics
import DioramaPNGTestSupport
import Foundation
import Testing

@Suite("Decoding PNG files written by Python")
struct PNGExternalFileTests {
    /// Writes one PNG per colour type and depth with an independent encoder: rows
    /// filtered with filter type `y % 5` (all five filters), compressed by zlib level 9
    /// (dynamic Huffman), image data split over several IDAT chunks, plus ancillary
    /// chunks a decoder must skip. Next to each `NAME.png` it writes `NAME.rgba`: the
    /// 8-bit straight RGBA the file should decode to, computed by Python from the
    /// samples.
    private static let script = #"""
        import sys, zlib, struct, random
        out = sys.argv[1]
        rng = random.Random(99)

        def chunk(kind, data):
            return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)

        def paeth(a, b, c):
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            if pa <= pb and pa <= pc:
                return a
            return b if pb <= pc else c

        def filtered(rows, bpp):
            result = bytearray()
            previous = bytes(len(rows[0]))
            for y, row in enumerate(rows):
                kind = y % 5
                result.append(kind)
                for i, x in enumerate(row):
                    a = row[i - bpp] if i >= bpp else 0
                    b = previous[i]
                    c = previous[i - bpp] if i >= bpp else 0
                    prediction = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
                    result.append((x - prediction) & 0xff)
                previous = row
            return bytes(result)

        def write(name, width, height, depth, colour, rows, bpp, expected, extra=b''):
            packed = zlib.compress(filtered(rows, bpp), 9)
            idat = b''.join(chunk(b'IDAT', packed[i:i + 700]) for i in range(0, len(packed), 700))
            header = chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, depth, colour, 0, 0, 0))
            data = b'\x89PNG\r\n\x1a\n' + header + extra + idat + chunk(b'IEND', b'')
            open(out + '/' + name + '.png', 'wb').write(data)
            open(out + '/' + name + '.rgba', 'wb').write(bytes(expected))

        def pack(values, depth, width):
            rows = []
            for start in range(0, len(values), width):
                bits, count, row = 0, 0, bytearray()
                for v in values[start:start + width]:
                    bits = bits << depth | v
                    count += depth
                    if count == 8:
                        row.append(bits); bits, count = 0, 0
                if count:
                    row.append(bits << (8 - count))
                rows.append(bytes(row))
            return rows

        # RGBA 8-bit from formulas, with text and a private ancillary chunk.
        w, h = 37, 23
        pixels = [((x * 7 + y * 3) & 255, (x * y) & 255, (255 - x * 5) & 255, (x * 11 + y * 13) & 255) for y in range(h) for x in range(w)]
        rows = [bytes(v for p in pixels[y * w:(y + 1) * w] for v in p) for y in range(h)]
        extra = chunk(b'tEXt', b'Title\x00made by python') + chunk(b'prVt', b'\x00\x01junk')
        write('rgba8', w, h, 8, 6, rows, 4, [v for p in pixels for v in p], extra)

        # A larger smooth RGB image: several dynamic blocks and long matches.
        w, h = 256, 160
        pixels = [(x, y, (x + y) // 2) for y in range(h) for x in range(w)]
        rows = [bytes(v for p in pixels[y * w:(y + 1) * w] for v in p) for y in range(h)]
        write('gradient', w, h, 8, 2, rows, 3, [v for p in pixels for v in list(p) + [255]])

        # 16-bit RGB and RGBA keep the high byte.
        for name, colour, channels in (('rgb16', 2, 3), ('rgba16', 6, 4)):
            w, h = 19, 11
            samples = [[rng.randrange(65536) for _ in range(channels)] for _ in range(w * h)]
            rows = [b''.join(struct.pack('>' + 'H' * channels, *s) for s in samples[y * w:(y + 1) * w]) for y in range(h)]
            expected = [v for s in samples for v in [c >> 8 for c in s] + ([255] if channels == 3 else [])]
            write(name, w, h, 16, colour, rows, channels * 2, expected)

        # Grey at 1, 2, 4 bits (widths not a multiple of 8 / 4 / 2) scale to 0…255.
        for depth in (1, 2, 4):
            w, h = 13, 7
            values = [rng.randrange(1 << depth) for _ in range(w * h)]
            scale = 255 // ((1 << depth) - 1)
            write('grey%d' % depth, w, h, depth, 0, pack(values, depth, w), 1,
                  [c for v in values for c in (v * scale, v * scale, v * scale, 255)])

        # 4-bit palette with partial tRNS.
        w, h = 15, 9
        palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(16)]
        alphas = [rng.randrange(256) for _ in range(10)]
        values = [rng.randrange(16) for _ in range(w * h)]
        extra = chunk(b'PLTE', bytes(c for p in palette for c in p)) + chunk(b'tRNS', bytes(alphas))
        expected = [c for v in values for c in list(palette[v]) + [alphas[v] if v < 10 else 255]]
        write('palette4', w, h, 4, 3, pack(values, 4, w), 1, expected, extra)

        # Grey + alpha, 8-bit.
        w, h = 10, 10
        pairs = [(rng.randrange(256), rng.randrange(256)) for _ in range(w * h)]
        rows = [bytes(v for p in pairs[y * w:(y + 1) * w] for v in p) for y in range(h)]
        write('greyalpha8', w, h, 8, 4, rows, 2, [c for g, a in pairs for c in (g, g, g, a)])

        # Grey and RGB with a tRNS colour key: exactly that colour is transparent.
        w, h = 9, 6
        values = [rng.choice((128, 0, 255, 127)) for _ in range(w * h)]
        write('greykey', w, h, 8, 0, [bytes(values[y * w:(y + 1) * w]) for y in range(h)], 1,
              [c for v in values for c in (v, v, v, 0 if v == 128 else 255)], chunk(b'tRNS', struct.pack('>H', 128)))
        colours = [rng.choice(((1, 2, 3), (1, 2, 4), (9, 9, 9))) for _ in range(w * h)]
        rows = [bytes(c for p in colours[y * w:(y + 1) * w] for c in p) for y in range(h)]
        write('rgbkey', w, h, 8, 2, rows, 3, [c for p in colours for c in list(p) + [0 if p == (1, 2, 3) else 255]],
              chunk(b'tRNS', struct.pack('>HHH', 1, 2, 3)))
        """#

    static let names = [
        "rgba8", "gradient", "rgb16", "rgba16", "grey1", "grey2", "grey4", "palette4",
        "greyalpha8", "greykey", "rgbkey",
    ]

    @Test("every colour type, depth and filter decodes to the RGBA Python expects")
    func decodesEveryKind() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Python.run(Self.script, arguments: [directory.path])
        for name in Self.names {
            let png = try PNG.read(contentsOf: directory.appendingPathComponent("\(name).png"))
            let expected = try [UInt8](Data(contentsOf: directory.appendingPathComponent("\(name).rgba")))
            #expect(png.rgba.count == png.width * png.height * 4)
            #expect(png.rgba == expected, "\(name)")
        }
        let titled = try PNG.read(contentsOf: directory.appendingPathComponent("rgba8.png"))
        #expect(titled.width == 37 && titled.height == 23)
        #expect(titled.text == ["Title": "made by python"])
        let pixel = titled.components(x: 5, y: 2)
        #expect(pixel.red == 41 && pixel.green == 10 && pixel.blue == 230 && pixel.alpha == 81)
    }

    @Test("the dynamic-Huffman image data really uses dynamic blocks")
    func usesDynamicBlocks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Python.run(Self.script, arguments: [directory.path])
        let file = try [UInt8](Data(contentsOf: directory.appendingPathComponent("gradient.png")))
        // The first IDAT follows the signature (8) and IHDR (25); its data starts 8
        // bytes into the chunk, and the first deflate byte after the 2-byte zlib header.
        let idat = 8 + 25
        #expect(String(decoding: file[(idat + 4)..<(idat + 8)], as: UTF8.self) == "IDAT")
        #expect(file[idat + 8 + 2] >> 1 & 0b11 == 2)
    }
}
