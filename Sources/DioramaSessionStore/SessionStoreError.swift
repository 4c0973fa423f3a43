#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the session store could not do what it was asked. Reading never throws (see
/// ``SessionStore/load()``); these come from saving, discarding and choosing a
/// directory.
package enum SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The application identifier cannot name a directory (empty, `.`/`..`, contains
    /// `/` or NUL).
    case invalidApplicationIdentifier(String)
    /// The persistent identifier is empty or too long to name a file.
    case invalidPersistentIdentifier(String)
    /// The record could not be turned into JSON.
    case encodingFailed(String)
    /// A file-system call failed; `code` is the `errno` value.
    case fileSystem(operation: String, path: String, code: Int32)

    package var description: String {
        switch self {
        case .invalidApplicationIdentifier(let identifier):
            "\"\(identifier)\" cannot be used as an application identifier for the state directory; use a reverse-DNS name such as com.example.App"
        case .invalidPersistentIdentifier(let identifier):
            "\"\(identifier)\" cannot be used as a session identifier; use a non-empty identifier of at most \(SessionStore.maximumIdentifierLength) characters, such as a UUID"
        case .encodingFailed(let reason):
            "the session record could not be encoded: \(reason)"
        case .fileSystem(let operation, let path, let code):
            "\(operation) failed for \(path): \(String(cString: strerror(code)))"
        }
    }
}
