#if canImport(Glibc)
    import Glibc
#endif

/// A system call that failed, with what it was working on and its errno.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, as its manual page names it (`connect`, `mkdtemp`, …).
    public var call: String
    /// The path or thing the call was about, for the message.
    public var subject: String
    /// The errno it left.
    public var code: Int32

    public init(_ call: String, subject: String, code: Int32 = errno) {
        self.call = call
        self.subject = subject
        self.code = code
    }

    /// The C library's text for `code` ("No such file or directory").
    public var reason: String { String(cString: strerror(code)) }

    /// What failed, without the subject: "connect failed: Connection refused".
    public var explanation: String { "\(call) failed: \(reason)" }

    public var description: String { "\(subject): \(explanation)" }
}
