import DioramaModel

extension MutablePixelImage {
    /// Draws `text` with its ink box's top-left at `origin` (see
    /// ``BitmapFont/measure(_:scale:)`` for the box), each glyph pixel becoming a
    /// `scale` x `scale` block blended source-over. Clipped to the image.
    ///
    /// - Precondition: `scale >= 1`.
    public mutating func draw(
        _ text: String, at origin: Point, color: PixelColor, scale: Int = 1,
        font: BitmapFont = .standard
    ) {
        precondition(scale >= 1, "a text scale must be at least 1, not \(scale)")
        let stride = rowStride, width = self.width, height = self.height
        let value = color.argb
        withUnsafeMutablePixels { pixels in
            var cellX = origin.x, cellY = origin.y
            for character in text {
                if character == "\n" {
                    cellX = origin.x
                    cellY += font.lineHeight * scale
                    continue
                }
                defer { cellX += font.advance * scale }
                // Skip glyphs wholly outside the image without looking at their bits.
                guard cellX < width, cellY < height,
                    cellX + font.glyphWidth * scale > 0, cellY + font.glyphHeight * scale > 0
                else { continue }
                for (row, bits) in font.glyphRows(for: character).enumerated() where bits != 0 {
                    let top = max(0, cellY + row * scale), bottom = min(height, cellY + (row + 1) * scale)
                    guard top < bottom else { continue }
                    for column in 0..<font.glyphWidth where bits & (1 << (4 - column)) != 0 {
                        let left = max(0, cellX + column * scale), right = min(width, cellX + (column + 1) * scale)
                        guard left < right else { continue }
                        for y in top..<bottom {
                            for index in (y * stride + left)..<(y * stride + right) {
                                pixels[index] = PixelMath.sourceOver(value, pixels[index])
                            }
                        }
                    }
                }
            }
        }
    }
}
