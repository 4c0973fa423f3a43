/// Why a backend could not start or launch something.
package enum ScenarioBackendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A Diorama app's executable is not where the backend looked.
    case executableMissing(String, searched: [String])
    /// The display layout could not be used.
    case badLayout(String)
    /// The client could not be started.
    case launchFailed(String)
    /// The backend cannot run here (a missing compositor binary, with the install hint).
    case unavailable(String)

    package var description: String {
        switch self {
        case .executableMissing(let name, let searched):
            "the \(name) executable was not found (looked at \(searched.joined(separator: ", "))); build it with `swift build --product \(name)`, or set DIORAMA_BUILD_PRODUCTS to the folder that has it"
        case .badLayout(let message): message
        case .launchFailed(let message): message
        case .unavailable(let message): message
        }
    }
}
