private import CZlib

/// Decompresses a zlib stream (PNG image data) with the system's zlib,
/// refusing to produce more than the caller expects.
enum ZlibInflater {
    /// The bytes `stream` inflates to. Bytes after the stream's end are ignored.
    ///
    /// - Parameter outputLimit: the most bytes to produce; a stream that would
    ///   produce more throws as soon as it passes the limit (a decompression
    ///   bomb, or image data larger than the PNG header says).
    static func decompress(_ stream: [UInt8], outputLimit: Int) throws(ZlibError) -> [UInt8] {
        let state = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        state.initialize(to: z_stream())
        defer { state.deallocate() }
        guard inflateInit_(state, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZlibError(description: "zlib could not start inflating (out of memory)")
        }
        defer { inflateEnd(state) }

        return try stream.withUnsafeBytes { input in
            Result { () throws(ZlibError) in try inflateAll(input, with: state, outputLimit: outputLimit) }
        }.get()
    }

    /// Runs `state`, set up for inflating, over all of `input`.
    private static func inflateAll(
        _ input: UnsafeRawBufferPointer, with state: UnsafeMutablePointer<z_stream>,
        outputLimit: Int
    ) throws(ZlibError) -> [UInt8] {
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        var output: [UInt8] = []
        // zlib's next_in is not const in its API but is only read.
        state.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        state.pointee.avail_in = uInt(input.count)
        while true {
            state.pointee.next_out = chunk.baseAddress
            state.pointee.avail_out = uInt(chunk.count)
            let status = inflate(state, Z_NO_FLUSH)
            let produced = chunk.count - Int(state.pointee.avail_out)
            guard output.count + produced <= outputLimit else {
                throw ZlibError(
                    description: "data inflates to more than \(outputLimit) bytes, the most expected; the data is corrupt or not what it claims to be")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<produced]))
            let offset = Int(state.pointee.total_in)
            switch status {
            case Z_STREAM_END:
                return output
            case Z_OK:
                continue
            case Z_BUF_ERROR where state.pointee.avail_in == 0:
                throw ZlibError(description: "byte \(offset): compressed data ends too early; the data was cut short, re-create it")
            case Z_NEED_DICT:
                throw ZlibError(description: "zlib header asks for a preset dictionary, which PNG never uses; the data is corrupt")
            case Z_DATA_ERROR:
                let reason = state.pointee.msg.map { String(cString: $0) } ?? "invalid deflate data"
                throw ZlibError(description: "byte \(offset): \(reason); the data is corrupt")
            default:
                throw ZlibError(description: "zlib inflate failed (status \(status))")
            }
        }
    }
}

/// Why a zlib stream could not be decompressed: zlib's reason with the byte
/// offset in the stream where it stopped, and what to do.
struct ZlibError: Error, CustomStringConvertible {
    let description: String
}
