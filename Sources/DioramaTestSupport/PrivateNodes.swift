import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Device nodes and FIFOs made in a test's own folder, so that tests of what
/// a writer does to `/dev/null`, `/dev/full` or a pipe never touch the
/// machine's real entries: a node with /dev/null's numbers (1, 3) swallows
/// writes, one with /dev/full's (1, 7) fails every write with ENOSPC.
package enum PrivateNode {
    /// `/dev/null`'s major and minor numbers.
    package static let null: (major: UInt32, minor: UInt32) = (1, 3)
    /// `/dev/full`'s.
    package static let full: (major: UInt32, minor: UInt32) = (1, 7)

    /// Makes a character device at `path` (mknod, which needs root or
    /// CAP_MKNOD: the tests that use it run as root in CI).
    package static func makeCharacterDevice(at path: String, _ numbers: (major: UInt32, minor: UInt32)) throws {
        guard mknod(path, S_IFCHR | 0o666, deviceNumber(numbers)) == 0 else {
            throw PrivateNodeError(
                message: "mknod \(path) c \(numbers.major) \(numbers.minor): \(String(cString: strerror(errno))) (the test needs root or CAP_MKNOD)")
        }
    }

    /// Makes a FIFO at `path`.
    package static func makeFIFO(at path: String) throws {
        guard mkfifo(path, 0o600) == 0 else {
            throw PrivateNodeError(message: "mkfifo \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether `path` (not followed if a link) is a character device with these numbers.
    package static func isCharacterDevice(_ path: String, _ numbers: (major: UInt32, minor: UInt32)) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR && status.st_rdev == deviceNumber(numbers)
    }

    /// glibc's `makedev`, which Swift cannot call (a macro).
    static func deviceNumber(_ numbers: (major: UInt32, minor: UInt32)) -> dev_t {
        let major = dev_t(numbers.major)
        let minor = dev_t(numbers.minor)
        return ((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12) | (minor & 0xff)
    }
}

/// A node a test needed could not be made.
package struct PrivateNodeError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// Reads a FIFO on a thread of its own until what arrived ends with a
/// terminator (a PNG's `IEND` chunk, a closing XML tag): the test waits for
/// that event, not for a quiet moment. The FIFO is opened for reading and
/// writing, so a writer may open it at any time without meeting "no reader"
/// and its closing never looks like the end.
package final class FIFOCollector: @unchecked Sendable {
    private let descriptor: Int32
    private let terminator: [UInt8]
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var received: [UInt8] = []

    package init(path: String, until terminator: [UInt8]) throws {
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw PrivateNodeError(message: "open \(path): \(String(cString: strerror(errno)))") }
        self.terminator = terminator
        let thread = Thread { [self] in collect() }
        thread.start()
    }

    deinit { close(descriptor) }

    private func collect() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let complete = lock.withLock {
                received += chunk[..<count]
                return received.count >= terminator.count && Array(received.suffix(terminator.count)) == terminator
            }
            if complete { break }
        }
        done.signal()
    }

    /// Every byte read, once the terminator arrived.
    package func bytes(timeout: TimeInterval) throws -> [UInt8] {
        guard done.wait(timeout: .now() + timeout) == .success else {
            throw WaitTimeout(
                what: "the FIFO's bytes to end with the terminator", seconds: timeout, details: "\(lock.withLock { received.count }) bytes so far")
        }
        return lock.withLock { received }
    }
}
