import CWaylandClient
import CWaylandServer
import Glibc
import TestProtocolClient
import TestProtocolServer
import Testing

/// A client and a server built from the generated test-protocol bindings talk
/// over a real socket pair; every argument type must arrive as it was sent.
@Suite struct ArgumentRoundTripTests {
    /// Binds dt_factory from the registry at `version` and returns it with the
    /// server-side factory the bind created.
    static func bindFactory(
        _ loop: LoopbackConnection, version: UInt32,
        serverSetup: @escaping (TestProtocolServer.DtFactory) -> Void
    )
        -> (Global<TestProtocolServer.DtFactory>, TestProtocolClient.DtFactory?)
    {
        let global = Global<TestProtocolServer.DtFactory>(display: loop.serverDisplay, version: 3, onBind: serverSetup)
        let display = TestProtocolClient.WlDisplay(adopting: loop.clientDisplay, version: 1)
        let registry = display.getRegistry()
        var factory: TestProtocolClient.DtFactory?
        registry.onEvent = { event in
            if case .global(let name, let interface, _) = event, interface == TestProtocolClient.DtFactory.interfaceName {
                factory = registry.bind(name: name, TestProtocolClient.DtFactory.self, version: version)
            }
        }
        loop.pump()
        return (global, factory)
    }

