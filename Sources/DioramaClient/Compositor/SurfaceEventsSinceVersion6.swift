import WaylandClient

/// Stand-ins for the accessors of `wl_surface` v6's events
/// (`preferred_buffer_scale`, `preferred_buffer_transform`) when the bindings
/// do not have them.
///
/// The bindings are generated at build time from the system's wayland.xml:
/// Debian bookworm's (libwayland 1.21) stops at wl_surface v5, trixie's
/// (1.23) has v6 (ARCHITECTURE.md lists the versions). The scanner gives
/// every message newer than version 1 an accessor on the generated enum
/// (`preferredBufferScaleArguments`), and a member the enum declares itself
/// takes precedence over these protocol-extension defaults; so against v6
/// XML the generated accessors answer, and against v5 XML these say "not
/// that event" — which is true, since the compositor is then never bound
/// above the bindings' `GeneratedProtocolVersions.wl_compositor`.
protocol SurfaceEventsSinceVersion6 {
    var preferredBufferScaleArguments: Int32? { get }
    var preferredBufferTransformArguments: WlOutput.Transform? { get }
}

extension SurfaceEventsSinceVersion6 {
    var preferredBufferScaleArguments: Int32? { nil }
    var preferredBufferTransformArguments: WlOutput.Transform? { nil }
}

extension WlSurface.Event: SurfaceEventsSinceVersion6 {}
