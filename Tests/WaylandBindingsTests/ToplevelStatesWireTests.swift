import DioramaModel
import Testing
import WaylandClient
import WaylandServer

/// `ToplevelStates` (DioramaModel, pure) carries xdg-shell's wire values itself; the
/// client decodes and the simulator encodes with them, so they must be exactly the
/// values of the generated `XdgToplevel.State` on both sides.
@Suite("shared toplevel states against the generated bindings")
struct ToplevelStatesWireTests {
    @Test("every state's wire value is the generated client and server value")
    func wireValuesMatchBothBindings() {
        let client: [(ToplevelStates, WaylandClient.XdgToplevel.State)] = [
            (.maximized, .maximized), (.fullscreen, .fullscreen), (.resizing, .resizing),
            (.activated, .activated), (.tiledLeft, .tiledLeft), (.tiledRight, .tiledRight),
            (.tiledTop, .tiledTop), (.tiledBottom, .tiledBottom),
        ]
        let server: [(ToplevelStates, WaylandServer.XdgToplevel.State)] = [
            (.maximized, .maximized), (.fullscreen, .fullscreen), (.resizing, .resizing),
            (.activated, .activated), (.tiledLeft, .tiledLeft), (.tiledRight, .tiledRight),
            (.tiledTop, .tiledTop), (.tiledBottom, .tiledBottom),
        ]
        // `suspended` (xdg_wm_base v6) is newer than the xdg-shell XML Debian bookworm
        // installs, so the bindings lack it; every other state must be there.
        #expect(client.map(\.0) == ToplevelStates.catalogue.map(\.state).filter { $0 != .suspended })
        for ((state, clientValue), (_, serverValue)) in zip(client, server) {
            #expect(state.wireValues(version: .max) == [clientValue.rawValue], "\(state)")
            #expect(state.wireValues(version: .max) == [serverValue.rawValue], "\(state)")
            #expect(ToplevelStates(wireArray: [clientValue.rawValue]) == state)
        }
    }
}