    @Test func everyArgumentTypeSurvivesBothDirections() throws {
        let loop = try LoopbackConnection()
        var serverSaw: [String] = []
        var pipeFDs: [Int32] = [-1, -1]
        #expect(pipe(&pipeFDs) == 0)
        defer { close(pipeFDs[0]); close(pipeFDs[1]) }

        let (global, maybeFactory) = Self.bindFactory(loop, version: 3) { factory in
            factory.onRequest = { request in
                guard case .createProbe(let probe, let label) = request else { return }
                serverSaw.append("label=\(label)")
                probe.onRequest = { request in
                    guard case .sendAll(let i, let u, let f, let s, let maybeS, let o, let maybeO, let anyO, let a, let fd) = request else { return }
                    serverSaw.append(
                        "i=\(i) u=\(u) f=\(f) s=\(s) maybeS=\(maybeS ?? "nil") o=\(o === probe) maybeO=\(maybeO == nil) anyO=\(type(of: anyO!)) a=\(a)")
                    // Echo everything back as the event; the received fd closes itself afterwards.
                    fd.withDescriptor { fd in
                        probe.sendReceivedAll(i: i, u: u, f: f, s: s, maybeS: maybeS, o: o, maybeO: maybeO, anyO: anyO, a: a, fd: fd)
                    }
                }
            }
        }
        _ = global
        let factory = try #require(maybeFactory)
        let probe = factory.createProbe(label: "héllo ✓")
        var echoed: TestProtocolClient.DtProbe.Event?
        probe.onEvent = { echoed = $0 }
        probe.sendAll(
            i: -123_456, u: 4_000_000_000, f: -1.5, s: "", maybeS: nil, o: probe, maybeO: nil,
            anyO: factory, a: [1, 2, 3, 255], fd: pipeFDs[1])
        loop.pump()

        #expect(
            serverSaw == [
                "label=héllo ✓",
                "i=-123456 u=4000000000 f=-1.5 s= maybeS=nil o=true maybeO=true anyO=DtFactory a=[1, 2, 3, 255]",
            ])
        guard case .receivedAll(let i, let u, let f, let s, let maybeS, let o, let maybeO, let anyO, let a, let ownedFD)? = echoed else {
            Issue.record("no received_all event arrived; client error \(loop.clientError)")
            return
        }
        let fd = try #require(ownedFD.take())
        #expect(i == -123_456)
        #expect(u == 4_000_000_000)
        #expect(f == -1.5)
        #expect(s == "")
        #expect(maybeS == nil)
        #expect(o === probe)
        #expect(maybeO == nil)
        #expect(anyO === factory)
        #expect(a == [1, 2, 3, 255])
        // The fd is a new descriptor for the same pipe: writing to it reaches our read end.
        #expect(fd >= 0 && fd != pipeFDs[1])
        var byte: UInt8 = 42
        #expect(write(fd, &byte, 1) == 1)
        close(fd)
        var readBack: UInt8 = 0
        #expect(read(pipeFDs[0], &readBack, 1) == 1)
        #expect(readBack == 42)
    }

    @Test func nonNullStringsAndObjectsRoundTrip() throws {
        let loop = try LoopbackConnection()
        let (global, maybeFactory) = Self.bindFactory(loop, version: 3) { factory in
            factory.onRequest = { request in
                guard case .createProbe(let probe, _) = request else { return }
                probe.onRequest = { request in
                    guard case .sendAll(let i, let u, let f, let s, let maybeS, let o, let maybeO, let anyO, let a, let fd) = request else { return }
                    fd.withDescriptor { fd in
                        probe.sendReceivedAll(i: i, u: u, f: f, s: s, maybeS: maybeS, o: o, maybeO: maybeO, anyO: anyO, a: a, fd: fd)
                    }
                }
            }
        }
        _ = global
        let factory = try #require(maybeFactory)
        let first = factory.createProbe(label: "first")
        let second = factory.createProbe(label: "second")
        var echoed: TestProtocolClient.DtProbe.Event?
        first.onEvent = { echoed = $0 }
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        first.sendAll(
            i: Int32.max, u: 0, f: 1024.00390625, s: String(repeating: "x", count: 3000), maybeS: "present",
            o: second, maybeO: first, anyO: nil, a: [], fd: devNull)
        loop.pump()
        guard case .receivedAll(let i, let u, let f, let s, let maybeS, let o, let maybeO, let anyO, let a, _)? = echoed else {
            Issue.record("no received_all event arrived; client error \(loop.clientError)")
            return
        }
        #expect(i == Int32.max)
        #expect(u == 0)
        #expect(f == 1024.00390625)  // exactly representable in 24.8 fixed point
        #expect(s.count == 3000)
        #expect(maybeS == "present")
        #expect(o === second)
        #expect(maybeO === first)
        #expect(anyO == nil)
        #expect(a.isEmpty)
    }

    @Test func enumsBitfieldsAndUntypedNewID() throws {
        let loop = try LoopbackConnection()
        var received: [String] = []
        var untyped: TestProtocolServer.DtProbe?
        let (global, maybeFactory) = Self.bindFactory(loop, version: 2) { factory in
            factory.onRequest = { request in
                switch request {
                case .setMode(let mode, let capabilities, let offset):
                    received.append(
                        "mode=\(mode.rawValue) caps=\(capabilities.rawValue) draw=\(capabilities.contains(.draw)) 90=\(capabilities.contains(._90)) offset=\(offset == .positive)"
                    )
                case .createAny(let id):
                    received.append("any=\(id.interfaceName) v\(id.version)")
                    untyped = id.create(TestProtocolServer.DtProbe.self, maxVersion: TestProtocolServer.DtProbe.maxVersion)
                default:
                    break
                }
            }
        }
        _ = global
        let factory = try #require(maybeFactory)
        #expect(factory.version == 2)
        factory.setMode(mode: .auto, capabilities: [.draw, ._90], offset: .positive)
        let probe = factory.createAny(TestProtocolClient.DtProbe.self, version: 2)
        loop.pump()
        #expect(received == ["mode=2 caps=5 draw=true 90=true offset=true", "any=dt_probe v2"])
        let serverProbe = try #require(untyped)
        #expect(serverProbe.version == 2)
        #expect(probe.version == 2)
        #expect(serverProbe.id == probe.id)
    }

    @Test func destructorsEndTheObjectOnBothSides() throws {
        let loop = try LoopbackConnection()
        var serverProbe: TestProtocolServer.DtProbe?
        var serverDestroyed = 0
        var announced: TestProtocolClient.DtProbe?
        let (global, maybeFactory) = Self.bindFactory(loop, version: 3) { factory in
            factory.onRequest = { request in
                guard case .createProbe(let probe, _) = request else { return }
                serverProbe = probe
                probe.onDestroy = { serverDestroyed += 1 }
                // An event that creates an object on the client.
                if let made = TestProtocolServer.DtProbe(client: factory.client, id: 0, version: factory.version) {
                    factory.sendAnnounced(probe: made, capabilities: [.scale])
                }
            }
        }
        _ = global
        let factory = try #require(maybeFactory)
        factory.onEvent = { event in
            if case .announced(let probe, let capabilities) = event, capabilities == [.scale] { announced = probe }
        }
        let probe = factory.createProbe(label: "short-lived")
        loop.pump()
        #expect(announced?.version == 3)
        #expect(announced?.isAlive == true)

        // Destructor request: gone on the client at once, on the server after dispatch.
        probe.release()
        #expect(probe.isAlive == false)
        loop.pump()
        #expect(serverDestroyed == 1)
        #expect(serverProbe?.isAlive == false)

        // Destructor event: the client proxy ends when the event is delivered.
        let second = factory.createProbe(label: "ended by the server")
        var done: UInt32?
        second.onEvent = { if case .done(let serial) = $0 { done = serial } }
        loop.pump()
        serverProbe?.sendDone(serial: 77)
        loop.pump()
        #expect(done == 77)
        #expect(second.isAlive == false)
        #expect(loop.clientError == 0)
    }

    @Test func protocolErrorReachesTheClientWithObjectAndCode() throws {
        let loop = try LoopbackConnection()
        let (global, maybeFactory) = Self.bindFactory(loop, version: 3) { factory in
            factory.onRequest = { request in
                if case .createProbe(_, let label) = request, label == "bad" {
                    factory.postError(.badValue, "label must not be bad")
                }
            }
        }
        _ = global
        let factory = try #require(maybeFactory)
        _ = factory.createProbe(label: "bad")
        loop.pump()
        #expect(loop.clientError == EPROTO)
        var interface: UnsafePointer<wl_interface>?
        var objectID: UInt32 = 0
        let code = wl_display_get_protocol_error(loop.clientDisplay, &interface, &objectID)
        #expect(code == TestProtocolClient.DtFactory.Error.badValue.rawValue)
        #expect(objectID == factory.id)
        #expect(interface.map { String(cString: $0.pointee.name) } == "dt_factory")
    }
}
