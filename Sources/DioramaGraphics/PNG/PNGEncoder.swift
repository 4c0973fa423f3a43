private import CZlib

/// Writes a ``PixelImage`` as a PNG file image.
///
/// Screenshots are large (a 5K display is 59 MB of RGBA) and must be quick even
/// in a debug build, so the per-pixel work is one pass over the image with
/// pointers: each row is converted to PNG bytes and given the `Up` filter (each
/// byte minus the one above it) four bytes at a time, then handed to zlib at
/// level 1. `Up` turns every row that repeats the row above (most of a desktop:
/// flat colour, window bodies, vertical edges) into zeros. Bands of rows are
/// filtered and deflated on several threads at once (``bandBytes``).
///
/// Measured on a 5120×2880 screenshot of a test pattern (Docs/performance.md):
/// `Up` at level 1 gives 0.30 MB in about 60 ms of zlib time; `Sub` 0.42 MB, no
/// filter 0.59 MB, picking `Up` or `Sub` per row 0.29 MB for a second filter
/// pass; level 6 shrinks it to 0.08 MB but takes three times as long, and
/// zlib's run-length-only strategy is both slower and seven times larger.
package enum PNGEncoder {
    #if _endian(big)
        #error("PNGEncoder writes RGBA rows as little-endian words")
    #endif

    /// zlib level for the image data: 1, the quickest (see above).
    static let compressionLevel: Int32 = 1
    /// The filter byte every row starts with: 2, `Up`.
    static let upFilter: UInt8 = 2

    static func encode(
        _ image: some PixelImage, colorType: PNGColorType,
        text: [(keyword: String, value: String)]
    ) -> [UInt8] {
        var file = PNGChunk.signature
        var header = PNGChunk.bigEndian(UInt32(image.width)) + PNGChunk.bigEndian(UInt32(image.height))
        // Bit depth 8; colour type; compression 0 (deflate); filter method 0; no interlace.
        header += [8, colorType == .rgba ? 6 : 2, 0, 0, 0]
        PNGChunk.append(type: "IHDR", data: header, to: &file)
        for entry in text {
            PNGChunk.append(type: "tEXt", data: latin1(keyword: entry.keyword) + [0] + latin1(entry.value), to: &file)
        }
        PNGChunk.append(type: "IDAT", data: imageData(image, colorType: colorType), to: &file)
        PNGChunk.append(type: "IEND", data: [], to: &file)
        return file
    }

    /// Rows are deflated in bands of about this many uncompressed bytes, each
    /// band on its own thread; the bands' deflate data are joined into one
    /// zlib stream. A fixed size (rather than one band per core) makes the
    /// file the same on every machine; 4 MiB makes 15 bands of a 5K RGBA
    /// screenshot, enough to keep two to eight cores busy, while an image
    /// under 4 MiB is one band, written exactly as by a single zlib stream.
    static let bandBytes = 4 << 20

    /// How many rows each band has (the last may have fewer) and how many
    /// bands an image has: at least one, even with no rows.
    package static func bands(width: Int, height: Int, colorType: PNGColorType) -> (rowsPerBand: Int, count: Int) {
        let filteredRowBytes = width * (colorType == .rgba ? 4 : 3) + 1
        let rowsPerBand = max(1, bandBytes / filteredRowBytes)
        return (rowsPerBand, RowBands.bandCount(height, rowsPerBand: rowsPerBand))
    }

    /// The zlib stream of the filtered rows: per row, the filter byte and the
    /// row's bytes minus the previous row's (the first row minus zeros).
    ///
    /// Each band of rows is deflated on its own (``ZlibDeflater/Framing/rawSegment(last:)``),
    /// all at once on Dispatch's threads, and its Adler-32 taken; then the
    /// zlib header, the segments in order and the combined Adler-32 make the
    /// stream. A band starts with an empty dictionary, which costs a few bytes
    /// per band in a file of hundreds of kilobytes.
    private static func imageData(_ image: some PixelImage, colorType: PNGColorType) -> [UInt8] {
        let (rowsPerBand, bandCount) = bands(width: image.width, height: image.height, colorType: colorType)
        var segments = [FilteredBand](repeating: FilteredBand(), count: bandCount)
        image.withUnsafePixels { pixels in
            let rows = RowSource(
                base: pixels.baseAddress, stride: image.rowStride, width: image.width,
                mask: image.format.opaqueMask, colorType: colorType)
            segments.withUnsafeMutableBufferPointer { output in
                let output = SharedBands(bands: output)
                RowBands.forEach(0..<image.height, rowsPerBand: rowsPerBand) { band, rowRange in
                    output.bands[band] = deflateBand(rowRange, of: rows, last: band == bandCount - 1)
                }
            }
        }
        var stream = zlibHeader(level: compressionLevel)
        var checksum = adler32(0, nil, 0)
        for segment in segments {
            stream.append(contentsOf: segment.deflated)
            checksum = adler32_combine(checksum, segment.adler, off_t(segment.length))
        }
        stream.append(contentsOf: PNGChunk.bigEndian(UInt32(checksum)))
        return stream
    }

    /// One band's deflate data, the Adler-32 of its uncompressed bytes and their count.
    private struct FilteredBand {
        var deflated: [UInt8] = []
        var adler: uLong = 1
        var length = 0
    }

    /// The bands' slots, each written by exactly one band's thread while the array is pinned by `withUnsafeMutableBufferPointer`.
    private struct SharedBands: @unchecked Sendable {
        let bands: UnsafeMutableBufferPointer<FilteredBand>
    }

    /// The source pixels, read (never written) by every band's thread while
    /// `withUnsafePixels` keeps them alive.
    private struct RowSource: @unchecked Sendable {
        let base: UnsafePointer<UInt32>?
        let stride: Int
        let width: Int
        let mask: UInt32
        let colorType: PNGColorType

        /// Row `y` as PNG bytes (see ``convertToRGBA`` and ``convertToRGB``).
        func convert(row y: Int, into row: UnsafeMutablePointer<UInt32>) {
            guard let base else { return }
            if colorType == .rgba {
                convertToRGBA(base + y * stride, mask: mask, count: width, into: row)
            } else {
                convertToRGB(base + y * stride, mask: mask, count: width, into: UnsafeMutableRawPointer(row))
            }
        }
    }

    /// The `Up`-filtered rows `rows` deflated as one segment of the stream.
    private static func deflateBand(_ rows: Range<Int>, of source: RowSource, last: Bool) -> FilteredBand {
        let rowLength = source.width * (source.colorType == .rgba ? 4 : 3)
        // Word-aligned rows, rounded up to whole words so the filter can work on
        // words; `filtered` has one word in front whose last byte is the filter
        // byte, so filter byte and row go to zlib in one piece.
        let words = (rowLength + 3) / 4
        let current = UnsafeMutablePointer<UInt32>.allocate(capacity: words)
        let previous = UnsafeMutablePointer<UInt32>.allocate(capacity: words)
        let filtered = UnsafeMutablePointer<UInt32>.allocate(capacity: words + 1)
        defer {
            current.deallocate()
            previous.deallocate()
            filtered.deallocate()
        }
        previous.initialize(repeating: 0, count: words)
        current.initialize(repeating: 0, count: words)
        filtered.initialize(repeating: 0, count: words + 1)
        let filterByte = UnsafeMutableRawPointer(filtered) + 3
        filterByte.storeBytes(of: upFilter, as: UInt8.self)
        let filteredRow = UnsafeRawBufferPointer(start: filterByte, count: rowLength + 1)

        let deflater = ZlibDeflater(level: compressionLevel, framing: .rawSegment(last: last))
        var band = FilteredBand()
        var above = previous, row = current
        // The band's first row is filtered against the last row of the band before.
        if rows.lowerBound > 0 { source.convert(row: rows.lowerBound - 1, into: above) }
        for y in rows {
            source.convert(row: y, into: row)
            subtractBytes(row, minus: above, words: words, into: filtered + 1)
            deflater.append(filteredRow)
            band.adler = adler32(band.adler, filterByte.assumingMemoryBound(to: Bytef.self), uInt(filteredRow.count))
            swap(&row, &above)
        }
        band.length = rows.count * filteredRow.count
        band.deflated = deflater.finish()
        return band
    }

    /// The two bytes a zlib stream starts with (RFC 1950): deflate with a
    /// 32 KiB window, the level's speed class, and the check bits that make
    /// the pair a multiple of 31 — what zlib itself writes.
    package static func zlibHeader(level: Int32) -> [UInt8] {
        let speedClass: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x78 << 8 | speedClass << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// PNG's RGBA bytes (straight alpha) of `count` premultiplied ARGB words,
    /// as little-endian words: byte order R, G, B, A in memory.
    @inline(__always)
    private static func convertToRGBA(
        _ source: UnsafePointer<UInt32>, mask: UInt32, count: Int,
        into output: UnsafeMutablePointer<UInt32>
    ) {
        var x = 0
        while x < count {
            let argb = source[x] | mask
            let alpha = argb >> 24
            if alpha == 255 {
                // 0xAARRGGBB → 0xAABBGGRR: swap red and blue.
                output[x] = (argb & 0xFF00_FF00) | (argb >> 16 & 0xFF) | (argb & 0xFF) << 16
            } else if alpha == 0 {
                output[x] = 0
            } else {
                let straight = PixelColor(argb: argb).straightComponents
                output[x] =
                    UInt32(straight.alpha) << 24 | UInt32(straight.blue) << 16
                    | UInt32(straight.green) << 8 | UInt32(straight.red)
            }
            x += 1
        }
    }

    /// PNG's RGB bytes of `count` ARGB words: the premultiplied colour, which
    /// is the picture over black.
    @inline(__always)
    private static func convertToRGB(
        _ source: UnsafePointer<UInt32>, mask: UInt32, count: Int,
        into output: UnsafeMutableRawPointer
    ) {
        var x = 0, offset = 0
        while x < count {
            let argb = source[x] | mask
            output.storeBytes(of: UInt8(truncatingIfNeeded: argb >> 16), toByteOffset: offset, as: UInt8.self)
            output.storeBytes(of: UInt8(truncatingIfNeeded: argb >> 8), toByteOffset: offset + 1, as: UInt8.self)
            output.storeBytes(of: UInt8(truncatingIfNeeded: argb), toByteOffset: offset + 2, as: UInt8.self)
            x += 1
            offset += 3
        }
    }

    /// `row - above` per byte, modulo 256 (the `Up` filter), four bytes per step:
    /// the high bit of each byte is set in the minuend and cleared in the
    /// subtrahend, so no byte borrows from its neighbour, and the high bits are
    /// fixed up afterwards.
    @inline(__always)
    private static func subtractBytes(
        _ row: UnsafeMutablePointer<UInt32>, minus above: UnsafeMutablePointer<UInt32>,
        words: Int, into output: UnsafeMutablePointer<UInt32>
    ) {
        let high: UInt32 = 0x8080_8080
        var index = 0
        while index < words {
            let a = row[index], b = above[index]
            output[index] = ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
            index += 1
        }
    }

    /// Latin-1 bytes of `text`; characters outside Latin-1 become `?`.
    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// A `tEXt` keyword: 1–79 Latin-1 characters with no zero byte.
    private static func latin1(keyword: String) -> [UInt8] {
        let bytes = latin1(keyword)
        precondition(
            (1...79).contains(bytes.count) && !bytes.contains(0),
            "a PNG text keyword must be 1 to 79 characters without NUL, not \"\(keyword)\"")
        return bytes
    }
}
