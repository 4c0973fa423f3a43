extension ControlRequest {
    /// The request one line of the control protocol spells, decoded exactly as the
    /// control endpoint decodes what a client sends. Public so that the fuzzers
    /// (`diorama-fuzz control`, `Docs/reliability.md`) reach the decoder without a socket.
    ///
    /// - Throws: ``ControlFailure`` (`bad_request`) saying what is wrong with the line.
    public init(line: String) throws(ControlFailure) {
        self = try ControlConnection.decode(line)
    }
}
