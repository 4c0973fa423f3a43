import DioramaModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps scene session records on disk between launches, one JSON file per session.
///
/// Files are named `session-<identifier>.json` inside ``directory`` (by default
/// `$XDG_STATE_HOME/<app-id>/`, see ``defaultDirectory(applicationIdentifier:environment:)``).
/// Writes go through `AtomicFileWriter`, so killing the app at any moment leaves each
/// file either as it was or fully replaced. Reads are forgiving: a damaged file is
/// skipped with a warning, never a crash or a thrown error.
///
/// One process owns the directory at a time: the app claims it with
/// ``lockDirectory()`` (an advisory `flock` on ``lockFileName``, released when the
/// process dies, however it dies) before reading or writing any record. Nothing here
/// checks the claim: a process that did not get the lock must not call ``load()``,
/// ``save(_:)``, ``discard(persistentIdentifier:)`` or ``removeLeftoverTemporaryFiles()``,
/// since the owner may be using those files (the Diorama runtime then runs with
/// sessions that are not persisted).
package struct SessionStore: Sendable {
    /// Bumped when the file layout changes incompatibly; files with another version are
    /// skipped with a warning rather than misread.
    package static let formatVersion = 1

    /// Longest persistent identifier accepted, so the file name stays within the
    /// 255-byte limit of common file systems even when every character is escaped.
    package static let maximumIdentifierLength = 80

    static let filePrefix = "session-"
    static let fileExtension = ".json"

    /// Where the records live. Created on the first save.
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    // MARK: Where

    /// The app's state directory under the XDG base directory rules:
    /// `$XDG_STATE_HOME/<applicationIdentifier>/`, or `$HOME/.local/state/<applicationIdentifier>/`
    /// when `XDG_STATE_HOME` is unset, empty or relative (the spec says relative paths
    /// are invalid and must be ignored).
    ///
    /// - Parameters:
    ///   - applicationIdentifier: the bundle identifier (and Wayland app id).
    ///   - environment: where `XDG_STATE_HOME` and `HOME` are read.
    /// - Throws: ``SessionStoreError/invalidApplicationIdentifier(_:)`` when it cannot be
    ///   a single directory name.
    package static func defaultDirectory(
        applicationIdentifier: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(SessionStoreError) -> URL
    {
        guard !applicationIdentifier.isEmpty, applicationIdentifier != ".", applicationIdentifier != "..",
            !applicationIdentifier.contains("/"), !applicationIdentifier.contains("\0")
        else {
            throw .invalidApplicationIdentifier(applicationIdentifier)
        }
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("state", isDirectory: true)
        }
        return base.appendingPathComponent(applicationIdentifier, isDirectory: true)
    }

    /// The file that holds the record with `identifier`.
    ///
    /// Characters other than ASCII letters, digits, `-` and `_` are written as `%XX`
    /// bytes, so any identifier maps to one plain file name and back.
    package func fileURL(forIdentifier identifier: String) throws(SessionStoreError) -> URL {
        guard !identifier.isEmpty, identifier.count <= Self.maximumIdentifierLength else {
            throw .invalidPersistentIdentifier(identifier)
        }
        var name = Self.filePrefix
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                name += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return directory.appendingPathComponent(name + Self.fileExtension, isDirectory: false)
    }

    // MARK: Writing

    /// Saves `record`, replacing any earlier record of the same session atomically.
    package func save(_ record: SceneSessionRecord) throws(SessionStoreError) {
        let destination = try fileURL(forIdentifier: record.persistentIdentifier)
        let data: Data
        do {
            data = try Self.encoder().encode(StoredSession(formatVersion: Self.formatVersion, session: record))
        } catch {
            throw .encodingFailed(String(describing: error))
        }
        try createDirectory()
        try AtomicFileWriter.write(data, to: destination)
    }

    /// Removes the record of a session the user closed for good (as UIKit does for
    /// discarded sessions). Removing a record that does not exist is not an error.
    package func discard(persistentIdentifier: String) throws(SessionStoreError) {
        let file = try fileURL(forIdentifier: persistentIdentifier)
        guard unlink(file.path) == 0 else {
            if errno == ENOENT { return }
            throw .fileSystem(operation: "unlink", path: file.path, code: errno)
        }
        try AtomicFileWriter.syncDirectory(directory.path)
    }

    /// Deletes temporary files left by a write that was interrupted (the process died
    /// between creating and renaming them). Call once at launch, once ``lockDirectory()``
    /// has given this process the directory (another instance's files may be
    /// half-written, not left over), before saving.
    /// - Returns: how many were removed.
    @discardableResult
    package func removeLeftoverTemporaryFiles() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where Self.isTemporaryFileName(name) {
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    // MARK: Reading

    /// Every record in the directory, in the order they reconnect: the one the
    /// user had active longest ago first, the one active last at the end
    /// (``SceneSessionRecord/lastActivation``; records without it first, and
    /// ties by identifier). A missing directory means no sessions yet.
    /// Files that cannot be read or decoded are skipped with a warning; temporary
    /// files and unrelated files are skipped silently.
    package func load() -> SessionStoreLoadResult {
        var result = SessionStoreLoadResult()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return result
        }
        for name in names.sorted() where Self.isRecordFileName(name) {
            let file = directory.appendingPathComponent(name, isDirectory: false)
            switch readRecord(at: file) {
            case .record(let record): result.records.append(record)
            case .skipped(let warning): result.warnings.append(warning)
            }
        }
        result.records.sort {
            ($0.lastActivation ?? 0, $0.persistentIdentifier) < ($1.lastActivation ?? 0, $1.persistentIdentifier)
        }
        return result
    }

    private enum ReadOutcome {
        case record(SceneSessionRecord)
        case skipped(SessionStoreWarning)
    }

    private func readRecord(at file: URL) -> ReadOutcome {
        let data: Data
        do {
            data = try RegularFileReader.read(file.path, as: .savedSession)
        } catch {
            return .skipped(SessionStoreWarning(file: file, problem: "cannot be read: \(error)"))
        }
        if data.isEmpty {
            return .skipped(SessionStoreWarning(file: file, problem: "the file is empty"))
        }
        // The version is read on its own first, so a file from another version is
        // reported as such rather than as damaged.
        guard let version = try? Self.decoder().decode(FormatVersionProbe.self, from: data).formatVersion else {
            return .skipped(
                SessionStoreWarning(
                    file: file, problem: "not a valid session record (damaged or truncated JSON); it will be replaced the next time that session is saved"))
        }
        guard version == Self.formatVersion else {
            return .skipped(
                SessionStoreWarning(
                    file: file, problem: "written in format version \(version), but this version of Diorama reads version \(Self.formatVersion)"))
        }
        let stored: StoredSession
        do {
            stored = try Self.decoder().decode(StoredSession.self, from: data)
        } catch {
            return .skipped(
                SessionStoreWarning(
                    file: file, problem: "not a valid session record (\(Self.summary(of: error))); it will be replaced the next time that session is saved"))
        }
        guard let expected = try? fileURL(forIdentifier: stored.session.persistentIdentifier),
            expected.lastPathComponent == file.lastPathComponent
        else {
            return .skipped(
                SessionStoreWarning(file: file, problem: "holds session \"\(stored.session.persistentIdentifier)\", which belongs in a file of another name"))
        }
        // A role this runtime cannot host (written by another tool, or edited)
        // would be dropped at launch without a word; say which one it was.
        guard stored.session.role.isSupported else {
            return .skipped(
                SessionStoreWarning(
                    file: file,
                    problem:
                        "has the scene role \"\(stored.session.role)\", which Diorama does not host (it hosts \(SceneSessionRole.supported.map(\.rawValue).joined(separator: ", ")))"
                ))
        }
        return .record(stored.session)
    }

    // MARK: Format

    /// The JSON document on disk: the record wrapped with a version number.
    private struct StoredSession: Codable {
        var formatVersion: Int
        var session: SceneSessionRecord
    }

    private struct FormatVersionProbe: Decodable {
        var formatVersion: Int
    }

    /// A one-line reason for a decoding failure, naming the field when there is one.
    private static func summary(of error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "damaged JSON" }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "damaged JSON" : "bad value at \(path)"
        @unknown default:
            return "damaged JSON"
        }
    }

    private static let nonFiniteNames = (positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFiniteNames.positiveInfinity,
            negativeInfinity: nonFiniteNames.negativeInfinity,
            nan: nonFiniteNames.nan)
        return encoder
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFiniteNames.positiveInfinity,
            negativeInfinity: nonFiniteNames.negativeInfinity,
            nan: nonFiniteNames.nan)
        return decoder
    }

    static func isRecordFileName(_ name: String) -> Bool {
        name.hasPrefix(filePrefix) && name.hasSuffix(fileExtension)
    }

    static func isTemporaryFileName(_ name: String) -> Bool {
        name.hasPrefix("." + filePrefix) && name.contains(AtomicFileWriter.temporaryMarker)
    }

    /// Creates ``directory`` and any missing parents with mode 0700 (state is private
    /// to the user, as the XDG spec asks).
    func createDirectory() throws(SessionStoreError) {
        var path = ""
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw .fileSystem(operation: "mkdir", path: path, code: errno)
            }
        }
    }
}
