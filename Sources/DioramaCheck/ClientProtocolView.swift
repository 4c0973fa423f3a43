import DioramaModel
import HeadlessCompositors

/// A client's first toplevel as the client's own `WAYLAND_DEBUG=client` log
/// shows it: what `check --on` grades on a real compositor, which keeps no
/// trace of its own. Fed the log's messages in order (``read(_:)``), it keeps
/// the surface's state and a history of the moments the battery grades: the
/// client being told about a scale, and its commits.
///
/// **The scale in effect** for the surface, as the client can know it: the
/// last `wp_fractional_scale_v1.preferred_scale` of its fractional-scale
/// object when it has one, else the last `wl_surface.preferred_buffer_scale`,
/// else the largest `wl_output.scale` of the outputs it has entered (1 before
/// any enter). **Drawn at** of a commit: the buffer's width over the viewport
/// destination's when a viewport is set, else the buffer scale.
struct ClientProtocolView {
    /// One moment of the history, stamped with libwayland's clock (µs mod 2³²).
    struct Moment: Equatable {
        enum Kind: Equatable {
            /// The client learnt something about its scale (an enter or leave, a
            /// preferred scale, a new `wl_output.scale` of an entered output).
            case told(String)
            /// A commit of the toplevel with a buffer attached since the last one.
            case commit(Commit)
        }
        var microseconds: UInt32
        var kind: Kind
    }

    struct Commit: Equatable {
        var bufferSize: Size?
        var drawnScale: Double
        /// The scale in effect when it was committed.
        var scaleInEffect: Double
        /// How far `drawnScale` may be from a scale it is drawn for: one
        /// pixel of the viewport's width (a buffer size is whole pixels).
        var tolerance: Double
        var drawnForScaleInEffect: Bool { fits(scaleInEffect) }

        func fits(_ scale: Double) -> Bool { abs(drawnScale - scale) <= tolerance }
    }

    /// `wl_surface@N` of the first `xdg_surface.get_toplevel`; nil before.
    private(set) var toplevelSurface: String?
    private(set) var history: [Moment] = []
    /// `xdg_toplevel.set_min_size`, the last one sent.
    private(set) var minimumSize: Size?
    /// The last `xdg_toplevel.configure` size (0 × 0: the client chooses).
    private(set) var lastConfigureSize: Size?
    /// How many `wl_output` globals the client was told of
    /// (`wl_registry.global`), the outputs there at its start included.
    private(set) var outputGlobalsAnnounced = 0
    /// Whether the client is done with the newest `wl_output` global: it
    /// has not bound it (a client may ignore outputs), or the `done` that
    /// ends the bound output's description came.
    private(set) var newestOutputTakenIn = true
    /// How many `wl_registry.global_remove` events the client dispatched.
    private(set) var globalRemovals = 0
    /// The last event the client dispatched, as the log prints it: where a
    /// client that crashed in a handler died (foot's SIGFPE on KWin's
    /// `wl_output.geometry` with a -1 mm size).
    private(set) var lastDispatched: String?
    /// Whether the client bound `wp_fractional_scale_manager_v1`.
    private(set) var bindsFractionalScale = false

    /// The registry name of the newest `wl_output` global, and its
    /// `wl_output@N` once the client bound it.
    private var newestOutputGlobal: String?
    private var newestOutputObject: String?
    private var surfaceOfXDGSurface: [String: String] = [:]
    private var toplevel: String?
    private var bufferSizes: [String: Size] = [:]
    private var viewportSurface: [String: String] = [:]
    private var fractionalSurface: [String: String] = [:]
    private var outputScales: [String: Int] = [:]
    private var entered: [String] = []
    private var preferredScale120: Int?
    private var preferredBufferScale: Int?
    private var bufferScale = 1
    private var viewportDestination: Size?
    /// The buffer attached since the last commit: nil when none was, "nil" for a null attach.
    private var attached: String?

