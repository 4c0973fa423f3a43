/// Finds the known word a misspelt one was probably meant to be, for "did you mean …?"
/// hints.
///
/// Uses the optimal-string-alignment distance (insertions, deletions, substitutions
/// and swaps of neighbouring letters each cost 1), compared case-insensitively. A
/// candidate counts only when it is close for its length: one edit for words up to
/// four letters, two up to eight, three beyond, so `scael` finds `scale` but `x`
/// does not find every one-letter keyword.
package enum NearestName {
    /// The closest candidate within the allowed distance; ties go to the candidate
    /// listed first, so hints are stable.
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        // Nobody mistypes a name this long; a bound keeps each comparison at most
        // longestWord² cells however long a hostile line is.
        guard lowered.count <= longestWord else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            let allowed = allowedDistance(forLength: max(lowered.count, other.count))
            // The distance is at least the difference in length: a word far longer
            // than every keyword (a hostile 100 000-letter line) is rejected here,
            // without the table of lowered.count × other.count cells.
            guard abs(lowered.count - other.count) <= allowed else { continue }
            let distance = editDistance(lowered, other)
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `did you mean `x`?` for the nearest candidate, else `fallback`.
    package static func hint(for word: String, in candidates: [String], otherwise fallback: String) -> String {
        if let match = nearest(to: word, in: candidates), match != word {
            return "did you mean `\(match)`?"
        }
        return fallback
    }

    /// Words longer than this get no "did you mean" hint.
    static let longestWord = 256

    static func allowedDistance(forLength length: Int) -> Int {
        switch length {
        case ...4: 1
        case ...8: 2
        default: 3
        }
    }

    /// Optimal string alignment distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
