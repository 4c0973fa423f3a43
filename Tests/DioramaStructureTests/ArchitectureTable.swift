import Foundation

/// The table of who may import whom in ARCHITECTURE.md: rows whose first cell
/// is one target's name in backticks, and whose third cell names (in
/// backticks) the targets it may import.
enum ArchitectureTable {
    struct Row {
        /// The package targets named in the "may import" cell.
        var mayImport: Set<String>
        /// 1-based line in ARCHITECTURE.md.
        var line: Int
    }

    /// The rows of every table in `markdown` whose first cell is exactly
    /// `` `Name` `` for a name in `targetNames`; other rows (the table of
    /// concepts) are not about targets and are left out.
    static func rows(in markdown: String, targetNames: Set<String>) -> [String: Row] {
        var rows: [String: Row] = [:]
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "| a | b | c |" splits into "", a, b, c, "".
            guard cells.count >= 5, cells[0].isEmpty else { continue }
            let names = backticked(cells[1])
            guard names.count == 1, cells[1] == "`\(names[0])`", targetNames.contains(names[0]) else { continue }
            rows[names[0]] = Row(mayImport: Set(backticked(cells[3]).filter(targetNames.contains)), line: index + 1)
        }
        return rows
    }

    /// The texts between pairs of backticks.
    static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
