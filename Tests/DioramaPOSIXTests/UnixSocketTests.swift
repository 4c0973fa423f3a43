import DioramaPOSIX
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Unix sockets")
struct UnixSocketTests {
    /// A private directory for one test's sockets, removed afterwards.
    private static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory.make(prefix: "/tmp/diorama-posix-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    /// `directory/` + a name padded so the whole path is `length` bytes.
    private static func path(in directory: String, length: Int) -> String {
        let prefix = directory + "/s"
        return prefix + String(repeating: "x", count: length - prefix.utf8.count)
    }

    @Test("a path one byte too long is refused by connect and listen, naming the path and the limit")
    func longPathRefused() throws {
        try Self.withDirectory { directory in
            let long = Self.path(in: directory, length: UnixSocketAddress.maximumPathLength + 1)
            // A socket at the truncated path must not be what a connect reaches.
            let truncated = String(long.utf8.prefix(UnixSocketAddress.maximumPathLength))!
            let listener = try UnixSocket.listen(at: truncated, backlog: 1)
            defer { close(listener) }
            for attempt in [{ try UnixSocket.connect(to: long) }, { try UnixSocket.listen(at: long, backlog: 1) }] {
                let error = #expect(throws: SocketPathError.self) { _ = try attempt() }
                #expect(error?.problem == .tooLong(bytes: 108))
                #expect(error?.description.contains(long) == true)
                #expect(error?.description.contains("107 bytes") == true)
            }
        }
    }

    @Test("a path of exactly 107 bytes works end to end: listen, connect, accept, one byte across")
    func longestPathWorks() throws {
        #expect(UnixSocketAddress.maximumPathLength == 107)
        try Self.withDirectory { directory in
            let path = Self.path(in: directory, length: 107)
            let listener = try UnixSocket.listen(at: path, backlog: 1)
            defer { close(listener) }
            let client = try UnixSocket.connect(to: path)
            defer { close(client) }
            let server = try UnixSocket.accept(listener, path: path)
            defer { close(server) }
            #expect(fcntl(server, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(client, F_GETFD) & FD_CLOEXEC != 0)
            var byte: UInt8 = 42
            #expect(write(client, &byte, 1) == 1)
            byte = 0
            #expect(read(server, &byte, 1) == 1)
            #expect(byte == 42)
        }
    }

    @Test("connecting to nothing says which path and why")
    func connectToNothing() throws {
        try Self.withDirectory { directory in
            let missing = directory + "/nobody"
            let error = #expect(throws: SystemCallError.self) { _ = try UnixSocket.connect(to: missing) }
            #expect(error?.code == ENOENT)
            #expect(error?.description == "\(missing): connect failed: No such file or directory")

            // A socket file whose listener closed: refused, not hung.
            let stale = directory + "/stale"
            close(try UnixSocket.listen(at: stale, backlog: 1))
            let refused = #expect(throws: SystemCallError.self) { _ = try UnixSocket.connect(to: stale) }
            #expect(refused?.code == ECONNREFUSED)
        }
    }

    @Test("the bounded wait returns false when nothing arrives, true once a byte is there")
    func boundedWait() throws {
        try Self.withDirectory { directory in
            let path = directory + "/wait"
            let listener = try UnixSocket.listen(at: path, backlog: 1)
            defer { close(listener) }
            let client = try UnixSocket.connect(to: path, nonBlocking: true)
            defer { close(client) }
            let server = try UnixSocket.accept(listener, path: path)
            defer { close(server) }
            #expect(try UnixSocket.wait(client, for: Int16(POLLIN), timeout: .milliseconds(50)) == false)
            var byte: UInt8 = 1
            #expect(write(server, &byte, 1) == 1)
            #expect(try UnixSocket.wait(client, for: Int16(POLLIN), timeout: .seconds(10)) == true)
        }
    }

    @Test("a temporary directory is private, and a failure names where it was to be made")
    func temporaryDirectory() throws {
        let directory = try TemporaryDirectory.make(prefix: "/tmp/diorama-posix-test-")
        defer { rmdir(directory) }
        var status = stat()
        #expect(stat(directory, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        let error = #expect(throws: SystemCallError.self) {
            _ = try TemporaryDirectory.make(prefix: "/nonexistent-diorama-parent/x-")
        }
        #expect(error?.description == "/nonexistent-diorama-parent: mkdtemp failed: No such file or directory")
    }
}
