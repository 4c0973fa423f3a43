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
///
/// Hostile text cannot make it run away: the result stops growing at
/// ``maximumLength`` bytes (`Result.exceedsMaximumLength` says so), and references
/// nested deeper than ``maximumNesting`` stay as written.
package struct BuildSettingSubstitution: Sendable {
    /// What one substitution did.
    package struct Result: Hashable, Sendable {
        /// The text with every resolvable reference replaced.
        package var value: String
        /// Names with no value (in order of appearance).
        package var unresolvedVariables: [String]
        /// Modifiers that were not applied because they are not implemented.
        package var unknownModifiers: [String]
        /// The expansion passed ``maximumLength``: `value` is cut short there.
        package var exceedsMaximumLength = false
    }

    /// The largest expanded text, in UTF-8 bytes: 1 MiB, far above any real
    /// setting, far below what doubling references (`X2 = $(X1)$(X1)` …) reach.
    package static let defaultMaximumLength = 1 << 20
    /// How deep `$(A_$(B_$(C)))` may nest before the rest is kept as written.
    package static let maximumNesting = 16

    package var variables: [String: String]
    package var maximumLength: Int

    package init(variables: [String: String], maximumLength: Int = defaultMaximumLength) {
        self.variables = variables
        self.maximumLength = maximumLength
    }

    /// The modifiers ``substitute(_:)`` implements, besides `default=`.
    package static let supportedModifiers = ["rfc1034identifier", "c99extidentifier", "identifier", "lower", "upper"]

    package func substitute(_ text: String) -> Result {
        var result = Result(value: "", unresolvedVariables: [], unknownModifiers: [])
        let bytes = expand(Array(text.utf8)[...], nesting: 0, into: &result)
        result.value = String(decoding: bytes, as: UTF8.self)
        return result
    }

    /// Works on UTF-8 bytes: every character it looks for (`$ ( ) { }`) is
    /// ASCII, and a megabyte of text is copied in runs, not character by character.
    private func expand(_ text: ArraySlice<UInt8>, nesting: Int, into result: inout Result) -> [UInt8] {
        var output: [UInt8] = []
        let closes = Self.matchingCloses(in: text)
        var literalStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex, output.count <= maximumLength, !result.exceedsMaximumLength {
            guard text[index] == UInt8(ascii: "$"), nesting < Self.maximumNesting, index + 1 < text.endIndex,
                let end = closes[index + 1]
            else {
                index += 1
                continue
            }
            output += text[literalStart..<index]
            let inner = String(decoding: expand(text[(index + 2)..<end], nesting: nesting + 1, into: &result), as: UTF8.self)
            let original = "$" + String(UnicodeScalar(text[index + 1])) + inner + String(UnicodeScalar(text[end]))
            output += resolve(reference: inner, original: original, into: &result).utf8
            index = end + 1
            literalStart = index
        }
        output += text[literalStart..<index]
        guard output.count <= maximumLength else {
            result.exceedsMaximumLength = true
            return Array(output.prefix(maximumLength))
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

    /// For each `(` and `{`, the index of the bracket of its kind that closes it,
    /// counting nested pairs; unclosed ones have none. One pass, so a line of
    /// thousands of unclosed `$(` costs no more than reading it.
    private static func matchingCloses(in text: ArraySlice<UInt8>) -> [Int: Int] {
        var closes: [Int: Int] = [:]
        var openParentheses: [Int] = []
        var openBraces: [Int] = []
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "("): openParentheses.append(index)
            case UInt8(ascii: "{"): openBraces.append(index)
            case UInt8(ascii: ")"): if let open = openParentheses.popLast() { closes[open] = index }
            case UInt8(ascii: "}"): if let open = openBraces.popLast() { closes[open] = index }
            default: break
            }
        }
        return closes
    }

    private static func isRFC1034Character(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
