/// The Adler-32 checksum that ends every zlib stream (RFC 1950): two sums modulo
/// 65521, `a` of the bytes plus one and `b` of the successive values of `a`, packed as
/// `b << 16 | a`. The checksum of `"Wikipedia"` is 0x11E60398.
public struct Adler32: Hashable, Sendable {
    private static let modulus: UInt32 = 65521
    /// The most bytes that can be summed before `b` could overflow 32 bits, so the
    /// expensive modulo runs once per block instead of once per byte.
    private static let blockLength = 5552

    private var a: UInt32 = 1
    private var b: UInt32 = 0

    public init() {}

    /// The checksum of `bytes` in one call.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a = self.a, b = self.b
        var start = 0
        while start < bytes.count {
            let end = min(start + Self.blockLength, bytes.count)
            for index in start..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= Self.modulus
            b %= Self.modulus
            start = end
        }
        self.a = a
        self.b = b
    }

    public var value: UInt32 { b << 16 | a }
}
