import CWaylandUtil

/// Strings on the wire. Outgoing C strings only need to live for the
/// marshalling call (libwayland copies them into its buffer at once).
package enum WireString {
    package static func withOptional<Result>(_ string: String?, _ body: (UnsafePointer<CChar>?) throws -> Result) rethrows -> Result {
        guard let string else { return try body(nil) }
        return try string.withCString(body)
    }

    /// The interface name of a table, for an untyped new_id (wl_registry.bind).
    package static func with<Result>(interfaceName table: UnsafePointer<wl_interface>, _ body: (UnsafePointer<CChar>?) throws -> Result) rethrows -> Result {
        try body(table.pointee.name)
    }

    /// A string argument the protocol says is never null. libwayland already
    /// rejects a NULL there, so the empty string is only a last line of defence.
    package static func required(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    package static func optional(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// `array` arguments, as bytes. Interpretation (e.g. the uint32 states of
/// xdg_toplevel.configure) is up to the protocol area that uses them.
package enum WireArray {
    package static func with<Result>(_ bytes: [UInt8], _ body: (UnsafeMutablePointer<wl_array>) throws -> Result) rethrows -> Result {
        var copy = bytes
        return try copy.withUnsafeMutableBytes { buffer in
            var array = wl_array(size: buffer.count, alloc: buffer.count, data: buffer.baseAddress)
            return try withUnsafeMutablePointer(to: &array) { try body($0) }
        }
    }

    package static func bytes(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
        guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
    }

    /// Packs 32-bit values in native byte order, as Wayland sends them.
    package static func pack(_ values: [UInt32]) -> [UInt8] {
        values.withUnsafeBytes { Array($0) }
    }

    /// Unpacks native-order 32-bit values; a trailing partial value is ignored.
    package static func unpack(_ bytes: [UInt8]) -> [UInt32] {
        let count = bytes.count / 4
        return (0..<count).map { index in
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
        }
    }
}

/// Wayland's 24.8 signed fixed-point number.
package enum Fixed {
    package static func toDouble(_ value: wl_fixed_t) -> Double { wl_fixed_to_double(value) }
    package static func fromDouble(_ value: Double) -> wl_fixed_t { wl_fixed_from_double(value) }
}
