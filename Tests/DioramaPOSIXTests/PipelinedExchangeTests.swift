import DioramaPOSIX
import Testing

/// The window of a pipelined exchange, played against a peer that answers
/// each request it was sent, in order: what goes out when, and what comes back.
@Suite("Pipelined exchange")
struct PipelinedExchangeTests {
    /// The writes made (ranges of request indices) and the most requests
    /// ever unanswered, for `count` requests through a window of `depth`.
    private static func exchange(count: Int, depth: Int) throws -> (answers: [String], writes: [Range<Int>], mostInFlight: Int) {
        var writes: [Range<Int>] = []
        var sent = 0
        var mostInFlight = 0
        var answered = 0
        let answers = try PipelinedExchange.exchange(
            count: count, depth: depth,
            write: { (indices: Range<Int>) throws(PeerError) in
                guard indices.lowerBound == sent else { throw PeerError(what: "requests \(indices) after \(sent) sent") }
                writes.append(indices)
                sent = indices.upperBound
                mostInFlight = max(mostInFlight, sent - answered)
            },
            read: { (index: Int) throws(PeerError) in
                // The peer can only answer what it was sent.
                guard index == answered, index < sent else { throw PeerError(what: "read answer \(index) with \(sent) sent") }
                answered += 1
                return "answer \(index)"
            })
        return (answers, writes, mostInFlight)
    }

    struct PeerError: Error { var what: String }

    @Test func everyRequestIsAnsweredInOrderAndNeverMoreThanTheDepthIsInFlight() throws {
        let (answers, writes, mostInFlight) = try Self.exchange(count: 100, depth: 8)
        #expect(answers == (0..<100).map { "answer \($0)" })
        #expect(mostInFlight == 8)
        #expect(writes.first == 0..<8, "a full window goes out first")
        // Then runs of half a window, each as half the window was answered.
        #expect(writes.dropFirst().dropLast().allSatisfy { $0.count == 4 }, "\(writes)")
        #expect(writes.reduce(0) { $0 + $1.count } == 100)
    }

    @Test func aDepthOfOneIsOneRoundTripPerRequest() throws {
        let (answers, writes, mostInFlight) = try Self.exchange(count: 5, depth: 1)
        #expect(answers.count == 5)
        #expect(writes == (0..<5).map { $0..<($0 + 1) })
        #expect(mostInFlight == 1)
    }

    @Test func fewerRequestsThanTheDepthGoOutInOneWrite() throws {
        let (answers, writes, _) = try Self.exchange(count: 3, depth: 64)
        #expect(answers.count == 3)
        #expect(writes == [0..<3])
        #expect(try Self.exchange(count: 0, depth: 64).writes.isEmpty)
    }

    @Test func aFailureStopsTheExchange() {
        var reads = 0
        #expect(throws: PeerError.self) {
            try PipelinedExchange.exchange(
                count: 10, depth: 4, write: { (_: Range<Int>) throws(PeerError) in },
                read: { (index: Int) throws(PeerError) -> Int in
                    reads += 1
                    if index == 2 { throw PeerError(what: "the connection broke") }
                    return index
                })
        }
        #expect(reads == 3)
    }
}
