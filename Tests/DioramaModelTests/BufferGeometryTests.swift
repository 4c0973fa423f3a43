import DioramaModel
import Testing

@Suite("Buffer geometry")
struct BufferGeometryTests {
    private func fractional(_ numerator: Int) -> ResolvedScale {
        ScaleResolver.resolve(
            fractionalPreferred: Scale(numerator120: numerator), preferredBufferScale: nil,
            enteredOutputScales: [], onlyOutputScale: nil)
    }

    private func integer(_ factor: Int) -> ResolvedScale {
        ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: factor,
            enteredOutputScales: [], onlyOutputScale: nil)
    }

    @Test("fractional-scale-v1 example: 100x50 at 1.5 → 150x75 buffer, viewport 100x50")
    func specExample() {
        let geometry = BufferGeometry.for(logical: Size(width: 100, height: 50), scale: fractional(180))
        #expect(
            geometry
                == BufferGeometry(
                    bufferSize: Size(width: 150, height: 75), bufferScale: 1,
                    viewportDestination: Size(width: 100, height: 50)))
    }

    @Test(
        "1.25 and 1.75 round halfway away from zero",
        arguments: [
            (150, Size(width: 1180, height: 820), Size(width: 1475, height: 1025)),
            (150, Size(width: 101, height: 3), Size(width: 126, height: 4)),
            (210, Size(width: 1180, height: 820), Size(width: 2065, height: 1435)),
            (210, Size(width: 101, height: 3), Size(width: 177, height: 5)),
        ])
    func fractionalRounding(numerator: Int, logical: Size, buffer: Size) {
        let geometry = BufferGeometry.for(logical: logical, scale: fractional(numerator))
        #expect(geometry.bufferSize == buffer)
        #expect(geometry.bufferScale == 1)
        #expect(geometry.viewportDestination == logical)
    }

    @Test("integer scales give logical × scale, a multiple of the scale, and no viewport")
    func integerScale() {
        for factor in 1...3 {
            for logical in [Size(width: 100, height: 50), Size(width: 1181, height: 7)] {
                let geometry = BufferGeometry.for(logical: logical, scale: integer(factor))
                #expect(geometry.bufferSize == Size(width: logical.width * factor, height: logical.height * factor))
                #expect(geometry.bufferSize.width % factor == 0 && geometry.bufferSize.height % factor == 0)
                #expect(geometry.bufferScale == factor)
                #expect(geometry.viewportDestination == nil)
            }
        }
    }

    @Test("below scale 1/2 a one-point side is still one pixel; empty stays empty")
    func tinySizes() {
        let geometry = BufferGeometry.for(logical: Size(width: 1, height: 0), scale: fractional(30))
        #expect(geometry.bufferSize == Size(width: 1, height: 0))
        let negative = BufferGeometry.for(logical: Size(width: -5, height: 10), scale: integer(2))
        #expect(negative.bufferSize == Size(width: 0, height: 20))
    }
}
