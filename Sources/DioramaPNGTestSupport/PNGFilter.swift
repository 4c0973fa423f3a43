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

    /// Restores a filtered row of `count` bytes in place, left to right (each
    /// byte's prediction uses bytes already restored). `previous` is the
    /// restored row above, `nil` for the first row. One plain loop per filter
    /// over pointers: a call per byte to a generic or a switch costs seconds
    /// over the test suite's large images in a debug build.
    func unfilter(_ row: UnsafeMutablePointer<UInt8>, count: Int, previous: UnsafePointer<UInt8>?, bytesPerPixel: Int) {
        var index = 0
        switch self {
        case .none:
            return
        case .sub:
            index = bytesPerPixel
            while index < count {
                row[index] = row[index] &+ row[index - bytesPerPixel]
                index += 1
            }
        case .up:
            // `up` is 0 on the first row: the row is what was stored.
            guard let previous else { return }
            Self.add(previous, to: row, count: count)
        case .average:
            while index < count {
                let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                let up = previous.map { Int($0[index]) } ?? 0
                row[index] = row[index] &+ UInt8((left + up) / 2)
                index += 1
            }
        case .paeth:
            while index < count {
                let left = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
                let up = previous?[index] ?? 0
                let upLeft = index >= bytesPerPixel ? previous?[index - bytesPerPixel] ?? 0 : 0
                row[index] = row[index] &+ Self.paethPredictor(left, up, upLeft)
                index += 1
            }
        }
    }

    /// `row[i] += above[i]` (mod 256) for every byte, eight bytes at a time:
    /// the low seven bits of each byte add without carrying into the next
    /// byte's, and the sum's top bit is the two top bits and that carry xored.
    static func add(_ above: UnsafePointer<UInt8>, to row: UnsafeMutablePointer<UInt8>, count: Int) {
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= count {
            let a = UnsafeRawPointer(row + index).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(above + index).loadUnaligned(as: UInt64.self)
            let sum = ((a & ~high) &+ (b & ~high)) ^ ((a ^ b) & high)
            UnsafeMutableRawPointer(row + index).storeBytes(of: sum, as: UInt64.self)
            index += 8
        }
        while index < count {
            row[index] = row[index] &+ above[index]
            index += 1
        }
    }
}
