import DioramaModel
import Foundation

/// Follows a runtime trace file while the app writes it: each ``refresh()``
/// decodes only the complete lines added since the last one.
///
/// Tolerant: a line off the documented format is kept in the log's `problems`
/// and skipped, so one odd line does not hide every later fact.
final class RuntimeTraceFollower {
    let file: URL
    private(set) var log: RuntimeTraceLog
    private var offset: UInt64 = 0

    init(file: URL) {
        self.file = file
        log = RuntimeTraceLog(file: file, entries: [])
    }

    /// Reads what was appended since the last call.
    ///
    /// - Returns: how many entries were added.
    @discardableResult
    func refresh() -> Int {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return 0 }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else { return 0 }
        let before = log.entries.count
        let consumed = (try? log.append(data, strictness: .tolerant)) ?? 0
        offset += UInt64(consumed)
        return log.entries.count - before
    }
}
