/// Packs values into bytes least significant bit first, as deflate requires.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    /// Bits not yet written out, lowest first.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value & UInt32(truncatingIfNeeded: (UInt64(1) << count) - 1)) << pendingCount
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if pendingCount > 0 { write(0, count: 8 - pendingCount) }
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func writeBytes(_ slice: ArraySlice<UInt8>) {
        precondition(pendingCount == 0, "raw bytes need a byte-aligned bit writer")
        bytes.append(contentsOf: slice)
    }
}
