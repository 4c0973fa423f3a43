import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads input files (Info.plists, saved sessions, projects, `.xcconfig`s) whole,
/// refusing anything that is not a regular file.
///
/// `Data(contentsOf:)` blocks forever on a FIFO nobody writes to, reads
/// `/dev/zero` until memory runs out, and reports both as a vague Cocoa error.
/// Here the file is opened with `O_NONBLOCK` (so opening a FIFO returns at
/// once) and checked with `fstat` before a byte is read.
public enum RegularFileReader {
    public static func read(_ path: String) throws(FileReadFailure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadFailure(code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadFailure(code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileReadFailure(kind: FileReadFailure.kind(ofMode: status.st_mode))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadFailure(code: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

/// Why ``RegularFileReader`` could not read a file, in words for a message that
/// already names the file: "no such file", "permission denied",
/// "not a regular file (a FIFO)" (after "cannot read the file: ").
public struct FileReadFailure: Error, Equatable, CustomStringConvertible {
    /// The errno of the failed call, or nil when the file is not a regular file.
    public var code: Int32?
    /// What the path is instead of a regular file ("a FIFO", "a directory").
    public var kind: String?

    init(code: Int32) {
        self.code = code
        kind = nil
    }

    init(kind: String) {
        code = nil
        self.kind = kind
    }

    /// True when nothing exists at the path.
    public var isMissing: Bool { code == ENOENT }

    public var description: String {
        if let kind { return "not a regular file (\(kind))" }
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case let code?: return String(cString: strerror(code))
        case nil: return "cannot be read"
        }
    }

    static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
