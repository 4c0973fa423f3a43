import DioramaModel

/// One input surface of Diorama, as a fuzz target: a pure entry point that must
/// return or reject every input, never crash or hang, and reject in the way the
/// surface promises (`Docs/reliability.md`).
public protocol FuzzSurface: Sendable {
    /// The target's name on the command line (`diorama-fuzz scenario`).
    var name: String { get }
    /// Real, valid inputs from the repository (read at start, never committed twice).
    var seeds: [[UInt8]] { get }
    /// Tokens of the format that random bytes rarely spell.
    var dictionary: [[UInt8]] { get }
    /// Feeds one input to the surface. Crashes and hangs are the harness's to see;
    /// this only says how the surface answered.
    func run(_ input: [UInt8]) -> FuzzVerdict
}

/// How a surface answered one input.
public enum FuzzVerdict: Hashable, Sendable {
    /// It returned a value.
    case accepted
    /// It rejected the input the way it promises to (a located error, a `bad_request`, a lint finding).
    case rejected
    /// It rejected the input but broke its promise: an error without a usable
    /// location, or of the wrong kind. The text says what was wrong.
    case brokenPromise(String)

    /// `.rejected` when `location` points into `file` (line and column from 1, and
    /// no further than one past its last line when `lines` is known), otherwise a
    /// broken promise quoting `error`.
    static func located(
        _ location: SourceLocation?, in file: String, lines: Int?,
        error: CustomStringConvertible
    ) -> FuzzVerdict {
        guard let location else { return .brokenPromise("no location: \(error)") }
        guard location.file == file, location.line >= 1, location.column >= 1,
            location.line <= (lines.map { $0 + 1 } ?? Int.max)
        else {
            return .brokenPromise("location \(location) is not a line and column of \(file): \(error)")
        }
        return .rejected
    }
}

extension Array where Element == [UInt8] {
    /// Dictionary tokens written as strings.
    init(tokens: [String]) { self = tokens.map { [UInt8]($0.utf8) } }
}
