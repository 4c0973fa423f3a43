import DioramaModel
import WaylandClient

/// `wl_surface` events of version 6 (`preferred_buffer_scale`,
/// `preferred_buffer_transform`), recognised whether or not the generated
/// bindings have them.
///
/// Why reflection: the bindings are generated from the system's wayland.xml.
/// Debian bookworm's (libwayland 1.21) stops at wl_surface v5, newer systems
/// have v6. Code that names `.preferredBufferScale` would not compile against
/// the older XML, and Swift has no `#if` for "this enum has that case". So
/// the event is matched by its case name through `Mirror`. Against v5 XML the
/// compositor is never bound at v6 (`Registry` caps at what the bindings
/// know), these events never arrive, and this code is inert; against v6 XML
/// it starts working with no change.
enum SurfaceEventNewerThanBindings: Equatable {
    case preferredBufferScale(Int)
    case preferredBufferTransform(OutputTransform)

    init?(_ event: WlSurface.Event) {
        self.init(reflecting: event)
    }

    /// Matches any enum value shaped like the generated one (the case name,
    /// one integer-like payload); tests use a stand-in enum.
    init?(reflecting event: Any) {
        guard let payload = Mirror(reflecting: event).children.first, let label = payload.label,
            let value = Self.integer(in: payload.value)
        else { return nil }
        switch label {
        case "preferredBufferScale":
            self = .preferredBufferScale(value)
        case "preferredBufferTransform":
            self = .preferredBufferTransform(OutputTransform(rawValue: value) ?? .normal)
        default:
            return nil
        }
    }

    /// The first integer inside a payload: a plain integer, a generated enum
    /// struct (`rawValue`), or a tuple holding one of those.
    static func integer(in value: Any) -> Int? {
        switch value {
        case let number as Int32: return Int(number)
        case let number as UInt32: return Int(number)
        case let number as Int: return number
        default:
            for child in Mirror(reflecting: value).children {
                if let number = integer(in: child.value) { return number }
            }
            return nil
        }
    }
}
