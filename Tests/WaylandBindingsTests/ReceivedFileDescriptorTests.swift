import DioramaPOSIX
import Glibc
import TestProtocolClient
import TestProtocolServer
import Testing
import WaylandCommon

/// A received `fd` argument is owned by the decoded message: closed when no
/// handler takes it, kept open for the handler that does.
///
/// Each test sends the write end of a pipe many times and then closes its own
/// copy. The read end reports end-of-file only once every copy of the write
/// end is closed, so a leaked descriptor shows as "would block" instead: a
/// check on these descriptors alone, whatever else the process opens.
///
/// Another test's `posix_spawn` on another thread holds a copy of every
/// descriptor of the process in its child until the child closes them
/// (before `exec`): the end-of-file may come a moment after our last close.
/// So "every writer closed" waits for it (`ReadableWait.block` on the read
/// end, up to 10 s; a leaked copy never closes), and "a writer is open" is only asked
/// while a copy of ours is.
@Suite struct ReceivedFileDescriptorTests {
    static let messages = 40

    /// A pipe whose read end does not block (both ends close-on-exec).
    struct Pipe {
        let readEnd: Int32
        var writeEnd: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            try #require(pipe(&fds) == 0)
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
            readEnd = fds[0]
            writeEnd = fds[1]
        }

        mutating func closeWriteEnd() {
            close(writeEnd)
            writeEnd = -1
        }

        /// True when no copy of the write end is open anywhere in the process.
        var everyWriterClosed: Bool {
            var byte: UInt8 = 0
            return read(readEnd, &byte, 1) == 0
        }

        /// Whether the end-of-file comes within `seconds`: woken when the
        /// read end becomes readable, which end-of-file makes it.
        func everyWriterCloses(withinSeconds seconds: Int64 = 10) -> Bool {
            ReadableWait.block(on: [readEnd], until: .now + .seconds(seconds))
            return everyWriterClosed
        }

        func closeAll() {
            close(readEnd)
            if writeEnd >= 0 { close(writeEnd) }
        }
    }

    /// Binds the factory and makes one probe; `probeCreated` sets up the
    /// server's side of it.
    private func probes(
        _ loop: LoopbackConnection,
        probeCreated: @escaping (TestProtocolServer.DtProbe) -> Void
    ) throws
        -> (Global<TestProtocolServer.DtFactory>, TestProtocolClient.DtProbe)
    {
        let (global, maybeFactory) = ArgumentRoundTripTests.bindFactory(loop, version: 3) { factory in
            factory.onRequest = { request in
                if case .createProbe(let probe, _) = request { probeCreated(probe) }
            }
        }
        let factory = try #require(maybeFactory)
        let probe = factory.createProbe(label: "fds")
        loop.pump()
        return (global, probe)
    }

    /// Sends the write end of a new pipe in `messages` requests to a probe
    /// `probeCreated` sets up on the server, then closes the test's own copy.
    private func pipeAfterRequests(probeCreated: @escaping (TestProtocolServer.DtProbe) -> Void) throws -> Pipe {
        let loop = try LoopbackConnection()
        var pipe = try Pipe()
        let (global, probe) = try probes(loop, probeCreated: probeCreated)
        for _ in 0..<Self.messages {
            probe.sendAll(i: 0, u: 0, f: 0, s: "", maybeS: nil, o: probe, maybeO: nil, anyO: nil, a: [], fd: pipe.writeEnd)
        }
        loop.pump()
        pipe.closeWriteEnd()
        withExtendedLifetime(global) {}
        return pipe
    }

    @Test func aRequestNoHandlerTakesClosesItsDescriptor() throws {
        // The server's probe has no request handler at all.
        let pipe = try pipeAfterRequests { _ in }
        defer { pipe.closeAll() }
        #expect(pipe.everyWriterCloses(), "a received fd of an unhandled request stayed open")
    }

    @Test func aRequestHandlerThatIgnoresTheDescriptorLetsItClose() throws {
        var handled = 0
        let pipe = try pipeAfterRequests { probe in
            probe.onRequest = { request in
                if case .sendAll = request { handled += 1 }
            }
        }
        defer { pipe.closeAll() }
        #expect(handled == Self.messages)
        #expect(pipe.everyWriterCloses(), "a received fd the handler ignored stayed open")
    }

    @Test func aHandlerThatTakesTheDescriptorKeepsItOpen() throws {
        var taken: [Int32] = []
        let pipe = try pipeAfterRequests { probe in
            probe.onRequest = { request in
                if case .sendAll(_, _, _, _, _, _, _, _, _, let fd) = request, let raw = fd.take() { taken.append(raw) }
            }
        }
        defer { pipe.closeAll() }
        #expect(taken.count == Self.messages)
        #expect(taken.allSatisfy { fcntl($0, F_GETFD) != -1 }, "a taken fd was closed behind the handler's back")
        #expect(!pipe.everyWriterClosed)
        // Writing through a taken copy still reaches the pipe.
        var byte: UInt8 = 7
        #expect(write(taken[0], &byte, 1) == 1)
        #expect(read(pipe.readEnd, &byte, 1) == 1 && byte == 7)
        for fd in taken { close(fd) }
        #expect(pipe.everyWriterCloses())
    }

    @Test func anEventNoHandlerTakesClosesItsDescriptor() throws {
        let loop = try LoopbackConnection()
        var pipe = try Pipe()
        defer { pipe.closeAll() }
        var serverProbe: TestProtocolServer.DtProbe?
        let (global, probe) = try probes(loop) { serverProbe = $0 }
        let sender = try #require(serverProbe)
        // The client's probe has no event handler.
        #expect(probe.onEvent == nil)
        for _ in 0..<Self.messages {
            sender.sendReceivedAll(i: 0, u: 0, f: 0, s: "", maybeS: nil, o: sender, maybeO: nil, anyO: nil, a: [], fd: pipe.writeEnd)
        }
        loop.pump()
        pipe.closeWriteEnd()
        #expect(loop.clientError == 0)
        #expect(pipe.everyWriterCloses(), "a received fd of an unhandled event stayed open")
        withExtendedLifetime(global) {}
    }

    @Test func takingTwiceHandsTheDescriptorOverOnce() throws {
        var pipe = try Pipe()
        defer { pipe.closeAll() }
        let owned = OwnedFileDescriptor(adopting: dup(pipe.writeEnd))
        let first = owned.take()
        #expect(first != nil)
        #expect(owned.take() == nil)
        #expect(owned.isTaken)
        close(first!)
        pipe.closeWriteEnd()
        #expect(pipe.everyWriterCloses())
    }
}
