import DioramaModel

extension MutablePixelImage {
    /// Copies the pixels of `source` inside `sourceRect` (all of it when `nil`) so
    /// that the rectangle's top-left lands at `origin`, one pixel for one pixel.
    ///
    /// Both ends clip: parts of `sourceRect` outside the source, and parts that would
    /// land outside this image, are skipped without shifting the rest. An
    /// ``PixelFormat/xrgb8888`` source is read as opaque. For scaling, cropping to
    /// fractions of a pixel or transforms, use
    /// `composite(_:placement:blendMode:clip:)`.
    public mutating func blit(
        _ source: some PixelImage, from sourceRect: Rect? = nil, to origin: Point,
        blendMode: BlendMode = .sourceOver
    ) {
        guard let readable = (sourceRect ?? source.bounds).intersection(source.bounds) else { return }
        // Where the readable part would land, then the part of that inside this image.
        let shiftX = origin.x - (sourceRect ?? source.bounds).minX
        let shiftY = origin.y - (sourceRect ?? source.bounds).minY
        let landing = Rect(
            x: readable.minX + shiftX, y: readable.minY + shiftY,
            width: readable.width, height: readable.height)
        guard let area = landing.intersection(bounds) else { return }
        let sourceStride = source.rowStride, destinationStride = rowStride
        let mask = source.format.opaqueMask
        source.withUnsafePixels { input in
            withUnsafeMutablePixels { output in
                for y in area.minY..<area.maxY {
                    var read = (y - shiftY) * sourceStride + (area.minX - shiftX)
                    var write = y * destinationStride + area.minX
                    for _ in 0..<area.width {
                        let pixel = input[read] | mask
                        output[write] = blendMode == .copy ? pixel : PixelMath.sourceOver(pixel, output[write])
                        read += 1
                        write += 1
                    }
                }
            }
        }
    }
}
