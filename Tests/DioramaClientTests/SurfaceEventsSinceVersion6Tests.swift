import Foundation
import Testing
import WaylandClient

@testable import DioramaClient

/// wl_surface v6's events exist in the bindings only when the system XML has
/// them (Debian bookworm's does not); the generated version table says which
/// XML the build read, and DioramaClient binds no higher than that.
@Suite("wl_surface v6 events and the generated version table")
struct SurfaceEventsSinceVersion6Tests {
    /// `<interface name="NAME" version="N">` in the installed wayland.xml
    /// (libwayland-dev, a build dependency), which the bindings were generated from.
    private func installedVersion(of interface: String) throws -> UInt32 {
        let xml = try String(contentsOfFile: "/usr/share/wayland/wayland.xml", encoding: .utf8)
        let marker = "<interface name=\"\(interface)\" version=\""
        let start = try #require(xml.range(of: marker), "\(interface) is not in wayland.xml").upperBound
        return try #require(UInt32(xml[start...].prefix { $0.isNumber }))
    }

    @Test("the table holds the installed XML's versions, and the compositor is bound no higher")
    func versionTable() throws {
        #expect(GeneratedProtocolVersions.wl_surface == (try installedVersion(of: "wl_surface")))
        #expect(GeneratedProtocolVersions.wl_compositor == (try installedVersion(of: "wl_compositor")))
        #expect(GeneratedProtocolVersions.wl_output == (try installedVersion(of: "wl_output")))
        #expect(GeneratedProtocolVersions.wl_surface == WlSurface.maxVersion)
        #expect(CompositorState.maxVersion == min(6, GeneratedProtocolVersions.wl_compositor))
    }

    @Test("an older event is not taken for a v6 one")
    func olderEventsAreNotV6() {
        let leave = WlSurface.Event.leave(output: nil)
        #expect(leave.preferredBufferScaleArguments == nil)
        #expect(leave.preferredBufferTransformArguments == nil)
    }
}