    /// The scale in effect now (see the type's description).
    var scaleInEffect: Double {
        if let preferredScale120 { return Double(preferredScale120) / 120 }
        if let preferredBufferScale { return Double(preferredBufferScale) }
        return Double(entered.compactMap { outputScales[$0] }.max() ?? 1)
    }

    /// The toplevel's latest commit with a buffer, if any.
    var latestCommit: Commit? {
        history.last { if case .commit = $0.kind { true } else { false } }.flatMap { moment in
            if case .commit(let commit) = moment.kind { commit } else { nil }
        }
    }

    /// Whether the latest frame is drawn for the scale in effect now (which
    /// may have changed since it was committed).
    var latestFrameFitsScaleInEffect: Bool { latestCommit?.fits(scaleInEffect) ?? false }

    /// The scale a client should end up drawing at on a display of `scale`:
    /// that scale once the compositor sent it a fractional preferred scale,
    /// else the integer `wl_output.scale` it rounds up to.
    func expectedScale(onDisplayOf scale: Double) -> Double {
        preferredScale120 != nil ? scale : scale.rounded(.up)
    }

    mutating func read(_ messages: [WaylandDebugMessage]) {
        for message in messages {
            if !message.discarded {
                read(message)
            } else if message.interface == "wl_registry" && message.message == "global_remove" {
                // Read, for a client that destroyed its registry proxy after start-up.
                globalRemovals += 1
            }
        }
    }

    private mutating func read(_ message: WaylandDebugMessage) {
        let arguments = message.arguments
        if message.direction == .received {
            lastDispatched = "\(message.object).\(message.message)(\(arguments.joined(separator: ", ")))"
        }
        switch (message.direction, message.interface, message.message) {
        case (.received, "wl_registry", "global"):
            guard arguments.count > 1, arguments[1] == "\"wl_output\"" else { return }
            outputGlobalsAnnounced += 1
            newestOutputGlobal = arguments[0]
            newestOutputObject = nil
            newestOutputTakenIn = true
        case (.received, "wl_registry", "global_remove"):
            globalRemovals += 1
        case (.sent, "wl_registry", "bind"):
            // A new binding of an object id starts its state afresh (ids are reused).
            if let id = arguments.last.map(Self.objectName) {
                outputScales[Self.outputKey(id)] = nil
                if arguments.first == newestOutputGlobal {
                    newestOutputObject = Self.outputKey(id)
                    newestOutputTakenIn = false
                }
            }
            if arguments.count > 1, arguments[1] == "\"wp_fractional_scale_manager_v1\"" { bindsFractionalScale = true }
        case (.received, "wl_output", "scale"):
            guard let scale = arguments.first.flatMap({ Int($0) }) else { return }
            outputScales[message.object] = scale
            if entered.contains(message.object) { tell(message, "\(message.object).scale(\(scale))") }
        case (.received, "wl_output", "done"):
            if message.object == newestOutputObject { newestOutputTakenIn = true }
        case (.sent, "wl_shm_pool", "create_buffer"), (.sent, "zwp_linux_buffer_params_v1", "create_immed"):
            // (new id wl_buffer@N, [offset,] width, height, …)
            let sizeAt = message.interface == "wl_shm_pool" ? 2 : 1
            guard arguments.count > sizeAt + 1, let width = Int(arguments[sizeAt]), let height = Int(arguments[sizeAt + 1])
            else { return }
            bufferSizes[Self.objectName(arguments[0])] = Size(width: width, height: height)
        case (.sent, "xdg_wm_base", "get_xdg_surface"):
            guard arguments.count == 2 else { return }
            surfaceOfXDGSurface[Self.objectName(arguments[0])] = Self.objectName(arguments[1])
        case (.sent, "xdg_surface", "get_toplevel"):
            guard toplevelSurface == nil, let surface = surfaceOfXDGSurface[message.object] else { return }
            toplevelSurface = surface
            toplevel = arguments.first.map(Self.objectName)
        case (.sent, "wp_viewporter", "get_viewport"):
            guard arguments.count == 2 else { return }
            viewportSurface[Self.objectName(arguments[0])] = Self.objectName(arguments[1])
        case (.sent, "wp_fractional_scale_manager_v1", "get_fractional_scale"):
            guard arguments.count == 2 else { return }
            fractionalSurface[Self.objectName(arguments[0])] = Self.objectName(arguments[1])
        default:
            readToplevel(message)
        }
    }

