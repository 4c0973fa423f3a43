import Foundation

/// One line of a runtime trace, decoded.
package struct TraceEntry: Sendable {
    /// 1-based line number in the file.
    package var line: Int
    /// CLOCK_MONOTONIC nanoseconds (`t_ns`).
    package var time: UInt64
    /// The line's `type` (the record kind's ``TraceRecordKind/kind``).
    package var kind: String
    package var record: any TraceRecordKind
    /// The line as written.
    package var text: String

    /// The record as `type`, when it is of that kind.
    package func `as`<Kind: TraceRecordKind>(_ type: Kind.Type) -> Kind? { record as? Kind }

    /// The scene the record is about, for the kinds that name one.
    package var scene: String? { (record as? any SceneTraceRecord)?.scene }
}

/// A runtime trace file (`DIORAMA_TRACE`, format in `Docs/trace-format.md`), read
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
package struct RuntimeTraceLog: Sendable {
    package enum Strictness: Sendable {
        case strict
        case tolerant
    }

    package var file: URL
    package var entries: [TraceEntry]
    /// Lines a tolerant read skipped, with why.
    package var problems: [TraceFormatError]

    package init(file: URL, entries: [TraceEntry], problems: [TraceFormatError] = []) {
        self.file = file
        self.entries = entries
        self.problems = problems
    }

    /// The lines before position `index` of `entries`, as a log of their own.
    package func prefix(upTo index: Int) -> RuntimeTraceLog {
        RuntimeTraceLog(file: file, entries: Array(entries.prefix(index)), problems: problems)
    }

    /// Reads and decodes `file`.
    /// - Throws: `TraceFormatError` (strict only) naming the file and line of a
    ///   line that is not JSON, was written by another major format version,
    ///   has an unknown type, or lacks a documented field.
    package static func read(_ file: URL, strictness: Strictness = .strict) throws(TraceFormatError) -> RuntimeTraceLog {
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
    package mutating func append(_ data: Data, strictness: Strictness = .strict) throws(TraceFormatError) -> Int {
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

    private static func decodeLine(_ bytes: Data, number: Int, file: URL) throws(TraceFormatError) -> TraceEntry {
        let kind = try TraceFormat.type(of: bytes, file: file.path, line: number)
        guard let type = knownTraceRecordKinds[kind] else {
            throw TraceFormatError(
                file: file.path, line: number,
                problem: "unknown type '\(kind)' (known: \(knownTraceRecordKinds.keys.sorted().joined(separator: ", ")))",
                text: String(decoding: bytes, as: UTF8.self))
        }
        return try decodeEntry(type, bytes, kind: kind, number: number, file: file)
    }

    private static func decodeEntry<Kind: TraceRecordKind>(
        _ type: Kind.Type, _ bytes: Data, kind: String, number: Int,
        file: URL
    ) throws(TraceFormatError) -> TraceEntry {
        let line = try TraceFormat.decode(RuntimeTraceLine<Kind>.self, from: bytes, kind: kind, file: file.path, line: number)
        return TraceEntry(
            line: number, time: line.time, kind: kind, record: line.record,
            text: String(decoding: bytes, as: UTF8.self))
    }

    /// Every record of one kind, in order.
    package func records<Kind: TraceRecordKind>(_ type: Kind.Type) -> [Kind] {
        entries.compactMap { $0.as(type) }
    }

    /// The first record of a kind that satisfies `predicate`.
    package func first<Kind: TraceRecordKind>(_ type: Kind.Type, where predicate: (Kind) -> Bool = { _ in true }) -> Kind? {
        for entry in entries { if let record = entry.as(type), predicate(record) { return record } }
        return nil
    }

    /// The last record of a kind that satisfies `predicate`.
    package func last<Kind: TraceRecordKind>(_ type: Kind.Type, where predicate: (Kind) -> Bool = { _ in true }) -> Kind? {
        for entry in entries.reversed() { if let record = entry.as(type), predicate(record) { return record } }
        return nil
    }

    /// The index in `entries` of the first record of a kind that satisfies
    /// `predicate` at or after `start`.
    package func index<Kind: TraceRecordKind>(
        of type: Kind.Type, from start: Int = 0,
        where predicate: (Kind) -> Bool = { _ in true }
    ) -> Int? {
        guard start < entries.count else { return nil }
        for index in start..<entries.count {
            if let record = entries[index].as(type), predicate(record) { return index }
        }
        return nil
    }

    /// Records of a kind after position `index` of `entries`.
    package func records<Kind: TraceRecordKind>(_ type: Kind.Type, after index: Int) -> [Kind] {
        guard index + 1 < entries.count else { return [] }
        return entries[(index + 1)...].compactMap { $0.as(type) }
    }

    /// The last `count` lines as written, for failure messages.
    package func tail(_ count: Int = 20) -> String {
        entries.isEmpty ? "(trace is empty)" : entries.suffix(count).map { "\($0.line): \($0.text)" }.joined(separator: "\n")
    }
}

/// One runtime-trace line: the common fields (`v`, `t_ns`, `type`) and then
/// the record's own, in one object. The runtime writes lines through this
/// type and ``RuntimeTraceLog`` reads them through it, so both follow one
/// schema.
package struct RuntimeTraceLine<Record: TraceRecordKind>: Codable, Sendable {
    /// CLOCK_MONOTONIC nanoseconds when the runtime wrote the line.
    package var time: UInt64
    package var record: Record

    package init(time: UInt64, record: Record) {
        self.time = time
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case version = "v"
        case time = "t_ns"
        case type
    }

    package init(from decoder: any Decoder) throws {
        time = try decoder.container(keyedBy: CodingKeys.self).decode(UInt64.self, forKey: .time)
        record = try Record(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(TraceFormat.version, forKey: .version)
        try container.encode(time, forKey: .time)
        try container.encode(Record.kind, forKey: .type)
        try record.encode(to: encoder)
    }
}
