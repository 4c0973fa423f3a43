import Foundation
import Testing

@testable import DioramaFuzzKit

@Suite struct MutatorTests {
    let mutator = Mutator(
        seeds: [Array("displays: dual\nlaunch TimerApp\n".utf8), Array("{\"a\": [1, 2]}".utf8)],
        dictionary: [Array("scale".utf8)], seed: 7)

    @Test func theSeedsComeFirstUnchanged() {
        #expect(mutator.input(at: 0) == mutator.seeds[0])
        #expect(mutator.input(at: 1) == mutator.seeds[1])
    }

    @Test func anIterationIsTheSameInputOnEveryRun() {
        let again = Mutator(seeds: mutator.seeds, dictionary: mutator.dictionary, seed: 7)
        for iteration in 2..<200 {
            #expect(mutator.input(at: iteration) == again.input(at: iteration))
        }
    }

    @Test func mutatedInputsDifferFromTheSeedsAndFromAnotherSeed() {
        let inputs = (2..<200).map { mutator.input(at: $0) }
        #expect(Set(inputs).count > 150)
        #expect(inputs.filter { mutator.seeds.contains($0) }.count < 20)
        let other = Mutator(seeds: mutator.seeds, dictionary: mutator.dictionary, seed: 8)
        #expect((2..<200).filter { other.input(at: $0) == mutator.input(at: $0) }.count < 20)
    }

    @Test func aRepeatedTokenIsTheTokenThatManyTimesOver() {
        #expect(Mutator.repeated(Array("<array>".utf8), 3) == Array("<array><array><array>".utf8))
        #expect(Mutator.repeated([0x5B], 0).isEmpty)
    }

    @Test func inputsStayWithinTheLengthLimit() {
        for iteration in 2..<300 {
            #expect(mutator.input(at: iteration).count <= Mutator.maximumLength)
        }
    }

    @Test func theCurrentInputFileGivesBackWhatWasRecorded() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-fuzz-current-\(getpid())")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try CurrentInputFile(url: url)
        file.record(Array("a longer first input".utf8), iteration: 3)
        file.record(Array("short".utf8), iteration: 300_000)
        let read = try #require(CurrentInputFile.read(url))
        #expect(read.iteration == 300_000)
        #expect(read.input == Array("short".utf8))
    }

    /// The short run in `make test` (``ShortFuzzRunTests``) gives each target
    /// ``ShortFuzzRunTests/iterations`` inputs, seed 1: its seeds, then mutated
    /// ones. Those must still reach every kind of mutation on every target
    /// (long runs, deep nesting and boundary numbers included), with at least
    /// ``ShortFuzzRunTests/mutatedInputs`` mutated inputs; the long run is `make fuzz`.
    @Test func theShortRunReachesEveryMutationOnEveryTarget() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-mutator-reach-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let corpus = SeedCorpus(root: ShortFuzzRunTests.checkout)
        for name in FuzzTargets.surfaceNames {
            let surface = try FuzzTargets.make(name, corpus: corpus, scratch: scratch.appendingPathComponent(name))
            let mutator = Mutator(seeds: surface.seeds, dictionary: surface.dictionary, seed: 1)
            let mutated = ShortFuzzRunTests.iterations - surface.seeds.count
            #expect(mutated >= ShortFuzzRunTests.mutatedInputs, "\(name): \(surface.seeds.count) seeds leave \(mutated) mutated inputs")
            let reached = Set((0..<ShortFuzzRunTests.iterations).flatMap(mutator.mutations(at:)))
            let missing = Mutator.Mutation.allCases.filter { !reached.contains($0) }
            #expect(missing.isEmpty, "\(name): the short run never applies \(missing)")
        }
    }
}
