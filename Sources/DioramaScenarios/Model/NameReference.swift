import DioramaModel

/// A name as a scenario file wrote it (a window, display, client alias or
/// callback), with where it was written so validation can point at it.
///
/// Two references are equal when their text is; the location only serves messages.
package struct NameReference: Hashable, Sendable, CustomStringConvertible {
    package var name: String
    package var location: SourceLocation

    package init(_ name: String, at location: SourceLocation) {
        self.name = name
        self.location = location
    }

    package static func == (lhs: NameReference, rhs: NameReference) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    package var description: String { name }
}
