import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to a file descriptor with `write(2)`: all of them, or a thrown
/// ``WriteFailure`` carrying errno.
///
/// Diorama never writes with Foundation's `FileHandle.write(_:)`: on Linux it
/// traps (a `try!` inside Foundation, SIGILL) when the write fails, so a full
/// disk, `/dev/full` or a closed pipe would kill the simulator, the CLI or an
/// app. Traces, diagnostics on stderr, an app's stdout and saved sessions go
/// through this type instead, and each decides what a failure means. (The
/// `diorama` command's own stdout is C's buffered `stdout`, checked once at
/// exit by the CLI's `CommandOutput`.)
package struct DescriptorWriter: Sendable {
    package let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package static let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO)
    package static let standardError = DescriptorWriter(descriptor: STDERR_FILENO)

    /// Opens `path` for writing (created with mode 0644 if missing; appended to
    /// or truncated) without hanging on a FIFO that has no reader: the open
    /// fails with ENXIO instead, and once open, writes block as usual.
    package static func openForWriting(_ path: String, appending: Bool) throws(WriteFailure) -> DescriptorWriter {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (appending ? O_APPEND : O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw WriteFailure(code: errno) }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return DescriptorWriter(descriptor: descriptor)
    }

    /// Writes every byte of `bytes`, retrying after EINTR and short writes.
    package func write(_ bytes: some Collection<UInt8>) throws(WriteFailure) {
        let contiguous = Array(bytes)
        var offset = 0
        while offset < contiguous.count {
            let written = contiguous[offset...].withUnsafeBytes { buffer in
                writeBytes(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(code: errno)
            }
            offset += written
        }
    }

    package func write(_ text: String) throws(WriteFailure) {
        try write(text.utf8)
    }

    /// Writes a diagnostic to stderr. A failure is dropped: a message that
    /// cannot be shown has nowhere else to go, and must not stop the program.
    package static func reportToStandardError(_ line: String) {
        try? standardError.write(line.hasSuffix("\n") ? line : line + "\n")
    }
}

/// A failed `write(2)`: its errno, and the system's words for it
/// ("No space left on device").
package struct WriteFailure: Error, Equatable, CustomStringConvertible {
    package var code: Int32

    package init(code: Int32) {
        self.code = code
    }

    package var description: String { String(cString: strerror(code)) }
}

/// `write(2)`, under a name the writer's own `write` methods do not shadow.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
