import DioramaGraphics

/// A decoded PNG: 8-bit RGBA with straight (not premultiplied) alpha, whatever the
/// file's colour type and depth, plus its text chunks.
package struct PNGImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// Four bytes per pixel (red, green, blue, alpha), row after row, no padding.
    package let rgba: [UInt8]
    /// `tEXt` chunks, keyword to text (Latin-1 decoded). A repeated keyword keeps its
    /// last value.
    package let text: [String: String]

    package init(width: Int, height: Int, rgba: [UInt8], text: [String: String] = [:]) {
        precondition(rgba.count == width * height * 4, "\(rgba.count) bytes for a \(width)x\(height) RGBA image")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.text = text
    }

    /// The straight components of pixel `(x, y)`.
    package func components(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }

    /// The image as premultiplied ARGB8888, ready to draw or compare with a rendered
    /// buffer. A PNG written from a ``PixelImage`` comes back identical.
    package var pixelBuffer: PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for index in 0..<(width * height) {
            let base = index * 4
            pixels[index] =
                PixelColor(
                    red: rgba[base], green: rgba[base + 1], blue: rgba[base + 2],
                    alpha: rgba[base + 3]
                ).argb
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }
}
