import DioramaModel
import Testing

/// The cursor the XML plist reader and lint's pbxproj parser share.
@Suite struct SourceTextCursorTests {
    @Test("take(atMost:while:) returns the run it passed and stops at the first byte refused or the limit")
    func takeReturnsTheRun() {
        var cursor = SourceTextCursor(bytes: Array("&amp; x".utf8), file: "f")
        cursor.advance()
        let name = cursor.take { $0 != UInt8(ascii: ";") }
        #expect(String(decoding: name, as: UTF8.self) == "amp")
        #expect(cursor.peek() == UInt8(ascii: ";"))
        #expect(cursor.column == 5)

        var limited = SourceTextCursor(bytes: Array("abcdef".utf8), file: "f")
        #expect(String(decoding: limited.take(atMost: 4) { _ in true }, as: UTF8.self) == "abcd")
        #expect(limited.index == 4)
        #expect(limited.take { _ in false }.isEmpty)
    }

    /// The pattern Swift 6.3.1's optimizer miscompiled in a caller in another
    /// module: a step, a loop of steps, the positions read around them. Run
    /// by `make test` in an optimized build.
    @Test("each reference's run starts after its '&', however the runs are scanned in a loop")
    func runsAfterAStepInALoop() {
        var cursor = SourceTextCursor(bytes: Array("ab&cd;ef&gh;".utf8), file: "f")
        var names: [String] = []
        while let byte = cursor.peek() {
            guard byte == UInt8(ascii: "&") else {
                cursor.advance()
                continue
            }
            cursor.advance()
            names.append(String(decoding: cursor.take { $0 != UInt8(ascii: ";") }, as: UTF8.self))
            cursor.advance()
        }
        #expect(names == ["cd", "gh"])
    }
}
