import DioramaModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that, whatever moment the process dies at (kill -9, power loss),
/// the file name holds either the complete old contents or the complete new contents,
/// never a mix, a truncation or nothing.
///
/// The steps, and why each is needed:
/// 1. Write the bytes to a new temporary file in the **same directory** (`rename` is
///    only atomic within one file system). Its name starts with `.` and contains
///    ``temporaryMarker``, so readers skip it.
/// 2. `fsync` the temporary file, so its data is on disk before its name can be.
/// 3. `rename` it over the destination: an atomic switch of the name from the old file
///    to the new one.
/// 4. `fsync` the directory, so the rename itself survives a crash.
///
/// A crash before step 3 leaves only a stray temporary file, which readers ignore and
/// ``SessionStore/removeLeftoverTemporaryFiles()`` deletes.
enum AtomicFileWriter {
    /// Part of every temporary file's name.
    static let temporaryMarker = ".tmp-"

    static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o600) throws(SessionStoreError) {
        let directory = destination.deletingLastPathComponent().path
        let temporaryPath =
            directory + "/." + destination.lastPathComponent + temporaryMarker
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)

        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw failure("open", temporaryPath) }
        do throws(SessionStoreError) {
            try writeAll(data, to: descriptor, path: temporaryPath)
            guard fsync(descriptor) == 0 else { throw failure("fsync", temporaryPath) }
            guard close(descriptor) == 0 else {
                unlink(temporaryPath)
                throw failure("close", temporaryPath)
            }
        } catch {
            close(descriptor)
            unlink(temporaryPath)
            throw error
        }
        guard rename(temporaryPath, destination.path) == 0 else {
            let error = failure("rename", destination.path)
            unlink(temporaryPath)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Makes a change to the directory's entries (a rename or an unlink) durable.
    static func syncDirectory(_ path: String) throws(SessionStoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open directory", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("fsync directory", path) }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(SessionStoreError) {
        do {
            try DescriptorWriter(descriptor: descriptor).write(data)
        } catch {
            throw .fileSystem(operation: "write", path: path, code: error.code)
        }
    }

    private static func failure(_ operation: String, _ path: String) -> SessionStoreError {
        .fileSystem(operation: operation, path: path, code: errno)
    }
}
