import DioramaScenarios
import DioramaSimulator
import Testing

@testable import DioramaScenarioBackends

/// A scenario's `profile:` (and `diorama run --profile`) reaches the simulator
/// as the profile of the same name, for every profile the simulator has.
@Suite struct ScenarioProfileMappingTests {
    @Test func everyScenarioProfileRunsTheSimulatorProfileOfTheSameName() throws {
        for profile in ScenarioProfile.allCases {
            #expect(SimulatorLayout.profile(for: profile).name == profile.rawValue)
        }
        #expect(ScenarioProfile.allCases.map(\.rawValue) == CompositorProfile.all.map(\.name))
    }

    @Test func aScenarioMayNameTheKWinAndMutterProfiles() throws {
        let kwin = try ScenarioParser.parse("displays: studio\nprofile: kwin-5.27\n", file: "kwin.scenario")
        #expect(kwin.profile == .kwin527)
        #expect(SimulatorLayout.profile(for: .kwin527) == .kwin527)
        let mutter = try ScenarioParser.parse("displays: studio\nprofile: mutter-43\n", file: "mutter.scenario")
        #expect(mutter.profile == .mutter43)
        #expect(SimulatorLayout.profile(for: .mutter43) == .mutter43)
    }
}
