import DioramaModel

/// A picture that makes a wrong scale visible: drawn for the buffer's real pixel
/// size, it is crisp only when every buffer pixel lands on exactly one output pixel.
///
/// Layout, for a `width` x `height` image (all lines one device pixel wide), in
/// drawing order:
/// 1. The whole image is ``background``.
/// 2. Grid lines in ``gridColor`` at every column and row that is a positive
///    multiple of ``gridSpacing``.
/// 3. In each corner, 2 pixels in from both edges, a square fine-detail patch of
///    ``finePatchSize`` pixels on black: its top half has vertical lines on the even
///    columns (counted from the patch's left edge), its bottom half horizontal lines
///    on the even rows, in the corner's colour (``Corner/color``). Shown at the wrong
///    scale these turn into a flat mix (bilinear) or 2-pixel stripes (nearest).
/// 4. Next to each patch, 3 pixels away horizontally and aligned with the patch's
///    outer edge, the corner's tag and the label (`"TL 2x"`) in the corner's colour;
///    the right-hand tags end 3 pixels before their patch. A flipped or rotated
///    picture shows the tags in the wrong corners and mirrored.
/// 5. In the centre, `"<width>x<height> <label>"` in ``textColor`` on a
///    ``background`` box with 2 pixels of margin, so grid lines do not cross it.
/// 6. A border in ``borderColor`` on the outermost pixels, last, so that it is
///    complete on any size: a missing edge in a screenshot means a cropped buffer.
///
/// Everything is clipped, so tiny images show whatever fits. The same pattern and
/// size always give the same pixels.
public struct TestPattern: Hashable, Sendable {
    /// The four corners, each with its own colour and tag.
    public enum Corner: String, Hashable, Sendable, CaseIterable {
        /// A corner, with the tag drawn in its patch.
        case topLeft = "TL", topRight = "TR", bottomLeft = "BL", bottomRight = "BR"

        /// The colour of the corner's patch and tag.
        public var color: PixelColor {
            switch self {
            case .topLeft: return PixelColor(rgb: 0xFF4040)
            case .topRight: return PixelColor(rgb: 0x40FF40)
            case .bottomLeft: return PixelColor(rgb: 0x4080FF)
            case .bottomRight: return PixelColor(rgb: 0xFFD020)
            }
        }

        var isRight: Bool { self == .topRight || self == .bottomRight }
        var isBottom: Bool { self == .bottomLeft || self == .bottomRight }
    }

    /// Shown in every corner and the centre, typically the scale the buffer was drawn
    /// for (`"1x"`, `"1.5x"`).
    public var label: String
    /// Pixels between grid lines; at least 2.
    public var gridSpacing: Int
    /// The side of each corner patch in pixels; at least 2.
    public var finePatchSize: Int
    /// The colour behind the grid.
    public var background = PixelColor(rgb: 0x1E2430)
    /// The grid lines' colour.
    public var gridColor = PixelColor(rgb: 0x4A5670)
    /// The one-pixel border's colour.
    public var borderColor = PixelColor.white
    /// The label's colour.
    public var textColor = PixelColor.white
    /// The paper under each corner patch's lines.
    public var patchBackground = PixelColor.black

    /// Distance from the image edge to each corner patch.
    public static let patchInset = 2
    /// Distance between a corner patch and its tag.
    public static let tagGap = 3

    /// - Precondition: `gridSpacing >= 2` and `finePatchSize >= 2`.
    public init(label: String, gridSpacing: Int = 16, finePatchSize: Int = 16) {
        precondition(gridSpacing >= 2, "grid spacing must be at least 2, not \(gridSpacing)")
        precondition(finePatchSize >= 2, "fine patch size must be at least 2, not \(finePatchSize)")
        self.label = label
        self.gridSpacing = gridSpacing
        self.finePatchSize = finePatchSize
    }

    /// Draws the pattern over all of `image`.
    public func draw<Image: MutablePixelImage>(into image: inout Image) {
        drawGrid(into: &image)

        let font = BitmapFont.standard
        for corner in Corner.allCases {
            let patch = finePatchRect(corner, in: image.size)
            for localY in 0..<patch.height {
                for localX in 0..<patch.width {
                    image.setPixel(
                        x: patch.minX + localX, y: patch.minY + localY,
                        to: finePatchPixel(corner, x: localX, y: localY))
                }
            }
            image.draw(tag(corner), at: tagRect(corner, in: image.size).origin, color: corner.color, font: font)
        }

        let caption = caption(for: image.size)
        let box = captionBox(in: image.size)
        image.fill(box, color: background, blendMode: .copy)
        image.draw(caption, at: Point(x: box.minX + 2, y: box.minY + 2), color: textColor, font: font)
        image.stroke(image.bounds, color: borderColor)
    }

