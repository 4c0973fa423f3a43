import CWaylandServer
import Glibc

/// Calls `fired` once when a descriptor is ready for `events` (libwayland's
/// `WL_EVENT_READABLE`/`WL_EVENT_WRITABLE` mask; 0 watches only for a
/// hang-up or an error, which are always reported), on the simulator's event
/// loop. Watches a duplicate of the descriptor, so whoever owns the original
/// keeps its own watches; removed once it fired, or when it goes. Created,
/// and let go, under the simulator's loop lock.
final class DescriptorWatch {
    private var source: OpaquePointer?
    private let descriptor: Int32
    private let fired: () -> Void

    init?(duplicating original: Int32, events: UInt32, eventLoop: OpaquePointer, fired: @escaping () -> Void) {
        descriptor = fcntl(original, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        self.fired = fired
        source = wl_event_loop_add_fd(eventLoop, descriptor, events, descriptorReady, Unmanaged.passUnretained(self).toOpaque())
        guard source != nil else {
            close(descriptor)
            return nil
        }
    }

    /// Ready, hung up or failed: either way there is nothing more to watch for.
    fileprivate func fire() {
        remove()
        fired()
    }

    private func remove() {
        if let source { wl_event_source_remove(source) }
        source = nil
    }

    deinit {
        remove()
        close(descriptor)
    }
}

/// libwayland's callback for a ``DescriptorWatch``: `data` is the watch
/// (unretained; it removes its source before it goes).
private func descriptorReady(_ descriptor: Int32, _ mask: UInt32, _ data: UnsafeMutableRawPointer?) -> Int32 {
    if let data { Unmanaged<DescriptorWatch>.fromOpaque(data).takeUnretainedValue().fire() }
    return 0
}
