/// Replaces Xcode build-setting references in Info.plist strings.
///
/// Info.plist files in source form still contain `$(PRODUCT_MODULE_NAME)` or
/// `${PRODUCT_BUNDLE_IDENTIFIER}`; Xcode fills them in at build time. Diorama reads the
/// source file, so it substitutes them from a dictionary the caller supplies (the
/// package's module name, a bundle id from the command line, and so on).
///
/// Supported forms:
/// - `$(NAME)` and `${NAME}`.
/// - Modifiers after colons, applied left to right: `$(NAME:rfc1034identifier:lower)`.
///   - `rfc1034identifier`: every character other than ASCII letters, digits, `-` and
///     `.` becomes `-` (what Xcode does for bundle identifiers).
///   - `c99extidentifier` / `identifier`: every character other than ASCII letters,
///     digits and `_` becomes `_`, with `_` put before a leading digit.
///   - `lower`, `upper`.
///   - `default=VALUE`: used when the variable is missing or empty.
/// - References nested in a name, `$(A_$(B))`, are resolved inside out.
///
/// A reference that cannot be resolved is left in the text as written and reported,
/// so a lint run shows exactly which variable to pass.
public struct BuildSettingSubstitution: Sendable {
    /// What one substitution did.
    public struct Result: Hashable, Sendable {
        /// The text with every resolvable reference replaced.
        public var value: String
        /// Names with no value (in order of appearance).
        public var unresolvedVariables: [String]
        /// Modifiers that were not applied because they are not implemented.
        public var unknownModifiers: [String]
    }

    public var variables: [String: String]

    public init(variables: [String: String]) {
        self.variables = variables
    }

    /// The modifiers ``substitute(_:)`` implements, besides `default=`.
    public static let supportedModifiers = ["rfc1034identifier", "c99extidentifier", "identifier", "lower", "upper"]

    public func substitute(_ text: String) -> Result {
        var result = Result(value: "", unresolvedVariables: [], unknownModifiers: [])
        result.value = expand(Array(text), into: &result)
        return result
    }

    private func expand(_ characters: [Character], into result: inout Result) -> String {
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$", index + 1 < characters.count,
                  let close = Self.closingBracket(for: characters[index + 1]),
                  let end = Self.matchingClose(in: characters, openAt: index + 1, close: close)
            else {
                output.append(character)
                index += 1
                continue
            }
            let inner = expand(Array(characters[(index + 2)..<end]), into: &result)
            let original = "$" + String(characters[index + 1]) + inner + String(close)
            output += resolve(reference: inner, original: original, into: &result)
            index = end + 1
        }
        return output
    }

    private func resolve(reference: String, original: String, into result: inout Result) -> String {
        var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        var value = variables[name]
        for modifier in parts where modifier.hasPrefix("default=") {
            if value?.isEmpty ?? true { value = String(modifier.dropFirst("default=".count)) }
        }
        guard var resolved = value else {
            result.unresolvedVariables.append(name)
            return original
        }
        for modifier in parts where !modifier.hasPrefix("default=") {
            switch modifier {
            case "rfc1034identifier":
                resolved = String(resolved.map { Self.isRFC1034Character($0) ? $0 : "-" })
            case "c99extidentifier", "identifier":
                resolved = String(resolved.map { Self.isIdentifierCharacter($0) ? $0 : "_" })
                if let first = resolved.first, first.isASCII, first.isNumber { resolved = "_" + resolved }
            case "lower":
                resolved = resolved.lowercased()
            case "upper":
                resolved = resolved.uppercased()
            default:
                result.unknownModifiers.append(modifier)
            }
        }
        return resolved
    }

    private static func closingBracket(for open: Character) -> Character? {
        switch open {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }

    /// Index of the bracket closing the one at `openAt`, counting nested pairs.
    private static func matchingClose(in characters: [Character], openAt: Int, close: Character) -> Int? {
        let open = characters[openAt]
        var depth = 0
        for index in openAt..<characters.count {
            if characters[index] == open { depth += 1 }
            if characters[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func isRFC1034Character(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
