import Foundation

/// PNG files for screenshots and reference images: write a ``PixelImage`` with
/// ``encode(_:colorType:method:text:)`` or ``write(_:to:colorType:method:text:)``,
/// read any ordinary PNG with ``decode(_:)`` or ``read(contentsOf:)``.
///
/// Everything (CRC-32, Adler-32, deflate, inflate) is implemented here in Swift, so
/// screenshots need no system library and come out byte-identical on every machine.
public enum PNG {
    /// The bytes of a PNG file showing `image`.
    ///
    /// - Parameters:
    ///   - colorType: ``PNGColorType/rgba`` keeps transparency; ``PNGColorType/rgb``
    ///     shows the image over black and is a quarter smaller.
    ///   - method: ``DeflateMethod/fixedHuffman`` compresses; ``DeflateMethod/stored``
    ///     only wraps.
    ///   - text: `tEXt` chunks to add, in order (keywords of 1–79 Latin-1
    ///     characters), such as the display name and scale of a screenshot.
    public static func encode(_ image: some PixelImage, colorType: PNGColorType = .rgba,
                              method: DeflateMethod = .fixedHuffman,
                              text: [(keyword: String, value: String)] = []) -> [UInt8] {
        PNGEncoder.encode(image, colorType: colorType, method: method, text: text)
    }

    /// Encodes `image` and writes it to `url` atomically (a reader never sees half a
    /// file).
    public static func write(_ image: some PixelImage, to url: URL, colorType: PNGColorType = .rgba,
                             method: DeflateMethod = .fixedHuffman,
                             text: [(keyword: String, value: String)] = []) throws(PNGError) {
        let bytes = encode(image, colorType: colorType, method: method, text: text)
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw PNGError(file: url.path, problem: "cannot write: \(error.localizedDescription)",
                           fix: "check that the directory exists and is writable")
        }
    }

    /// Decodes the bytes of a PNG file.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        try PNGDecoder.decode(bytes)
    }

    /// Reads and decodes the PNG file at `url`; errors name the file.
    public static func read(contentsOf url: URL) throws(PNGError) -> PNGImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGError(file: url.path, problem: "cannot read: \(error.localizedDescription)",
                           fix: "check the path and the file's permissions")
        }
        do {
            return try PNGDecoder.decode([UInt8](data))
        } catch {
            var located = error
            located.file = url.path
            throw located
        }
    }
}
