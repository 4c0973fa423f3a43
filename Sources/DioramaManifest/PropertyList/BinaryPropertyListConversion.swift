import Foundation

/// Turns a binary (`bplist00`) property list into ``PropertyList`` values.
///
/// Binary plists are decoded by Foundation's `PropertyListSerialization`; this type
/// only maps Foundation's untyped result onto the value enum. Binary files have no
/// lines, so values carry no location, and dictionary keys come out sorted because
/// `NSDictionary` does not keep the file's order.
enum BinaryPropertyListConversion {
    static func convert(_ data: Data, file: String) throws(PlistError) -> PropertyList {
        let damaged = PlistError(
            location: .startOfFile(file),
            problem: "the binary property list is damaged or truncated",
            fix: "regenerate the file, or convert a good copy with `plutil -convert xml1`")
        // A binary plist is at least the header, one object and the 32-byte trailer.
        // Shorter data must not reach Foundation, which would fall back to reading it
        // as old-style text (and succeed on "bplist00" alone, as a string).
        guard data.count >= 8 + 1 + 32 else { throw damaged }
        // Foundation follows shared objects wherever they are used, so the
        // file's shape is measured first: 107 bytes can stand for a million values.
        if let count = SharedObjectCount(Array(data))?.expandedValues(limit: maximumValues), count > maximumValues {
            throw tooManyValues(file: file)
        }
        let object: Any
        var format = PropertyListSerialization.PropertyListFormat.binary
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw damaged
        }
        guard format == .binary else { throw damaged }
        var budget = maximumValues
        return try value(from: object, file: file, depth: 0, budget: &budget)
    }

    /// The most values a binary plist may hold, each shared object counted
    /// every time it is used: objects may be shared, so a 107-byte file of 20
    /// arrays each holding the next one twice stands for a million values
    /// (2^20), and one of 40 for a trillion. An Info.plist holds hundreds.
    static let maximumValues = 100_000

    private static func value(from object: Any, file: String, depth: Int, budget: inout Int) throws(PlistError) -> PropertyList {
        guard depth <= XMLPlistParser.maximumDepth else {
            throw unsupported("values nested more than \(XMLPlistParser.maximumDepth) levels deep", file: file)
        }
        budget -= 1
        guard budget >= 0 else { throw tooManyValues(file: file) }
        switch object {
        case let string as String:
            return .string(string)
        case let bool as Bool where type(of: object) == Bool.self:
            return .bool(bool)
        case let number as NSNumber:
            // Foundation hands integers, reals and (sometimes) booleans back as
            // NSNumber; its Objective-C type code says which one the file stored.
            switch String(cString: number.objCType) {
            case "c", "B":
                return .bool(number.boolValue)
            case "f", "d":
                return .real(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                guard let integer = Int(exactly: number.uint64Value) else {
                    throw unsupported("an integer larger than \(Int.max)", file: file)
                }
                return .integer(integer)
            default:
                return .integer(number.intValue)
            }
        case let date as Date:
            return .date(date)
        case let data as Data:
            return .data(data)
        case let array as [Any]:
            var values: [PropertyList] = []
            for element in array {
                values.append(try value(from: element, file: file, depth: depth + 1, budget: &budget))
            }
            return .array(values)
        case let dictionary as [String: Any]:
            var result = PropertyListDictionary()
            for key in dictionary.keys.sorted() {
                result.append(.init(key: key, value: try value(from: dictionary[key]!, file: file, depth: depth + 1, budget: &budget)))
            }
            return .dictionary(result)
        default:
            throw unsupported("a value of type \(type(of: object))", file: file)
        }
    }

    private static func tooManyValues(file: String) -> PlistError {
        unsupported("more than \(maximumValues) values once each shared object is counted where it is used", file: file)
    }

    private static func unsupported(_ what: String, file: String) -> PlistError {
        PlistError(
            location: .startOfFile(file),
            problem: "the binary property list contains \(what), which property lists for Diorama cannot hold",
            fix: "store only dict, array, string, integer, real, boolean, date and data values")
    }
}

/// The object graph of a `bplist00` file, read just far enough to count the
/// values it stands for: each array, set and dictionary with its elements,
/// a shared object counted every time it is used. Nil when the file's table
/// cannot be followed (Foundation then says it is damaged).
struct SharedObjectCount {
    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    private let top: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 + 32 else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Self.integer(bytes, at: trailer + 8, size: 8), let top = Self.integer(bytes, at: trailer + 16, size: 8),
            let table = Self.integer(bytes, at: trailer + 24, size: 8),
            count > 0, count <= (trailer - 8), top < count, table <= trailer, count <= (trailer - table) / offsetSize
        else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = Self.integer(bytes, at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
                return nil
            }
            offsets.append(offset)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.top = top
    }

    /// The values the top object stands for, or `limit + 1` once past `limit`;
    /// nil for a reference out of the table, a cycle, or nesting deeper than
    /// the readers allow (Foundation and the depth check then refuse the file).
    func expandedValues(limit: Int) -> Int? {
        var memo = [Int?](repeating: nil, count: offsets.count)
        var onPath = [Bool](repeating: false, count: offsets.count)
        func count(_ object: Int, depth: Int) -> Int? {
            guard object < offsets.count, depth <= XMLPlistParser.maximumDepth + 1, !onPath[object] else { return nil }
            if let known = memo[object] { return known }
            guard let children = references(of: offsets[object]) else { return nil }
            onPath[object] = true
            defer { onPath[object] = false }
            var total = 1
            for child in children {
                guard let counted = count(child, depth: depth + 1) else { return nil }
                total = min(limit + 1, total + counted)
            }
            memo[object] = total
            return total
        }
        return count(top, depth: 0)
    }

    /// The objects an array, set or dictionary at `offset` refers to (a
    /// dictionary's keys and values); none for other objects.
    private func references(of offset: Int) -> [Int]? {
        let marker = bytes[offset]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
        var position = offset + 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            guard position < bytes.count, bytes[position] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[position] & 0x0F)
            guard size <= 8, let long = Self.integer(bytes, at: position + 1, size: size) else { return nil }
            count = long
            position += 1 + size
        }
        let references = kind == 0xD ? count * 2 : count
        guard references >= 0, references <= (bytes.count - position) / referenceSize else { return nil }
        var objects: [Int] = []
        objects.reserveCapacity(references)
        for index in 0..<references {
            guard let object = Self.integer(bytes, at: position + index * referenceSize, size: referenceSize) else { return nil }
            objects.append(object)
        }
        return objects
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`; nil past
    /// the end or above `Int.max`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return Int(exactly: value)
    }
}
