import DioramaModel
import Testing

@Suite("Scale precedence")
struct ScaleResolverTests {
    @Test("fractional-scale-v1 wins over everything and uses a viewport with buffer scale 1")
    func fractionalWins() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: Scale(numerator120: 150), preferredBufferScale: 2,
            enteredOutputScales: [3], onlyOutputScale: 3)
        #expect(
            resolved
                == ResolvedScale(
                    scale: Scale(numerator120: 150), usesViewport: true, bufferScale: 1,
                    source: .fractionalScale))
    }

    @Test("a whole-number fractional scale still goes through the viewport")
    func wholeFractional() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: Scale(numerator120: 240), preferredBufferScale: nil,
            enteredOutputScales: [], onlyOutputScale: nil)
        #expect(resolved.usesViewport)
        #expect(resolved.bufferScale == 1)
        #expect(resolved.scale.doubleValue == 2)
    }

    @Test("preferred_buffer_scale beats output scales")
    func preferredBufferScale() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: 2,
            enteredOutputScales: [3], onlyOutputScale: 1)
        #expect(
            resolved
                == ResolvedScale(
                    scale: Scale(numerator120: 240), usesViewport: false, bufferScale: 2,
                    source: .preferredBufferScale))
    }

    @Test("a surface spanning two outputs uses the larger scale")
    func spanningOutputs() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: nil,
            enteredOutputScales: [1, 2], onlyOutputScale: nil)
        #expect(resolved.bufferScale == 2)
        #expect(resolved.source == .enteredOutputs)
        #expect(!resolved.usesViewport)
        #expect(
            ScaleResolver.resolve(
                fractionalPreferred: nil, preferredBufferScale: nil,
                enteredOutputScales: [2, 1], onlyOutputScale: nil
            ).bufferScale == 2)
    }

    @Test("entered outputs beat the only output")
    func enteredBeatsOnly() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: nil,
            enteredOutputScales: [1], onlyOutputScale: 2)
        #expect(resolved.source == .enteredOutputs)
        #expect(resolved.bufferScale == 1)
    }

    @Test("before entering any output, the only output's scale is used")
    func onlyOutput() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: nil,
            enteredOutputScales: [], onlyOutputScale: 3)
        #expect(
            resolved
                == ResolvedScale(
                    scale: Scale(numerator120: 360), usesViewport: false, bufferScale: 3,
                    source: .onlyOutput))
    }

    @Test("with nothing known the scale is 1")
    func fallback() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: nil,
            enteredOutputScales: [], onlyOutputScale: nil)
        #expect(resolved == ResolvedScale(scale: .one, usesViewport: false, bufferScale: 1, source: .fallback))
    }

    @Test("zero and negative hints are treated as absent")
    func invalidHints() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: 0,
            enteredOutputScales: [0, -2], onlyOutputScale: -1)
        #expect(resolved.source == .fallback)
        let partly = ScaleResolver.resolve(
            fractionalPreferred: nil, preferredBufferScale: -3,
            enteredOutputScales: [0, 2], onlyOutputScale: nil)
        #expect(partly.source == .enteredOutputs)
        #expect(partly.bufferScale == 2)
    }
}
