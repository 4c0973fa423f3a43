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
}
