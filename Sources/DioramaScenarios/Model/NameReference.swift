import DioramaModel

/// A name as a scenario file wrote it (a window, display, client alias or
/// callback), with where it was written so validation can point at it.
///
/// Two references are equal when their text is; the location only serves messages.
public struct NameReference: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var location: SourceLocation

    public init(_ name: String, at location: SourceLocation) {
        self.name = name
        self.location = location
    }

    public static func == (lhs: NameReference, rhs: NameReference) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public var description: String { name }
}
