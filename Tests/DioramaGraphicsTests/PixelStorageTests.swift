import DioramaGraphics
import DioramaModel
import Testing

@Suite("PixelBuffer and PixelCanvas storage")
struct PixelStorageTests {
    @Test("a buffer starts filled and keeps padding out of equality")
    func bufferBasics() {
        var padded = PixelBuffer(width: 3, height: 2, rowStride: 5, filledWith: .red)
        #expect(padded.pixels.count == 10)
        #expect(padded[2, 1] == .red)
        padded[1, 1] = .blue
        let packed = image([
            [0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000],
            [0xFFFF_0000, 0xFF00_00FF, 0xFFFF_0000],
        ])
        #expect(padded == packed)
        #expect(PixelBuffer(padded) == packed)
        #expect(PixelBuffer(padded).rowStride == 3)
        var other = packed
        other[0, 0] = .clear
        #expect(other != packed, "a copy is independent of the original")
        #expect(packed[0, 0] == .red)
        #expect(padded.description == "PixelBuffer(3x2)")
    }

    @Test("cropping copies the overlapping part only")
    func cropped() {
        let source = numberedImage(width: 4, height: 3)
        let crop = source.cropped(to: Rect(x: 2, y: 1, width: 5, height: 5))
        #expect(crop.size == Size(width: 2, height: 2))
        #expect(crop[0, 0] == source[2, 1])
        #expect(crop[1, 1] == source[3, 2])
        #expect(source.cropped(to: Rect(x: 10, y: 10, width: 2, height: 2)).size == .zero)
    }

    @Test("a canvas draws into external memory through its byte stride and leaves the padding alone")
    func canvasWritesThroughStride() throws {
        let width = 3, height = 2, strideBytes = 20  // 5 words per row, 2 of them padding
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: strideBytes * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB)
        var canvas = try PixelCanvas(bytes: memory, width: width, height: height, strideBytes: strideBytes)
        canvas.clear(to: .green)
        canvas.fill(Rect(x: 1, y: 1, width: 10, height: 10), color: .blue)
        let words = memory.bindMemory(to: UInt32.self)
        #expect(Array(words[0..<5]) == [0xFF00_FF00, 0xFF00_FF00, 0xFF00_FF00, 0xABAB_ABAB, 0xABAB_ABAB])
        #expect(Array(words[5..<10]) == [0xFF00_FF00, 0xFF00_00FF, 0xFF00_00FF, 0xABAB_ABAB, 0xABAB_ABAB])
        #expect(
            PixelBuffer(canvas)
                == image([
                    [0xFF00_FF00, 0xFF00_FF00, 0xFF00_FF00],
                    [0xFF00_FF00, 0xFF00_00FF, 0xFF00_00FF],
                ]))
    }

    @Test("an XRGB8888 canvas reads as opaque whatever its padding byte holds")
    func xrgbReadsOpaque() throws {
        var words: [UInt32] = [0x0012_3456, 0x7F65_4321]
        try words.withUnsafeMutableBytes { bytes in
            let canvas = try PixelCanvas(bytes: bytes, width: 2, height: 1, strideBytes: 8, format: .xrgb8888)
            #expect(canvas.pixel(x: 0, y: 0).argb == 0xFF12_3456)
            #expect(canvas.pixel(x: 1, y: 0).argb == 0xFF65_4321)
            var copy = PixelBuffer(width: 2, height: 1, filledWith: .white)
            copy.blit(canvas, to: .zero)
            #expect(copy.pixels == [0xFF12_3456, 0xFF65_4321])
        }
    }

    @Test("bad strides, sizes, alignment and short memory are errors, not crashes")
    func canvasValidation() throws {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: PixelCanvasError.invalidStride(strideBytes: 10, width: 2)) {
            _ = try PixelCanvas(bytes: memory, width: 2, height: 1, strideBytes: 10)
        }
        #expect(throws: PixelCanvasError.invalidStride(strideBytes: 4, width: 2)) {
            _ = try PixelCanvas(bytes: memory, width: 2, height: 1, strideBytes: 4)
        }
        #expect(throws: PixelCanvasError.negativeSize(width: -1, height: 1)) {
            _ = try PixelCanvas(bytes: memory, width: -1, height: 1, strideBytes: 4)
        }
        #expect(throws: PixelCanvasError.tooSmall(needed: 80, available: 64)) {
            _ = try PixelCanvas(bytes: memory, width: 4, height: 5, strideBytes: 16)
        }
        #expect(throws: PixelCanvasError.tooSmall(needed: Int.max, available: 64)) {
            _ = try PixelCanvas(bytes: memory, width: 1, height: Int.max / 2, strideBytes: 8)
        }
        let error = #expect(throws: PixelCanvasError.self) {
            _ = try PixelCanvas(baseAddress: memory.baseAddress! + 2, width: 1, height: 1, strideBytes: 4)
        }
        guard case .misaligned = error else {
            Issue.record("expected a misalignment error, got \(String(describing: error))")
            return
        }
        #expect(error!.description.contains("multiple of 4"))
        // An empty canvas is fine and draws nothing.
        var empty = try PixelCanvas(bytes: memory, width: 0, height: 0, strideBytes: 0)
        empty.clear(to: .red)
        #expect(empty.bounds.isEmpty)
    }
}
