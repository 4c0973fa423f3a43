import DioramaPOSIX
import Foundation
import HeadlessCompositors
import Testing

/// A client's log followed while it is written: each look parses only the
/// lines completed since the one before, and all looks together give what
/// parsing the finished file gives.
@Suite struct WaylandDebugLogFollowerTests {
    @Test("a line still being written waits for its newline; the looks add up to the whole file's messages")
    func followsCompleteLines() throws {
        let folder = try TemporaryDirectory.make(named: "diorama-debug-log")
        defer { try? TemporaryDirectory.remove(folder) }
        let path = folder + "/stderr"
        var follower = WaylandDebugLogFollower(path: path)
        #expect(follower.catchUp().isEmpty, "the file does not exist yet")

        #expect(
            FileManager.default.createFile(atPath: path, contents: Data("[1234.000] wl_surface@3.enter(wl_output@12)\n[1234.010]  -> wl_surface@3.com".utf8)))
        let first = follower.catchUp()
        #expect(first.map(\.message) == ["enter"])

        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("mit()\na toolkit's warning\n[1234.020] discarded wl_callback@31.done(7)\n".utf8))
        try handle.close()
        let second = follower.catchUp()
        #expect(second.map(\.message) == ["commit", "done"])
        #expect(follower.catchUp().isEmpty, "nothing new")
        let whole = WaylandDebugLog.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(follower.messages == whole)
    }
}
