import DioramaModel

/// One input surface of Diorama, as a fuzz target: a pure entry point that must
/// return or reject every input, never crash or hang, and reject in the way the
/// surface promises (`Docs/reliability.md`).
package protocol FuzzSurface: Sendable {
    /// The target's name on the command line (`diorama-fuzz scenario`).
    var name: String { get }
    /// Real, valid inputs from the repository (read at start, never committed twice).
    var seeds: [[UInt8]] { get }
    /// Tokens of the format that random bytes rarely spell.
    var dictionary: [[UInt8]] { get }
    /// What one input may cost. Inputs are at most a few kilobytes (or, for the
    /// file-size target, files the limits allow), so a linear surface stays far
    /// inside it; passing it is a finding (superlinear cost), not a hang.
    var budget: FuzzBudget { get }
    /// Feeds one input to the surface. Crashes and hangs are the harness's to see;
    /// this only says how the surface answered.
    func run(_ input: [UInt8]) -> FuzzVerdict
}

extension FuzzSurface {
    package var budget: FuzzBudget { .standard }
}

/// The time and memory one input may take (``FuzzCampaign`` measures both around
/// each input: wall-clock time, and the peak resident memory, reset before it).
package struct FuzzBudget: Hashable, Sendable {
    package var seconds: Double
    /// Peak resident memory of the whole campaign process while the input runs.
    package var megabytes: Int

    package init(seconds: Double, megabytes: Int) {
        self.seconds = seconds
        self.megabytes = megabytes
    }

    /// 5 s and 512 MiB: a hundred times what a linear surface needs in a debug
    /// build on a loaded 2-core machine, far below what a blow-up takes.
    package static let standard = FuzzBudget(seconds: 5, megabytes: 512)
}

/// How a surface answered one input.
package enum FuzzVerdict: Hashable, Sendable {
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
