import DioramaManifest
import DioramaModel
import Foundation
import Testing

@Suite("Binary property lists")
struct BinaryPropertyListTests {
    /// Makes a binary plist at run time with Foundation's own writer, so no binary file
    /// is committed.
    private func binaryPlist(_ object: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    @Test("bplist00 content converts to the same values as the XML fixture")
    func matchesXML() throws {
        let xml = try PropertyList.load(contentsOf: Fixture.url("AllTypes.plist"))
        // Round-trip the XML fixture through Foundation to get binary bytes.
        let foundationObject = try PropertyListSerialization.propertyList(
            from: Fixture.data("AllTypes.plist"),
            options: [], format: nil)
        let data = try binaryPlist(foundationObject)
        #expect(PropertyList.detectFormat(of: data) == .binary)
        let binary = try PropertyList.parse(data, file: "AllTypes.bplist")
        #expect(binary.location == nil)
        // Binary dictionaries have no order: compare entry by entry.
        let xmlRoot = try #require(xml.dictionaryValue)
        let binaryRoot = try #require(binary.dictionaryValue)
        #expect(Set(binaryRoot.keys) == Set(xmlRoot.keys))
        for entry in xmlRoot {
            #expect(binaryRoot[entry.key]?.strippingLocations() == entry.value.strippingLocations(), "\(entry.key)")
        }
    }

    @Test("booleans, integers and reals keep their kinds")
    func numberKinds() throws {
        let data = try binaryPlist(["t": true, "f": false, "one": 1, "zero": 0, "half": 0.5, "big": Int.max, "neg": -7])
        let plist = try PropertyList.parse(data, file: "kinds.bplist")
        #expect(plist["t"] == .bool(true))
        #expect(plist["f"] == .bool(false))
        #expect(plist["one"] == .integer(1))
        #expect(plist["zero"] == .integer(0))
        #expect(plist["half"] == .real(0.5))
        #expect(plist["big"] == .integer(Int.max))
        #expect(plist["neg"] == .integer(-7))
    }

    @Test("a binary Info.plist loads as a scene manifest")
    func binaryManifest() throws {
        let object = try PropertyListSerialization.propertyList(from: Fixture.data("Info.plist"), options: [], format: nil)
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = directory.url.appendingPathComponent("Info.plist")
        try binaryPlist(object).write(to: url)
        let manifest = try SceneManifest.load(
            from: url,
            variables: [
                "PRODUCT_MODULE_NAME": "Notes",
                "PRODUCT_BUNDLE_IDENTIFIER": "com.example.notes",
                "PRODUCT_NAME": "Notes",
            ])
        #expect(manifest.configuration(for: .windowApplication)?.delegateClassName == "Notes.SceneDelegate")
        #expect(manifest.configuration(for: .windowApplication)?.location == nil)
        #expect(manifest.diagnostics.isEmpty)
    }

    @Test("truncated or garbage binary data throws, never crashes")
    func truncatedBinary() throws {
        let data = try binaryPlist(["key": ["nested": [1, 2, 3]], "s": "text"])
        for length in stride(from: 8, to: data.count, by: 1) {
            do {
                let value = try PropertyList.parse(data.prefix(length), file: "cut.bplist")
                Issue.record("a truncated binary plist of \(length) bytes parsed as \(value)")
            } catch {
                #expect(error.location == .startOfFile("cut.bplist"))
            }
        }
        var garbage = Data("bplist00".utf8)
        garbage.append(contentsOf: (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        #expect(throws: PlistError.self) { try PropertyList.parse(garbage, file: "garbage.bplist") }
    }

    @Test("neither XML nor binary is rejected with advice")
    func unknownFormat() throws {
        let error = try #require(throws: PlistError.self) {
            try PropertyList.parse(Data("{ key = value; }".utf8), file: "old.plist")
        }
        #expect(error.problem == "not an XML or binary property list")
        #expect(error.fix.contains("plutil"))
    }
}
