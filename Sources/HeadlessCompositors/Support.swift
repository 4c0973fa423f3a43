import DioramaPOSIX
import Foundation
import SwayIPC
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Small process- and file-system helpers shared by the launchers. All of them
// are internal: the public surface is `WestonHeadless`, `SwayHeadless` and
// `RunningCompositor` (the sway IPC client is the `SwayIPC` target).

/// Finds programs the way a shell would, plus the sbin directories that a
/// non-login root shell may lack on `PATH` (`runuser` and `useradd` live there).
enum Executables {
    static let fallbackDirectories = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]

    /// The absolute path of `name`, or `nil`.
    static func find(_ name: String) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + fallbackDirectories
        for dir in dirs where !dir.isEmpty {
            let candidate = dir + "/" + name
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// The absolute path of `name`, or an error naming the Debian package to install.
    static func require(_ name: String, package: String) throws -> String {
        guard let path = find(name) else {
            throw CompositorLaunchError.executableNotFound(name: name, package: package)
        }
        return path
    }
}

/// One line of `/proc/PID/stat`, the fields we need.
struct ProcessStat: Sendable, Equatable {
    var pid: pid_t
    var state: Character
    var ppid: pid_t
    var pgid: pid_t

    /// True for a process that still runs (not a zombie, not dead).
    var isLive: Bool { state != "Z" && state != "X" && state != "x" }

    /// One read of `/proc/PID/stat` (its fields after the name fit in the
    /// buffer, whatever the name); nil when the process is gone.
    static func read(_ pid: pid_t) -> ProcessStat? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            return parse(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }

    /// Parses a stat line. The command name is in parentheses and may itself
    /// contain spaces and parentheses, so fields are read after the last `)`.
    static func parse(_ text: String) -> ProcessStat? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"),
            let pid = pid_t(text[..<open].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let rest = text[text.index(after: close)...].split(separator: " ")
        guard rest.count >= 4, let state = rest[0].first,
            let ppid = pid_t(rest[1]), let pgid = pid_t(rest[2])
        else { return nil }
        return ProcessStat(pid: pid, state: state, ppid: ppid, pgid: pgid)
    }

    /// Every process visible in `/proc`.
    /// (A stop and a start-up wait each read every process's stat, a few
    /// hundred files on a busy test machine: read directly, not through
    /// Foundation's directory listing and `String(contentsOfFile:)`.)
    static func all() -> [ProcessStat] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var stats: [ProcessStat] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let pid = pid_t(name), let stat = read(pid) { stats.append(stat) }
        }
        return stats
    }

    /// Live processes whose process group is `pgid`.
    static func liveMembers(ofGroup pgid: pid_t) -> [ProcessStat] {
        all().filter { $0.pgid == pgid && $0.isLive }
    }

    /// Live direct children of `pid`.
    static func liveChildren(of pid: pid_t) -> [ProcessStat] {
        all().filter { $0.ppid == pid && $0.isLive }
    }

    /// True when `pid` exists and is not a zombie.
    static func isLive(_ pid: pid_t) -> Bool {
        read(pid)?.isLive ?? false
    }
}

/// Polls `condition` every `interval` until it returns true or `timeout` passes.
/// Returns whether the condition became true. Used for bounded waits on files,
/// sockets and process exit, where no notification is available.
@discardableResult
func poll(timeout: TimeInterval, interval: TimeInterval = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}

/// The last `maxLines` lines of a text file (reading at most its last 64 KiB).
func tailOfFile(_ path: String, maxLines: Int) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "(no log at \(path))" }
    defer { try? handle.close() }
    let size = (try? handle.seekToEnd()) ?? 0
    let window: UInt64 = 64 * 1024
    let start = size > window ? size - window : 0
    try? handle.seek(toOffset: start)
    let data = (try? handle.readToEnd()) ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let trimmed = lines.last == "" ? lines.dropLast() : lines[...]
    let tail = trimmed.suffix(maxLines).joined(separator: "\n")
    return tail.isEmpty ? "(log is empty)" : tail
}

/// True when `path` names a UNIX socket.
func isSocket(_ path: String) -> Bool {
    var st = stat()
    guard lstat(path, &st) == 0 else { return false }
    return (st.st_mode & S_IFMT) == S_IFSOCK
}

/// True when something accepts connections on the UNIX socket at `path`.
/// (A socket file can exist a moment before its owner calls `listen`.)
func socketAcceptsConnections(_ path: String) -> Bool {
    guard let fd = try? UnixSocket.connect(path: path) else { return false }
    close(fd)
    return true
}

