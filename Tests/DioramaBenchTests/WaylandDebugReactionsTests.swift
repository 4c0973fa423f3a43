import DioramaBenchKit
import DioramaTestSupport
import DioramaTestTraits
import HeadlessCompositors
import Testing

/// Reading libwayland's `WAYLAND_DEBUG=client` lines and timing a window's
/// answer to a move from them, on hand-written logs in libwayland 1.21's format.
@Suite(.ownThreads) struct WaylandDebugReactionsTests {
    @Test func linesOfEveryShapeParseAndOtherOutputIsSkipped() throws {
        let messages = WaylandDebugLog.parse(
            """
            [3870912.345]  -> xdg_wm_base@8.get_xdg_surface(new id xdg_surface@15, wl_surface@14)
            foot: warning: some toolkit chatter [not a message]
            [ 912.005] wl_surface@14.enter(wl_output@9)
            [3870912.400] discarded wl_callback@31.done(1234)
            [3870912.500]  -> xdg_toplevel@16.set_title("a, \\"b\\" (c)")
            [3870912.600] broken@.line(
            """)
        #expect(messages.count == 4)
        let request = try #require(messages.first)
        #expect(request.direction == .sent)
        #expect(request.microseconds == 3_870_912_345)
        #expect(request.object == "xdg_wm_base@8")
        #expect(request.message == "get_xdg_surface")
        #expect(request.arguments == ["new id xdg_surface@15", "wl_surface@14"])
        #expect(messages[1].direction == .received)
        #expect(messages[1].microseconds == 912_005)
        #expect(messages[1].arguments == ["wl_output@9"])
        #expect(messages[2].discarded)
        #expect(messages[2].object == "wl_callback@31")
        #expect(messages[3].arguments == ["\"a, \\\"b\\\" (c)\""])
    }

    @Test func stampsSubtractAcrossThe32BitWrap() {
        #expect(WaylandDebugLog.microseconds(from: UInt32.max - 10, to: 20) == 31)
        #expect(WaylandDebugLog.microseconds(from: 20, to: UInt32.max - 10) == -31)
    }

    /// The toplevel's surface, a subsurface committing at the new scale first
    /// (ignored), a commit without a new buffer (ignored), then the answer.
    static let twoMoves = """
        [1000.000]  -> xdg_wm_base@8.get_xdg_surface(new id xdg_surface@15, wl_surface@14)
        [1000.010]  -> xdg_surface@15.get_toplevel(new id xdg_toplevel@16)
        [1000.020]  -> wl_surface@14.attach(wl_buffer@30, 0, 0)
        [1000.030]  -> wl_surface@14.commit()
        [2000.500] wl_surface@14.enter(wl_output@10)
        [2000.510] wl_surface@14.leave(wl_output@9)
        [2000.600]  -> wl_surface@20.set_buffer_scale(2)
        [2000.610]  -> wl_surface@20.attach(wl_buffer@40, 0, 0)
        [2000.620]  -> wl_surface@20.commit()
        [2000.700]  -> wl_surface@14.set_buffer_scale(2)
        [2000.710]  -> wl_surface@14.commit()
        [2003.000]  -> wl_surface@14.attach(wl_buffer@41, 0, 0)
        [2003.010]  -> wl_surface@14.commit()
        [3000.200] wl_surface@14.enter(wl_output@9)
        [3000.210] wl_surface@14.leave(wl_output@10)
        [3016.000]  -> wl_surface@14.set_buffer_scale(1)
        [3016.010]  -> wl_surface@14.attach(wl_buffer@42, 0, 0)
        [3016.500]  -> wl_surface@14.commit()
        """

    @Test func eachMoveIsTimedFromTheFirstEnterOrLeaveToTheCommitAtTheNewScale() {
        let messages = WaylandDebugLog.parse(Self.twoMoves)
        #expect(WaylandDebugReactions.toplevelSurface(in: messages) == "wl_surface@14")
        let reactions = WaylandDebugReactions.measure(
            messages,
            moves: [
                .init(sentAt: 2_000_000, targetScale: 2), .init(sentAt: 3_000_000, targetScale: 1),
            ])
        #expect(reactions.map(\.startMicroseconds) == [500, 200])
        #expect(reactions.map(\.enterToCommitMicroseconds) == [2_510, 16_300])
    }

    @Test func aMoveWithNoCommitAtItsScaleIsUnanswered() {
        let messages = WaylandDebugLog.parse(Self.twoMoves)
        // Claim the second move went to scale 3: nothing ever drew for it.
        let reactions = WaylandDebugReactions.measure(
            messages,
            moves: [
                .init(sentAt: 2_000_000, targetScale: 2), .init(sentAt: 3_000_000, targetScale: 3),
            ])
        #expect(reactions[0].enterToCommitMicroseconds == 2_510)
        #expect(reactions[1].startMicroseconds == 200)
        #expect(reactions[1].enterToCommitMicroseconds == nil)
    }

    @Test func aLogWithoutAToplevelAnswersNothing() {
        let messages = WaylandDebugLog.parse("[1.000] wl_surface@3.enter(wl_output@4)\n")
        #expect(WaylandDebugReactions.toplevelSurface(in: messages) == nil)
        let reactions = WaylandDebugReactions.measure(messages, moves: [.init(sentAt: 0, targetScale: 2)])
        #expect(reactions == [WaylandDebugReactions.Reaction()])
    }
}
