import Foundation

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
        var expansion = Expansion(substitution: self)
        let bytes = Array(text.utf8).withUnsafeBufferPointer { expansion.expand($0, nesting: 0) }
        expansion.result.value = String(decoding: bytes, as: UTF8.self)
        return expansion.result
    }

    /// Whether `text` holds a `$`, the start of every reference: found by
    /// `memchr` over the UTF-8 bytes, because a setting's value may be a
    /// megabyte and the lint runs over every setting on every pass.
    package static func mayContainReferences(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "$")), bytes.count) != nil
        }
    }

    /// One ``substitute(_:)`` call: its result so far, and each reference
    /// already resolved in it.
    ///
    /// Works on UTF-8 bytes: every character it looks for (`$ ( ) { }`) is
    /// ASCII, and `memchr` finds them, so literal text is copied in runs.
    /// ``BuildSettings`` expands every setting on every pass, so this loop
    /// is what a hostile project makes `diorama lint` pay: a doubling chain
    /// (`X2 = $(X1)$(X1)`, …) turns a value into a megabyte of one reference
    /// repeated, so a run of the same reference is found by comparing bytes
    /// and resolved once.
    private struct Expansion {
        /// A reference's resolution, kept to be replayed: the reports it
        /// adds to the result each time it appears, and its bytes.
        struct Resolution {
            /// The text between the brackets, nested references expanded:
            /// what an unresolved reference is written back with.
            var reference: [UInt8]
            /// The resolved value, or nil when the variable has no value.
            var value: [UInt8]?
            var name: String
            var unknownModifiers: [String]
        }

        let substitution: BuildSettingSubstitution
        var result = Result(value: "", unresolvedVariables: [], unknownModifiers: [])
        /// Each reference resolved so far, by its text between the brackets.
        var resolutions: [String: Resolution] = [:]

        init(substitution: BuildSettingSubstitution) { self.substitution = substitution }

        mutating func expand(_ text: UnsafeBufferPointer<UInt8>, nesting: Int) -> [UInt8] {
            let maximumLength = substitution.maximumLength
            let output = ByteWriter()
            var brackets = BracketMatcher(text)
            var literalStart = 0
            var index = 0
            while index < text.count, output.count <= maximumLength, !result.exceedsMaximumLength {
                guard let dollar = BracketMatcher.first(UInt8(ascii: "$"), in: text, from: index) else {
                    index = text.count
                    break
                }
                index = dollar
                guard nesting < BuildSettingSubstitution.maximumNesting, let end = brackets.close(of: index + 1) else {
                    index += 1
                    continue
                }
                output.append(UnsafeBufferPointer(rebasing: text[literalStart..<index]))
                let inner = UnsafeBufferPointer(rebasing: text[(index + 2)..<end])
                if inner.count <= maximumLength, BracketMatcher.first(UInt8(ascii: "$"), in: inner, from: 0) == nil {
                    // Text with no `$` expands to itself: no need to go down.
                    // The reference and each copy of it right after it.
                    let resolution = resolve(inner)
                    let whole = UnsafeBufferPointer(rebasing: text[index...end])
                    repeat {
                        write(resolution, open: text[index + 1], close: text[end], to: output)
                        index += whole.count
                    } while output.count <= maximumLength && BracketMatcher.hasCopy(of: whole, in: text, at: index)
                } else {
                    let resolution = expand(inner, nesting: nesting + 1).withUnsafeBufferPointer { resolve($0) }
                    write(resolution, open: text[index + 1], close: text[end], to: output)
                    index = end + 1
                }
                literalStart = index
            }
            output.append(UnsafeBufferPointer(rebasing: text[literalStart..<index]))
            guard output.count <= maximumLength else {
                result.exceedsMaximumLength = true
                return output.bytes(upTo: maximumLength)
            }
            return output.bytes(upTo: output.count)
        }

        /// Resolves `reference` (the text between the brackets, its nested
        /// references expanded) the first time it appears.
        private mutating func resolve(_ reference: UnsafeBufferPointer<UInt8>) -> Resolution {
            // As a String, as the variables are named; invalid UTF-8 (a
            // nested expansion cut short) is written back as U+FFFD.
            let text = String(decoding: reference, as: UTF8.self)
            if let known = resolutions[text] { return known }
            let resolution = substitution.resolve(reference: text)
            resolutions[text] = resolution
            return resolution
        }

        /// Writes one appearance of a reference: its value, or the reference
        /// as written (`$`, `open`, the name, `close`) when it has none; and
        /// reports what it reports.
        private mutating func write(_ resolution: Resolution, open: UInt8, close: UInt8, to output: ByteWriter) {
            if let value = resolution.value {
                value.withUnsafeBufferPointer { output.append($0) }
            } else {
                result.unresolvedVariables.append(resolution.name)
                output.append(UInt8(ascii: "$"))
                output.append(open)
                resolution.reference.withUnsafeBufferPointer { output.append($0) }
                output.append(close)
            }
            if !resolution.unknownModifiers.isEmpty { result.unknownModifiers += resolution.unknownModifiers }
        }
    }

    /// A growing byte buffer written by `memcpy`: appending through Array's
    /// generic methods cost a call per element in a debug build.
    private final class ByteWriter {
        private var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        private var capacity = 64
        private(set) var count = 0

        deinit { storage.deallocate() }

        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            reserve(bytes.count)
            memcpy(storage + count, base, bytes.count)
            count += bytes.count
        }

        func append(_ byte: UInt8) {
            reserve(1)
            storage[count] = byte
            count += 1
        }

        /// The first `length` bytes written.
        func bytes(upTo length: Int) -> [UInt8] {
            Array(UnsafeBufferPointer(start: storage, count: min(length, count)))
        }

        private func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            let grown = max(capacity * 2, count + more)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            memcpy(larger, storage, count)
            storage.deallocate()
            storage = larger
            capacity = grown
        }
    }

    /// Finds the bracket that closes a `(` or `{` of a text, counting nested
    /// pairs of its kind. Asked about positions left to right, it reads the
    /// text once in all (a line of thousands of unclosed `$(` costs no more
    /// than reading it), and skips what the expansion jumped over: where a
    /// bracket closes depends only on the bytes after it.
    private struct BracketMatcher {
        let text: UnsafeBufferPointer<UInt8>
        /// The matching close of each bracket read so far, by position; -1
        /// for every other byte and for brackets not closed (yet).
        private var closes: [Int32]
        /// Bytes before this were read (or skipped).
        private var read = 0
        /// The positions of the unclosed `(` and `{` read, innermost last.
        private var openParentheses: [Int32] = []
        private var openBraces: [Int32] = []
        /// Where the next `(`, `)`, `{` and `}` at or after `read` are (the
        /// text's length when there is none).
        private var nextOpenParenthesis = 0, nextCloseParenthesis = 0, nextOpenBrace = 0, nextCloseBrace = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            precondition(text.count < Int(Int32.max), "a text of \(text.count) bytes")
            self.text = text
            closes = [Int32](repeating: -1, count: text.count)
            findNextBrackets()
        }

        /// The position of the bracket closing the one at `position`, nil
        /// when that byte is no `(` or `{`, or is not closed. Positions must
        /// not go back.
        mutating func close(of position: Int) -> Int? {
            guard position < text.count else { return nil }
            let byte = text[position]
            guard byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") else { return nil }
            if read <= position {
                // Nothing before `position` is asked about again.
                read = position
                openParentheses.removeAll(keepingCapacity: true)
                openBraces.removeAll(keepingCapacity: true)
                findNextBrackets()
            }
            while closes[position] < 0 && read < text.count { readNextBracket() }
            return closes[position] < 0 ? nil : Int(closes[position])
        }

        private mutating func findNextBrackets() {
            nextOpenParenthesis = Self.first(UInt8(ascii: "("), in: text, from: read) ?? text.count
            nextCloseParenthesis = Self.first(UInt8(ascii: ")"), in: text, from: read) ?? text.count
            nextOpenBrace = Self.first(UInt8(ascii: "{"), in: text, from: read) ?? text.count
            nextCloseBrace = Self.first(UInt8(ascii: "}"), in: text, from: read) ?? text.count
        }

        /// Reads up to and including the next bracket of any kind.
        private mutating func readNextBracket() {
            let position = min(min(nextOpenParenthesis, nextCloseParenthesis), min(nextOpenBrace, nextCloseBrace))
            read = position + 1
            guard position < text.count else { return }
            let following = Self.first(text[position], in: text, from: read) ?? text.count
            if position == nextOpenParenthesis {
                openParentheses.append(Int32(position))
                nextOpenParenthesis = following
            } else if position == nextCloseParenthesis {
                if let opening = openParentheses.popLast() { closes[Int(opening)] = Int32(position) }
                nextCloseParenthesis = following
            } else if position == nextOpenBrace {
                openBraces.append(Int32(position))
                nextOpenBrace = following
            } else {
                if let opening = openBraces.popLast() { closes[Int(opening)] = Int32(position) }
                nextCloseBrace = following
            }
        }

        /// The position of the first `byte` in `text` at or after `start`.
        static func first(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            guard start < text.count, let base = text.baseAddress, let found = memchr(base + start, Int32(byte), text.count - start)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: found)
        }

        /// Whether `text` holds the bytes of `piece` at `position`, by `memcmp`.
        static func hasCopy(of piece: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
            guard position + piece.count <= text.count, let base = text.baseAddress, let pieceBase = piece.baseAddress else {
                return false
            }
            return memcmp(base + position, pieceBase, piece.count) == 0
        }
    }

    /// The value of `reference` (`NAME:modifier:…`, its nested references
    /// already expanded) with its modifiers applied, or nil when it has none.
    private func resolve(reference: String) -> Expansion.Resolution {
        var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        var value = variables[name]
        for modifier in parts where modifier.hasPrefix("default=") {
            if value?.isEmpty ?? true { value = String(modifier.dropFirst("default=".count)) }
        }
        guard var resolved = value else {
            return Expansion.Resolution(reference: Array(reference.utf8), value: nil, name: name, unknownModifiers: [])
        }
        var unknownModifiers: [String] = []
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
                unknownModifiers.append(modifier)
            }
        }
        return Expansion.Resolution(
            reference: Array(reference.utf8), value: Array(resolved.utf8), name: name, unknownModifiers: unknownModifiers)
    }

    private static func isRFC1034Character(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
