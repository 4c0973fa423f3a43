import DioramaGraphics

/// Turns unfiltered PNG rows of any colour type and depth into 8-bit straight RGBA.
///
/// Samples narrower than 8 bits are scaled to the full range (`value * 255 / max`,
/// so 1-bit white is 255); 16-bit samples keep their high byte. `tRNS` makes palette
/// entries translucent, or marks one grey level or RGB colour (compared at the file's
/// own depth) fully transparent. Palette indices past the palette's end read as
/// opaque black instead of failing, as many decoders do.
struct PNGPixelExpansion {
    let header: PNGHeader
    let palette: [UInt8]
    let transparency: [UInt8]?

    func rgba(from data: [UInt8]) -> [UInt8] {
        let width = header.width, rowLength = header.rowLength, depth = header.bitDepth
        var output = [UInt8](repeating: 0, count: width * header.height * 4)
        let maximum = (1 << depth) - 1
        let key = transparencyKey()
        // What Diorama's writer makes (8-bit RGBA, 8-bit RGB) by whole rows
        // and words; the general loop below costs several calls per sample
        // in a debug build, seconds over the test suite's large images.
        if depth == 8 && (header.colorType == 6 || (header.colorType == 2 && key == nil)) {
            data.withUnsafeBufferPointer { data in
                output.withUnsafeMutableBufferPointer { output in
                    for y in 0..<header.height {
                        let row = data.baseAddress! + y * (rowLength + 1) + 1
                        let out = output.baseAddress! + y * width * 4
                        if header.colorType == 6 {
                            out.update(from: row, count: rowLength)
                        } else {
                            Self.opaqueRGBA(fromRGB: row, count: width, into: UnsafeMutableRawPointer(out))
                        }
                    }
                }
            }
            return output
        }
        data.withUnsafeBufferPointer { data in
            output.withUnsafeMutableBufferPointer { output in
                for y in 0..<header.height {
                    let rowStart = y * (rowLength + 1) + 1
                    // The sample at `index` within this row, at the file's depth.
                    func sample(_ index: Int) -> Int {
                        switch depth {
                        case 8: return Int(data[rowStart + index])
                        case 16: return Int(data[rowStart + index * 2]) << 8 | Int(data[rowStart + index * 2 + 1])
                        default:
                            let bit = index * depth
                            let byte = Int(data[rowStart + bit / 8])
                            return byte >> (8 - depth - bit % 8) & maximum
                        }
                    }
                    func eightBit(_ value: Int) -> UInt8 {
                        depth == 16 ? UInt8(value >> 8) : UInt8(value * 255 / maximum)
                    }
                    for x in 0..<width {
                        let out = (y * width + x) * 4
                        switch header.colorType {
                        case 0:
                            let grey = sample(x)
                            output[out] = eightBit(grey); output[out + 1] = output[out]; output[out + 2] = output[out]
                            output[out + 3] = key != nil && key! == (grey, grey, grey) ? 0 : 255
                        case 2:
                            let rgb = (sample(x * 3), sample(x * 3 + 1), sample(x * 3 + 2))
                            output[out] = eightBit(rgb.0); output[out + 1] = eightBit(rgb.1); output[out + 2] = eightBit(rgb.2)
                            output[out + 3] = key != nil && key! == rgb ? 0 : 255
                        case 3:
                            let index = sample(x)
                            if index * 3 + 2 < palette.count {
                                output[out] = palette[index * 3]
                                output[out + 1] = palette[index * 3 + 1]
                                output[out + 2] = palette[index * 3 + 2]
                            }
                            output[out + 3] = index < (transparency?.count ?? 0) ? transparency![index] : 255
                        case 4:
                            let grey = eightBit(sample(x * 2))
                            output[out] = grey; output[out + 1] = grey; output[out + 2] = grey
                            output[out + 3] = eightBit(sample(x * 2 + 1))
                        default:
                            for channel in 0..<4 { output[out + channel] = eightBit(sample(x * 4 + channel)) }
                        }
                    }
                }
            }
        }
        return output
    }

    /// `count` pixels of 8-bit RGB as RGBA with alpha 255, one 32-bit store
    /// each (R, G, B, A in memory order: a little-endian word).
    private static func opaqueRGBA(fromRGB row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutableRawPointer) {
        var x = 0
        while x < count {
            let pixel = row + x * 3
            let word = UInt32(pixel[0]) | UInt32(pixel[1]) << 8 | UInt32(pixel[2]) << 16 | 0xFF00_0000
            output.storeBytes(of: word.littleEndian, toByteOffset: x * 4, as: UInt32.self)
            x += 1
        }
    }

    /// The transparent colour from `tRNS` for colour types 0 and 2 (two bytes per
    /// sample, big-endian), as an RGB triple; a grey level repeats in all three.
    private func transparencyKey() -> (Int, Int, Int)? {
        guard let transparency, header.colorType == 0 || header.colorType == 2 else { return nil }
        func value(_ index: Int) -> Int { Int(transparency[index * 2]) << 8 | Int(transparency[index * 2 + 1]) }
        if header.colorType == 0 {
            guard transparency.count >= 2 else { return nil }
            return (value(0), value(0), value(0))
        }
        guard transparency.count >= 6 else { return nil }
        return (value(0), value(1), value(2))
    }
}
