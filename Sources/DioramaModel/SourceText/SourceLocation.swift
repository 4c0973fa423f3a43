/// A position in a source file, printed the way compilers print it (`file:line:column`).
///
/// Lines and columns start at 1. Columns count Unicode scalars from the start of the
/// line, which matches what most editors show for ASCII and ordinary text. Values that
/// come from a binary property list have no location (`nil`), because binary files
/// have no lines.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file as the caller named it (not resolved or shortened).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column number, in Unicode scalars.
    public var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location of a whole file, for problems that have no better place (an
    /// unreadable or binary file): line 1, column 1.
    public static func startOfFile(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// `file:line:column`, the form editors and terminals turn into links.
    public var description: String { "\(file):\(line):\(column)" }
}
