import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an input file is, for its size limit and for messages: every file
/// Diorama reads whole goes through ``RegularFileReader`` as one of these.
///
/// Each limit is far above any real file of the kind and far below what would
/// hurt the process that reads it; `Docs/reliability.md` lists them. A file is
/// read whole into memory, so without a limit a 6 GiB sparse file (0 bytes on
/// disk) is enough to get the reader killed for lack of memory.
package struct InputFileKind: Hashable, Sendable {
    /// The kind in words, after "the limit for": "an Info.plist".
    package var name: String
    /// The most bytes a file of this kind may hold.
    package var maximumSize: Int

    package init(name: String, maximumSize: Int) {
        self.name = name
        self.maximumSize = maximumSize
    }

    /// Info.plists, scene manifests and the other property lists lint reads (8 MiB).
    package static let propertyList = InputFileKind(name: "a property list", maximumSize: 8 << 20)
    /// One saved scene session (8 MiB): its state and user info, as JSON.
    package static let savedSession = InputFileKind(name: "a saved session", maximumSize: 8 << 20)
    /// `project.pbxproj` (64 MiB): the largest real projects are around 10 MiB.
    package static let xcodeProject = InputFileKind(name: "an Xcode project file", maximumSize: 64 << 20)
    /// `contents.xcworkspacedata` (4 MiB).
    package static let xcodeWorkspace = InputFileKind(name: "a workspace file", maximumSize: 4 << 20)
    /// One `.xcconfig` (1 MiB); includes are files of their own, each within it.
    package static let buildConfiguration = InputFileKind(name: "an .xcconfig file", maximumSize: 1 << 20)
    /// A Swift or Objective-C source file lint looks into (16 MiB).
    package static let sourceFile = InputFileKind(name: "a source file", maximumSize: 16 << 20)
    /// A `.scenario` file (4 MiB).
    package static let scenario = InputFileKind(name: "a scenario", maximumSize: 4 << 20)
    /// A display layout (4 MiB): far more displays than a layout may have.
    package static let displayLayout = InputFileKind(name: "a display layout", maximumSize: 4 << 20)
    /// A Markdown file `diorama check --markdown-table` rewrites (16 MiB).
    package static let markdown = InputFileKind(name: "a Markdown document", maximumSize: 16 << 20)
    /// A `.gitignore` lint reads to tell a developer-local file from a missing one (1 MiB).
    package static let gitignore = InputFileKind(name: "a .gitignore file", maximumSize: 1 << 20)
    /// A results report `diorama merge` or `run --shard-by-time` reads: an
    /// earlier run's JSON or JUnit XML (256 MiB; a thousand scenarios take a few MiB).
    package static let resultsReport = InputFileKind(name: "a results report", maximumSize: 256 << 20)
    /// A screenshot the simulator wrote, copied into an HTML report: a PNG of the
    /// largest picture (16384×16384, 1 GiB of pixels) stays well under this.
    package static let screenshot = InputFileKind(name: "a screenshot", maximumSize: 2 << 30)
}

/// Reads input files (Info.plists, saved sessions, projects, `.xcconfig`s) whole,
/// refusing anything that is not a regular file or is larger than its kind allows.
///
/// `Data(contentsOf:)` blocks forever on a FIFO nobody writes to, reads
/// `/dev/zero` or a huge sparse file until memory runs out, and reports both as
/// a vague Cocoa error. Here the file is opened with `O_NONBLOCK` (so opening a
/// FIFO returns at once) and checked with `fstat` before a byte is read: its
/// type, then its size against ``InputFileKind/maximumSize``. A file that grows
/// while it is read is refused too: at most one byte past the limit is read.
package enum RegularFileReader {
    package static func read(_ path: String, as kind: InputFileKind) throws(FileReadFailure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadFailure(code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadFailure(code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileReadFailure(kind: FileReadFailure.kind(ofMode: status.st_mode))
        }
        guard Int64(status.st_size) <= Int64(kind.maximumSize) else {
            throw FileReadFailure(size: Int64(status.st_size), limit: kind)
        }
        var data = Data()
        data.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // One byte more than the limit allows tells a file that grew after fstat.
            let wanted = min(buffer.count, kind.maximumSize + 1 - data.count)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadFailure(code: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            if data.count > kind.maximumSize {
                throw FileReadFailure(size: nil, limit: kind)
            }
        }
    }
}

/// Why ``RegularFileReader`` could not read a file, in words for a message that
/// already names the file: "no such file", "permission denied",
/// "not a regular file (a FIFO)", "it is 6 GiB, more than the 8 MiB limit for
/// a property list" (after "cannot read the file: "); ``oversizeFix`` says what
/// to do about the last.
package struct FileReadFailure: Error, Equatable, CustomStringConvertible {
    /// The errno of the failed call, or nil when the file is not a regular file.
    package var code: Int32?
    /// What the path is instead of a regular file ("a FIFO", "a directory").
    package var kind: String?
    /// The file is larger than its kind allows: its size (nil when it grew past
    /// the limit while being read) and the kind whose limit it passes.
    package var oversize: Oversize?

    package struct Oversize: Equatable, Sendable {
        package var size: Int64?
        package var limit: InputFileKind
    }

    init(code: Int32) {
        self.code = code
    }

    init(kind: String) {
        self.kind = kind
    }

    init(size: Int64?, limit: InputFileKind) {
        oversize = Oversize(size: size, limit: limit)
    }

    /// True when nothing exists at the path.
    package var isMissing: Bool { code == ENOENT }

    /// What to do about an oversize file, for the fix part of a message; nil for
    /// other failures, whose fix depends on who reads the file.
    package var oversizeFix: String? {
        oversize.map {
            "check that this is the right file: \($0.limit.name) is never this large; make it smaller than \(Self.byteCount(Int64($0.limit.maximumSize)))"
        }
    }

    package var description: String {
        if let kind { return "not a regular file (\(kind))" }
        if let oversize {
            let limit = Self.byteCount(Int64(oversize.limit.maximumSize))
            let size = oversize.size.map { "it is \(Self.byteCount($0))" } ?? "it grew while being read"
            return "\(size), more than the \(limit) limit for \(oversize.limit.name)"
        }
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case let code?: return String(cString: strerror(code))
        case nil: return "cannot be read"
        }
    }

    /// `6.0 GiB (6442450944 bytes)`, `8 MiB`: binary units, the exact count when rounded.
    static func byteCount(_ bytes: Int64) -> String {
        let units: [(shift: Int64, name: String)] = [(30, "GiB"), (20, "MiB"), (10, "KiB")]
        for unit in units where bytes >= 1 << unit.shift {
            if bytes % (1 << unit.shift) == 0 { return "\(bytes >> unit.shift) \(unit.name)" }
            let value = Double(bytes) / Double(Int64(1) << unit.shift)
            return "\(String(format: "%.1f", value)) \(unit.name) (\(bytes) bytes)"
        }
        return "\(bytes) bytes"
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
