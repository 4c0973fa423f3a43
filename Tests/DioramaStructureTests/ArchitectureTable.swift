import Foundation

/// The table of who may import whom in ARCHITECTURE.md: rows whose first cell
/// is one target's name in backticks, and whose third cell names (in
/// backticks) the targets it may import, and other packages' products (as
/// words: ArgumentParser, swift-log's `Logging`).
enum ArchitectureTable {
    struct Row {
        /// The package targets and other packages' products named in the
        /// "may import" cell.
        var mayImport: Set<String>
        /// 1-based line in ARCHITECTURE.md.
        var line: Int
    }

    /// The rows of every table in `markdown` whose first cell is exactly
    /// `` `Name` `` for a name in `targetNames`; other rows (the table of
    /// concepts) are not about targets and are left out. A name in
    /// `productNames` counts wherever it stands in the cell as a word of its own.
    static func rows(in markdown: String, targetNames: Set<String>, productNames: Set<String> = []) -> [String: Row] {
        var rows: [String: Row] = [:]
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "| a | b | c |" splits into "", a, b, c, "".
            guard cells.count >= 5, cells[0].isEmpty else { continue }
            let names = backticked(cells[1])
            guard names.count == 1, cells[1] == "`\(names[0])`", targetNames.contains(names[0]) else { continue }
            let products = productNames.filter { containsWord($0, in: cells[3]) }
            rows[names[0]] = Row(mayImport: Set(backticked(cells[3]).filter(targetNames.contains)).union(products), line: index + 1)
        }
        return rows
    }

    /// Whether `word` is in `text` with no letter, digit or `_` right before
    /// or after it (`Logging` is not in `DioramaLogging`).
    static func containsWord(_ word: String, in text: String) -> Bool {
        var searched = text[...]
        while let found = searched.range(of: word) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searched = text[found.upperBound...]
        }
        return false
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }

    /// The texts between pairs of backticks.
    static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
