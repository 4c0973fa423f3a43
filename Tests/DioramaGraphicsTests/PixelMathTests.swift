import Testing

@testable import DioramaGraphics

@Suite("Premultiplied colour arithmetic")
struct PixelMathTests {
    @Test("multiplyDivide255 rounds x*y/255 to nearest for all 65 536 pairs")
    func exactRounding() {
        for x in UInt32(0)...255 {
            for y in UInt32(0)...255 {
                let exact = (Double(x) * Double(y) / 255).rounded()
                if PixelMath.multiplyDivide255(x, y) != UInt32(exact) {
                    Issue.record("\(x) * \(y) / 255 gave \(PixelMath.multiplyDivide255(x, y)), expected \(exact)")
                    return
                }
            }
        }
    }

    @Test("straight colours are premultiplied with rounding")
    func premultiplies() {
        #expect(PixelColor(red: 255, green: 255, blue: 255, alpha: 128).argb == 0x8080_8080)
        #expect(PixelColor(red: 255, green: 0, blue: 0, alpha: 0).argb == 0)
        #expect(PixelColor(red: 200, green: 100, blue: 50, alpha: 255).argb == 0xFFC8_6432)
        // 100 * 51 / 255 = 20 exactly; 50 * 51 / 255 = 10.
        #expect(PixelColor(red: 100, green: 50, blue: 1, alpha: 51).argb == 0x3314_0A00)
        #expect(PixelColor(rgb: 0x336699).argb == 0xFF33_6699)
    }

    @Test("premultiplying the straight components gives every valid pixel back")
    func straightRoundTrip() {
        for alpha in 0...255 {
            for channel in 0...alpha {
                let pixel = PixelColor(argb: UInt32(alpha) << 24 | UInt32(channel) << 16 | UInt32(channel / 2) << 8 | UInt32(alpha - channel))
                let straight = pixel.straightComponents
                let back = PixelColor(red: straight.red, green: straight.green, blue: straight.blue, alpha: straight.alpha)
                if alpha == 0 {
                    #expect(back == .clear)
                } else if back != pixel {
                    Issue.record("\(pixel) → \(straight) → \(back)")
                    return
                }
            }
        }
    }

    @Test("source-over matches the premultiplied formula rounded per channel")
    func sourceOverMatchesFormula() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let sourceAlpha = UInt32.random(in: 0...255, using: &generator)
            let destinationAlpha = UInt32.random(in: 0...255, using: &generator)
            func channel(_ limit: UInt32) -> UInt32 { UInt32.random(in: 0...limit, using: &generator) }
            let source = sourceAlpha << 24 | channel(sourceAlpha) << 16 | channel(sourceAlpha) << 8 | channel(sourceAlpha)
            let destination =
                destinationAlpha << 24 | channel(destinationAlpha) << 16 | channel(destinationAlpha) << 8
                | channel(destinationAlpha)
            var expected: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let s = Double(source >> shift & 0xFF), d = Double(destination >> shift & 0xFF)
                let value = s + (d * (255 - Double(sourceAlpha)) / 255).rounded()
                expected |= UInt32(value) << shift
            }
            let actual = PixelColor(argb: source).composited(over: PixelColor(argb: destination)).argb
            if actual != expected {
                Issue.record(
                    "\(PixelColor(argb: source)) over \(PixelColor(argb: destination)) gave \(PixelColor(argb: actual)), expected \(PixelColor(argb: expected))"
                )
                return
            }
        }
    }

    @Test("source-over: opaque replaces, clear keeps, half white over red")
    func sourceOverCases() {
        #expect(PixelColor.blue.composited(over: .red) == .blue)
        #expect(PixelColor.clear.composited(over: .red) == .red)
        let halfWhite = PixelColor(red: 255, green: 255, blue: 255, alpha: 128)
        // 128 + 255 * 127 / 255 = 255 red; 128 + 0 green/blue; alpha 128 + 127.
        #expect(halfWhite.composited(over: .red).argb == 0xFFFF_8080)
    }

    @Test("a colour brighter than its alpha saturates instead of spilling into the next channel")
    func invalidPremultipliedSaturates() {
        let bogus = PixelColor(argb: 0x10FF_FFFF)  // alpha 16, colour 255
        let result = bogus.composited(over: .white)
        #expect(result.argb == 0xFFFF_FFFF)
        #expect(PixelColor(argb: 0x00FF_0000).composited(over: PixelColor(argb: 0xFF80_0000)).argb == 0xFFFF_0000)
    }

    @Test("opacity scales all four channels")
    func opacity() {
        #expect(PixelColor.white.withOpacity(128).argb == 0x8080_8080)
        #expect(PixelColor.red.withOpacity(0) == .clear)
        #expect(PixelColor.red.withOpacity(255) == .red)
    }

    @Test("description is the stored word in hex")
    func description() {
        #expect(PixelColor(argb: 0x0102_0304).description == "#01020304")
        #expect(PixelColor.clear.description == "#00000000")
    }
}
