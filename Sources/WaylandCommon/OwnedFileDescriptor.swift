import Glibc
import Synchronization

/// A file descriptor that arrived in a Wayland message (`fd` argument): the
/// receiver owns it, and this object closes it when the last reference goes
/// unless a handler took it with ``take()``.
///
/// libwayland hands every received descriptor to the receiver to close. A
/// decoded message with no handler, or a handler that ignores the argument,
/// would otherwise leak one descriptor per message.
public final class OwnedFileDescriptor: Sendable {
    /// -1 once taken.
    private let descriptor: Atomic<Int32>

    /// Takes ownership of `descriptor`.
    package init(adopting descriptor: Int32) {
        self.descriptor = Atomic(descriptor)
    }

    /// Hands the descriptor over: the caller closes it from now on. Nil when
    /// it was already taken.
    public func take() -> Int32? {
        let taken = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        return taken >= 0 ? taken : nil
    }

    /// Runs `body` with the descriptor, which stays owned (and is closed
    /// later) by this object: for reading or mapping it without keeping it.
    /// `body` gets -1 when the descriptor was already taken.
    public func withDescriptor<Result, Failure: Error>(_ body: (Int32) throws(Failure) -> Result) throws(Failure) -> Result {
        try withExtendedLifetime(self) { () throws(Failure) -> Result in try body(descriptor.load(ordering: .acquiring)) }
    }

    /// Whether ``take()`` has handed the descriptor over.
    public var isTaken: Bool { descriptor.load(ordering: .acquiring) < 0 }

    deinit {
        let remaining = descriptor.load(ordering: .acquiring)
        if remaining >= 0 { close(remaining) }
    }
}
