import DioramaGraphics

/// The `IHDR` chunk: image size and how pixels are stored.
struct PNGHeader {
    let width: Int
    let height: Int
    let bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    let colorType: Int

    /// Decoded images are held in memory as 8-bit RGBA; beyond this many pixels
    /// (an 8192x8192 image, 256 MiB decoded) the file is refused rather than
    /// exhausting memory. Three 4K displays side by side fit.
    static let maximumPixels = 1 << 26

    /// Parses and checks `IHDR` data found at `offset`.
    init(_ data: ArraySlice<UInt8>, offset: Int) throws(PNGError) {
        guard data.count == 13 else {
            throw PNGError(
                byteOffset: offset, problem: "IHDR has \(data.count) bytes instead of 13",
                fix: "the file is corrupt; re-create it")
        }
        let start = data.startIndex
        width = Int(PNGChunk.readBigEndian(data[start..<(start + 4)]))
        height = Int(PNGChunk.readBigEndian(data[(start + 4)..<(start + 8)]))
        bitDepth = Int(data[start + 8])
        colorType = Int(data[start + 9])
        let compression = data[start + 10], filterMethod = data[start + 11], interlace = data[start + 12]
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError(
                byteOffset: offset, problem: "image size \(width)x\(height) is invalid",
                fix: "width and height must be 1 to 2^31-1; the file is corrupt")
        }
        guard width * height <= Self.maximumPixels else {
            throw PNGError(
                byteOffset: offset, problem: "image of \(width)x\(height) pixels is too large to decode",
                fix: "use images of at most \(Self.maximumPixels) pixels")
        }
        let allowedDepths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowedDepths[colorType] else {
            throw PNGError(
                byteOffset: offset, problem: "colour type \(colorType) does not exist",
                fix: "the file is corrupt; re-create it")
        }
        guard depths.contains(bitDepth) else {
            throw PNGError(
                byteOffset: offset, problem: "bit depth \(bitDepth) is not allowed for colour type \(colorType)",
                fix: "the file is corrupt; re-create it")
        }
        guard compression == 0, filterMethod == 0 else {
            throw PNGError(
                byteOffset: offset, problem: "compression method \(compression) / filter method \(filterMethod) is unknown",
                fix: "only method 0 exists; the file is corrupt")
        }
        guard interlace == 0 else {
            throw PNGError(
                byteOffset: offset,
                problem: interlace == 1
                    ? "the image is interlaced (Adam7), which is not supported"
                    : "interlace method \(interlace) does not exist",
                fix: "save the image without interlacing")
        }
    }

    /// Samples per pixel.
    var channels: Int {
        switch colorType {
        case 2: return 3
        case 4: return 2
        case 6: return 4
        default: return 1
        }
    }
    /// Bytes per complete pixel, at least 1: the distance filters look back.
    var filterStep: Int { max(1, channels * bitDepth / 8) }
    /// Bytes per row of image data, without the filter byte.
    var rowLength: Int { (width * channels * bitDepth + 7) / 8 }
    /// The exact size of the decompressed image data.
    var imageDataLength: Int { height * (rowLength + 1) }
}
