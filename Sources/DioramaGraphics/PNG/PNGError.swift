/// A PNG that cannot be read or written, described the way a person can act on:
///
///     shot.png: byte 33 (IDAT): image data: byte 120: compressed data ends too early; …; re-create the file
///
/// Thrown for every malformed input (bad signature, wrong CRC, truncated data,
/// unsupported features) instead of trapping. The writer (`PNG`) throws it
/// for files it cannot write; the reader in DioramaPNGTestSupport for the rest.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, when the data came from one.
    public var file: String?
    /// Where in the file the problem is: the start of the chunk at fault, or the
    /// point where the data ran out. `nil` for whole-file problems.
    public var byteOffset: Int?
    /// What is wrong, in one phrase without a trailing period.
    public var problem: String
    /// What to do about it, in one phrase without a trailing period.
    public var fix: String

    package init(file: String? = nil, byteOffset: Int? = nil, problem: String, fix: String) {
        self.file = file
        self.byteOffset = byteOffset
        self.problem = problem
        self.fix = fix
    }

    /// `file: byte N: problem; fix`, leaving out the parts that are unknown.
    public var description: String {
        var text = ""
        if let file { text += "\(file): " }
        if let byteOffset { text += "byte \(byteOffset): " }
        return text + "\(problem); \(fix)"
    }
}
