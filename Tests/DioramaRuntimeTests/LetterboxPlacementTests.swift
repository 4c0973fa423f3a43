import DioramaModel
import Testing

@testable import Diorama

/// The one placement of a drawable that is not the buffer's size, which the
/// software, OpenGL ES and Vulkan presenters all apply.
@Suite("Letterbox placement shared by every presenter")
struct LetterboxPlacementTests {
    func placement(
        _ drawable: (Int, Int), in buffer: (Int, Int), gravity: ContentsGravity, color: UInt32 = 0xFF00_0000
    ) -> LetterboxPlacement? {
        LetterboxPlacement(
            drawableSize: Size(width: drawable.0, height: drawable.1), bufferSize: Size(width: buffer.0, height: buffer.1),
            gravity: gravity, color: color)
    }

    @Test("a drawable of the buffer's size is the buffer: nothing to place")
    func sameSizeIsNoPlacement() {
        #expect(placement((640, 400), in: (640, 400), gravity: .resizeAspect) == nil)
    }

    @Test("resizeAspect fits the drawable and centres it, in whole pixels")
    func resizeAspectLetterboxes() throws {
        let placed = try #require(placement((320, 180), in: (960, 600), gravity: .resizeAspect))
        #expect(placed.destination == Rect(x: 0, y: 30, width: 960, height: 540))
    }

    @Test("GL's bottom-up rows: the same rectangle counted from the bottom, also when the bars differ by a pixel")
    func rowsFromTheBottom() throws {
        let placed = try #require(placement((100, 50), in: (300, 151), gravity: .center))
        #expect(placed.destination == Rect(x: 100, y: 51, width: 100, height: 50))
        #expect(placed.destinationFromBottom == Rect(x: 100, y: 50, width: 100, height: 50))
    }

    @Test("the clear colour's channels, alpha ignored")
    func colorComponents() throws {
        let components = try #require(placement((1, 1), in: (2, 2), gravity: .resize, color: 0x80FF_3300)).colorComponents
        #expect(components.red == 1 && components.green == Float(0x33) / 255 && components.blue == 0)
    }
}
