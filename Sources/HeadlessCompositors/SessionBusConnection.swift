import CGio
import Foundation

/// A value sent to or read from D-Bus, in the types the compositors' D-Bus
/// interfaces use here.
package indirect enum DBusValue: Sendable, Hashable {
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case string(String)
    case objectPath(String)
    /// A struct, `(…)`.
    case tuple([DBusValue])
    /// Options, `a{sv}`: each value is sent wrapped in a variant.
    case options([String: DBusValue])
    /// An array, a dictionary entry or a variant, read from an answer: its
    /// children in order (sending one is not needed here).
    case container([DBusValue])
    /// A type this reader does not decode, by its D-Bus signature.
    case other(signature: String)

    /// The `index`-th child of a tuple or container, nil when there is none.
    package subscript(index: Int) -> DBusValue? {
        switch self {
        case .tuple(let children), .container(let children):
            return children.indices.contains(index) ? children[index] : nil
        default:
            return nil
        }
    }

    /// The text of a string or object path.
    package var text: String? {
        switch self {
        case .string(let text), .objectPath(let text): return text
        default: return nil
        }
    }
}

/// A connection to a compositor's private session bus through GIO's GDBus,
/// open until ``close()`` or deinit.
///
/// `gdbus call` opens a connection per call; this one is kept, because some
/// of what a call makes lives only as long as the connection that made it
/// (a Mutter RemoteDesktop session ends when its creator disconnects). Calls
/// are synchronous (GDBus runs them on its own worker thread) and bounded by
/// a timeout; a class with a lock, so calls from different threads queue.
package final class SessionBusConnection: @unchecked Sendable {
    /// The GDBusConnection; nil once closed.
    private var connection: OpaquePointer?
    private let lock = NSLock()
    /// The bus address, for messages.
    package let address: String

    /// Connects and registers with the bus at `address` (`unix:path=…`).
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   when the bus cannot be reached.
    package init(address: String) throws {
        self.address = address
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        if connection == nil {
            throw CompositorLaunchError.dbusCallFailed(
                method: "connect to \(address)", message: Self.consume(error) ?? "no connection")
        }
    }

    /// Connects to `compositor`'s private session bus.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   naming `purpose` (the call it is for) when the compositor runs on no
    ///   bus of its own, or the bus cannot be reached.
    package convenience init(sessionBusOf compositor: RunningCompositor, for purpose: String) throws {
        guard let address = compositor.sessionBusAddress else {
            throw CompositorLaunchError.dbusCallFailed(method: purpose, message: "\(compositor.kind) runs on no session bus of its own")
        }
        try self.init(address: address)
    }

    deinit { close() }

    /// Closes the connection (what it made on the bus ends with it). Idempotent.
    package func close() {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { return }
        self.connection = nil
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Calls `interface.method` on `path` of `destination` with `arguments`
    /// (sent as one tuple) and returns the answer's tuple.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   with D-Bus' error (no such method, the compositor refused, no
    ///   answer within `timeout`), or when the connection is closed.
    @discardableResult
    package func call(
        _ destination: String, path: String, interface: String, method: String, _ arguments: [DBusValue] = [],
        timeout: Duration = .seconds(20)
    ) throws -> DBusValue {
        let name = "\(interface).\(method)"
        lock.lock()
        defer { lock.unlock() }
        guard let connection else {
            throw CompositorLaunchError.dbusCallFailed(method: name, message: "the connection to \(address) is closed")
        }
        var error: UnsafeMutablePointer<GError>?
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        // The floating tuple is consumed by the call.
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, Self.make(.tuple(arguments)), nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        guard let reply else {
            throw CompositorLaunchError.dbusCallFailed(method: name, message: Self.consume(error) ?? "no answer")
        }
        defer { g_variant_unref(reply) }
        return Self.read(reply)
    }

    /// Runs `trigger` (the calls that make the bus emit it), then waits for
    /// the first signal `interface.member` and returns its arguments.
    ///
    /// The subscription is made before `trigger` runs, so a signal sent at
    /// once is not missed; GDBus delivers it to a main context of this call's
    /// own, iterated here until it came or `timeout` passed.
    ///
    /// - Throws: what `trigger` throws;
    ///   ``CompositorLaunchError/dbusCallFailed(method:message:)`` when no
    ///   such signal came within `timeout`.
    package func awaitSignal(
        interface: String, member: String, timeout: Duration, after trigger: () throws -> Void
    ) throws -> DBusValue {
        let context = g_main_context_new()
        defer { g_main_context_unref(context) }
        let received = SignalBox()
        let box = Unmanaged.passRetained(received)
        g_main_context_push_thread_default(context)
        let subscription = lock.withLock { () -> guint in
            guard let connection else { return 0 }
            return g_dbus_connection_signal_subscribe(
                connection, nil, interface, member, nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                { _, _, _, _, _, parameters, userData in
                    guard let userData, let parameters else { return }
                    let box = Unmanaged<SignalBox>.fromOpaque(userData).takeUnretainedValue()
                    if box.arguments == nil { box.arguments = SessionBusConnection.read(parameters) }
                }, box.toOpaque(), { userData in userData.map { Unmanaged<SignalBox>.fromOpaque($0).release() } })
        }
        g_main_context_pop_thread_default(context)
        defer { lock.withLock { if let connection, subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) } } }
        let name = "\(interface).\(member)"
        guard subscription != 0 else {
            box.release()
            throw CompositorLaunchError.dbusCallFailed(method: name, message: "the connection to \(address) is closed")
        }
        try trigger()
        // A timeout source wakes the blocking iteration at the deadline.
        let deadline = ContinuousClock.now + timeout
        let wake = g_timeout_source_new(guint(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        g_source_set_callback(wake, { _ in 0 }, nil, nil)
        g_source_attach(wake, context)
        defer {
            g_source_destroy(wake)
            g_source_unref(wake)
        }
        while received.arguments == nil, ContinuousClock.now < deadline {
            g_main_context_iteration(context, 1)
        }
        guard let arguments = received.arguments else {
            throw CompositorLaunchError.dbusCallFailed(method: name, message: "the signal did not come within \(timeout)")
        }
        return arguments
    }

    /// A new floating GVariant for `value`.
    static func make(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .bool(let flag): return g_variant_new_boolean(flag ? 1 : 0)
        case .int32(let number): return g_variant_new_int32(number)
        case .uint32(let number): return g_variant_new_uint32(number)
        case .double(let number): return g_variant_new_double(number)
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .tuple(let children):
            let made: [OpaquePointer?] = children.map { make($0) }
            return made.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .options(let entries):
            let type = g_variant_type_new("{sv}")
            defer { g_variant_type_free(type) }
            let made: [OpaquePointer?] = entries.sorted { $0.key < $1.key }.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(make(value)))
            }
            return made.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
        case .container, .other:
            preconditionFailure("only basic values, options and tuples are sent")
        }
    }

    /// The value of a GVariant, read recursively.
    static func read(_ variant: OpaquePointer) -> DBusValue {
        let kind = g_variant_classify(variant)
        switch kind {
        case G_VARIANT_CLASS_BOOLEAN: return .bool(g_variant_get_boolean(variant) != 0)
        case G_VARIANT_CLASS_INT32: return .int32(g_variant_get_int32(variant))
        case G_VARIANT_CLASS_UINT32: return .uint32(g_variant_get_uint32(variant))
        case G_VARIANT_CLASS_DOUBLE: return .double(g_variant_get_double(variant))
        case G_VARIANT_CLASS_STRING: return .string(String(cString: g_variant_get_string(variant, nil)))
        case G_VARIANT_CLASS_OBJECT_PATH: return .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case G_VARIANT_CLASS_TUPLE, G_VARIANT_CLASS_ARRAY, G_VARIANT_CLASS_DICT_ENTRY, G_VARIANT_CLASS_VARIANT:
            let children = (0..<g_variant_n_children(variant)).map { index -> DBusValue in
                let child = g_variant_get_child_value(variant, index)!
                defer { g_variant_unref(child) }
                return read(child)
            }
            return kind == G_VARIANT_CLASS_TUPLE ? .tuple(children) : .container(children)
        default:
            return .other(signature: String(cString: g_variant_get_type_string(variant)))
        }
    }

    /// Where a signal's callback leaves the arguments; read and written on the
    /// thread that iterates the main context only.
    private final class SignalBox {
        var arguments: DBusValue?
    }

    /// The message of a GError, which it frees.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}
