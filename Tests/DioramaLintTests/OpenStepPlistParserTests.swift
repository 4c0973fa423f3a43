import DioramaManifest
import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

@Suite("OpenStep property lists (project.pbxproj)")
struct OpenStepPlistParserTests {
    func parse(_ text: String) throws(PlistError) -> PropertyList {
        try OpenStepPlistParser.parse(Data(text.utf8), file: "project.pbxproj")
    }

    func failure(_ text: String) -> PlistError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("dictionaries, arrays, quoted and bare strings, with every key and value located")
    func valuesAndLocations() throws {
        let root = try parse(
            """
            // !$*UTF8*$!
            {
            \tobjectVersion = 77;
            \tname = "Studio Editor"; /* a comment */
            \tlist = (
            \t\t"$(inherited)",
            \t\t"@executable_path/Frameworks",
            \t);
            \tempty = {
            \t};
            }
            """)
        let dictionary = try #require(root.dictionaryValue)
        #expect(dictionary.keys == ["objectVersion", "name", "list", "empty"])
        #expect(root["objectVersion"]?.stringValue == "77")
        #expect(root["name"]?.stringValue == "Studio Editor")
        #expect(root["list"]?.arrayValue?.compactMap(\.stringValue) == ["$(inherited)", "@executable_path/Frameworks"])
        #expect(root["empty"]?.dictionaryValue?.isEmpty == true)
        #expect(root.location == SourceLocation(file: "project.pbxproj", line: 2, column: 1))
        #expect(dictionary.entry(forKey: "name")?.keyLocation == SourceLocation(file: "project.pbxproj", line: 4, column: 2))
        #expect(root["name"]?.location == SourceLocation(file: "project.pbxproj", line: 4, column: 9))
        #expect(root["list"]?.arrayValue?[1].location?.line == 7)
    }

    @Test("escapes in quoted strings: C escapes, \\U, octal, quotes; UTF-8 passes through")
    func escapes() throws {
        let root = try parse(#"{ a = "tab\there\nline"; b = "caf\U00e9 \"q\" \\"; c = "\101\102"; d = 'single'; e = "Zoë"; }"#)
        #expect(root["a"]?.stringValue == "tab\there\nline")
        #expect(root["b"]?.stringValue == "café \"q\" \\")
        #expect(root["c"]?.stringValue == "AB")
        #expect(root["d"]?.stringValue == "single")
        #expect(root["e"]?.stringValue == "Zoë")
    }

    @Test("columns count characters, not bytes, after non-ASCII text")
    func columnsAfterUnicode() throws {
        let root = try parse("{ n = \"Zoë\"; k = v; }")
        #expect(root.dictionaryValue?.entry(forKey: "k")?.keyLocation?.column == 14)
    }

    @Test("data in angle brackets becomes bytes")
    func data() throws {
        let root = try parse("{ d = <0fbd 7A2c>; }")
        #expect(root["d"]?.dataValue == Data([0x0F, 0xBD, 0x7A, 0x2C]))
    }

    @Test("`key;` is shorthand for `key = key;`, as CoreFoundation reads it")
    func keyShorthand() throws {
        let root = try parse("{\n\tattributes = {\n\t\tFlag;\n\t\t\"Quoted Key\" ;\n\t\tn = 1;\n\t};\n}")
        let attributes = try #require(root["attributes"]?.dictionaryValue)
        #expect(attributes.keys == ["Flag", "Quoted Key", "n"])
        #expect(attributes["Flag"]?.stringValue == "Flag")
        #expect(attributes["Quoted Key"]?.stringValue == "Quoted Key")
        #expect(attributes.entry(forKey: "Flag")?.keyLocation == SourceLocation(file: "project.pbxproj", line: 3, column: 3))
    }

    @Test("a missing ';' is reported where it was expected")
    func missingSemicolon() throws {
        let error = try #require(failure("{\n\ta = b\n\tc = d;\n}"))
        #expect(error.location == SourceLocation(file: "project.pbxproj", line: 3, column: 2))
        #expect(error.problem.contains("\"a\""))
        #expect(error.description.hasPrefix("project.pbxproj:3:2: "))
    }

    @Test("unterminated strings, dictionaries, arrays and comments point at where they open")
    func unterminated() throws {
        #expect(failure("{ a = \"open;\n}")?.location.line == 1)
        #expect(failure("{ a = \"open;\n}")?.problem.contains("string") == true)
        #expect(failure("{\n a = (x, y;\n}")?.problem.contains("between array elements") == true)
        #expect(failure("{\n a = b;\n")?.problem.contains("never closed") == true)
        #expect(failure("{\n a = b;\n")?.location == SourceLocation(file: "project.pbxproj", line: 1, column: 1))
        #expect(failure("{ a = b; /* never closed }")?.problem.contains("comment") == true)
        #expect(failure("{ a = <0f1>; }")?.problem.contains("odd number") == true)
    }

    @Test("stray characters, a missing '=', text after the root and an empty file are errors")
    func strayInput() throws {
        #expect(failure("{ a b; }")?.problem == "key \"a\" is not followed by '=' or ';'")
        #expect(failure("{ a = ; }")?.problem.contains("';'") == true)
        #expect(failure("{ } extra")?.problem.contains("after the end") == true)
        #expect(failure("  // only a comment\n")?.problem == "the file is empty")
        #expect(failure("{ a = \"\\U12\"; }")?.problem.contains("four hexadecimal digits") == true)
    }

    @Test("deep nesting is rejected instead of exhausting the stack")
    func depthLimit() throws {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        let error = try #require(failure(deep))
        #expect(error.problem.contains("nested more than"))
    }

    @Test("the Studio fixture parses into its objects")
    func realProject() throws {
        let data = try Data(contentsOf: LintFixture.url("Projects/Studio/Studio.xcodeproj/project.pbxproj"))
        let root = try OpenStepPlistParser.parse(data, file: "project.pbxproj")
        let objects = try #require(root["objects"]?.dictionaryValue)
        #expect(objects.count == 37)
        #expect(root["rootObject"]?.stringValue == "5A10000000000000000000E0")
        #expect(objects["5A10000000000000000000E2"]?["productName"]?.stringValue == "Studio Editor")
    }
}
