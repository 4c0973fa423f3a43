import DioramaModel

extension PixelImage {
    /// How many pixels of `reference` this image shows in another colour, with
    /// `reference`'s top-left pixel at `origin` of this image: zero when the
    /// image holds `reference` unchanged, pixel for pixel.
    ///
    /// This is the judgement of a crisp frame (a screenshot compared with the
    /// buffer a window committed, or with what Cairo renders at the display's
    /// scale): any scaling or resampling on the way changes edge pixels.
    /// Colours only: alpha is ignored on both sides, because a screenshot is
    /// composited over black, where a premultiplied pixel keeps its colour
    /// words and only its alpha becomes opaque.
    ///
    /// - Precondition: `reference` placed at `origin` lies inside ``bounds``.
    public func pixelsDiffering(from reference: some PixelImage, at origin: Point) -> Int {
        precondition(
            origin.x >= 0 && origin.y >= 0 && origin.x + reference.width <= width && origin.y + reference.height <= height,
            "a \(reference.width)x\(reference.height) reference at \(origin.x),\(origin.y) is outside a \(width)x\(height) image")
        let colour: UInt32 = 0x00FF_FFFF
        let stride = rowStride, referenceStride = reference.rowStride
        return withUnsafePixels { pixels in
            reference.withUnsafePixels { referencePixels in
                var differing = 0
                for y in 0..<reference.height {
                    let row = (origin.y + y) * stride + origin.x, referenceRow = y * referenceStride
                    for x in 0..<reference.width where pixels[row + x] & colour != referencePixels[referenceRow + x] & colour {
                        differing += 1
                    }
                }
                return differing
            }
        }
    }
}
