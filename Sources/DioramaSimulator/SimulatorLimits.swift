/// Resource limits a misbehaving or runaway client hits with a clear error
/// instead of exhausting the machine. Each is enforced where the resource is
/// created; crossing one sends a protocol error (`wl_display.error`
/// no_memory or implementation, with a message naming the limit) and records a
/// `limit_exceeded` trace event.
public struct SimulatorLimits: Hashable, Sendable {
    /// wl_surface objects one client may hold at once.
    public var maximumSurfacesPerClient: Int
    /// The largest wl_shm buffer, in bytes (stride × height).
    public var maximumBufferBytes: Int
    /// The largest wl_shm pool, in bytes.
    public var maximumPoolBytes: Int
    /// Trace records kept; older ones are dropped (and counted) beyond it.
    public var traceCapacity: Int

    public init(maximumSurfacesPerClient: Int = 10_000, maximumBufferBytes: Int = 256 << 20,
                maximumPoolBytes: Int = 1 << 30, traceCapacity: Int = 100_000) {
        precondition(traceCapacity > 0, "the trace must keep at least one record")
        self.maximumSurfacesPerClient = maximumSurfacesPerClient
        self.maximumBufferBytes = maximumBufferBytes
        self.maximumPoolBytes = maximumPoolBytes
        self.traceCapacity = traceCapacity
    }

    public static let standard = SimulatorLimits()
}