/// Private per-instance directories under `/tmp`:
///
///     /tmp/diorama-<kind>-XXXXXX/        base, root's, 0711 (traversable, not listable)
///         compositor.log                 the compositor's stdout + stderr
///         run/                           XDG_RUNTIME_DIR, 0700, owned by whoever runs the compositor
///
/// `/tmp` rather than `$TMPDIR`: socket paths must stay under the 108-byte
/// `sun_path` limit, and when sway runs as `diorama-sway` every parent must be
/// traversable by that user. `DIORAMA_COMPOSITOR_TMPDIR` overrides it.
struct InstanceDirectory: Sendable {
    let base: String
    let runtime: String
    let logFile: String

    static func make(kind: String, owner: (uid: uid_t, gid: gid_t)? = nil) throws -> InstanceDirectory {
        let parent = ProcessInfo.processInfo.environment["DIORAMA_COMPOSITOR_TMPDIR"] ?? "/tmp"
        let base: String
        do {
            base = try TemporaryDirectory.make(prefix: "\(parent)/diorama-\(kind)-")
        } catch {
            throw CompositorLaunchError.setupFailed(what: "create a temporary directory in \(parent)", detail: error.reason)
        }
        let runtime = base + "/run"
        let logFile = base + "/compositor.log"
        do {
            guard chmod(base, 0o711) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            guard mkdir(runtime, 0o700) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            // mkdir honours the umask; make the mode exact.
            guard chmod(runtime, 0o700) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if let owner {
                guard chown(runtime, owner.uid, owner.gid) == 0 else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            }
            guard
                FileManager.default.createFile(
                    atPath: logFile, contents: nil,
                    attributes: [.posixPermissions: 0o644])
            else {
                throw POSIXError(.EIO)
            }
        } catch {
            try? TemporaryDirectory.remove(base)
            throw CompositorLaunchError.setupFailed(what: "prepare \(runtime)", detail: "\(error)")
        }
        return InstanceDirectory(base: base, runtime: runtime, logFile: logFile)
    }

    /// Removes the instance's folder with everything the compositor and its
    /// clients left in it (sockets, a D-Bus socket, dconf's folder), never
    /// following a link among them.
    func remove() {
        try? TemporaryDirectory.remove(base)
    }

    /// ``remove()`` once the compositor stopped, unless the environment
    /// variable `DIORAMA_KEEP_COMPOSITOR_FILES` asks to keep its files to read
    /// (then the folder also outlives the process).
    func removeUnlessKept() {
        TemporaryDirectory.remove(base, unlessSet: "DIORAMA_KEEP_COMPOSITOR_FILES")
    }

    /// Writes `text` to `name` inside the runtime directory, readable by its owner.
    func writeRuntimeFile(_ name: String, _ text: String, owner: (uid: uid_t, gid: gid_t)?) throws -> String {
        let path = runtime + "/" + name
        do {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            if let owner, chown(path, owner.uid, owner.gid) != 0 {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            throw CompositorLaunchError.setupFailed(what: "write \(path)", detail: "\(error)")
        }
        return path
    }
}

/// The environment a compositor is started with: the caller's, minus anything
/// that would make it (or its helper clients) talk to another display server.
func sanitizedEnvironment(_ extra: [String: String]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for key in inheritedDisplayVariables { env.removeValue(forKey: key) }
    env.merge(extra) { _, new in new }
    return env
}

/// The folder Mesa keeps its compiled shaders under for the caller
/// (`MESA_SHADER_CACHE_DIR`, to which Mesa adds `mesa_shader_cache`): the
/// caller's own setting, else its cache folder (`XDG_CACHE_HOME`, else
/// `~/.cache`), where Mesa would look by default. A compositor started with
/// a private `HOME` and `XDG_CACHE_HOME` is given it, so llvmpipe reuses
/// the shaders compiled at earlier starts (Mutter 43 with an idle client:
/// about 0.35 s of CPU with it, 0.55 s without). Only compiled shaders are
/// shared; the instance's settings and data stay private. Nil when the
/// caller has no absolute cache or home folder.
package func callerShaderCacheParent(_ environment: [String: String]) -> String? {
    for (key, suffix) in [("MESA_SHADER_CACHE_DIR", ""), ("XDG_CACHE_HOME", ""), ("HOME", "/.cache")] {
        if let value = environment[key], value.hasPrefix("/") { return value + suffix }
    }
    return nil
}

/// Variables that point a process at some other compositor or IPC socket.
let inheritedDisplayVariables = ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "SWAYSOCK", "I3SOCK"]

/// A process-wide counter for unique names (socket names, log labels).
final class InstanceCounter: Sendable {
    static let shared = InstanceCounter()
    private let value = Atomic<Int>(0)
    func next() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
