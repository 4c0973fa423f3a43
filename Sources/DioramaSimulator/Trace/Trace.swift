/// One entry of the trace: a sequence number (1, 2, 3 … never reused, so a
/// reader can ask for everything after the last one it saw), the simulator
/// clock's monotonic time, and the event.
public struct TraceRecord: Hashable, Sendable {
    /// The record's number: 1, 2, 3 …, never reused.
    public var sequence: UInt64
    /// The simulator clock's time when it happened.
    public var nanoseconds: UInt64
    /// What happened.
    public var event: TraceEvent

    package init(sequence: UInt64, nanoseconds: UInt64, event: TraceEvent) {
        self.sequence = sequence
        self.nanoseconds = nanoseconds
        self.event = event
    }
}

/// Every protocol-level fact the simulator saw or caused, in order, queryable
/// while the simulator runs and dumpable as JSON lines (`Docs/trace-format.md`).
///
/// Storage is a ring allocated once at its full capacity
/// (``SimulatorLimits/traceCapacity``), so recording an event costs the
/// record and nothing else. When the ring is full the oldest record is
/// overwritten and counted in ``droppedCount``; the JSON dump then starts with
/// a `trace_truncated` line so a reader knows the beginning is missing.
public final class Trace {
    /// How many records the ring holds before the oldest is overwritten.
    public let capacity: Int
    private var ring: ContiguousArray<TraceRecord>
    /// Index of the oldest record in `ring` once it has wrapped.
    private var start = 0
    /// The newest record's sequence number; 0 before the first.
    public private(set) var lastSequence: UInt64 = 0
    /// Records overwritten because the ring was full.
    public private(set) var droppedCount: UInt64 = 0
    private let clock: any SimulatorClock
    /// Which client owns each window and surface, for ``events(since:window:client:)``.
    private var windowOwners: [UInt32: UInt32] = [:]
    private var surfaceOwners: [UInt32: UInt32] = [:]
    private var surfaceWindows: [UInt32: UInt32] = [:]
    private var observers: [(TraceRecord) -> Void] = []

    init(capacity: Int, clock: any SimulatorClock) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.clock = clock
        ring = ContiguousArray()
        ring.reserveCapacity(capacity)
    }

    /// Appends an event stamped with the clock's current time.
    func record(_ event: TraceEvent) {
        lastSequence += 1
        let record = TraceRecord(sequence: lastSequence, nanoseconds: clock.nanoseconds, event: event)
        if ring.count < capacity {
            ring.append(record)
        } else {
            ring[start] = record
            start = (start + 1) % capacity
            droppedCount += 1
        }
        for observer in observers { observer(record) }
    }

    /// Runs `observer` for every record from now on, on the simulator's thread
    /// (a control endpoint streaming the trace uses this).
    public func observe(_ observer: @escaping (TraceRecord) -> Void) {
        observers.append(observer)
    }

    /// Remembers ownership so filters by client also find surface and window events.
    func noteSurface(_ surface: UInt32, client: UInt32) { surfaceOwners[surface] = client }
    func noteWindow(_ window: UInt32, client: UInt32, surface: UInt32) {
        windowOwners[window] = client
        surfaceWindows[surface] = window
    }

    /// The records kept, oldest first.
    public var records: [TraceRecord] {
        Array(ring[start...]) + Array(ring[..<start])
    }

    /// The sequence number of the oldest record kept (``lastSequence`` + 1
    /// while the trace is empty).
    public var firstKeptSequence: UInt64 { lastSequence - UInt64(ring.count) + 1 }

    /// The records with a sequence number above `sequence`, oldest first,
    /// without copying the rest of the ring: sequence numbers are
    /// consecutive, so the first one wanted is found by arithmetic. A reader
    /// following the trace (`diorama ctl trace --follow`) calls this often.
    public func records(after sequence: UInt64) -> [TraceRecord] {
        let first = firstKeptSequence
        let skip = sequence >= first ? Int(min(sequence - first + 1, UInt64(ring.count))) : 0
        guard skip < ring.count else { return [] }
        var result: [TraceRecord] = []
        result.reserveCapacity(ring.count - skip)
        for offset in skip..<ring.count {
            result.append(ring[(start + offset) % ring.count])
        }
        return result
    }

    /// Records with a sequence number above `sequence`, optionally only those
    /// about one window (its surface's events included) or one client.
    public func events(since sequence: UInt64 = 0, window: UInt32? = nil, client: UInt32? = nil) -> [TraceRecord] {
        records.filter { record in
            guard record.sequence > sequence else { return false }
            if let window, owningWindow(of: record.event) != window { return false }
            if let client, owningClient(of: record.event) != client { return false }
            return true
        }
    }

    /// The window an event is about (directly, or through its surface).
    func owningWindow(of event: TraceEvent) -> UInt32? {
        if let window = event.window { return window }
        if let surface = event.surface { return surfaceWindows[surface] }
        return nil
    }

    /// The client an event is about (directly, or through its window or surface).
    func owningClient(of event: TraceEvent) -> UInt32? {
        if let client = event.client { return client }
        if let window = event.window, let owner = windowOwners[window] { return owner }
        if let surface = event.surface { return surfaceOwners[surface] }
        return nil
    }

    /// The whole trace as JSON lines, oldest first, each ending in a newline.
    public func jsonLines() -> String {
        var output: [UInt8] = []
        if droppedCount > 0 {
            output += TraceJSON.truncationLine(dropped: droppedCount, firstSequence: records.first?.sequence ?? 0)
        }
        for record in records {
            output += TraceJSON.line(record)
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension TraceEvent {
    /// The surface the event is about, when it names one.
    public var surface: UInt32? {
        switch self {
        case .windowCreated(_, _, let surface): return surface
        case .commit(let fact): return fact.surface
        case .enter(let surface, _, _), .leave(let surface, _, _), .preferredScale(let surface, _, _),
            .preferredBufferScale(let surface, _, _), .frameDone(let surface, _, _), .presented(let surface, _, _, _),
            .presentationDiscarded(let surface, _):
            return surface
        default: return nil
        }
    }
}
