import DioramaManifest
import DioramaModel
import Foundation
import Testing

@Suite("XML property list parser")
struct PropertyListParserTests {
    @Test("every value type is read, with keys in file order")
    func allTypes() throws {
        let plist = try PropertyList.load(contentsOf: Fixture.url("AllTypes.plist"))
        let root = try #require(plist.dictionaryValue)
        #expect(
            root.keys == [
                "zString", "aInteger", "mReal", "bTrue", "bFalse", "date", "data",
                "array", "emptyString", "cdata", "nested",
            ])
        #expect(root["zString"]?.stringValue == "Fish & Chips <3 \u{E9}\u{1F600} \"q\" 'a'")
        #expect(root["aInteger"]?.integerValue == -42)
        #expect(root["mReal"]?.realValue == 1.25)
        #expect(root["bTrue"]?.boolValue == true)
        #expect(root["bFalse"]?.boolValue == false)
        // 2025-06-09T17:30:05Z, computed independently of the parser.
        var components = DateComponents()
        components.year = 2025; components.month = 6; components.day = 9
        components.hour = 17; components.minute = 30; components.second = 5
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        #expect(root["date"]?.dateValue == calendar.date(from: components))
        #expect(root["data"]?.dataValue == Data([0xDE, 0xAD, 0xBE, 0xEF]))
        let array = try #require(root["array"]?.arrayValue)
        #expect(array.count == 4)
        #expect(array[0].stringValue == "one")
        #expect(array[1].integerValue == 2)
        #expect(array[2].arrayValue == [])
        #expect(array[3].dictionaryValue?.isEmpty == true)
        #expect(root["emptyString"]?.stringValue == "")
        #expect(root["cdata"]?.stringValue == "<not a tag> & not an entity")
        #expect(plist["nested"]?["inner"]?.stringValue == "value")
    }

    @Test("values and keys know their line and column")
    func locations() throws {
        let url = try Fixture.url("AllTypes.plist")
        let plist = try PropertyList.load(contentsOf: url)
        #expect(plist.location == SourceLocation(file: url.path, line: 4, column: 1))
        let root = try #require(plist.dictionaryValue)
        let entry = try #require(root.entry(forKey: "aInteger"))
        #expect(entry.keyLocation == SourceLocation(file: url.path, line: 7, column: 2))
        #expect(entry.value.location == SourceLocation(file: url.path, line: 8, column: 2))
        #expect(root["nested"]?["inner"]?.location?.line == 35)
        #expect(root["nested"]?["inner"]?.location?.column == 3)
    }

    @Test("columns count characters, not UTF-8 bytes")
    func columnsCountCharacters() throws {
        let plist = try parsePlist("<plist><dict><key>é€</key><integer>1</integer></dict></plist>")
        let entry = try #require(plist.dictionaryValue?.entry(forKey: "é€"))
        // <plist><dict><key>é€</key> is 26 characters, but 29 bytes.
        #expect(entry.value.location?.column == 27)
    }

    @Test("a bare root value without <plist> is accepted")
    func bareRoot() throws {
        #expect(
            try parsePlist("<array><integer>0x1F</integer><real>-2.5e3</real></array>").strippingLocations()
                == .array([.integer(31), .real(-2500)]))
    }

    @Test("CRLF line endings count as one line break and become LF in text")
    func crlf() throws {
        let text = "<plist>\r\n<dict>\r\n<key>k</key>\r\n<string>a\r\nb</string>\r\n</dict>\r\n</plist>\r\n"
        let plist = try parsePlist(text)
        #expect(plist["k"]?.stringValue == "a\nb")
        #expect(plist["k"]?.location?.line == 4)
    }

    @Test("UTF-16 files with a byte-order mark are read")
    func utf16() throws {
        let text = "<plist><dict><key>name</key><string>Zoë</string></dict></plist>"
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let plist = try PropertyList.parse(data, file: "utf16.plist")
        #expect(plist["name"]?.stringValue == "Zoë")
    }

    @Test("duplicate keys keep the last value, as CoreFoundation does, and are listed")
    func duplicateKeys() throws {
        let plist = try parsePlist("<dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>2</integer></dict>")
        let dictionary = try #require(plist.dictionaryValue)
        #expect(dictionary["a"]?.integerValue == 2)
        #expect(dictionary.index(forKey: "a") == 2)
        #expect(dictionary.count == 3)
        #expect(dictionary.duplicateKeys.map { $0.value.integerValue } == [2])
        #expect(dictionary.effectiveEntries.map(\.key) == ["b", "a"])
        #expect(dictionary.effectiveEntries.last?.value.integerValue == 2)
    }

    @Test("integers outside 64 bits are rejected, the extremes accepted")
    func integerRange() throws {
        #expect(try parsePlist("<integer>9223372036854775807</integer>").integerValue == Int.max)
        #expect(try parsePlist("<integer>-9223372036854775808</integer>").integerValue == Int.min)
        #expect(throws: PlistError.self) { try parsePlist("<integer>9223372036854775808</integer>") }
        #expect(throws: PlistError.self) { try parsePlist("<integer></integer>") }
    }

    @Test("impossible dates are rejected")
    func invalidDates() throws {
        for text in [
            "2025-02-29T00:00:00Z", "2025-02-30T00:00:00Z", "2025-13-01T00:00:00Z", "2025-06-09 17:30:05Z",
            "2025-06-09T24:00:00Z", "2025-06-09T17:30:05+00:00", "2025-06-09T17:30:05.5Z",
        ] {
            #expect(throws: PlistError.self, "\(text)") { try parsePlist("<date>\(text)</date>") }
        }
        #expect(
            try parsePlist("<date>2024-02-29T00:00:00Z</date>").dateValue
                == Date(timeIntervalSince1970: 1_709_164_800))
    }

    struct MalformedCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var line: Int
        var column: Int
        var problem: String
        var testDescription: String { fixture }
    }

    @Test(
        "malformed files throw file:line:column: problem; fix",
        arguments: [
            MalformedCase(
                fixture: "MismatchedTag.plist", line: 5, column: 16,
                problem: "</strin> does not match <string> opened at 5:2"),
            MalformedCase(
                fixture: "KeyWithoutValue.plist", line: 5, column: 1,
                problem: "<key> \"CFBundleName\" at 4:2 has no value"),
            MalformedCase(
                fixture: "BadInteger.plist", line: 5, column: 2,
                problem: "<integer> \"twelve\" is not a whole number that fits in 64 bits"),
            MalformedCase(
                fixture: "BadEntity.plist", line: 5, column: 14,
                problem: "unterminated entity reference"),
            MalformedCase(
                fixture: "Truncated.plist", line: 5, column: 17,
                problem: "file ends inside <string> opened at 5:2"),
            MalformedCase(
                fixture: "ValueWithoutKey.plist", line: 4, column: 2,
                problem: "<string> in <dict> has no <key> before it"),
        ])
    func malformed(_ testCase: MalformedCase) throws {
        let url = try Fixture.url("Malformed/" + testCase.fixture)
        let error = try #require(throws: PlistError.self) { try PropertyList.load(contentsOf: url) }
        #expect(error.location == SourceLocation(file: url.path, line: testCase.line, column: testCase.column))
        #expect(error.problem == testCase.problem)
        #expect(!error.fix.isEmpty)
        #expect(error.description == "\(url.path):\(testCase.line):\(testCase.column): \(testCase.problem); \(error.fix)")
    }

    @Test(
        "structural mistakes are reported, not crashed on",
        arguments: [
            "", "   ", "hello", "<plist/>", "<plist></plist>", "<plist><dict/><dict/></plist>",
            "<plist><dict/></plist>trailing", "<dict><key>a</key></dict>", "<foo/>", "<key>x</key>",
            "<array><string>a</array>", "<string>a<b/></string>", "<true>yes</true>", "<data>@@@</data>",
            "<real>abc</real>", "<string a=1>x</string>", "<string a=\"1>x</string>", "<!-- open",
            "<![CDATA[ open", "<?xml open", "<!DOCTYPE plist [ <!ELEMENT x>", "<!ENTITY x>",
            "<string>&bogus;</string>", "<string>&#0;</string>", "<string>&#xD800;</string>",
            "</dict>", "<plist><plist><dict/></plist></plist>", "<>", "< dict/>",
        ])
    func structuralErrors(_ text: String) {
        #expect(throws: PlistError.self) { try parsePlist(text) }
    }

    @Test("invalid UTF-8 in text is an error")
    func invalidUTF8() {
        var data = Data("<string>".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data("</string>".utf8))
        #expect(throws: PlistError.self) { try PropertyList.parse(data, file: "bad.plist") }
    }

    @Test("every truncation of a valid file fails cleanly or parses")
    func truncationFuzz() throws {
        let data = try Fixture.data("Info.plist")
        let full = try PropertyList.parse(data, file: "Info.plist")
        var failures = 0
        for length in 0..<data.count {
            do {
                _ = try PropertyList.parse(data.prefix(length), file: "Info.plist")
            } catch {
                failures += 1
                #expect(error.location.line >= 1 && error.location.column >= 1)
            }
        }
        // Everything before the closing </plist> is incomplete.
        #expect(failures >= data.count - "</plist>\n".utf8.count)
        #expect(try PropertyList.parse(data, file: "Info.plist") == full)
    }

    @Test("random byte corruption never crashes")
    func corruptionFuzz() throws {
        let original = try Array(Fixture.data("AllTypes.plist"))
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = [
                    UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "&"),
                    0x00, 0xFF, UInt8(ascii: "\""),
                ].randomElement(using: &generator)!
            }
            _ = try? PropertyList.parse(Data(bytes), file: "fuzz.plist")
        }
    }

    @Test("nesting deeper than the limit is rejected instead of overflowing the stack")
    func deepNesting() throws {
        let depth = 100_000
        let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let error = try #require(throws: PlistError.self) { try parsePlist(text) }
        #expect(error.problem.contains("nested more than"))
        let shallow = String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100)
        #expect(try parsePlist(shallow).arrayValue != nil)
    }

    /// A binary plist of `levels` arrays, each holding the next one twice,
    /// then a one-character string: `levels` × 3 + 2 bytes of objects that
    /// stand for 2^levels strings.
    static func sharedArrays(levels: Int) -> Data {
        var objects: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x51, UInt8(ascii: "a")])
        var body: [UInt8] = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(body.count))
            body += object
        }
        let tableOffset = UInt64(body.count)
        body += offsets
        body += [0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size 1, reference size 1
        for field in [UInt64(objects.count), 0, tableOffset] { body += withUnsafeBytes(of: field.bigEndian, Array.init) }
        return Data(body)
    }

    /// 40 levels (a trillion values once shared arrays are followed) ran
    /// for minutes and took gigabytes; past the value budget it is refused.
    @Test("a binary plist that shares arrays into more values than the budget is refused at once")
    func sharedObjectsAreCountedWhereUsed() throws {
        let small = try PropertyList.parse(Self.sharedArrays(levels: 4), file: "small.plist")
        #expect(small.arrayValue?.count == 2)
        let error = try #require(throws: PlistError.self) { try PropertyList.parse(Self.sharedArrays(levels: 40), file: "dag.plist") }
        #expect(error.problem.contains("more than 100000 values once each shared object is counted"), "\(error)")
    }

    @Test("an unreadable file is a PlistError naming the file")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/diorama/Info.plist")
        let error = try #require(throws: PlistError.self) { try PropertyList.load(contentsOf: url) }
        #expect(
            error.description
                == "/nonexistent/diorama/Info.plist:1:1: cannot read the file: no such file; check that the path exists and is readable"
        )
    }

    @Test("/dev/zero is refused as \"not a regular file\" before a byte is read")
    func notARegularFile() throws {
        let error = try #require(throws: PlistError.self) { try PropertyList.load(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
        #expect(
            error.description.hasPrefix("/dev/zero:1:1: cannot read the file: not a regular file (a character device)"),
            "\(error)")
    }

    @Test("strippingLocations compares content only")
    func strippingLocations() throws {
        let first = try parsePlist("<dict><key>a</key><integer>1</integer></dict>")
        let second = try parsePlist("<dict>\n  <key>a</key>\n  <integer>1</integer>\n</dict>")
        #expect(first != second)
        #expect(first.strippingLocations() == second.strippingLocations())
    }
}

/// A small deterministic random number generator, so fuzz runs are repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
