import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A keymap from the compositor could not be used.
package enum KeymapError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// `wl_keyboard.keymap` announced a format other than xkb v1 (e.g. no_keymap).
    case unsupportedFormat(UInt32)
    /// Mapping the keymap's file descriptor failed (errno).
    case mapFailed(size: Int, errno: Int32)
    /// xkbcommon rejected the keymap text.
    case compileFailed(size: Int)
    /// xkbcommon could not create its context or state (out of memory).
    case xkbUnavailable

    package var description: String {
        switch self {
        case let .unsupportedFormat(format):
            return "the compositor sent a keymap in format \(format); Diorama understands only xkb v1 (format 1)"
        case let .mapFailed(size, code):
            return "could not map the compositor's \(size)-byte keymap (mmap: \(String(cString: strerror(code))))"
        case let .compileFailed(size):
            return "xkbcommon could not compile the compositor's \(size)-byte keymap (see xkbcommon's messages on stderr)"
        case .xkbUnavailable:
            return "xkbcommon could not create a context or state"
        }
    }

    package var errorDescription: String? { description }
}
