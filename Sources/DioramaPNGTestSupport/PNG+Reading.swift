import DioramaGraphics
import Foundation

// Reading PNGs is for tests only (they compare screenshots and reference
// images pixel by pixel), so it lives here rather than next to the writer.
extension PNG {
    /// Decodes the bytes of a PNG file.
    package static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        try PNGDecoder.decode(bytes)
    }

    /// Reads and decodes the PNG file at `url`; errors name the file.
    package static func read(contentsOf url: URL) throws(PNGError) -> PNGImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGError(
                file: url.path, problem: "cannot read: \(error.localizedDescription)",
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
