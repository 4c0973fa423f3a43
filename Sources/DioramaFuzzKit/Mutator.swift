import DioramaModel

/// Turns the seed corpus into hostile inputs, deterministically: input number
/// `iteration` of a run depends only on the run's seed, the corpus and the
/// dictionary, so a finding is reproduced by its iteration number alone (and
/// its reproducer file does not even need that).
///
/// The first `seeds.count` inputs are the seeds themselves (the real files must
/// pass); every later one is a seed with one to eight stacked mutations: bit
/// flips, byte edits, deletions, duplications, splices with another seed,
/// dictionary tokens, numbers swapped for boundary values, very long runs and
/// very deep nesting.
package struct Mutator: Sendable {
    package let seeds: [[UInt8]]
    package let dictionary: [[UInt8]]
    package let seed: UInt64

    /// Inputs never grow past this: big enough for "long" and "deep", small
    /// enough that one input takes milliseconds, not seconds.
    package static let maximumLength = 64 * 1024

    /// Numbers at the edges of what readers convert: overflow of Int64, UInt64,
    /// Int32, Double's range and precision, negative zero, NaN spellings.
    static let boundaryNumbers: [String] = [
        "0", "-0", "-1", "1", "2", "255", "256", "65535", "65536", "2147483647", "2147483648", "-2147483649",
        "4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e15", "1e300", "1e308", "1e309",
        "-1e308", "1e-320", "4.9e-324", "0.000001", "0.5", "1.0000000001", "NaN", "nan", "inf", "-inf", "Infinity",
        "0x7fffffff", "00000000000000000000000000000000000001", "1.", ".5", "1e", "--1", "+1",
    ]

    package init(seeds: [[UInt8]], dictionary: [[UInt8]], seed: UInt64) {
        precondition(!seeds.isEmpty, "a fuzz target needs at least one seed input")
        self.seeds = seeds
        self.dictionary = dictionary.isEmpty ? [Array(" ".utf8)] : dictionary
        self.seed = seed
    }

    /// The kinds of mutation, as ``mutations(at:)`` names them.
    package enum Mutation: CaseIterable, Sendable {
        case bitFlip, interestingByte, randomBytes, deletion, duplication, dictionaryToken, boundaryNumber, splice, longRun,
            deepNesting, truncation
    }

    /// Input number `iteration` of the run.
    package func input(at iteration: Int) -> [UInt8] { mutatedInput(at: iteration).bytes }

    /// The mutations that made input number `iteration`, in the order applied
    /// (none for a seed): what a run of that many inputs reaches.
    package func mutations(at iteration: Int) -> [Mutation] { mutatedInput(at: iteration).mutations }

    private func mutatedInput(at iteration: Int) -> (bytes: [UInt8], mutations: [Mutation]) {
        if iteration < seeds.count { return (seeds[iteration], []) }
        var random = SplitMix64(seed: seed ^ (UInt64(iteration) &* 0xD1B5_4A32_D192_ED03))
        var bytes = seeds[Int.random(in: 0..<seeds.count, using: &random)]
        var mutations: [Mutation] = []
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            mutations.append(mutate(&bytes, using: &random))
            if bytes.count > Self.maximumLength { bytes.removeLast(bytes.count - Self.maximumLength) }
        }
        return (bytes, mutations)
    }

    /// `token` `count` times over, appended a token at a time: joining an array
    /// of copies walks it byte by byte, which in a debug build made the long
    /// runs and deep nesting most of the short run's mutating cost.
    static func repeated(_ token: [UInt8], _ count: Int) -> [UInt8] {
        var run: [UInt8] = []
        run.reserveCapacity(token.count * count)
        for _ in 0..<count { run.append(contentsOf: token) }
        return run
    }

    /// Applies one random mutation to `bytes` and says which.
    private func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) -> Mutation {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where !bytes.isEmpty:  // flip one bit
            let index = min(position, bytes.count - 1)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            return .bitFlip
        case 1 where !bytes.isEmpty:  // a byte that means something to some parser
            let interesting: [UInt8] = [
                0, 0xFF, 0x7F, 0x80, 0xC0, 0xE2, 0x0A, 0x0D, 0x09, 0x22, 0x5C, 0x7B, 0x7D,
                0x5B, 0x5D, 0x3C, 0x3E, 0x3D, 0x3B, 0x2C, 0x3A, 0x23, 0x2F, 0x24, 0x28, 0x29,
            ]
            bytes[min(position, bytes.count - 1)] = interesting.randomElement(using: &random)!
            return .interestingByte
        case 2:  // insert random bytes
            let count = Int.random(in: 1...4, using: &random)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
            return .randomBytes
        case 3 where !bytes.isEmpty:  // delete a range
            let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
            bytes.removeSubrange(min(position, bytes.count - 1)..<end)
            return .deletion
        case 4 where !bytes.isEmpty:  // copy a chunk elsewhere
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let chunk = Array(bytes[start..<min(bytes.count, start + Int.random(in: 1...128, using: &random))])
            bytes.insert(contentsOf: chunk, at: position)
            return .duplication
        case 5, 6:  // a dictionary token
            bytes.insert(contentsOf: dictionary.randomElement(using: &random)!, at: position)
            return .dictionaryToken
        case 7:  // a number at a boundary, replacing the digits here if there are some
            let number = Array(Self.boundaryNumbers.randomElement(using: &random)!.utf8)
            let digits = bytes[min(position, bytes.count)...].prefix { (0x30...0x39).contains($0) || $0 == 0x2E }
            bytes.replaceSubrange(position..<(position + digits.count), with: number)
            return .boundaryNumber
        case 8:  // splice: this input's head, another seed's tail
            let other = seeds.randomElement(using: &random)!
            let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
            bytes = Array(bytes[..<position]) + other[cut...]
            return .splice
        case 9:  // a very long run of one token
            let token = dictionary.randomElement(using: &random)!
            let count = Int.random(in: 100...(Self.maximumLength / max(1, token.count)), using: &random)
            bytes.insert(contentsOf: Self.repeated(token, count), at: position)
            return .longRun
        case 10:  // deep nesting: many openers (their closers may or may not follow)
            let openers: [[UInt8]] = [
                [0x5B], [0x7B], [0x28], Array("<array>".utf8), Array("<dict><key>k</key>".utf8),
                Array("{\"a\":".utf8), Array("$(".utf8),
            ]
            let opener = openers.randomElement(using: &random)!
            let depth = Int.random(in: 100...5_000, using: &random)
            bytes.insert(contentsOf: Self.repeated(opener, depth), at: position)
            return .deepNesting
        default:  // truncate
            bytes.removeSubrange(min(position, bytes.count)...)
            return .truncation
        }
    }
}
