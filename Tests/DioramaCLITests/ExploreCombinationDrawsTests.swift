import DioramaCheck
import DioramaModel
import Testing

/// The random combinations `diorama check --explore` tries, drawn without
/// running a battery: what a seed picks depends only on the seed and the
/// variations that changed nothing alone. `ExploreCommandTests` checks that a
/// real campaign tries exactly these draws.
@Suite struct ExploreCombinationDrawsTests {
    static let all = ExplorationVariation.allCases

    @Test func theSameSeedDrawsTheSameCombinationsAndAnotherSeedOthers() {
        let first = Array(ExploreCampaign.CombinationDraws(of: Self.all, seed: 5).prefix(20))
        let again = Array(ExploreCampaign.CombinationDraws(of: Self.all, seed: 5).prefix(20))
        let other = Array(ExploreCampaign.CombinationDraws(of: Self.all, seed: 6).prefix(20))
        #expect(first.count == 20 && other.count == 20)
        #expect(first == again, "seed 5 repeats its draws")
        #expect(Array(first.prefix(3)) != Array(other.prefix(3)), "seed 6 draws others from the first: \(first.prefix(3)) \(other.prefix(3))")
    }

    @Test func eachDrawIsTwoOrThreeQuietVariationsInOrderWithOneScaleAtMostAndNeverTwice() {
        let quiet = Self.all.filter { $0 != .physicalSizeMinusOne }
        let draws = Array(ExploreCampaign.CombinationDraws(of: quiet, seed: 1).prefix(200))
        #expect(draws.count == 200)
        #expect(Set(draws).count == draws.count, "no combination is tried twice")
        for set in draws {
            #expect((2...3).contains(set.count), "\(set)")
            #expect(set.allSatisfy(quiet.contains), "only quiet variations: \(set)")
            #expect(set == Self.all.filter(set.contains), "in the variations' order: \(set)")
            #expect(set.filter { $0.fractionalScale != nil }.count <= 1, "one scale of one display: \(set)")
        }
    }

    @Test func fewQuietVariationsEndTheDraws() {
        #expect(Array(ExploreCampaign.CombinationDraws(of: [.physicalSizeZero], seed: 1)).isEmpty, "one cannot be combined")
        let pair: [ExplorationVariation] = [.physicalSizeZero, .blankMakeModel]
        #expect(Array(ExploreCampaign.CombinationDraws(of: pair, seed: 1)) == [pair], "two make one combination, then the draws end")
        #expect(Array(ExploreCampaign.CombinationDraws(of: [.scale125, .scale3], seed: 1)).isEmpty, "two scales never combine")
    }
}
