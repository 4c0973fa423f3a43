import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a client looked for the compositor's socket, and what it found there.
///
/// libwayland's rule, which Diorama follows: the display is `WAYLAND_DISPLAY`
/// (or `wayland-0` when it is unset); a name without a leading `/` is a socket
/// inside `XDG_RUNTIME_DIR`, an absolute path is used as it is. An explicit
/// display given by the caller (`diorama outputs --display …`) replaces
/// `WAYLAND_DISPLAY`.
///
/// `ConnectionError.noCompositor` carries this value so the message can say
/// exactly what was tried: the variables' values, the resolved path, and
/// whether a file, a socket, or nothing is there.
package struct CompositorSearch: Sendable, Hashable, CustomStringConvertible {
    /// The display the caller passed explicitly, if any.
    package var explicitDisplay: String?
    /// `WAYLAND_DISPLAY` as found in the environment (nil: unset).
    package var waylandDisplay: String?
    /// `XDG_RUNTIME_DIR` as found in the environment (nil: unset).
    package var runtimeDirectory: String?
    /// The socket path that was tried; nil when a relative name could not be
    /// resolved because `XDG_RUNTIME_DIR` is unset.
    package var resolvedPath: String?
    /// Whether anything exists at `resolvedPath`.
    package var fileExists: Bool
    /// Whether what exists there is a UNIX socket.
    package var isSocket: Bool
    /// errno of the failed `connect(2)` (ECONNREFUSED: a stale socket; ENAMETOOLONG: a path
    /// too long for a socket address), if it got that far.
    package var connectErrno: Int32?
    /// The command-line option through which this program's user names a
    /// display (`--display` for `diorama outputs`). The hint mentions it only
    /// when set: an app takes no such option, so telling its user to pass one
    /// would send them nowhere.
    package var displayOption: String?
    /// errno of the failed `stat(2)` of `resolvedPath`, when nothing was
    /// found there (ENOTDIR: a folder on the way is a file).
    package var statErrno: Int32? = nil

    /// The name that was looked up: the explicit display, else `WAYLAND_DISPLAY`, else `wayland-0`.
    package var displayName: String {
        explicitDisplay ?? nonEmpty(waylandDisplay) ?? CompositorSearch.defaultDisplayName
    }

    /// libwayland's default display name when `WAYLAND_DISPLAY` is unset.
    package static let defaultDisplayName = "wayland-0"

    /// Resolves `display` (or the environment's) to a socket path and looks at
    /// the file system; it does not connect.
    package static func resolve(
        display explicitDisplay: String?,
        environment: [String: String]
    ) -> CompositorSearch {
        var search = CompositorSearch(
            explicitDisplay: explicitDisplay,
            waylandDisplay: environment["WAYLAND_DISPLAY"],
            runtimeDirectory: environment["XDG_RUNTIME_DIR"],
            resolvedPath: nil, fileExists: false, isSocket: false,
            connectErrno: nil, displayOption: nil)
        let name = search.displayName
        if name.hasPrefix("/") {
            search.resolvedPath = name
        } else if let runtime = nonEmpty(search.runtimeDirectory) {
            search.resolvedPath = runtime.hasSuffix("/") ? runtime + name : runtime + "/" + name
        }
        if let path = search.resolvedPath {
            var info = stat()
            if stat(path, &info) == 0 {
                search.fileExists = true
                search.isSocket = (info.st_mode & S_IFMT) == S_IFSOCK
            } else {
                search.statErrno = errno
            }
        }
        return search
    }

    package var description: String {
        var parts: [String] = []
        if let explicitDisplay {
            parts.append("the display given was '\(explicitDisplay)'")
        } else if let waylandDisplay, !waylandDisplay.isEmpty {
            parts.append("WAYLAND_DISPLAY=\(waylandDisplay)")
        } else {
            parts.append("WAYLAND_DISPLAY is unset, so the default '\(CompositorSearch.defaultDisplayName)' was used")
        }
        if !displayName.hasPrefix("/") {
            parts.append(runtimeDirectory.map { "XDG_RUNTIME_DIR=\($0)" } ?? "XDG_RUNTIME_DIR is unset")
        }
        var text = "no Wayland compositor found: " + parts.joined(separator: ", ")
        if let resolvedPath {
            text += "; looked for the socket \(resolvedPath): "
            if !fileExists {
                // ENOTDIR: a folder on the way is a file, most often XDG_RUNTIME_DIR itself.
                text +=
                    statErrno == ENOTDIR
                    ? "a part of the path before the socket's name is not a folder"
                        + (displayName.hasPrefix("/") ? "" : " (is XDG_RUNTIME_DIR a file?)")
                    : "no such file"
            } else if !isSocket {
                text += "the file exists but is not a socket"
            } else if let connectErrno {
                text +=
                    connectErrno == ENAMETOOLONG
                    ? "the path is longer than the \(UnixSocketAddress.maximumPathLength) bytes a Unix socket address holds; use a shorter XDG_RUNTIME_DIR or name"
                    : "the socket exists but connecting failed (\(String(cString: strerror(connectErrno))))"
                if connectErrno == ECONNREFUSED { text += " — a stale socket left by a compositor that exited" }
            } else {
                text += "the socket exists but the connection failed"
            }
        } else {
            text += "; a display name that is not an absolute path needs XDG_RUNTIME_DIR to locate the socket"
        }
        text +=
            ".\nStart a compositor and point WAYLAND_DISPLAY at its socket (a name inside XDG_RUNTIME_DIR, or an absolute path),"
            + " e.g. `diorama sim` (Diorama's headless simulator) or `weston --backend=headless-backend.so`"
        text += displayOption.map { "; or pass the socket explicitly (`\($0) NAME|PATH`)." } ?? "."
        return text
    }
}

private func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
}
