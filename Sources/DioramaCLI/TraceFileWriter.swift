import DioramaModel
import DioramaSimulator
import Foundation
import Glibc

/// `diorama sim --trace FILE`: appends every trace record to a file as a JSON
/// line the moment it is recorded (on the simulator's thread), so a crash or
/// a kill loses nothing already written.
///
/// When a write fails (the disk filled up, the file is `/dev/full`), the
/// simulator says so once on stderr and stops writing the file; it goes on
/// serving its clients and `diorama ctl` (the trace stays readable through
/// `diorama ctl trace`).
final class TraceFileWriter {
    private let path: String
    private let writer: DescriptorWriter
    private var failed = false

    init(path: String, trace: Trace) throws {
        do {
            writer = try DescriptorWriter.openForWriting(path, appending: false)
        } catch {
            throw TraceFileError(path: path, reason: error.description)
        }
        self.path = path
        for record in trace.records { write(record) }
        trace.observe { [weak self] record in self?.write(record) }
    }

    private func write(_ record: TraceRecord) {
        guard !failed else { return }
        do {
            try writer.write(TraceJSON.line(record))
        } catch {
            failed = true
            DescriptorWriter.reportToStandardError(
                "diorama sim: cannot write the trace file \(path) (\(error)); "
                    + "no longer writing it, the simulator goes on (diorama ctl trace still has the records)")
        }
    }

    func close() {
        Glibc.close(writer.descriptor)
    }
}

/// The trace file could not be created.
struct TraceFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot create the trace file \(path) (\(reason)); check that its folder exists and is writable" }
}
