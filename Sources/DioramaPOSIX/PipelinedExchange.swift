/// Requests sent over one stream socket without waiting for each answer
/// (pipelining): the peer reads them in order and answers each in order, so
/// the requests after the first travel while the peer works, and a round trip
/// is paid per window of requests instead of per request. sway's IPC and the
/// simulator's control socket both read a connection's requests in order.
package enum PipelinedExchange {
    /// Sends `count` requests and reads their `count` answers, in order, with
    /// at most `depth` requests unanswered at any time. Requests go out in
    /// runs (`write` gets a range of indices, to send in one system call): a
    /// full window first, then a new run each time half the window has been
    /// answered, so the peer has requests to work on while this side reads.
    /// Bounding what is in flight keeps both sockets' buffers from filling:
    /// a peer that blocks writing answers nobody reads would stop reading
    /// requests, and a writer without a bound would then wait forever.
    ///
    /// - Parameters:
    ///   - write: sends the requests at these indices, in order.
    ///   - read: reads the answer to the request at this index.
    /// - Returns: the answers, in the order of the requests.
    package static func exchange<Answer, Failure: Error>(
        count: Int, depth: Int,
        write: (Range<Int>) throws(Failure) -> Void,
        read: (Int) throws(Failure) -> Answer
    ) throws(Failure) -> [Answer] {
        precondition(depth > 0, "a pipeline needs room for at least one request in flight (depth \(depth))")
        var answers: [Answer] = []
        answers.reserveCapacity(count)
        var sent = 0
        while answers.count < count {
            if sent < count, sent - answers.count <= depth / 2 {
                let end = min(count, answers.count + depth)
                try write(sent..<end)
                sent = end
            }
            answers.append(try read(answers.count))
        }
        return answers
    }
}
