/// One token of a scenario line.
///
/// The lexer knows only four shapes; what a word means (a number, a size such as
/// `320x240`, a duration such as `200ms`, a name such as `HDMI-A-1` or
/// `traits.displayScale`) is decided by the parser where it expects one, so its
/// errors can say what was expected there.
struct ScenarioToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A run of characters without spaces, quotes or the symbols below.
        case word
        /// A double-quoted string; `text` holds the decoded content.
        case string
        /// `,` `=` `:` `(` `)` `*` `>=` `<=` `==` `>` `<`.
        case symbol
        /// After the last token of the line (or at its comment).
        case end
    }

    var kind: Kind
    var text: String
    /// 1-based column of the first character, in Unicode scalars.
    var column: Int
    /// How many characters of the line the token covers (quotes included).
    var length: Int

    /// How an error message shows the token: `` `word` ``, `the string "…"`, `the end
    /// of the line`.
    var shownAsFound: String {
        switch kind {
        case .word, .symbol: "`\(text)`"
        case .string: "the string \"\(text)\""
        case .end: "the end of the line"
        }
    }
}
