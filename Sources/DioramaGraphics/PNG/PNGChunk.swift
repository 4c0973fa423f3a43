private import CZlib

/// The chunk framing of a PNG file: length (big-endian, data only), four-letter
/// type, data, and the CRC-32 of type and data. Shared by the writer here and
/// the reader in DioramaPNGTestSupport.
package enum PNGChunk {
    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package static func append(type: String, data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has four letters, not \(type)")
        file.append(contentsOf: bigEndian(UInt32(data.count)))
        file.append(contentsOf: typeBytes)
        file.append(contentsOf: data)
        file.append(contentsOf: bigEndian(crc(typeBytes[...], data[...])))
    }

    /// The CRC a chunk stores: over its type, then its data.
    package static func crc(_ type: ArraySlice<UInt8>, _ data: ArraySlice<UInt8>) -> UInt32 {
        // zlib's crc32 is the ISO 3309 CRC PNG specifies, continued across calls.
        let typeCRC = type.withUnsafeBytes { crc32(0, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count)) }
        return UInt32(
            data.withUnsafeBytes {
                crc32(typeCRC, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count))
            })
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
    }

    package static func readBigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
