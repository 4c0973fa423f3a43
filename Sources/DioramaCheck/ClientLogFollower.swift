import DioramaPOSIX
import Foundation
import Glibc
import HeadlessCompositors

/// Follows the checked client's `WAYLAND_DEBUG=client` log (its stderr file)
/// as it grows, feeding each complete new line to a ``ClientProtocolView``,
/// and waits on the file: a wait wakes when the client writes to it (every
/// request it sends and event it dispatches is a line) or closes it (it
/// exited), never on a timer.
final class ClientLogFollower {
    let path: String
    private(set) var view = ClientProtocolView()
    private var file: GrowingTextFile
    private let watch: Int32

    /// Watches `path` from now on; the file may not exist yet (it is
    /// created when the client is spawned, before it can write).
    init(path: String) {
        self.path = path
        file = GrowingTextFile(path: path)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watch >= 0 { _ = inotify_add_watch(watch, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE)) }
    }

    deinit {
        if watch >= 0 { close(watch) }
    }

    /// Reads the lines added since the last call into ``view``.
    func catchUp() {
        view.read(WaylandDebugLog.parse(file.readNewLines()))
    }

    /// Catches up until `condition` holds on the view, `stop` holds (the
    /// client exited), or `timeout` passes. Returns whether `condition` held.
    func wait(
        _ timeout: Duration, stop: () -> Bool, until condition: (ClientProtocolView) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            catchUp()
            if condition(view) { return true }
            if stop() || ContinuousClock.now >= deadline { return false }
            await nextWrite(before: deadline)
        }
    }

    /// Returns once the file was written to or closed, or at `deadline`.
    /// Each poll lasts at most a quarter second, so a missed notification
    /// (none can be set up: no inotify) costs no more than that.
    private func nextWrite(before deadline: ContinuousClock.Instant) async {
        let watch = self.watch
        // On a thread of its own: the cooperative pool must not block.
        await awaitBlocking {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = min(250, max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            if watch >= 0 {
                var polled = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
                if poll(&polled, 1, Int32(milliseconds)) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while read(watch, &buffer, buffer.count) > 0 {}
                }
            } else {
                usleep(UInt32(milliseconds) * 1000)
            }
        }
    }
}
