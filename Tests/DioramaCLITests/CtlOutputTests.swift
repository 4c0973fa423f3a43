import Foundation
import Testing

@testable import DioramaCLI

/// What `ctl windows` and `ctl displays` print of a client's strings: the
/// table is safe for a terminal, the JSON exact.
@Suite("ctl output: hostile titles")
struct CtlOutputTests {
    /// A title that sets the terminal's title, rings, clears the screen and
    /// reverses the text after it (OSC 0, BEL, CSI 2J, U+202E), plus a newline
    /// that would forge a table row.
    static let hostileTitle = "\u{1b}]0;pwned\u{07}\u{1b}[2Jfake\nrow \u{202e}txt.exe \\ \u{9b}"

    @Test("table cells show control characters, bidi overrides and backslashes escaped, never raw")
    func tableIsTerminalSafe() {
        let table = CtlOutput.table(header: ["ID", "TITLE", "PID"], rows: [["1", Self.hostileTitle, "42"]])
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202e}" })
        #expect(table.split(separator: "\n").count == 2, "one header and one row: \(table)")
        #expect(table.contains(#"\x1b]0;pwned\x07\x1b[2Jfake\x0arow \u202etxt.exe \\ \x9b"#), "\(table)")
    }

    @Test("JSON output keeps the title exactly (JSON's own escaping)")
    func jsonIsExact() throws {
        let json = CtlOutput.json(["title": Self.hostileTitle])
        #expect(!json.contains("\u{1b}"))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded["title"] == Self.hostileTitle)
    }
}
