import DioramaModel

// Rectangles and lines. Every operation clips to the image, so drawing partly or
// wholly outside it is safe and draws only the visible part; nothing here allocates.

extension MutablePixelImage {
    /// Sets every pixel to `color`, replacing what was there (alpha included).
    public mutating func clear(to color: PixelColor = .clear) {
        fill(bounds, color: color, blendMode: .copy)
    }

    /// Fills the part of `rect` inside the image.
    public mutating func fill(_ rect: Rect, color: PixelColor, blendMode: BlendMode = .sourceOver) {
        guard let area = rect.intersection(bounds) else { return }
        let stride = rowStride
        let value = color.argb
        // Source-over with an opaque colour is a plain copy; with a clear one, nothing.
        let copies = blendMode == .copy || color.isOpaque
        if !copies && value == 0 { return }
        withUnsafeMutablePixels { pixels in
            for y in area.minY..<area.maxY {
                let row = UnsafeMutableBufferPointer(rebasing: pixels[(y * stride + area.minX)..<(y * stride + area.maxX)])
                if copies {
                    row.update(repeating: value)
                } else {
                    for index in row.indices {
                        row[index] = PixelMath.sourceOver(value, row[index])
                    }
                }
            }
        }
    }

    /// Outlines `rect` with lines `lineWidth` pixels thick drawn just inside its
    /// edges (the pixel grid has no half pixels to centre a line on), so the outline
    /// covers exactly the pixels of `rect` that are within `lineWidth` of an edge.
    /// Each pixel is drawn once, so a translucent outline has even corners.
    public mutating func stroke(_ rect: Rect, color: PixelColor, lineWidth: Int = 1, blendMode: BlendMode = .sourceOver) {
        guard !rect.isEmpty, lineWidth > 0 else { return }
        let vertical = min(lineWidth, rect.height)
        let horizontal = min(lineWidth, rect.width)
        // Top and bottom bands span the full width; the side bands fill the rows
        // between them, so no pixel is covered twice.
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: vertical), color: color, blendMode: blendMode)
        let bottomHeight = min(vertical, rect.height - vertical)
        fill(
            Rect(x: rect.minX, y: rect.maxY - bottomHeight, width: rect.width, height: bottomHeight),
            color: color, blendMode: blendMode)
        let middle = Rect(x: rect.minX, y: rect.minY + vertical, width: rect.width, height: rect.height - vertical - bottomHeight)
        guard !middle.isEmpty else { return }
        fill(Rect(x: middle.minX, y: middle.minY, width: horizontal, height: middle.height), color: color, blendMode: blendMode)
        let rightWidth = min(horizontal, rect.width - horizontal)
        fill(
            Rect(x: middle.maxX - rightWidth, y: middle.minY, width: rightWidth, height: middle.height),
            color: color, blendMode: blendMode)
    }

    /// A one-pixel-high line of `length` pixels starting at `(x, y)` going right.
    public mutating func drawHorizontalLine(x: Int, y: Int, length: Int, color: PixelColor, blendMode: BlendMode = .sourceOver) {
        fill(Rect(x: x, y: y, width: length, height: 1), color: color, blendMode: blendMode)
    }

    /// A one-pixel-wide line of `length` pixels starting at `(x, y)` going down.
    public mutating func drawVerticalLine(x: Int, y: Int, length: Int, color: PixelColor, blendMode: BlendMode = .sourceOver) {
        fill(Rect(x: x, y: y, width: 1, height: length), color: color, blendMode: blendMode)
    }

    /// A one-pixel line from `start` to `end`, both included, with Bresenham's
    /// integer algorithm: one pixel per step along the longer axis, each drawn
    /// exactly once (so a translucent line has no darker joints). Where the ideal line
    /// passes exactly between two pixels, the step along the shorter axis is taken.
    public mutating func drawLine(from start: Point, to end: Point, color: PixelColor, blendMode: BlendMode = .sourceOver) {
        let stride = rowStride, width = self.width, height = self.height
        let value = color.argb
        let deltaX = abs(end.x - start.x), deltaY = -abs(end.y - start.y)
        let stepX = start.x < end.x ? 1 : -1, stepY = start.y < end.y ? 1 : -1
        withUnsafeMutablePixels { pixels in
            var x = start.x, y = start.y
            var error = deltaX + deltaY
            while true {
                if x >= 0, x < width, y >= 0, y < height {
                    let index = y * stride + x
                    pixels[index] = blendMode == .copy ? value : PixelMath.sourceOver(value, pixels[index])
                }
                if x == end.x && y == end.y { break }
                let doubled = 2 * error
                if doubled >= deltaY { error += deltaY; x += stepX }
                if doubled <= deltaX { error += deltaX; y += stepY }
            }
        }
    }
}
