/// Reads a source buffer at fractional buffer coordinates, clamped to the pixels a
/// crop rectangle covers, with either filter.
///
/// Coordinates are continuous: pixel `(i, j)` covers `[i, i + 1) x [j, j + 1)` and its
/// centre is `(i + 0.5, j + 0.5)`. Clamping to the crop keeps pixels the client cut
/// away from bleeding into the edges (a GPU compositor clamping to the whole texture
/// would let them in; the difference is at most the outermost row of output pixels).
struct BufferSampler {
    let pixels: UnsafeBufferPointer<UInt32>
    let rowStride: Int
    /// ORed into every pixel read (the alpha byte for XRGB8888 sources).
    let opaqueMask: UInt32
    let filter: SamplingFilter
    // Nearest: the first and last pixel index the crop touches, per axis.
    private let firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int
    // Bilinear: the range of pixel-centre positions (centre minus 0.5) to sample.
    private let lowX: Double, highX: Double, lowY: Double, highY: Double

    /// - Parameters:
    ///   - crop: the crop in buffer coordinates (already mapped back through the
    ///     transform), as min/max per axis.
    init(
        pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, rowStride: Int, format: PixelFormat,
        filter: SamplingFilter, crop: (minX: Double, maxX: Double, minY: Double, maxY: Double)
    ) {
        self.pixels = pixels
        self.rowStride = rowStride
        opaqueMask = format.opaqueMask
        self.filter = filter
        // Coordinates are clamped as doubles before becoming integers, so even an
        // absurd crop (far outside the buffer) cannot overflow the conversion.
        func pixelRange(_ low: Double, _ high: Double, count: Int) -> (Int, Int) {
            let first = Int(min(max(low, 0), Double(count - 1)).rounded(.down))
            let last = Int(min(max(high, 0), Double(count)).rounded(.up)) - 1
            return (first, min(max(first, last), count - 1))
        }
        func centreRange(_ low: Double, _ high: Double, count: Int) -> (Double, Double) {
            let limit = Double(count - 1)
            if high - low < 1 {
                let middle = min(max(0, (low + high) / 2 - 0.5), limit)
                return (middle, middle)
            }
            let first = min(max(0, low), limit)
            return (first, min(max(first, high - 1), limit))
        }
        (firstColumn, lastColumn) = pixelRange(crop.minX, crop.maxX, count: width)
        (firstRow, lastRow) = pixelRange(crop.minY, crop.maxY, count: height)
        (lowX, highX) = centreRange(crop.minX, crop.maxX, count: width)
        (lowY, highY) = centreRange(crop.minY, crop.maxY, count: height)
    }

    /// The ARGB8888 colour at buffer point `(x, y)`.
    @inline(__always)
    func sample(x: Double, y: Double) -> UInt32 {
        switch filter {
        case .nearest: return nearest(x: x, y: y)
        case .bilinear: return bilinear(x: x, y: y)
        }
    }

    @inline(__always)
    private func nearest(x: Double, y: Double) -> UInt32 {
        let column = Int(min(max(x, Double(firstColumn)), Double(lastColumn)).rounded(.down))
        let row = Int(min(max(y, Double(firstRow)), Double(lastRow)).rounded(.down))
        return pixels[row * rowStride + column] | opaqueMask
    }

    /// Interpolates in fixed point: the fractional position becomes a weight out of
    /// 256, each row is mixed to 16 bits of precision, and the two rows are mixed and
    /// rounded to 8 bits, so results are the same on every machine.
    @inline(__always)
    private func bilinear(x: Double, y: Double) -> UInt32 {
        let centreX = min(max(x - 0.5, lowX), highX), centreY = min(max(y - 0.5, lowY), highY)
        let column = Int(centreX.rounded(.down)), row = Int(centreY.rounded(.down))
        let weightX = UInt32(((centreX - Double(column)) * 256).rounded())
        let weightY = UInt32(((centreY - Double(row)) * 256).rounded())
        // A zero weight never reads the neighbour, so the last column and row are safe.
        let nextColumn = weightX == 0 ? column : column + 1
        let nextRow = weightY == 0 ? row : row + 1
        let topLeft = pixels[row * rowStride + column] | opaqueMask
        let topRight = pixels[row * rowStride + nextColumn] | opaqueMask
        let bottomLeft = pixels[nextRow * rowStride + column] | opaqueMask
        let bottomRight = pixels[nextRow * rowStride + nextColumn] | opaqueMask
        if weightX == 0 && weightY == 0 { return topLeft }
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let top = (topLeft >> shift & 0xFF) * (256 - weightX) + (topRight >> shift & 0xFF) * weightX
            let bottom = (bottomLeft >> shift & 0xFF) * (256 - weightX) + (bottomRight >> shift & 0xFF) * weightX
            return ((top * (256 - weightY) + bottom * weightY + 32768) >> 16) << shift
        }
        return channel(24) | channel(16) | channel(8) | channel(0)
    }
}
