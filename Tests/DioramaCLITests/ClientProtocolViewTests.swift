import HeadlessCompositors
import Testing

@testable import DioramaCheck

/// What `check --on` reads from a client's `WAYLAND_DEBUG=client` log, on
/// lines as foot 1.13 printed them under sway 1.7 and KWin 5.27.
@Suite struct ClientProtocolViewTests {
    /// foot's toplevel on two outputs (scale 2 and 1), at buffer scale 2.
    static let mappedAt2 = """
        [100.000]  -> wl_registry@2.bind(38, "wl_output", 4, new id [unknown]@18)
        [100.001]  -> wl_registry@2.bind(39, "wl_output", 4, new id [unknown]@20)
        [100.002] wl_output@18.scale(2)
        [100.003] wl_output@20.scale(1)
        [100.010]  -> xdg_wm_base@11.get_xdg_surface(new id xdg_surface@25, wl_surface@3)
        [100.011]  -> xdg_surface@25.get_toplevel(new id xdg_toplevel@26)
        [100.012]  -> wl_shm_pool@9.create_buffer(new id wl_buffer@24, 0, 1400, 948, 5600, 0)
        [100.013]  -> wl_surface@3.set_buffer_scale(2)
        [100.014]  -> wl_surface@3.attach(wl_buffer@24, 0, 0)
        [100.015]  -> wl_surface@3.commit()
        [100.020] wl_surface@3.enter(wl_output@18)

        """

    static func view(_ text: String) -> ClientProtocolView {
        var view = ClientProtocolView()
        view.read(WaylandDebugLog.parse(text))
        return view
    }

    @Test func aFrameDrawnBeforeTheEnterFitsOnceTheEnterComes() {
        var view = Self.view(Self.mappedAt2)
        #expect(view.toplevelSurface == "wl_surface@3")
        #expect(view.scaleInEffect == 2)
        #expect(view.latestCommit?.bufferSize?.width == 1400)
        #expect(view.latestCommit?.drawnForScaleInEffect == false, "committed before any enter: the scale in effect was 1")
        #expect(view.latestFrameFitsScaleInEffect, "and fits now")
        view.read(WaylandDebugLog.parse("[100.030]  -> wl_surface@3.commit()\n"))
        #expect(view.history.filter { if case .commit = $0.kind { true } else { false } }.count == 1, "a commit without an attach is no frame")
    }

    /// Moving from 2x to 1x is an enter of the new output, then a leave of
    /// the old: in between the 2x frame fits the largest scale entered, so
    /// a grade must wait for the scale in effect of the display it moves to.
    @Test func betweenAnEnterAndItsLeaveTheOldFrameFitsForAMoment() {
        var view = Self.view(Self.mappedAt2 + "[200.000] wl_surface@3.enter(wl_output@20)\n")
        #expect(view.scaleInEffect == 2)
        #expect(view.latestFrameFitsScaleInEffect)
        #expect(view.scaleInEffect != view.expectedScale(onDisplayOf: 1))
        view.read(WaylandDebugLog.parse("[200.003] wl_surface@3.leave(wl_output@18)\n"))
        #expect(view.scaleInEffect == 1)
        #expect(!view.latestFrameFitsScaleInEffect, "still drawn at 2 on the 1x output")
    }

    /// A plugged output is taken in once the client bound it and its `done`
    /// came, or at once when the client ignores it (weston-simple-shm binds
    /// no output); its removal is counted as dispatched, or as discarded by
    /// a client that destroyed its registry proxy.
    @Test func aPluggedOutputIsTakenInAndItsRemovalRead() {
        var view = Self.view(Self.mappedAt2)
        #expect(view.outputGlobalsAnnounced == 0, "the binds above come without their global lines")
        view.read(WaylandDebugLog.parse("[300.000] wl_registry@2.global(59, \"wl_output\", 4)\n"))
        #expect(view.outputGlobalsAnnounced == 1)
        #expect(view.newestOutputTakenIn, "not bound (yet): nothing more to wait for")
        view.read(
            WaylandDebugLog.parse(
                """
                [300.001]  -> wl_registry@2.bind(59, "wl_output", 2, new id [unknown]@29)
                [300.002] wl_output@29.mode(1, 1280, 720, 60000)
                [300.003] wl_output@18.done()

                """))
        #expect(!view.newestOutputTakenIn, "bound; another output's done does not count")
        view.read(WaylandDebugLog.parse("[300.004] wl_output@29.done()\n"))
        #expect(view.newestOutputTakenIn)
        #expect(view.globalRemovals == 0)
        view.read(WaylandDebugLog.parse("[300.100] wl_registry@2.global_remove(59)\n"))
        #expect(view.globalRemovals == 1)
        view.read(WaylandDebugLog.parse("[300.200] discarded wl_registry@2.global_remove(60)\n"))
        #expect(view.globalRemovals == 2)
    }

    @Test func aViewportAndAFractionalScaleGiveTheDrawnScale() {
        let view = Self.view(
            """
            [100.000]  -> wl_registry@2.bind(3, "wp_fractional_scale_manager_v1", 1, new id [unknown]@7)
            [100.001]  -> xdg_wm_base@11.get_xdg_surface(new id xdg_surface@25, wl_surface@3)
            [100.002]  -> xdg_surface@25.get_toplevel(new id xdg_toplevel@26)
            [100.003]  -> wp_viewporter@8.get_viewport(new id wp_viewport@30, wl_surface@3)
            [100.004]  -> wp_fractional_scale_manager_v1@7.get_fractional_scale(new id wp_fractional_scale_v1@31, wl_surface@3)
            [100.005] wp_fractional_scale_v1@31.preferred_scale(180)
            [100.006]  -> wl_shm_pool@9.create_buffer(new id wl_buffer@24, 0, 1200, 900, 4800, 0)
            [100.007]  -> wp_viewport@30.set_destination(800, 600)
            [100.008]  -> wl_surface@3.attach(wl_buffer@24, 0, 0)
            [100.009]  -> wl_surface@3.commit()
            [100.010]  -> xdg_toplevel@26.set_min_size(300, 200)

            """)
        #expect(view.bindsFractionalScale)
        #expect(view.scaleInEffect == 1.5)
        #expect(view.expectedScale(onDisplayOf: 1.5) == 1.5)
        #expect(view.latestCommit?.drawnScale == 1.5)
        #expect(view.latestFrameFitsScaleInEffect)
        #expect(view.minimumSize?.width == 300 && view.minimumSize?.height == 200)
    }

    @Test func theLastDispatchedEventIsWhereACrashHappened() {
        let view = Self.view(
            """
            [100.000]  -> wl_registry@2.bind(3, "wl_output", 4, new id [unknown]@16)
            [100.001] wl_output@16.geometry(1920, 0, -1, -1, 0, "", "", 0)
            info: something foot said

            """)
        #expect(view.lastDispatched == #"wl_output@16.geometry(1920, 0, -1, -1, 0, "", "", 0)"#)
        #expect(view.expectedScale(onDisplayOf: 1.5) == 2, "no fractional preferred scale: the integer wl_output.scale")
    }
}
