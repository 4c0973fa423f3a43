import DioramaModel
import Foundation

/// The session store's writes: DioramaModel's ``OutputFileWriter`` replacing a
/// record atomically (temporary file in the same folder, `fsync`, `rename`,
/// `fsync` of the folder), its failures as ``SessionStoreError``s.
///
/// Records are always replaced, never written through: every name in the
/// state directory is the store's own, so whatever is there (a stray link
/// included) is renamed over, and nothing outside the directory is touched.
/// A crash before the rename leaves only a stray `.…tmp-…` file, which
/// readers ignore and ``SessionStore/removeLeftoverTemporaryFiles()`` deletes.
enum AtomicFileWriter {
    /// Part of every temporary file's name.
    static let temporaryMarker = OutputFileWriter.temporaryMarker

    static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o600) throws(SessionStoreError) {
        do {
            try OutputFileWriter.replaceAtomically(data, at: destination.path, permissions: permissions)
        } catch {
            throw SessionStoreError(error)
        }
    }

    /// Makes a change to the directory's entries (a rename or an unlink) durable.
    static func syncDirectory(_ path: String) throws(SessionStoreError) {
        do {
            try OutputFileWriter.syncDirectory(path)
        } catch {
            throw SessionStoreError(error)
        }
    }
}

extension SessionStoreError {
    /// A failed step of a write, as the store reports file-system failures.
    init(_ failure: OutputFileFailure) {
        self = .fileSystem(operation: failure.operation ?? "write", path: failure.path, code: failure.code ?? EIO)
    }
}
