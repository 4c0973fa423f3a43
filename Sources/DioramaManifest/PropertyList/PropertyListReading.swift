import DioramaModel
import Foundation

extension PropertyList {
    /// The on-disk encodings ``PropertyList/parse(_:file:)`` understands.
    package enum Format: Sendable, Hashable {
        /// Text with `<plist>`: values carry source locations.
        case xml
        /// `bplist00`: read through `PropertyListSerialization`; values have no locations.
        case binary
    }

    /// Which format `data` is in, judged by its first bytes; `nil` when it is neither.
    package static func detectFormat(of data: Data) -> Format? {
        if data.starts(with: Array("bplist00".utf8)) { return .binary }
        var bytes = Array(data.prefix(512))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .xml }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let firstNonSpace = bytes.first { !whitespace.contains($0) }
        return firstNonSpace == UInt8(ascii: "<") ? .xml : nil
    }

    /// Reads a property list file (XML or binary).
    ///
    /// - Throws: ``PlistError`` for an unreadable file or malformed content; its
    ///   description is `path:line:column: problem; fix`.
    package static func load(contentsOf url: URL) throws(PlistError) -> PropertyList {
        let data: Data
        do {
            data = try RegularFileReader.read(url.path, as: .propertyList)
        } catch {
            throw PlistError(
                location: .startOfFile(url.path), problem: "cannot read the file: \(error)",
                fix: error.oversizeFix
                    ?? (error.kind == nil
                        ? "check that the path exists and is readable"
                        : "point at the property list file itself"))
        }
        return try parse(data, file: url.path)
    }

    /// Parses property-list bytes. `file` is only used in locations and errors.
    package static func parse(_ data: Data, file: String) throws(PlistError) -> PropertyList {
        switch detectFormat(of: data) {
        case .binary:
            return try BinaryPropertyListConversion.convert(data, file: file)
        case .xml:
            var parser = XMLPlistParser(bytes: utf8Bytes(of: data), file: file)
            return try parser.parseDocument()
        case nil:
            throw PlistError(
                location: .startOfFile(file),
                problem: data.isEmpty ? "the file is empty" : "not an XML or binary property list",
                fix: "save it as an XML plist (<plist version=\"1.0\">…) or with `plutil -convert xml1`")
        }
    }

    /// The text as UTF-8 bytes; UTF-16 files (with a byte-order mark) are transcoded so
    /// the scanner only deals with one encoding.
    private static func utf8Bytes(of data: Data) -> [UInt8] {
        if data.starts(with: [0xFF, 0xFE]) {
            return Array(String(decoding: utf16Units(data.dropFirst(2), bigEndian: false), as: UTF16.self).utf8)
        }
        if data.starts(with: [0xFE, 0xFF]) {
            return Array(String(decoding: utf16Units(data.dropFirst(2), bigEndian: true), as: UTF16.self).utf8)
        }
        return Array(data)
    }

    private static func utf16Units(_ bytes: Data, bigEndian: Bool) -> [UInt16] {
        let raw = Array(bytes)
        var units: [UInt16] = []
        units.reserveCapacity(raw.count / 2)
        var offset = 0
        while offset + 1 < raw.count {
            let first = UInt16(raw[offset])
            let second = UInt16(raw[offset + 1])
            units.append(bigEndian ? (first << 8) | second : (second << 8) | first)
            offset += 2
        }
        return units
    }
}
