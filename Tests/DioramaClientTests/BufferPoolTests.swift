import DioramaClient
import DioramaModel
import DioramaTestTraits
import Foundation
import Glibc
import HeadlessCompositors
import Testing

/// Buffer reuse on a real compositor: sway releases each buffer once the next
/// one replaced it, so a steady animation cycles through a fixed set.
@Suite("shm buffer pool", .ownThreads)
struct BufferPoolTests {
    @Test("frames of the same size reuse released buffers; a new size retires the old ones")
    func reuseAndResize() throws {
        let sway = try SwayHeadless.start(outputs: [.init()], floatingWindows: true)
        defer { sway.stop() }
        let client = try ClientHarness(sway)
        #expect(client.shm.formats.contains(.argb8888))
        #expect(client.shm.formats.contains(.xrgb8888))
        let (toplevel, first) = try client.mapToplevel(appID: uniqueAppID("shm"), defaultSize: Size(width: 64, height: 48))
        let size = first.size
        let pool = client.bufferPool
        #expect(pool.buffersCreated == 1)
        // The pool keeps room for a second buffer; only the first one's pages are allocated.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let firstBytes = (first.byteCount + page - 1) / page * page
        #expect(pool.residentBytes == firstBytes, "a new pool allocates the buffer placed in it, not its spare room")

        var used: [Buffer] = [first]
        var releasedThenReused = false
        var createdAfterWarmUp = 0
        var growthsAfterWarmUp = 0
        for frame in 0..<12 {
            if frame == 4 {
                createdAfterWarmUp = pool.buffersCreated
                growthsAfterWarmUp = pool.poolGrowths
            }
            var frameDone = false
            let buffer = try pool.nextBuffer(size: size)
            if used.contains(where: { $0 === buffer }) { releasedThenReused = true }
            used.append(buffer)
            buffer.withPixels { pixels in
                for index in pixels.indices { pixels[index] = 0xFF00_0000 | UInt32(frame * 20) }
            }
            toplevel.surface.frame { _ in frameDone = true }
            toplevel.attachAndCommit(buffer)
            #expect(buffer.isBusy)
            try client.run(until: { frameDone }, "frame \(frame)'s callback")
        }
        let distinct = Set(used.map(ObjectIdentifier.init))
        #expect(releasedThenReused, "a released buffer was handed out again")
        #expect(distinct.count <= 3, "13 frames used \(distinct.count) buffers")
        #expect(pool.buffersCreated == distinct.count, "no buffer was created beyond those reused")
        // Steady state: nothing allocated per frame once the set of buffers exists.
        #expect(pool.buffersCreated == createdAfterWarmUp)
        #expect(pool.poolGrowths == growthsAfterWarmUp)
        let growthsBeforeResize = pool.poolGrowths

        // A bigger size: new buffers, in new memory; the old ones go once released.
        let bigger = Size(width: 300, height: 200)
        let onScreen = try #require(used.last)
        let large = try pool.nextBuffer(size: bigger)
        #expect(pool.poolGrowths > growthsBeforeResize, "300x200 does not fit where the 64x48 buffers were")
        let residentAfterGrowth = pool.residentBytes
        #expect(
            residentAfterGrowth >= 300 * 200 * 4 && residentAfterGrowth < 300 * 200 * 4 + distinct.count * firstBytes + 2 * page,
            "the grown pool allocates the new buffer and keeps the old ones' pages, not the doubled room: \(residentAfterGrowth) bytes")
        // The grown pool keeps what was drawn: the buffer on screen reads back its last frame.
        onScreen.withPixels { pixels in
            #expect(pixels.allSatisfy { $0 == 0xFF00_0000 | UInt32(11 * 20) }, "the last frame's pixels survive the growth")
        }
        large.withPixels { pixels in
            #expect(pixels.count == 300 * 200)
            for index in pixels.indices { pixels[index] = 0xFF12_3456 }
            #expect(pixels.allSatisfy { $0 == 0xFF12_3456 }, "the grown part is writable")
        }
        #expect(large.size == bigger)
        #expect(large.stride == 1200)
        #expect(pool.buffersCreated == distinct.count + 1)
        var frameDone = false
        toplevel.surface.frame { _ in frameDone = true }
        toplevel.attachAndCommit(large)
        try client.run(until: { frameDone }, "the first frame at the new size")
        try client.run(until: { pool.liveBuffers == 1 }, "old-size buffers to be released and destroyed")

        // Back to the first size: the new buffer goes where the retired ones
        // were, whose pages are allocated and mapped already.
        let populatedBefore = pool.pagesPopulated
        let residentBefore = pool.residentBytes
        let back = try pool.nextBuffer(size: size)
        #expect(pool.pagesPopulated == populatedBefore, "a buffer placed on populated pages populates none again")
        #expect(pool.residentBytes == residentBefore)
        back.withPixels { pixels in
            for index in pixels.indices { pixels[index] = 0xFF65_4321 }
            #expect(pixels.allSatisfy { $0 == 0xFF65_4321 })
        }
        #expect(client.connection.error == nil)
    }

    @Test("the pages a new buffer needs: those of its range outside the populated ones, which then include it")
    func populatedPageRanges() {
        var populated = IndexSet(integersIn: 2..<5)
        populated.insert(integersIn: 8..<10)
        #expect(ShmPool.pages(0..<12, outside: populated) == [0..<2, 5..<8, 10..<12])
        #expect(ShmPool.pages(3..<9, outside: populated) == [5..<8])
        #expect(ShmPool.pages(2..<5, outside: populated) == [])
        #expect(ShmPool.pages(10..<11, outside: populated) == [10..<11])
        #expect(ShmPool.pages(0..<4, outside: IndexSet()) == [0..<4])
        func adding(_ added: Range<Int>) -> [Range<Int>] {
            var set = populated
            set.insert(integersIn: added)
            return Array(set.rangeView)
        }
        #expect(adding(5..<8) == [2..<10], "a range filling the gap joins both sides")
        #expect(adding(0..<1) == [0..<1, 2..<5, 8..<10])
        #expect(adding(11..<12) == [2..<5, 8..<10, 11..<12])
        #expect(adding(4..<6) == [2..<6, 8..<10])
        #expect(adding(0..<20) == [0..<20])
        #expect(adding(3..<3) == [2..<5, 8..<10])
    }
}
