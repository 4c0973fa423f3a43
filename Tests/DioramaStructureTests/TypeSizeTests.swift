import DioramaTestTraits
import Foundation
import Testing

/// No type in Sources is over ``limit`` lines, its extensions included
/// (issue 19): a type that size holds more than one job.
@Suite("type sizes", .offSharedPool)
struct TypeSizeTests {
    static let limit = 800

    /// Types allowed over the limit, with the most lines each may have, and
    /// why. Empty since `Simulator` was split (issue 19, item 1); an entry
    /// for a type back under the limit fails the test, so the list cannot
    /// go stale.
    static let knownExceptions: [String: Int] = [:]

    @Test("no type in Sources spans more than 800 lines with its extensions")
    func noTypeOverLimit() throws {
        var problems: [String] = []
        var oversizedNames: Set<String> = []
        for target in try PackageStructureTests.declaredTargets() where target.directory.hasPrefix("Sources/") {
            let files = try ImportCheck.swiftFiles(of: target, root: PackageStructureTests.root)
            for size in TypeSizeCheck.oversized(target: target.name, files: files, limit: Self.limit) {
                let key = "\(size.target).\(size.name)"
                oversizedNames.insert(key)
                if let allowed = Self.knownExceptions[key], size.lines <= allowed { continue }
                problems.append("\(size) — over \(Self.limit); split it into types with one job each")
            }
        }
        for name in Self.knownExceptions.keys.sorted() where !oversizedNames.contains(name) {
            problems.append("\(name) is listed in TypeSizeTests.knownExceptions but is no longer over \(Self.limit) lines; remove the entry")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("declarations and extensions are summed per type; braces in strings and comments are not counted")
    func measuresDeclarations() {
        let first = """
            import Foundation

            /// A type { with a brace in its doc comment.
            final class Box<T>: Sendable where T: Sendable {
                let text = "}}} \\(value(of: "{")) \\"{"
                let block = \"\"\"
                    } \\(1) {
                    \"\"\"
                let raw = #"}"\\#(2)"#
                /* } /* nested } */ } */
            }
            extension Box.Inner { }
            func free() { if true { } }
            """
        let second = "extension Box {\n    func more() {\n    }\n}\n"
        let declarations = TypeSizeCheck.declarations(in: first)
        #expect(declarations.map(\.name) == ["Box", "Box.Inner"])
        #expect(declarations.map(\.line) == [4, 12])
        #expect(declarations.map(\.lines) == [8, 1])
        let sizes = TypeSizeCheck.sizes(target: "T", files: [("Sources/T/A.swift", first), ("Sources/T/B.swift", second)])
        let box = sizes.first { $0.name == "Box" }
        #expect(box?.lines == 12)
        #expect(box?.declarations == ["Sources/T/A.swift:4", "Sources/T/B.swift:1"])
        let over = TypeSizeCheck.oversized(target: "T", files: [("Sources/T/A.swift", first), ("Sources/T/B.swift", second)], limit: 10)
        #expect(over.map(\.description) == ["T.Box: 12 lines in 2 declarations (Sources/T/A.swift:4, Sources/T/B.swift:1)"])
    }
}
