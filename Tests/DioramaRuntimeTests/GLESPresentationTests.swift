import DioramaModel
import Testing

@testable import Diorama

/// Which presentation a scene's OpenGL ES frames get, from what the GL
/// implementation offers (`GLESCapabilities.resolve`), and the row flip used
/// where `glReadPixels` cannot hand rows over top row first.
@Suite("How OpenGL ES frames are presented")
struct GLESPresentationTests {
    static let mesaExtensions: Set<String> = [
        "GL_EXT_texture_format_BGRA8888", "GL_EXT_read_format_bgra", "GL_ANGLE_pack_reverse_row_order",
    ]
    static let llvmpipe = GLESCapabilities(
        renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", extensions: mesaExtensions, surfacelessContext: true)
    static let gpu = GLESCapabilities(
        renderer: "AMD Radeon RX 7600 (radeonsi, navi33, LLVM 15.0.6, DRM 3.54)", extensions: mesaExtensions,
        surfacelessContext: true)

    @Test("automatic: shared memory on a CPU rasterizer, the window surface on a GPU")
    func automaticFollowsTheRasterizer() {
        #expect(Self.llvmpipe.resolve(.automatic) == (.sharedMemory, nil))
        #expect(Self.gpu.resolve(.automatic) == (.windowSurface, nil))
        var softpipe = Self.llvmpipe
        softpipe.renderer = "softpipe"
        #expect(softpipe.resolve(.automatic).0 == .sharedMemory)
    }

    @Test("an explicit choice is kept, on a GPU too")
    func explicitChoicesAreKept() {
        #expect(Self.gpu.resolve(.sharedMemory) == (.sharedMemory, nil))
        #expect(Self.llvmpipe.resolve(.windowSurface) == (.windowSurface, nil))
    }

    @Test("without a surfaceless context or BGRA reads, frames go through the window surface, and an explicit ask says why")
    func missingCapabilitiesFallBackToTheWindowSurface() throws {
        var noSurfaceless = Self.llvmpipe
        noSurfaceless.surfacelessContext = false
        #expect(noSurfaceless.resolve(.automatic) == (.windowSurface, nil))
        let (presentation, note) = noSurfaceless.resolve(.sharedMemory)
        #expect(presentation == .windowSurface)
        #expect(try #require(note).contains("EGL_KHR_surfaceless_context"))

        var noBGRA = Self.llvmpipe
        noBGRA.extensions.remove("GL_EXT_read_format_bgra")
        #expect(noBGRA.resolve(.automatic).0 == .windowSurface)
        #expect(try #require(noBGRA.resolve(.sharedMemory).note).contains("GL_EXT_read_format_bgra"))
    }

    @Test("reading rows top row first needs GL_ANGLE_pack_reverse_row_order; without it the rows are flipped after the read")
    func rowOrder() {
        #expect(Self.llvmpipe.readsTopRowFirst)
        var plain = Self.llvmpipe
        plain.extensions.remove("GL_ANGLE_pack_reverse_row_order")
        #expect(!plain.readsTopRowFirst)
        for rows in [1, 2, 3, 6] {
            // Rows of 4 pixels in a stride of 5 (the fifth is padding); row y holds y.
            var pixels = (0..<(rows * 5)).map { UInt32($0 / 5) }
            pixels.withUnsafeMutableBufferPointer { GLESTarget.flipRows($0, rowLength: 5, rows: rows) }
            #expect(pixels == (0..<(rows * 5)).map { UInt32(rows - 1 - $0 / 5) }, "\(rows) rows")
        }
    }

    @Test("offscreen framebuffers: the last four sizes are kept, fewer when they would pass 128 MiB, the newest always")
    func framebufferEvictions() {
        func evictions(_ kept: [Size], adding size: Size) -> Int {
            OffscreenFramebuffers.evictions(
                keeping: kept, adding: size, capacity: 4, maximumBytes: OffscreenFramebuffers.maximumBytes, bytesPerPixel: 4)
        }
        let one = Size(width: 1280, height: 800), oneAndAHalf = Size(width: 1920, height: 1200)
        let two = Size(width: 2560, height: 1600), fiveK = Size(width: 5120, height: 2880)
        #expect(evictions([one, oneAndAHalf], adding: two) == 0, "a window's three scales fit")
        #expect(evictions([one, oneAndAHalf, two, Size(width: 800, height: 600)], adding: fiveK) == 1, "four sizes at most")
        #expect(evictions([one, oneAndAHalf, fiveK], adding: Size(width: 5120, height: 2879)) == 0, "131 MB fit")
        // 59 MB each: a third 5K-sized frame evicts older sizes until two are left with it.
        #expect(evictions([one, fiveK, Size(width: 5120, height: 2879)], adding: Size(width: 5120, height: 2878)) == 2)
        #expect(evictions([Size(width: 8000, height: 8000)], adding: Size(width: 8000, height: 7999)) == 0, "the newest stays however big")
    }
}