    /// Where the pattern holds anything but ``background``, the grid and the
    /// border, for an image of `size`: each corner's patch and tag, and the
    /// centre caption's box, clipped to the image. Outside these rectangles
    /// the pattern is plain geometry (a fill, 1-pixel grid lines, a 1-pixel
    /// border), which a GPU renderer draws as such and samples only these
    /// rectangles from an image of the pattern.
    public func detailRects(in size: Size) -> [Rect] {
        let bounds = Rect(origin: .zero, size: size)
        let corners = Corner.allCases.flatMap { [finePatchRect($0, in: size), tagRect($0, in: size)] }
        return (corners + [captionBox(in: size)]).compactMap { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }

    private func tag(_ corner: Corner) -> String { "\(corner.rawValue) \(label)" }

    private func caption(for size: Size) -> String { "\(size.width)x\(size.height) \(label)" }

    /// The corner's tag beside its patch, aligned with the patch's outer edge.
    private func tagRect(_ corner: Corner, in size: Size) -> Rect {
        let patch = finePatchRect(corner, in: size)
        let tagSize = BitmapFont.standard.measure(tag(corner))
        let x = corner.isRight ? patch.minX - Self.tagGap - tagSize.width : patch.maxX + Self.tagGap
        let y = corner.isBottom ? patch.maxY - tagSize.height : patch.minY
        return Rect(origin: Point(x: x, y: y), size: tagSize)
    }

    /// The centred caption with its 2 pixels of margin in ``background``.
    private func captionBox(in size: Size) -> Rect {
        let captionSize = BitmapFont.standard.measure(caption(for: size))
        let origin = Point(x: (size.width - captionSize.width) / 2, y: (size.height - captionSize.height) / 2)
        return Rect(x: origin.x - 2, y: origin.y - 2, width: captionSize.width + 4, height: captionSize.height + 4)
    }

    /// Background and 1-pixel grid in one pass, each pixel written once: rows
    /// between grid lines are copies of one template row (background with the
    /// vertical lines), grid rows are filled with the grid colour. Writing the
    /// vertical lines column by column instead touches every row's cache lines
    /// again; this pass is what bounds how fast a scene re-renders after a
    /// scale change (the pattern covers the whole drawable).
    private func drawGrid<Image: MutablePixelImage>(into image: inout Image) {
        let width = image.width, height = image.height, stride = image.rowStride
        guard width > 0, height > 0 else { return }
        let backgroundValue = background.argb, gridValue = gridColor.argb
        var template = [UInt32](repeating: backgroundValue, count: width)
        for x in Swift.stride(from: gridSpacing, to: width, by: gridSpacing) { template[x] = gridValue }
        image.withUnsafeMutablePixels { pixels in
            guard let base = pixels.baseAddress else { return }
            template.withUnsafeBufferPointer { row in
                for y in 0..<height {
                    let destination = base + y * stride
                    if y > 0 && y % gridSpacing == 0 {
                        destination.update(repeating: gridValue, count: width)
                    } else {
                        destination.update(from: row.baseAddress!, count: width)
                    }
                }
            }
        }
    }

    /// Where `corner`'s fine patch lies in an image of `size`.
    public func finePatchRect(_ corner: Corner, in size: Size) -> Rect {
        let x = corner.isRight ? size.width - Self.patchInset - finePatchSize : Self.patchInset
        let y = corner.isBottom ? size.height - Self.patchInset - finePatchSize : Self.patchInset
        return Rect(x: x, y: y, width: finePatchSize, height: finePatchSize)
    }

    /// The colour of pixel `(x, y)` of `corner`'s patch, counted from its top-left.
    public func finePatchPixel(_ corner: Corner, x: Int, y: Int) -> PixelColor {
        let inTopHalf = y < finePatchSize / 2
        let onLine = inTopHalf ? x % 2 == 0 : y % 2 == 0
        return onLine ? corner.color : patchBackground
    }

    /// How faithfully `screenshot` shows `corner`'s fine patch, from 0 to 1: the
    /// fraction of the patch's pixels that appear exactly, when the pattern was drawn
    /// for a `patternSize` buffer and that buffer's top-left should land at `origin`
    /// in the screenshot one pixel per pixel.
    ///
    /// A buffer drawn at the output's scale and placed on whole pixels gives 1. One
    /// drawn for half the pixels and upscaled gives far less (about 0.5 with nearest
    /// sampling, near 0 with bilinear), which is how a scenario tells a right scale
    /// from a wrong one without comparing whole images. Patch pixels outside the
    /// screenshot count as wrong.
    public func finePatchFidelity(_ corner: Corner, in screenshot: some PixelImage, patternSize: Size, origin: Point) -> Double {
        let patch = finePatchRect(corner, in: patternSize)
        guard !patch.isEmpty else { return 0 }
        var matches = 0
        for localY in 0..<patch.height {
            for localX in 0..<patch.width {
                let x = origin.x + patch.minX + localX, y = origin.y + patch.minY + localY
                guard x >= 0, x < screenshot.width, y >= 0, y < screenshot.height else { continue }
                if screenshot.pixel(x: x, y: y) == finePatchPixel(corner, x: localX, y: localY) { matches += 1 }
            }
        }
        return Double(matches) / Double(patch.width * patch.height)
    }
}
