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
            writer = try Self.open(path)
        } catch {
            throw error.code == ENXIO
                ? TraceFileError(path: path, reason: "it is a FIFO that no process is reading", hint: "start the reader first")
                : TraceFileError(path: path, reason: error.description)
        }
        self.path = path
        for record in trace.records { write(record) }
        trace.observe { [weak self] record in self?.write(record) }
    }

    /// The trace file, opened to be written from its start. `/dev/stdout`,
    /// `/dev/fd/N` and the like are the process's own descriptors, written
    /// through (opened again they would be truncated: `--trace /dev/stdout
    /// >> ci.log` emptied the log, and the environment line and the records
    /// overwrote each other). A regular file with another name (a hard link)
    /// is replaced, so that name keeps what it holds; a symbolic link is
    /// followed.
    static func open(_ path: String) throws(WriteFailure) -> DescriptorWriter {
        if let descriptor = OutputFileWriter.processDescriptor(namedBy: path) {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw WriteFailure(code: errno) }
            return DescriptorWriter(descriptor: copy)
        }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1, unlink(path) != 0 {
            throw WriteFailure(code: errno)
        }
        return try DescriptorWriter.openForWriting(path, appending: false)
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
    var hint = "check that its folder exists and is writable"
    var description: String { "cannot create the trace file \(path) (\(reason)); \(hint)" }
}
