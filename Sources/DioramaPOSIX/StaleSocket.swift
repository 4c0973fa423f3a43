#if canImport(Glibc)
    import Glibc
#endif

extension UnixSocket {
    /// Makes room at `path` for a new listening socket, or says why not.
    /// Nothing there is fine; a socket nobody accepts on (a crashed
    /// program's) is removed; anything else stays untouched: a file that is
    /// not a socket (a user's file, a link, a device) and a socket some live
    /// process accepts on (it belongs to that process).
    ///
    /// - Throws: ``SocketPathRefusal`` saying which; the caller words the
    ///   advice (which option to change).
    package static func removeStaleSocket(at path: String) throws(SocketPathRefusal) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .cannotCheck(String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket }
        do {
            close(try connect(to: path))
            throw SocketPathRefusal.inUse
        } catch let refusal as SocketPathRefusal {
            throw refusal
        } catch let error as SystemCallError where error.code == ECONNREFUSED {
            // Nobody accepts on it: a stale socket, removed below.
        } catch {
            throw .cannotCheck("\(error)")
        }
        unlink(path)
    }
}

/// Why ``UnixSocket/removeStaleSocket(at:)`` left a path alone.
package enum SocketPathRefusal: Error, Equatable, Sendable {
    /// Something that is not a socket is there.
    case notASocket
    /// A live process accepts connections on the socket there.
    case inUse
    /// The path could not be looked at (the reason in words).
    case cannotCheck(String)
}
