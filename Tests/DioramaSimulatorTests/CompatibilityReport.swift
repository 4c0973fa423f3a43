import Foundation
import Glibc

/// Writes measured rows into the table of `Docs/compatibility.md`.
///
/// The table sits between two marker comments; each row's first cell names
/// a client, and writing a row replaces that client's row (or adds it in
/// ``order``). Parallel test cases each write their own row, one at a time
/// (an exclusive `flock` on the file). Only when `DIORAMA_COMPATIBILITY_REPORT`
/// names the file: regenerating the table is a deliberate act.
enum CompatibilityReport {
    static let environmentVariable = "DIORAMA_COMPATIBILITY_REPORT"
    static let start = "<!-- compatibility-table:start -->"
    static let end = "<!-- compatibility-table:end -->"
    static let header = """
        | Client | Debian package | Follows integer scale (1x → 2x) | Follows fractional scale (→ 1.5x) | Reaction time (2x / 1.5x) | Stale frames (2x / 1.5x) |
        |---|---|---|---|---|---|
        """
    static let order = ThirdPartyClient.windowed.map(\.name)

    /// The report file, when regenerating was asked for.
    static var file: String? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func write(row cells: [String], to path: String) throws {
        let descriptor = open(path, O_RDWR)
        guard descriptor >= 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let startRange = text.range(of: start), let endRange = text.range(of: end) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path,
                             NSLocalizedDescriptionKey: "\(path) lacks the \(start) … \(end) markers"])
        }
        var rows: [String: String] = [:]
        for line in text[startRange.upperBound..<endRange.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let first = line.dropFirst(2).split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if order.contains(first) { rows[first] = String(line) }
        }
        rows[cells[0]] = "| " + cells.joined(separator: " | ") + " |"
        let table = ([header] + order.compactMap { rows[$0] }).joined(separator: "\n")
        let updated = String(text[..<startRange.upperBound]) + "\n" + table + "\n" + String(text[endRange.lowerBound...])
        try updated.write(toFile: path, atomically: false, encoding: .utf8)
    }
}
