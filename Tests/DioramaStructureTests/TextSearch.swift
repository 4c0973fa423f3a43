/// Byte-wise search in source text, for the checks that read every line of
/// every file. Foundation's `contains(_:)` and `range(of:range:)` go through
/// NSString at every call: in a profile of these tests they and the UTF-16
/// copies they make were over a fifth of the time. The needles here are
/// ASCII, so a hit starts on a character boundary.
extension Substring {
    /// Whether `needle` occurs in the text, byte for byte.
    func hasText(_ needle: String) -> Bool { textRange(of: needle) != nil }

    /// The first range of `needle` at or after `start` (the start of the
    /// text when nil), compared byte for byte.
    func textRange(of needle: String, from start: Index? = nil) -> Range<Index>? {
        let bytes = utf8
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var from = start ?? startIndex
        while from < bytes.endIndex, let hit = bytes[from...].firstIndex(of: first) {
            var probe = hit
            var matched = true
            for byte in pattern {
                guard probe < bytes.endIndex, bytes[probe] == byte else {
                    matched = false
                    break
                }
                probe = bytes.index(after: probe)
            }
            if matched { return hit..<probe }
            from = bytes.index(after: hit)
        }
        return nil
    }
}

extension Substring {
    /// Whether `needle` occurs as a token of code: not right after an
    /// identifier character (`SpawnedProcess(` is no `Process(`), nor, when
    /// it ends in one, right before one (`SimulatorLimits` is no
    /// `Simulator`).
    func hasToken(_ needle: String) -> Bool {
        let checksAfter = needle.last.map(Self.isIdentifierCharacter) ?? false
        var from = startIndex
        while let range = textRange(of: needle, from: from) {
            let before = range.lowerBound == startIndex ? nil : self[index(before: range.lowerBound)]
            let after = range.upperBound == endIndex ? nil : self[range.upperBound]
            let joinsBefore = before.map(Self.isIdentifierCharacter) ?? false
            let joinsAfter = checksAfter && (after.map(Self.isIdentifierCharacter) ?? false)
            if !joinsBefore && !joinsAfter { return true }
            from = range.upperBound
        }
        return false
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

extension String {
    /// Whether `needle` occurs in the text, byte for byte.
    func hasText(_ needle: String) -> Bool { self[...].hasText(needle) }
}
