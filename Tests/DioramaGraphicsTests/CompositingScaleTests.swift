import DioramaModel
import Foundation
import Testing

@testable import DioramaGraphics

/// An opaque grey of `level`.
private func grey(_ level: UInt32) -> UInt32 { 0xFF00_0000 | level << 16 | level << 8 | level }

@Suite("Compositing: crop, scale, clip, blend")
struct CompositingScaleTests {
    @Test("an integer crop scaled 2x with nearest doubles each cropped pixel")
    func cropAndDouble() {
        let source = numberedImage(width: 4, height: 4)
        var output = PixelBuffer(width: 4, height: 4)
        output.composite(
            source,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: 1, y: 1, width: 2, height: 2),
                filter: .nearest))
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(output[x, y] == source[1 + x / 2, 1 + y / 2], "pixel \(x), \(y)")
            }
        }
    }

    @Test("a fractional crop samples the pixel under each output pixel's centre")
    func fractionalCrop() {
        let source = image([[grey(10), grey(20), grey(30), grey(40)]])
        var output = PixelBuffer(width: 4, height: 1)
        // Centres map to 0.75, 1.25, 1.75, 2.25 in the buffer.
        output.composite(
            source,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: 0.5, y: 0, width: 2, height: 1),
                filter: .nearest))
        #expect(rows(of: output) == [[grey(10), grey(20), grey(20), grey(30)]])
    }

    @Test("bilinear 2x upscale of black|white gives quarter steps")
    func bilinearUpscale() {
        let source = image([[grey(0), grey(255)]])
        var output = PixelBuffer(width: 4, height: 1)
        output.composite(source, placement: BufferPlacement(destination: output.bounds, filter: .bilinear))
        // Centres at 0.25, 0.75, 1.25, 1.75 → sample positions −0.25 (clamped to 0),
        // 0.25, 0.75, 1.25 (clamped to 1): 0, 63.75 → 64, 191.25 → 191, 255.
        #expect(rows(of: output) == [[grey(0), grey(64), grey(191), grey(255)]])
    }

    @Test("bilinear 2x downscale averages pixel pairs; 1:1 bilinear is an exact copy")
    func bilinearDownscaleAndIdentity() {
        let source = image([
            [grey(0), grey(100), grey(200), grey(250)],
            [grey(0), grey(100), grey(200), grey(250)],
        ])
        var half = PixelBuffer(width: 2, height: 1)
        half.composite(source, placement: BufferPlacement(destination: half.bounds, filter: .bilinear))
        #expect(rows(of: half) == [[grey(50), grey(225)]])

        var generator = SeededGenerator(seed: 3)
        let noise = PixelBuffer(
            width: 19, height: 7,
            pixels: (0..<133).map { _ in
                let alpha = UInt32.random(in: 0...255, using: &generator)
                return alpha << 24 | UInt32.random(in: 0...alpha, using: &generator) << 8
            })
        for filter in SamplingFilter.allCases {
            var copy = PixelBuffer(width: 19, height: 7)
            copy.composite(noise, placement: BufferPlacement(destination: copy.bounds, filter: filter), blendMode: .copy)
            #expect(copy == noise, "\(filter)")
        }
    }

    @Test("bilinear sampling stays inside the crop: cut-away pixels never bleed in")
    func bilinearClampsToCrop() {
        let source = image([[0xFFFF_0000, grey(0), grey(200), 0xFF00_00FF]])
        var output = PixelBuffer(width: 4, height: 1)
        output.composite(
            source,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: 1, y: 0, width: 2, height: 1),
                filter: .bilinear))
        // Positions 0.75 and 2.25 clamp to 1 and 2; 1.25 and 1.75 mix 0 and 200 by 3:1 and 1:3.
        #expect(rows(of: output) == [[grey(0), grey(50), grey(150), grey(200)]])
    }

    @Test("a destination partly off the output is clipped without shifting; clip limits further")
    func clipping() {
        let source = numberedImage(width: 3, height: 2)
        var output = PixelBuffer(width: 2, height: 2)
        output.composite(
            source,
            placement: BufferPlacement(
                destination: Rect(x: -1, y: 0, width: 3, height: 2),
                filter: .nearest))
        #expect(
            rows(of: output) == [
                [source[1, 0].argb, source[2, 0].argb],
                [source[1, 1].argb, source[2, 1].argb],
            ])
        var clipped = PixelBuffer(width: 3, height: 2)
        clipped.composite(
            source, placement: BufferPlacement(destination: clipped.bounds, filter: .nearest),
            clip: Rect(x: 1, y: 1, width: 5, height: 5))
        #expect(rows(of: clipped) == [[0, 0, 0], [0, source[1, 1].argb, source[2, 1].argb]])
    }

    @Test("offset destinations, XRGB sources, translucency and empty inputs")
    func blendingAndFormats() throws {
        // A half-transparent white pixel lands at (1, 1) over red.
        let translucent = image([[0x8080_8080]])
        var output = PixelBuffer(width: 3, height: 3, filledWith: .red)
        output.composite(translucent, placement: BufferPlacement(destination: Rect(x: 1, y: 1, width: 1, height: 1)))
        #expect(output[1, 1].argb == 0xFFFF_8080)
        #expect(output[0, 0] == .red && output[2, 2] == .red)

        var words: [UInt32] = [0x0011_2233]
        try words.withUnsafeMutableBytes { bytes in
            let xrgb = try PixelCanvas(bytes: bytes, width: 1, height: 1, strideBytes: 4, format: .xrgb8888)
            var target = PixelBuffer(width: 2, height: 1, filledWith: .red)
            target.composite(xrgb, placement: BufferPlacement(destination: target.bounds))
            #expect(rows(of: target) == [[0xFF11_2233, 0xFF11_2233]])
        }

        let before = output
        output.composite(translucent, placement: BufferPlacement(destination: Rect(x: 0, y: 0, width: 0, height: 3)))
        output.composite(
            translucent,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: 0, y: 0, width: 0, height: 1)))
        output.composite(
            translucent,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)))
        output.composite(PixelBuffer(width: 0, height: 0), placement: BufferPlacement(destination: output.bounds))
        output.composite(translucent, placement: BufferPlacement(destination: Rect(x: 5, y: 5, width: 2, height: 2)))
        #expect(output == before)
    }

    @Test("a source rectangle outside the buffer clamps to the edge pixels instead of reading outside")
    func outOfBufferSourceClamps() {
        let source = image([[grey(10), grey(20)]])
        var output = PixelBuffer(width: 2, height: 1)
        output.composite(
            source,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: 5, y: 3, width: 4, height: 2),
                filter: .nearest))
        #expect(rows(of: output) == [[grey(20), grey(20)]])
        output.composite(
            source,
            placement: BufferPlacement(
                destination: output.bounds,
                sourceRect: CGRect(x: -5, y: -3, width: 4, height: 2),
                filter: .bilinear))
        #expect(rows(of: output) == [[grey(10), grey(10)]])
        for filter in SamplingFilter.allCases {
            output.composite(
                source,
                placement: BufferPlacement(
                    destination: output.bounds,
                    sourceRect: CGRect(x: 1e300, y: -1e300, width: 1e300, height: 5),
                    filter: filter))
            #expect(rows(of: output) == [[grey(20), grey(20)]], "absurd crops clamp too (\(filter))")
            output.composite(
                source,
                placement: BufferPlacement(
                    destination: output.bounds,
                    sourceRect: CGRect(x: 1e308, y: 0, width: 1e308, height: 1),
                    filter: filter))
            #expect(rows(of: output) == [[grey(20), grey(20)]], "a crop whose far edge overflows draws nothing")
        }
    }

    @Test("a 1280x800 buffer composites onto a 2560x1600 output, every pixel a 2x2 block")
    func screenSizedComposite() {
        let source = numberedImage(width: 1280, height: 800)
        var output = PixelBuffer(width: 2560, height: 1600)
        output.composite(source, placement: BufferPlacement(destination: output.bounds, filter: .nearest))
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            let x = Int.random(in: 0..<2560, using: &generator), y = Int.random(in: 0..<1600, using: &generator)
            #expect(output[x, y] == PixelColor(argb: source[x / 2, y / 2].argb), "pixel \(x), \(y)")
        }
    }

    /// One buffer pixel per output pixel, untransformed (the row-copy path):
    /// each output pixel is exactly the cropped source pixel under it, opaque
    /// for XRGB8888, copied or blended, whatever the filter, with the
    /// destination partly outside the image and a clip.
    @Test("a 1:1 untransformed placement copies or blends exactly the cropped pixels", arguments: [BlendMode.copy, .sourceOver])
    func oneToOnePlacement(blendMode: BlendMode) throws {
        var generator = SeededGenerator(seed: 21)
        var words = (0..<(20 * 15)).map { _ -> UInt32 in
            let alpha = UInt32.random(in: 0...255, using: &generator)
            func channel() -> UInt32 { UInt32.random(in: 0...alpha, using: &generator) }
            return alpha << 24 | channel() << 16 | channel() << 8 | channel()
        }
        let background = (0..<(12 * 12)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
        let destination = Rect(x: -2, y: 4, width: 10, height: 8)
        let clip = Rect(x: 0, y: 0, width: 12, height: 11)
        for format in [PixelFormat.argb8888, .xrgb8888] {
            for filter in [SamplingFilter.nearest, .bilinear] {
                try words.withUnsafeMutableBytes { bytes in
                    let source = try PixelCanvas(bytes: bytes, width: 20, height: 15, strideBytes: 80, format: format)
                    var output = PixelBuffer(width: 12, height: 12, pixels: background)
                    output.composite(
                        source,
                        placement: BufferPlacement(
                            destination: destination,
                            sourceRect: CGRect(x: 3, y: 2, width: 10, height: 8),
                            filter: filter),
                        blendMode: blendMode, clip: clip)
                    for y in 0..<12 {
                        for x in 0..<12 {
                            var expected = PixelColor(argb: background[y * 12 + x])
                            if x < destination.maxX, (destination.minY..<destination.maxY).contains(y), y < clip.maxY {
                                let pixel = source.pixel(x: 3 + x - destination.minX, y: 2 + y - destination.minY)
                                expected = blendMode == .copy ? pixel : PixelColor(argb: PixelMath.sourceOver(pixel.argb, expected.argb))
                            }
                            #expect(output[x, y] == expected, "(\(x), \(y)) \(format) \(filter)")
                        }
                    }
                }
            }
        }
    }
}
