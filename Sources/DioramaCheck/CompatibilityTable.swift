import DioramaModel
import Foundation

/// The table in `Docs/compatibility.md`, between two marker comments: one
/// row per client, rewritten by `diorama check --markdown-table FILE` (which
/// `make compatibility` runs for each Debian peer). Everything outside the
/// markers is prose and is kept as it is.
package enum CompatibilityTable {
    package static let start = "<!-- compatibility-table:start -->"
    package static let end = "<!-- compatibility-table:end -->"

    /// Puts `row` into the table in `path`: in place of the row whose first
    /// cell is `client`, else at the end. The header is written afresh, and
    /// rows with another number of columns (from an older battery) are dropped.
    ///
    /// - Throws: ``CompatibilityTableError`` naming the file and what to do.
    package static func update(_ path: String, header: String, row: String, client: String) throws(CompatibilityTableError) {
        let data: Data
        do {
            data = try RegularFileReader.read(path, as: .markdown)
        } catch {
            throw CompatibilityTableError(path: path, line: nil, problem: "cannot be read (\(error))\(error.oversizeFix.map { "; \($0)" } ?? "")")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CompatibilityTableError(path: path, line: nil, problem: "is not UTF-8 text; save it as UTF-8")
        }
        guard let startRange = text.range(of: start) else {
            throw CompatibilityTableError(path: path, line: nil, problem: "has no \(start) line; add it and \(end) where the table goes")
        }
        guard let endRange = text.range(of: end, range: startRange.upperBound..<text.endIndex) else {
            let line = text[..<startRange.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
            throw CompatibilityTableError(path: path, line: line, problem: "\(start) is not followed by \(end); add it after the table")
        }
        let columns = cells(of: Substring(header.split(separator: "\n")[0])).count
        var rows: [String] = []
        var replaced = false
        for line in text[startRange.upperBound..<endRange.lowerBound].split(separator: "\n") {
            let lineCells = cells(of: line)
            // The header, its rule, and rows of another shape are rewritten or dropped.
            guard lineCells.count == columns, !line.hasPrefix("|---"), lineCells.first != "Client" else { continue }
            if lineCells.first == client {
                rows.append(row)
                replaced = true
            } else {
                rows.append(String(line))
            }
        }
        if !replaced { rows.append(row) }
        let table = ([header] + rows).joined(separator: "\n")
        let updated = String(text[..<startRange.upperBound]) + "\n" + table + "\n" + String(text[endRange.lowerBound...])
        do throws(OutputFileFailure) {
            try OutputFileWriter.write(updated.utf8, to: path)
        } catch {
            throw CompatibilityTableError(path: path, line: nil, problem: "cannot be written (\(error.reason))")
        }
    }

    /// A Markdown row's cells, trimmed (`\|` inside a cell does not split it).
    static func cells(of line: Substring) -> [String] {
        guard line.hasPrefix("|") else { return [] }
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { current.append(character); escaped = true; continue }
            if character == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        return cells
    }
}

package struct CompatibilityTableError: Error, CustomStringConvertible, Equatable {
    package var path: String
    package var line: Int?
    package var problem: String

    package init(path: String, line: Int?, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    package var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)" }
}
