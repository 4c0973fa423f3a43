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
        let object: Any
        var format = PropertyListSerialization.PropertyListFormat.binary
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw damaged
        }
        guard format == .binary else { throw damaged }
        return try value(from: object, file: file, depth: 0)
    }

    private static func value(from object: Any, file: String, depth: Int) throws(PlistError) -> PropertyList {
        guard depth <= XMLPlistParser.maximumDepth else {
            throw unsupported("values nested more than \(XMLPlistParser.maximumDepth) levels deep", file: file)
        }
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
                values.append(try value(from: element, file: file, depth: depth + 1))
            }
            return .array(values)
        case let dictionary as [String: Any]:
            var result = PropertyListDictionary()
            for key in dictionary.keys.sorted() {
                result.append(.init(key: key, value: try value(from: dictionary[key]!, file: file, depth: depth + 1)))
            }
            return .dictionary(result)
        default:
            throw unsupported("a value of type \(type(of: object))", file: file)
        }
    }

    private static func unsupported(_ what: String, file: String) -> PlistError {
        PlistError(
            location: .startOfFile(file),
            problem: "the binary property list contains \(what), which property lists for Diorama cannot hold",
            fix: "store only dict, array, string, integer, real, boolean, date and data values")
    }
}
