private import CZlib

/// A zlib stream (RFC 1950: header, deflate data, Adler-32) written piece by
/// piece with the system's zlib, the compressed form of PNG image data; or,
/// in ``Framing/rawSegment``, one piece of the deflate data alone, to be
/// joined with others into one stream (``PNGEncoder`` deflates bands of rows
/// on several threads that way).
///
/// Feed it with ``append(_:)`` as the data is produced (row by row, so the
/// whole uncompressed image never has to exist at once) and take the stream
/// from ``finish()``.
package final class ZlibDeflater {
    /// What ``finish()`` returns.
    package enum Framing {
        /// A whole zlib stream: header, deflate data ending in its final
        /// block, Adler-32.
        case zlib
        /// Deflate data alone (no header, no checksum) that ends on a byte
        /// boundary: in a final block when `last`, otherwise after an empty
        /// stored block (a sync flush), so that another segment's data may
        /// follow it in the same stream.
        case rawSegment(last: Bool)
    }

    private let framing: Framing
    private let stream: UnsafeMutablePointer<z_stream>
    /// Where deflate writes before the bytes are moved to ``compressed``.
    private let chunk: UnsafeMutableBufferPointer<UInt8>
    private var compressed: [UInt8] = []
    private var finished = false

    /// - Parameter level: zlib's 0 (store) to 9 (smallest); 6 is zlib's default.
    ///   See ``PNGEncoder`` for the choice made for screenshots.
    package init(level: Int32 = 6, framing: Framing = .zlib) {
        self.framing = framing
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        chunk = .allocate(capacity: 1 << 16)
        // A 32 KiB window (MAX_WBITS), negated for deflate data without the zlib
        // header and checksum; memory level 8, zlib's default.
        let windowBits = if case .zlib = framing { MAX_WBITS } else { -MAX_WBITS }
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        // Fails only without memory or with a zlib older than its header.
        precondition(status == Z_OK, "zlib deflateInit2 failed (\(status))")
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        chunk.deallocate()
    }

    /// Compresses `bytes` (deflate keeps what it cannot emit yet).
    package func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(!finished, "append after finish")
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        // zlib's next_in is not const in its API but is only read.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        while stream.pointee.avail_in > 0 {
            run(flush: Z_NO_FLUSH)
        }
    }

    /// Compresses the bytes of `array`.
    package func append(_ array: [UInt8]) {
        array.withUnsafeBytes { append($0) }
    }

    /// Ends the stream, or the segment (see ``Framing``), and returns it; the
    /// deflater takes no more input.
    package func finish() -> [UInt8] {
        precondition(!finished, "finish called twice")
        finished = true
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        if case .rawSegment(last: false) = framing {
            // A sync flush is complete once deflate leaves output space unused.
            repeat { run(flush: Z_SYNC_FLUSH) } while stream.pointee.avail_out == 0
        } else {
            while run(flush: Z_FINISH) != Z_STREAM_END {}
        }
        return compressed
    }

    /// One deflate call into ``chunk``; what it produced is appended to
    /// ``compressed``.
    @discardableResult
    private func run(flush: Int32) -> Int32 {
        stream.pointee.next_out = chunk.baseAddress
        stream.pointee.avail_out = uInt(chunk.count)
        let status = deflate(stream, flush)
        // Z_BUF_ERROR only means "no progress possible", which the loops rule out;
        // Z_STREAM_ERROR means a corrupt state (a bug here).
        precondition(
            status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR,
            "zlib deflate failed (\(status))")
        let produced = chunk.count - Int(stream.pointee.avail_out)
        compressed.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<produced]))
        return status
    }

    /// A whole zlib stream of `bytes` at zlib's default level.
    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
        let deflater = ZlibDeflater()
        deflater.append(bytes)
        return deflater.finish()
    }
}
