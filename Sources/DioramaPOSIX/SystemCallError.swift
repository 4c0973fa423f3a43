#if canImport(Glibc)
    import Glibc
#endif

/// A system call that failed, with what it was working on and its errno.
package struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, as its manual page names it (`connect`, `mkdtemp`, …).
    package var call: String
    /// The path or thing the call was about, for the message.
    package var subject: String
    /// The errno it left.
    package var code: Int32

    package init(_ call: String, subject: String, code: Int32 = errno) {
        self.call = call
        self.subject = subject
        self.code = code
    }

    /// The C library's text for `code` ("No such file or directory").
    package var reason: String { String(cString: strerror(code)) }

    /// What failed, without the subject: "connect failed: Connection refused".
    package var explanation: String { "\(call) failed: \(reason)" }

    package var description: String { "\(subject): \(explanation)" }
}
