import DioramaManifest
import DioramaModel

/// A pbxproj's `objects` dictionary, looked up by id.
///
/// Every reference in a project (target → configuration list → configuration, build
/// phase → build file → file reference, group → parent group) is one lookup here, so
/// how a lookup is done decides how lint's time grows with the project's size.
/// ``entriesExamined`` counts the work, so that a test can check the growth without
/// timing anything.
struct ProjectObjects {
    let dictionary: PropertyListDictionary
    /// Each id's position in ``dictionary``: the last one, as lookups by key count.
    private let positions: [String: Int]
    private let counter = Counter()

    init(_ dictionary: PropertyListDictionary) {
        self.dictionary = dictionary
        var positions: [String: Int] = [:]
        positions.reserveCapacity(dictionary.count)
        for (position, entry) in dictionary.enumerated() { positions[entry.key] = position }
        self.positions = positions
    }

    /// The object with this id (the last one, if the id is repeated), with the
    /// location of its key. One hash lookup: a search through the entries made
    /// reading a project quadratic in its size (issue #14).
    func entry(forID id: String) -> PropertyListDictionary.Entry? {
        counter.count += 1
        return positions[id].map { dictionary[$0] }
    }

    subscript(id: String) -> PropertyList? {
        entry(forID: id)?.value
    }

    /// Object entries looked at by all lookups so far.
    var entriesExamined: Int { counter.count }

    private final class Counter: @unchecked Sendable {
        var count = 0
    }
}
