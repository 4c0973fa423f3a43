import Foundation

/// A global the client needs is missing or too old. This is a runtime
/// condition (it depends on the compositor), so it is thrown; asking for a
/// version newer than Diorama's bindings know is a programmer error and stops
/// with a precondition instead.
package enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The compositor does not offer `interface` at `minimumVersion` or newer;
    /// `offered` is the version it does offer, nil when it offers none.
    case missingGlobal(interface: String, minimumVersion: UInt32, offered: UInt32?)

    package var description: String {
        switch self {
        case let .missingGlobal(interface, minimumVersion, offered):
            if let offered {
                return "the compositor offers \(interface) only at version \(offered), "
                    + "but version \(minimumVersion) or newer is required"
            }
            return "the compositor does not offer the global \(interface) "
                + "(version \(minimumVersion) or newer is required)"
        }
    }

    package var errorDescription: String? { description }
}
