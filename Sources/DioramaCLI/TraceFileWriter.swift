import DioramaSimulator
import Foundation

/// `diorama sim --trace FILE`: appends every trace record to a file as a JSON
/// line the moment it is recorded (on the simulator's thread), so a crash or
/// a kill loses nothing already written.
final class TraceFileWriter {
    private let handle: FileHandle

    init(path: String, trace: Trace) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw TraceFileError(path: path)
        }
        self.handle = handle
        for record in trace.records { write(record) }
        trace.observe { [weak self] record in self?.write(record) }
    }

    private func write(_ record: TraceRecord) {
        handle.write(Data((TraceJSON.encode(record) + "\n").utf8))
    }

    func close() {
        try? handle.close()
    }
}

/// The trace file could not be created.
struct TraceFileError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot create the trace file \(path); check that its folder exists and is writable" }
}
