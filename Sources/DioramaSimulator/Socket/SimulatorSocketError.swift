/// Why the simulator could not open its Wayland socket.
public struct SimulatorSocketError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path or directory involved.
    public var path: String
    /// What failed and what to do.
    public var problem: String

    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
