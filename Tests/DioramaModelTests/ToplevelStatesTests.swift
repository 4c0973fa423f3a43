import DioramaModel
import Testing

@Suite("toplevel states: one spelling for traces, control and display")
struct ToplevelStatesTests {
    @Test("names round-trip through init(names:) and use the protocol's spelling")
    func namesRoundTrip() {
        for entry in ToplevelStates.catalogue {
            #expect(entry.state.names == [entry.name])
            #expect(ToplevelStates(names: [entry.name]) == entry.state)
        }
        let all = ToplevelStates(ToplevelStates.catalogue.map(\.state))
        #expect(ToplevelStates(names: all.names) == all)
        #expect("\(ToplevelStates([.activated, .tiledLeft]))" == "[activated, tiled_left]")
        #expect(ToplevelStates(names: ["tiled-left"]) == nil)
    }

    @Test("a client of an older xdg_wm_base gets only the states its version knows")
    func wireValuesFollowTheVersion() {
        let states: ToplevelStates = [.activated, .tiledLeft, .suspended]
        #expect(states.wireValues(version: 1) == [4])
        #expect(states.wireValues(version: 5) == [4, 5])
        #expect(states.wireValues(version: 6) == [4, 5, 9])
        #expect(ToplevelStates(wireArray: [4, 5, 9, 1000]) == states)
    }
}
