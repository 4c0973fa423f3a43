import DioramaGraphics

/// Reads PNG files (for tests, which compare screenshots pixel by pixel): every standard colour type and bit depth (grey, RGB, palette,
/// grey + alpha, RGBA; 1 to 16 bits), `tRNS` transparency, all five filters, and image
/// data in any kind of deflate block. Not supported: Adam7 interlacing (refused with
/// a clear error), and colour management chunks (ignored, values are used as stored).
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunk.signature else {
            throw PNGError(
                byteOffset: 0, problem: "not a PNG file (the 8-byte signature is missing)",
                fix: "check that the file is a PNG image and was copied in binary mode")
        }
        var header: PNGHeader?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var firstDataOffset = 0
        var text: [String: String] = [:]
        var offset = 8
        var sawEnd = false
        while !sawEnd {
            guard offset + 12 <= bytes.count else {
                throw PNGError(
                    byteOffset: offset, problem: "file ends before the IEND chunk",
                    fix: "the file was cut short; re-create it")
            }
            let length = Int(PNGChunk.readBigEndian(bytes[offset..<(offset + 4)]))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw PNGError(
                    byteOffset: offset, problem: "chunk type bytes \(Array(typeBytes)) are not letters",
                    fix: "the file is corrupt; re-create it")
            }
            guard length <= bytes.count - offset - 12 else {
                throw PNGError(
                    byteOffset: offset, problem: "\(type) chunk of \(length) bytes runs past the end of the file",
                    fix: "the file was cut short; re-create it")
            }
            let dataRange = (offset + 8)..<(offset + 8 + length)
            let storedCRC = PNGChunk.readBigEndian(bytes[dataRange.upperBound..<(dataRange.upperBound + 4)])
            let crc = PNGChunk.crc(typeBytes, bytes[dataRange])
            guard crc == storedCRC else {
                throw PNGError(
                    byteOffset: offset,
                    problem: "\(type) chunk CRC is 0x\(String(crc, radix: 16)) but the file says 0x\(String(storedCRC, radix: 16))",
                    fix: "the file is corrupt; re-create it")
            }
            let data = bytes[dataRange]
            if header == nil && type != "IHDR" {
                throw PNGError(
                    byteOffset: offset, problem: "first chunk is \(type), not IHDR",
                    fix: "the file is corrupt; re-create it")
            }
            switch type {
            case "IHDR":
                guard header == nil else {
                    throw PNGError(byteOffset: offset, problem: "second IHDR chunk", fix: "the file is corrupt; re-create it")
                }
                header = try PNGHeader(data, offset: offset)
            case "PLTE":
                guard length % 3 == 0, (3...768).contains(length) else {
                    throw PNGError(
                        byteOffset: offset, problem: "PLTE has \(length) bytes, not 1 to 256 RGB entries",
                        fix: "the file is corrupt; re-create it")
                }
                palette = Array(data)
            case "tRNS":
                transparency = Array(data)
            case "IDAT":
                if compressed.isEmpty { firstDataOffset = offset }
                compressed.append(contentsOf: data)
            case "tEXt":
                if let separator = data.firstIndex(of: 0) {
                    let keyword = String(data[data.startIndex..<separator].map { Character(Unicode.Scalar($0)) })
                    text[keyword] = String(data[(separator + 1)...].map { Character(Unicode.Scalar($0)) })
                }
            case "IEND":
                sawEnd = true
            default:
                // Bit 5 of the first letter (lower case) marks an ancillary chunk a
                // decoder may skip; an unknown critical chunk changes the meaning.
                guard typeBytes.first! & 0x20 != 0 else {
                    throw PNGError(
                        byteOffset: offset, problem: "unknown critical chunk \(type)",
                        fix: "the image uses a PNG extension this decoder does not know; re-save it as a plain PNG")
                }
            }
            offset = dataRange.upperBound + 4
        }
        guard let header else { throw PNGError(byteOffset: 8, problem: "no IHDR chunk", fix: "the file is corrupt; re-create it") }
        guard !compressed.isEmpty else {
            throw PNGError(byteOffset: offset, problem: "no IDAT chunk (no image data)", fix: "the file is corrupt; re-create it")
        }
        if header.colorType == 3 && palette.isEmpty {
            throw PNGError(byteOffset: 8, problem: "palette image without a PLTE chunk", fix: "the file is corrupt; re-create it")
        }

        var imageData: [UInt8]
        do {
            imageData = try ZlibInflater.decompress(compressed, outputLimit: header.imageDataLength)
        } catch {
            throw PNGError(byteOffset: firstDataOffset, problem: "image data (IDAT): \(error)", fix: "re-create the file")
        }
        guard imageData.count == header.imageDataLength else {
            throw PNGError(
                byteOffset: firstDataOffset,
                problem: "image data is \(imageData.count) bytes but a \(header.width)x\(header.height) image needs \(header.imageDataLength)",
                fix: "the file is corrupt; re-create it")
        }
        try unfilter(&imageData, header: header, offset: firstDataOffset)
        let rgba = PNGPixelExpansion(header: header, palette: palette, transparency: transparency).rgba(from: imageData)
        return PNGImage(width: header.width, height: header.height, rgba: rgba, text: text)
    }

    /// Undoes the row filters in place, top to bottom, once every row's
    /// filter type is known to exist.
    private static func unfilter(_ data: inout [UInt8], header: PNGHeader, offset: Int) throws(PNGError) {
        let rowLength = header.rowLength, step = header.filterStep
        var filters: [PNGFilter] = []
        filters.reserveCapacity(header.height)
        for y in 0..<header.height {
            let type = data[y * (rowLength + 1)]
            guard let filter = PNGFilter(rawValue: type) else {
                throw PNGError(
                    byteOffset: offset, problem: "row \(y) uses filter type \(type), which does not exist",
                    fix: "the file is corrupt; re-create it")
            }
            filters.append(filter)
        }
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for (y, filter) in filters.enumerated() {
                let row = base + y * (rowLength + 1) + 1
                let previous = y == 0 ? nil : UnsafePointer(row - (rowLength + 1))
                filter.unfilter(row, count: rowLength, previous: previous, bytesPerPixel: step)
            }
        }
    }
}