    /// The messages about the toplevel's own objects.
    private mutating func readToplevel(_ message: WaylandDebugMessage) {
        guard let surface = toplevelSurface else { return }
        let arguments = message.arguments
        let first = arguments.first.flatMap { Int($0) }
        switch (message.direction, message.interface, message.message) {
        case (.received, "wp_fractional_scale_v1", "preferred_scale") where fractionalSurface[message.object] == surface:
            preferredScale120 = first
            tell(message, "preferred_scale \(Self.number(Double(first ?? 0) / 120))")
        case (.sent, "wp_viewport", "set_destination") where viewportSurface[message.object] == surface:
            let height = arguments.count > 1 ? Int(arguments[1]) : nil
            viewportDestination = first.flatMap { width in height.map { Size(width: width, height: $0) } }
            if viewportDestination?.width ?? 0 <= 0 { viewportDestination = nil }
        case (.sent, "xdg_toplevel", "set_min_size") where message.object == toplevel:
            let height = arguments.count > 1 ? Int(arguments[1]) : nil
            minimumSize = first.flatMap { width in height.map { Size(width: width, height: $0) } }
        case (.received, "xdg_toplevel", "configure") where message.object == toplevel:
            let height = arguments.count > 1 ? Int(arguments[1]) : nil
            lastConfigureSize = first.flatMap { width in height.map { Size(width: width, height: $0) } }
        case (.received, "wl_surface", let event) where message.object == surface:
            switch event {
            case "enter", "leave":
                guard let output = arguments.first else { return }
                if event == "enter" { entered.append(output) } else { entered.removeAll { $0 == output } }
                tell(message, "\(event) \(output)")
            case "preferred_buffer_scale":
                preferredBufferScale = first
                tell(message, "preferred_buffer_scale \(first ?? 0)")
            default: break
            }
        case (.sent, "wl_surface", let request) where message.object == surface:
            switch request {
            case "set_buffer_scale": bufferScale = first ?? 1
            case "attach": attached = arguments.first ?? "nil"
            case "commit": commit(message)
            default: break
            }
        default:
            break
        }
    }

    private mutating func tell(_ message: WaylandDebugMessage, _ what: String) {
        history.append(Moment(microseconds: message.microseconds, kind: .told(what)))
    }

    private mutating func commit(_ message: WaylandDebugMessage) {
        let buffer = attached
        attached = nil
        guard let buffer, buffer != "nil" else { return }  // no new frame, or a null attach (unmapping)
        let size = bufferSizes[buffer]  // unknown for a dmabuf made by `create`, whose buffer comes in an event
        let drawn: Double
        var tolerance = 0.01
        if let destination = viewportDestination, let size {
            drawn = Double(size.width) / Double(destination.width)
            tolerance = max(tolerance, 1 / Double(destination.width))
        } else {
            drawn = Double(bufferScale)
        }
        let effect = scaleInEffect
        history.append(
            Moment(
                microseconds: message.microseconds,
                kind: .commit(
                    Commit(
                        bufferSize: size, drawnScale: drawn, scaleInEffect: effect, tolerance: tolerance))))
    }

    /// `wl_surface@7` from `wl_surface@7`, `new id xdg_surface@5` or `new id [unknown]@12`.
    static func objectName(_ argument: String) -> String {
        argument.hasPrefix("new id ") ? String(argument.dropFirst("new id ".count)) : argument
    }

    /// The key output state is kept under, from a bind's `[unknown]@12` or `wl_output@12`.
    private static func outputKey(_ object: String) -> String {
        guard let at = object.firstIndex(of: "@") else { return object }
        return "wl_output" + object[at...]
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.3g", value)
    }
}
