/// Writes a ``PixelImage`` as a PNG file image.
enum PNGEncoder {
    static func encode(_ image: some PixelImage, colorType: PNGColorType, method: DeflateMethod,
                       text: [(keyword: String, value: String)]) -> [UInt8] {
        let bytesPerPixel = colorType == .rgba ? 4 : 3
        let rowLength = image.width * bytesPerPixel
        let filtered = filteredRows(image, colorType: colorType, bytesPerPixel: bytesPerPixel, rowLength: rowLength)

        var file = PNGChunk.signature
        var header = PNGChunk.bigEndian(UInt32(image.width)) + PNGChunk.bigEndian(UInt32(image.height))
        // Bit depth 8; colour type; compression 0 (deflate); filter method 0; no interlace.
        header += [8, colorType == .rgba ? 6 : 2, 0, 0, 0]
        PNGChunk.append(type: "IHDR", data: header, to: &file)
        for entry in text {
            PNGChunk.append(type: "tEXt", data: latin1(keyword: entry.keyword) + [0] + latin1(entry.value), to: &file)
        }
        PNGChunk.append(type: "IDAT", data: Zlib.compress(filtered, method: method), to: &file)
        PNGChunk.append(type: "IEND", data: [], to: &file)
        return file
    }

    /// Converts each row to bytes and filters it with the cheapest filter: the image
    /// data before compression, one filter byte plus `rowLength` bytes per row.
    private static func filteredRows(_ image: some PixelImage, colorType: PNGColorType, bytesPerPixel: Int,
                                     rowLength: Int) -> [UInt8] {
        let width = image.width, height = image.height, stride = image.rowStride
        let mask = image.format.opaqueMask
        var output = [UInt8](repeating: 0, count: height * (rowLength + 1))
        var current = [UInt8](repeating: 0, count: rowLength)
        var previous = [UInt8](repeating: 0, count: rowLength)
        var candidate = [UInt8](repeating: 0, count: rowLength)
        var best = [UInt8](repeating: 0, count: rowLength)
        image.withUnsafePixels { pixels in
            for y in 0..<height {
                current.withUnsafeMutableBufferPointer { row in
                    for x in 0..<width {
                        let color = PixelColor(argb: pixels[y * stride + x] | mask)
                        let base = x * bytesPerPixel
                        if colorType == .rgba {
                            let straight = color.straightComponents
                            row[base] = straight.red
                            row[base + 1] = straight.green
                            row[base + 2] = straight.blue
                            row[base + 3] = straight.alpha
                        } else {
                            row[base] = color.red
                            row[base + 1] = color.green
                            row[base + 2] = color.blue
                        }
                    }
                }
                var bestFilter = PNGFilter.none, bestCost = Int.max
                current.withUnsafeMutableBufferPointer { row in
                    previous.withUnsafeBufferPointer { above in
                        candidate.withUnsafeMutableBufferPointer { trial in
                            for filter in PNGFilter.allCases {
                                filter.filter(row, previous: y == 0 ? nil : above, bytesPerPixel: bytesPerPixel, into: trial)
                                let cost = PNGFilter.cost(of: trial)
                                if cost < bestCost {
                                    bestCost = cost
                                    bestFilter = filter
                                    best.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: trial) }
                                }
                            }
                        }
                    }
                }
                let start = y * (rowLength + 1)
                output[start] = bestFilter.rawValue
                output.replaceSubrange((start + 1)..<(start + 1 + rowLength), with: best)
                swap(&current, &previous)
            }
        }
        return output
    }

    /// Latin-1 bytes of `text`; characters outside Latin-1 become `?`.
    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// A `tEXt` keyword: 1–79 Latin-1 characters with no zero byte.
    private static func latin1(keyword: String) -> [UInt8] {
        let bytes = latin1(keyword)
        precondition((1...79).contains(bytes.count) && !bytes.contains(0),
                     "a PNG text keyword must be 1 to 79 characters without NUL, not \"\(keyword)\"")
        return bytes
    }
}
