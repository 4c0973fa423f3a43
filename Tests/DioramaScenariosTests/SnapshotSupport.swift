import Foundation
import Testing

/// Compares `actual` with the checked-in file `Snapshots/NAME`; with
/// `DIORAMA_REGENERATE_SNAPSHOTS=1` in the environment, rewrites the file instead.
/// A mismatch records the first differing line with its neighbours.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = repositoryRoot.appendingPathComponent("Tests/DioramaScenariosTests/Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["DIORAMA_REGENERATE_SNAPSHOTS"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "missing snapshot \(url.path); run the tests with DIORAMA_REGENERATE_SNAPSHOTS=1 to create it",
            sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    Issue.record(Comment(rawValue: readableDiff(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
}

/// The first differing line, with two lines of context, in unified-diff style.
func readableDiff(expected: String, actual: String, name: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
    var text = "snapshot \(name) differs from line \(first + 1) (regenerate with DIORAMA_REGENERATE_SNAPSHOTS=1 if the change is intended):\n"
    for index in max(0, first - 2)..<first where index < old.count { text += "  \(old[index])\n" }
    for index in first..<min(old.count, first + 3) { text += "- \(old[index])\n" }
    for index in first..<min(new.count, first + 3) { text += "+ \(new[index])\n" }
    return text
}
