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
        let reply = try callSync(destination, path: path, interface: interface, method: method, Self.make(.tuple(arguments)), timeout)
        defer { g_variant_unref(reply) }
        return Self.read(reply)
    }

    /// Calls `interface.method` like ``call(_:path:interface:method:_:timeout:)``
    /// and returns the answer as `gdbus call` prints it (GVariant text with
    /// type annotations), for the readers written against that text. The
    /// arguments are GVariant text too, one tuple of type `signature` (such
    /// as `(uua(iiduba(ssa{sv}))a{sv})`), `()` when there are none.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   when the arguments do not parse as `signature`, with D-Bus' error, or
    ///   when the connection is closed.
    package func callPrinted(
        _ destination: String, path: String, interface: String, method: String, arguments: String = "()",
        signature: String = "()", timeout: Duration = .seconds(20)
    ) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        let type = g_variant_type_new(signature)
        defer { g_variant_type_free(type) }
        guard let parameters = g_variant_parse(type, arguments, nil, nil, &error) else {
            throw CompositorLaunchError.dbusCallFailed(
                method: "\(interface).\(method)",
                message: "arguments \(arguments) are not \(signature): \(Self.consume(error) ?? "unreadable")")
        }
        // g_variant_parse's value is not floating: the call takes its own reference.
        defer { g_variant_unref(parameters) }
        let reply = try callSync(destination, path: path, interface: interface, method: method, parameters, timeout)
        defer { g_variant_unref(reply) }
        let printed = g_variant_print(reply, 1)
        defer { g_free(printed) }
        return printed.map { String(cString: $0) } ?? ""
    }

    /// Whether a process owns the bus name `name` (`NameHasOwner`).
    package func nameHasOwner(_ name: String) throws -> Bool {
        let answer = try call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "NameHasOwner",
            [.string(name)])
        return answer[0] == .bool(true)
    }

    /// Waits until a process owns `name` on the bus, woken by the bus's
    /// `NameOwnerChanged` for it; returns early once `stillRunning` says the
    /// process that should take it is gone.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   when `timeout` passes first or the bus does not answer.
    package func waitForOwner(of name: String, timeout: Duration, while stillRunning: () -> Bool) throws {
        try wait(
            for: "\(name) on the bus", until: { try !stillRunning() || nameHasOwner(name) },
            wokenBy: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: name, timeout: timeout)
    }

    /// Waits until `condition` holds: it is checked now, again each time the
    /// signal `interface.member` arrives (only those whose first argument is
    /// `arg0`, when given) — the event that can make it true — and at least
    /// every `liveness`, for what no signal reports (the other side died).
    ///
    /// The subscription is made before the first check, so a change between
    /// that check and the wait still wakes it. `condition` may call this
    /// connection.
    ///
    /// - Throws: what `condition` throws;
    ///   ``CompositorLaunchError/dbusCallFailed(method:message:)`` naming
    ///   `waitingFor` when `timeout` passes first.
    package func wait(
        for waitingFor: String, until condition: () throws -> Bool, wokenBy interface: String, member: String,
        arg0: String? = nil, timeout: Duration, liveness: Duration = .milliseconds(250)
    ) throws {
        let subscription = try Subscription(on: self, interface: interface, member: member, arg0: arg0, ticks: liveness)
        defer { subscription.end() }
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            guard ContinuousClock.now < deadline else {
                throw CompositorLaunchError.dbusCallFailed(
                    method: "\(interface).\(member)", message: "\(waitingFor) did not happen within \(timeout)")
            }
            // Returns once something was dispatched: a signal or a tick.
            g_main_context_iteration(subscription.context, 1)
        }
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
        // Its tick wakes the blocking iteration at the deadline.
        let subscription = try Subscription(on: self, interface: interface, member: member, arg0: nil, ticks: timeout)
        defer { subscription.end() }
        try trigger()
        let deadline = ContinuousClock.now + timeout
        while subscription.received.arguments == nil, ContinuousClock.now < deadline {
            g_main_context_iteration(subscription.context, 1)
        }
        guard let arguments = subscription.received.arguments else {
            throw CompositorLaunchError.dbusCallFailed(
                method: "\(interface).\(member)", message: "the signal did not come within \(timeout)")
        }
        return arguments
    }

    /// A signal subscription delivered to a main context of its own, which
    /// the waiting thread iterates, with a timeout source on that context
    /// that fires every `ticks`, so that an iteration waiting for a signal
    /// also returns then; ``end()`` unsubscribes and removes the source.
    private struct Subscription {
        let connection: SessionBusConnection
        let context: OpaquePointer
        let received: SignalBox
        let id: guint
        let tick: UnsafeMutablePointer<GSource>

        /// Subscribes to `interface.member` (first argument `arg0`, when given).
        ///
        /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
        ///   when the connection is closed.
        init(on connection: SessionBusConnection, interface: String, member: String, arg0: String?, ticks: Duration) throws {
            self.connection = connection
            context = g_main_context_new()
            received = SignalBox()
            let box = Unmanaged.passRetained(received)
            g_main_context_push_thread_default(context)
            id = connection.lock.withLock { () -> guint in
                guard let bus = connection.connection else { return 0 }
                return g_dbus_connection_signal_subscribe(
                    bus, nil, interface, member, nil, arg0, G_DBUS_SIGNAL_FLAGS_NONE,
                    { _, _, _, _, _, parameters, userData in
                        guard let userData, let parameters else { return }
                        let box = Unmanaged<SignalBox>.fromOpaque(userData).takeUnretainedValue()
                        if box.arguments == nil { box.arguments = SessionBusConnection.read(parameters) }
                    }, box.toOpaque(), { userData in userData.map { Unmanaged<SignalBox>.fromOpaque($0).release() } })
            }
            g_main_context_pop_thread_default(context)
            guard id != 0 else {
                box.release()
                g_main_context_unref(context)
                throw CompositorLaunchError.dbusCallFailed(
                    method: "\(interface).\(member)", message: "the connection to \(connection.address) is closed")
            }
            tick = g_timeout_source_new(guint(clamping: SessionBusConnection.milliseconds(ticks)))!
            g_source_set_callback(tick, { _ in 1 }, nil, nil)
            g_source_attach(tick, context)
        }

        func end() {
            g_source_destroy(tick)
            g_source_unref(tick)
            connection.lock.withLock {
                if let bus = connection.connection { g_dbus_connection_signal_unsubscribe(bus, id) }
            }
            g_main_context_unref(context)
        }
    }

    /// Sends one method call, under the lock, and returns the answer (the
    /// caller unrefs it). `parameters` is a GVariant tuple; a floating one is
    /// consumed, sent or not, and the caller keeps its own reference to one
    /// that is not.
    private func callSync(
        _ destination: String, path: String, interface: String, method: String, _ parameters: OpaquePointer,
        _ timeout: Duration
    ) throws -> OpaquePointer {
        let name = "\(interface).\(method)"
        var error: UnsafeMutablePointer<GError>?
        let reply = try lock.withLock { () throws -> OpaquePointer? in
            guard let connection else {
                g_variant_unref(g_variant_ref_sink(parameters))
                throw CompositorLaunchError.dbusCallFailed(method: name, message: "the connection to \(address) is closed")
            }
            return g_dbus_connection_call_sync(
                connection, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
                Self.milliseconds(timeout), nil, &error)
        }
        guard let reply else {
            throw CompositorLaunchError.dbusCallFailed(method: name, message: Self.consume(error) ?? "no answer")
        }
        return reply
    }

    /// `duration` in whole milliseconds, as GLib's timeouts take them.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
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
