import Foundation
import Glibc
import Testing

@testable import DioramaSimulator

/// The control protocol's line framing over a real socket pair: lines that
/// share a read, lines split over many reads, the last line without a
/// newline, and the length limit counted per line (not per buffer).
@Suite struct ControlLineSocketTests {
    /// A connected pair: the writer end (closed after `bytes`) and a reader.
    private func reader(after bytes: [UInt8], limit: Int) throws -> ControlLineSocket {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        // Written from another thread: more than a socket buffer holds.
        Thread { [writer = ends[1]] in
            var offset = 0
            while offset < bytes.count {
                // Odd-sized pieces, so lines straddle reads.
                let piece = min(7919, bytes.count - offset)
                let written = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + offset, piece) }
                if written <= 0 { break }
                offset += written
            }
            close(writer)
        }.start()
        return ControlLineSocket(descriptor: ends[0], maximumLineBytes: limit)
    }

    @Test func linesAreSplitAtEveryNewlineWhereverTheReadsEnd() throws {
        let long = String(repeating: "y", count: 300_000)
        let text = "a\nbb\n\n" + long + "\n" + String(repeating: "z\n", count: 5000) + "last"
        let socket = try reader(after: Array(text.utf8), limit: 400_000)
        var lines: [String] = []
        while let line = try socket.readLine() { lines.append(line) }
        #expect(lines.count == 4 + 5000 + 1)
        #expect(Array(lines.prefix(4)) == ["a", "bb", "", long])
        #expect(lines[4..<5004].allSatisfy { $0 == "z" })
        #expect(lines.last == "last")
    }

    @Test func theLimitIsPerLine() throws {
        // Many short lines add up to far more than the limit: all fine.
        let socket = try reader(after: Array(String(repeating: "0123456789\n", count: 10_000).utf8), limit: 64)
        var count = 0
        while try socket.readLine() != nil { count += 1 }
        #expect(count == 10_000)
    }

    /// The endpoint sends the events it held back (`ControlEventHold`) from
    /// `beforeSleeping`: it must run when no line came and the reader is about
    /// to sleep, and not when a line is already there.
    @Test func beforeSleepingRunsOnlyWhenTheReaderIsAboutToSleep() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let writer = ends[1]
        defer { close(writer) }
        let socket = ControlLineSocket(descriptor: ends[0], maximumLineBytes: 64)
        func send(_ text: String) { _ = text.withCString { write(writer, $0, strlen($0)) } }

        send("first\nsecond\n")
        var calls = 0
        #expect(try socket.readLine(beforeSleeping: { calls += 1 }) == "first")
        #expect(try socket.readLine(beforeSleeping: { calls += 1 }) == "second")
        #expect(calls == 0, "both lines were there: the reader never was about to sleep")

        // Nothing to read: the hook runs, and what it causes (here, the next
        // line) is what the reader then gets.
        #expect(
            try socket.readLine(beforeSleeping: {
                calls += 1; send("third\n")
            }) == "third")
        #expect(calls == 1)
    }

    @Test func aLineOverTheLimitThrowsNamingIt() throws {
        let socket = try reader(after: Array(("ok\n" + String(repeating: "x", count: 100_000) + "\n").utf8), limit: 65_536)
        #expect(try socket.readLine() == "ok")
        do {
            _ = try socket.readLine()
            Issue.record("an over-long line was returned")
        } catch {
            #expect(error.exceededLineLimit == 65_536)
        }
    }

    /// The reader looks for a line without sleeping for a moment first
    /// (``ReadableWait/spin(for:until:)``); with nothing coming it still
    /// sleeps and times out, and bytes without a newline that came during
    /// the look are kept for the line they start.
    @Test func aReaderThatLookedFirstStillTimesOutAndKeepsAPartialLine() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        let socket = ControlLineSocket(descriptor: ends[0])
        #expect(write(ends[1], "par", 3) == 3)
        do {
            _ = try socket.readLine(within: .milliseconds(20))
            Issue.record("a line without its newline was returned")
        } catch {
            #expect(error.timedOut == .milliseconds(20))
        }
        #expect(write(ends[1], "tial\n", 5) == 5)
        #expect(try socket.readLine(within: .seconds(60)) == "partial")
    }
}
