/// The five PNG row filters (PNG specification, section 9). Each row of image data
/// starts with a filter byte; the filter predicts every byte from its neighbours and
/// stores the difference, which compresses better. `left` is the byte one pixel
/// earlier in the row (bytes per pixel, or 1 for sub-byte depths), `up` the same byte
/// in the previous row, `upLeft` both; all are 0 outside the image. The reader
/// undoes all five (other encoders use them all); Diorama's writer uses `up` only.
enum PNGFilter: UInt8 {
    case none = 0, sub, up, average, paeth

    /// The prediction of the Paeth filter: whichever of left, up and up-left is
    /// closest to `left + up - upLeft`, ties going to left, then up.
    @inline(__always)
    static func paethPredictor(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left)), toUp = abs(estimate - Int(up)), toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    @inline(__always)
    private func prediction(
        _ row: UnsafeMutableBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>?,
        index: Int, bytesPerPixel: Int
    ) -> UInt8 {
        let left = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
        let up = previous?[index] ?? 0
        switch self {
        case .none: return 0
        case .sub: return left
        case .up: return up
        case .average: return UInt8((Int(left) + Int(up)) / 2)
        case .paeth:
            let upLeft = index >= bytesPerPixel ? previous?[index - bytesPerPixel] ?? 0 : 0
            return Self.paethPredictor(left, up, upLeft)
        }
    }

    /// Restores a filtered row in place, left to right (each byte's prediction uses
    /// bytes already restored). `previous` is the restored row above, `nil` for the
    /// first row.
    func unfilter(_ row: UnsafeMutableBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, bytesPerPixel: Int) {
        guard self != .none else { return }
        for index in row.indices {
            row[index] = row[index] &+ prediction(row, previous, index: index, bytesPerPixel: bytesPerPixel)
        }
    }
}
