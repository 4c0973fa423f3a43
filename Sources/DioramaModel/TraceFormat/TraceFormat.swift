import Foundation

/// What the simulator's trace and the runtime's trace share
/// (`Docs/trace-format.md`): the format version every line carries as `v`,
/// the line's common fields, and the one check every reader makes before it
/// decodes a line.
///
/// Compatibility: within a major version fields are only ever added, never
/// renamed, retyped or removed, so a reader skips keys it does not know. A
/// change that breaks that promise raises ``version``, and readers refuse
/// lines of a major version they do not know, naming the file and line.
package enum TraceFormat {
    /// The major version this Diorama writes and reads. 1 is the unversioned
    /// format from before (camelCase runtime keys, `kind` and `t`).
    package static let version = 2

    /// The first fields of every line, as a reader looks at them before
    /// decoding the rest.
    struct Header: Decodable {
        var v: Int?
        var type: String?
    }

    /// Checks the version of one line and returns its `type`.
    ///
    /// - Throws: ``TraceFormatError`` naming `file` and `line` when the line
    ///   is not a JSON object, has no `v` or `type`, or was written by a
    ///   different major version.
    package static func type(of bytes: Data, file: String, line: Int) throws(TraceFormatError) -> String {
        func failure(_ problem: String) -> TraceFormatError {
            TraceFormatError(file: file, line: line, problem: problem, text: String(decoding: bytes, as: UTF8.self))
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: bytes)
        } catch {
            throw failure("not a trace line: a JSON object with `v` and `type` (\(describe(error)))")
        }
        guard let found = header.v else {
            throw failure(
                "no `v` (format version) field: written by a Diorama from before trace format \(version), "
                    + "or not a Diorama trace; record it again with this Diorama")
        }
        guard found == version else {
            let who = found > version ? "a newer Diorama" : "an older Diorama"
            throw failure(
                "trace written by \(who) (format v\(found)); this Diorama reads format v\(version): "
                    + "read it with the Diorama that wrote it, or record it again")
        }
        guard let type = header.type else { throw failure("no `type` field") }
        return type
    }

    /// Decodes the rest of a line whose version ``type(of:file:line:)`` checked.
    package static func decode<Record: Decodable>(
        _ type: Record.Type, from bytes: Data, kind: String,
        file: String, line: Int
    ) throws(TraceFormatError) -> Record {
        do {
            return try JSONDecoder().decode(Record.self, from: bytes)
        } catch {
            throw TraceFormatError(
                file: file, line: line, problem: "a '\(kind)' line not as documented: \(describe(error))",
                text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A decoding error in a sentence: which field, and what was wrong with
    /// it. Also what the results-report readers (`merge`, `--shard-by-time`)
    /// say of a document that is not one.
    package static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context, adding key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context): return "missing field `\(path(context, adding: key))`"
        case .valueNotFound(let type, let context): return "field `\(path(context))` is null, expected \(type)"
        case .typeMismatch(let type, let context): return "field `\(path(context))` is not \(type)"
        case .dataCorrupted(let context):
            let field = path(context)
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            return field.isEmpty ? detail : "field `\(field)`: \(detail)"
        @unknown default: return "\(error)"
        }
    }
}

/// A trace line that does not follow the documented format, or was written
/// by another major version: where it is, what is wrong, and the line.
package struct TraceFormatError: Error, Sendable, CustomStringConvertible {
    package var file: String
    /// 1-based line number in the file.
    package var line: Int
    package var problem: String
    package var text: String

    package init(file: String, line: Int, problem: String, text: String) {
        self.file = file
        self.line = line
        self.problem = problem
        self.text = text
    }

    package var description: String { "\(file):\(line): \(problem)\n  \(text)" }
}
