/// The integer arithmetic every drawing path shares: exact rounding of `x * y / 255`
/// and premultiplied source-over, two channels at a time.
///
/// Two channels fit in one 32-bit word as 16-bit lanes (`0x00RR00BB`, `0x00AA00GG`):
/// a channel times a weight is at most 255 * 255 = 65025, plus the rounding terms still
/// below 65536, so one multiply handles two channels without a carry crossing lanes.
enum PixelMath {
    /// `x * y / 255` rounded to nearest, for `x, y` in 0…255, without a division:
    /// with `t = x * y + 128`, `(t + t / 256) / 256` is exact for every such pair
    /// (the tests check all 65 536).
    @inline(__always)
    static func multiplyDivide255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Each of the four channels of `pixel` times `weight / 255`, rounded as
    /// ``multiplyDivide255(_:_:)`` does.
    @inline(__always)
    static func scale(_ pixel: UInt32, by weight: UInt32) -> UInt32 {
        var redBlue = (pixel & 0x00FF_00FF) &* weight &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var alphaGreen = ((pixel >> 8) & 0x00FF_00FF) &* weight &+ 0x0080_0080
        alphaGreen = ((alphaGreen &+ ((alphaGreen >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return redBlue | (alphaGreen << 8)
    }

    /// Lane-wise `a + b`, each lane capped at 255. A lane that reached 256 or more has
    /// bit 8 set; `0x100 - 1` turns that lane into `0xFF` before masking, while a lane
    /// without it gets `0x100`, which the mask drops.
    @inline(__always)
    private static func saturatingLaneSum(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let sum = a &+ b
        return (sum | (0x0100_0100 &- ((sum >> 8) & 0x0001_0001))) & 0x00FF_00FF
    }

    /// Premultiplied source-over: `source + destination * (255 - sourceAlpha) / 255`
    /// per channel.
    ///
    /// With valid premultiplied input the sum never exceeds 255; a client may still
    /// hand over a buffer whose colour exceeds its alpha, and then each channel
    /// saturates at 255 instead of spilling into its neighbour.
    @inline(__always)
    static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let sourceAlpha = source >> 24
        if sourceAlpha == 255 { return source }
        if source == 0 { return destination }
        let faded = scale(destination, by: 255 - sourceAlpha)
        let redBlue = saturatingLaneSum(source & 0x00FF_00FF, faded & 0x00FF_00FF)
        let alphaGreen = saturatingLaneSum((source >> 8) & 0x00FF_00FF, (faded >> 8) & 0x00FF_00FF)
        return redBlue | (alphaGreen << 8)
    }
}
