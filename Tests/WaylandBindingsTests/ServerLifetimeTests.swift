import CWaylandServer
import Glibc
import TestProtocolServer
import Testing

/// A `Global` and a `NativeListener` against a real libwayland display whose
/// destruction order the test chooses.
@Suite struct ServerLifetimeTests {
    @Test func aGlobalThatOutlivesItsDisplayDoesNotDestroyItAgain() throws {
        let display = try #require(wl_display_create())
        let global = Global<TestProtocolServer.DtFactory>(display: display, version: 3) { _ in }
        #expect(global.isAdvertised)
        // The display frees its globals; the Global must learn of it, not
        // call wl_global_destroy on freed memory when it is released.
        wl_display_destroy(display)
        #expect(!global.isAdvertised)
        #expect(global.pointer == nil)
        global.remove()
        #expect(!global.isAdvertised)
    }

    @Test func aGlobalRemovedFirstLeavesTheDisplaysDestroySignal() throws {
        let display = try #require(wl_display_create())
        var global: Global<TestProtocolServer.DtFactory>? = Global(display: display, version: 1) { _ in }
        global?.remove()
        #expect(global?.isAdvertised == false)
        // Freed before the display: its destroy listener must be unlinked, or
        // wl_display_destroy would call into freed memory.
        global = nil
        var displayDestroyedFired = 0
        let witness = NativeListener(.displayDestroyed(display: display)) { _ in displayDestroyedFired += 1 }
        wl_display_destroy(display)
        #expect(displayDestroyedFired == 1)
        withExtendedLifetime(witness) {}
    }

    @Test func listenersLinkThemselvesAndUnlinkWhenReleased() throws {
        let display = try #require(wl_display_create())
        defer { wl_display_destroy(display) }
        var created: [OpaquePointer] = []
        var destroyed = 0
        var released = 0
        var destroyListener: NativeListener?
        var releasedListener: NativeListener?
        let createdListener = NativeListener(.clientCreated(display: display)) { data in
            guard let data else { return }
            created.append(OpaquePointer(data))
        }
        defer { createdListener.unlink() }

        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[1]) }
        let client = try #require(wl_client_create(display, fds[0]))
        #expect(created == [client])

        destroyListener = NativeListener(.clientDestroyed(client: client)) { _ in
            destroyed += 1
            destroyListener = nil  // the handler may release its own listener
        }
        releasedListener = NativeListener(.clientDestroyed(client: client)) { _ in released += 1 }
        releasedListener = nil  // unlinked: never notified
        wl_client_destroy(client)
        #expect(destroyed == 1)
        #expect(released == 0)
        #expect(destroyListener == nil)
        _ = releasedListener
    }
}
