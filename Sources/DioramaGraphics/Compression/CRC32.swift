/// The CRC-32 that PNG chunks (and zip, gzip, Ethernet) carry: polynomial
/// 0x04C11DB7 processed least-significant bit first (0xEDB88320 reflected), initial
/// value and final XOR 0xFFFFFFFF. The check value of `"123456789"` is 0xCBF43926.
///
/// Feed data in any number of pieces with ``update(_:)``; ``value`` is the checksum
/// of everything so far.
public struct CRC32: Hashable, Sendable {
    /// The running register, before the final XOR.
    private var register: UInt32 = 0xFFFF_FFFF

    public init() {}

    /// The checksum of `bytes` in one call.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let table = Self.table
        var crc = register
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        register = crc
    }

    public var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// The remainder of each byte value, one byte of the register at a time.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
