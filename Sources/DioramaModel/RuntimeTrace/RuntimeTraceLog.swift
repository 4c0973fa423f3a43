import Foundation

/// One line of a runtime trace, decoded.
public struct TraceEntry: Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// CLOCK_MONOTONIC nanoseconds (`t`).
    public var time: UInt64
    public var kind: String
    public var record: any TraceRecordKind
    /// The line as written.
    public var text: String

    /// The record as `type`, when it is of that kind.
    public func `as`<Kind: TraceRecordKind>(_ type: Kind.Type) -> Kind? { record as? Kind }

    /// The scene the record is about, for the kinds that name one.
    public var scene: String? { (record as? any SceneTraceRecord)?.scene }
}

/// A runtime trace file (`DIORAMA_TRACE`, format in `Docs/runtime.md`), read
/// and decoded line by line: the one reader the runtime's tests, the app tests
/// and the scenario backends share.
///
/// Read it as often as needed while the app runs: only complete lines (ending
/// in a newline) are decoded, so a line the app is still writing is left for
/// the next read. A missing file reads as an empty trace (the app has not
/// opened it yet).
///
/// Two strictnesses: ``Strictness/strict`` (tests: any line off the documented
/// format throws, so a test also checks the writer) and
/// ``Strictness/tolerant`` (scenario backends: such lines are kept in
/// ``problems`` and skipped, so one odd line does not hide every other fact).
public struct RuntimeTraceLog: Sendable {
    public enum Strictness: Sendable {
        case strict
        case tolerant
    }

    public var file: URL
    public var entries: [TraceEntry]
    /// Lines a tolerant read skipped, with why.
    public var problems: [TraceFormatError]

    public init(file: URL, entries: [TraceEntry], problems: [TraceFormatError] = []) {
        self.file = file
        self.entries = entries
        self.problems = problems
    }

    /// The lines before position `index` of `entries`, as a log of their own.
    public func prefix(upTo index: Int) -> RuntimeTraceLog {
        RuntimeTraceLog(file: file, entries: Array(entries.prefix(index)), problems: problems)
    }

    /// Reads and decodes `file`.
    /// - Throws: `TraceFormatError` (strict only) naming the file and line of a
    ///   line that is not JSON, has an unknown kind, or lacks a documented field.
    public static func read(_ file: URL, strictness: Strictness = .strict) throws(TraceFormatError) -> RuntimeTraceLog {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return RuntimeTraceLog(file: file, entries: [])
        }
        var log = RuntimeTraceLog(file: file, entries: [])
        _ = try log.append(data, strictness: strictness)
        return log
    }

    /// Decodes the complete lines of `data` (trace bytes that follow what the
    /// log already holds) and appends them.
    ///
    /// - Returns: how many bytes were consumed: everything up to and including
    ///   the last newline. A reader following a growing file keeps the rest
    ///   for its next call.
    @discardableResult
    public mutating func append(_ data: Data, strictness: Strictness = .strict) throws(TraceFormatError) -> Int {
        var lineNumber = (entries.last?.line ?? 0)
        if let lastProblem = problems.last?.line { lineNumber = max(lineNumber, lastProblem) }
        var start = data.startIndex
        while let newline = data[start...].firstIndex(of: 0x0A) {
            lineNumber += 1
            let bytes = data[start..<newline]
            start = data.index(after: newline)
            do {
                entries.append(try Self.decodeLine(Data(bytes), number: lineNumber, file: file))
            } catch {
                guard strictness == .tolerant else { throw error }
                problems.append(error)
            }
        }
        return start - data.startIndex
    }

    private struct Header: Decodable {
        var kind: String
        var t: UInt64
    }

    private static func decodeLine(_ bytes: Data, number: Int, file: URL) throws(TraceFormatError) -> TraceEntry {
        let text = String(decoding: bytes, as: UTF8.self)
        func failure(_ problem: String) -> TraceFormatError {
            TraceFormatError(file: file.path, line: number, problem: problem, text: text)
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: bytes)
        } catch {
            throw failure("not a JSON object with `kind` and `t` (\(error))")
        }
        guard let type = knownTraceRecordKinds[header.kind] else {
            throw failure("unknown kind '\(header.kind)' (known: \(knownTraceRecordKinds.keys.sorted().joined(separator: ", ")))")
        }
        do {
            return TraceEntry(line: number, time: header.t, kind: header.kind, record: try decode(type, bytes), text: text)
        } catch {
            throw failure("a '\(header.kind)' record without its documented fields (\(error))")
        }
    }

    private static func decode<Kind: TraceRecordKind>(_ type: Kind.Type, _ bytes: Data) throws -> any TraceRecordKind {
        try JSONDecoder().decode(Kind.self, from: bytes)
    }

    /// Every record of one kind, in order.
    public func records<Kind: TraceRecordKind>(_ type: Kind.Type) -> [Kind] {
        entries.compactMap { $0.as(type) }
    }

    /// The first record of a kind that satisfies `predicate`.
    public func first<Kind: TraceRecordKind>(_ type: Kind.Type, where predicate: (Kind) -> Bool = { _ in true }) -> Kind? {
        for entry in entries { if let record = entry.as(type), predicate(record) { return record } }
        return nil
    }

    /// The last record of a kind that satisfies `predicate`.
    public func last<Kind: TraceRecordKind>(_ type: Kind.Type, where predicate: (Kind) -> Bool = { _ in true }) -> Kind? {
        for entry in entries.reversed() { if let record = entry.as(type), predicate(record) { return record } }
        return nil
    }

    /// The index in `entries` of the first record of a kind that satisfies
    /// `predicate` at or after `start`.
    public func index<Kind: TraceRecordKind>(of type: Kind.Type, from start: Int = 0,
                                              where predicate: (Kind) -> Bool = { _ in true }) -> Int? {
        guard start < entries.count else { return nil }
        for index in start..<entries.count {
            if let record = entries[index].as(type), predicate(record) { return index }
        }
        return nil
    }

    /// Records of a kind after position `index` of `entries`.
    public func records<Kind: TraceRecordKind>(_ type: Kind.Type, after index: Int) -> [Kind] {
        guard index + 1 < entries.count else { return [] }
        return entries[(index + 1)...].compactMap { $0.as(type) }
    }

    /// The last `count` lines as written, for failure messages.
    public func tail(_ count: Int = 20) -> String {
        entries.isEmpty ? "(trace is empty)" : entries.suffix(count).map { "\($0.line): \($0.text)" }.joined(separator: "\n")
    }
}

/// A trace line that does not follow the documented format.
public struct TraceFormatError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var problem: String
    public var text: String

    public init(file: String, line: Int, problem: String, text: String) {
        self.file = file
        self.line = line
        self.problem = problem
        self.text = text
    }

    public var description: String { "\(file):\(line): \(problem)\n  \(text)" }
}
