import Foundation

/// A file another process is still writing (a child's stderr), read as it
/// grows: each call returns the complete lines written since the last one and
/// leaves a line still being written for the next call.
package struct GrowingTextFile {
    package let path: String
    private var offset: UInt64 = 0

    package init(path: String) { self.path = path }

    /// A reader of only what is written to `path` from now on (all of it
    /// when the file does not exist yet).
    package static func fromItsEnd(_ path: String) -> GrowingTextFile {
        var file = GrowingTextFile(path: path)
        var status = stat()
        if stat(path, &status) == 0 { file.offset = UInt64(status.st_size) }
        return file
    }

    /// The complete lines added since the last call (with their newlines), or
    /// "" when there are none or the file does not exist yet.
    package mutating func readNewLines() -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(),
            let lastNewline = data.lastIndex(of: 0x0A)
        else { return "" }
        let complete = data[data.startIndex...lastNewline]
        offset += UInt64(complete.count)
        return String(decoding: complete, as: UTF8.self)
    }
}
