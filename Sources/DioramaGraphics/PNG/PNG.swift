import DioramaModel
import Foundation

/// PNG files for screenshots: write a ``PixelImage`` with
/// ``encode(_:colorType:text:)`` or ``write(_:to:colorType:text:)``.
///
/// The image data is compressed by the system's zlib (see `PNGEncoder`).
/// Only tests read PNGs: the reader lives in the DioramaPNGTestSupport target.
package enum PNG {
    /// The bytes of a PNG file showing `image`.
    ///
    /// - Parameters:
    ///   - image: the pixels to write.
    ///   - colorType: ``PNGColorType/rgba`` keeps transparency; ``PNGColorType/rgb``
    ///     shows the image over black and is a quarter smaller.
    ///   - text: `tEXt` chunks to add, in order (keywords of 1–79 Latin-1
    ///     characters), such as the display name and scale of a screenshot.
    package static func encode(
        _ image: some PixelImage, colorType: PNGColorType = .rgba,
        text: [(keyword: String, value: String)] = []
    ) -> [UInt8] {
        PNGEncoder.encode(image, colorType: colorType, text: text)
    }

    /// Encodes `image` and writes it to `url` with DioramaModel's
    /// `OutputFileWriter`: a regular file is replaced atomically (a reader
    /// never sees half a file), a device or FIFO is written through and stays
    /// what it is, a symbolic link is followed.
    package static func write(
        _ image: some PixelImage, to url: URL, colorType: PNGColorType = .rgba,
        text: [(keyword: String, value: String)] = []
    ) throws(PNGError) {
        let bytes = encode(image, colorType: colorType, text: text)
        do throws(OutputFileFailure) {
            try OutputFileWriter.write(bytes, to: url.path)
        } catch {
            throw PNGError(
                file: url.path, problem: "cannot write: \(error.reason)",
                fix: "check that the directory exists and is writable, and that the path names a file")
        }
    }
}
