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
    /// An opaque pixel's premultiplied components are its straight ones, so
    /// it is only reordered; the others go through ``PixelColor``.
    package var pixelBuffer: PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: width * height)
        rgba.withUnsafeBufferPointer { rgba in
            pixels.withUnsafeMutableBufferPointer { pixels in
                guard let source = rgba.baseAddress, let output = pixels.baseAddress else { return }
                var index = 0
                while index < pixels.count {
                    let pixel = source + index * 4
                    let (red, green, blue, alpha) = (pixel[0], pixel[1], pixel[2], pixel[3])
                    output[index] =
                        alpha == 255
                        ? 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                        : PixelColor(red: red, green: green, blue: blue, alpha: alpha).argb
                    index += 1
                }
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }
}
