import Foundation

/// One target as `Package.swift` declares it, read from the manifest's text.
struct DeclaredTarget: Hashable {
    enum Kind: String { case target, executableTarget, testTarget, systemLibrary, plugin }

    var name: String
    var kind: Kind
    /// The folder its sources are in, relative to the package root.
    var directory: String
    /// The targets it names in `dependencies:` (products of other packages left out).
    var dependencies: Set<String>
    /// The products of other packages it names in `dependencies:`
    /// (`.product(name: "ArgumentParser", package: …)`): their module names.
    var products: Set<String> = []
    /// Paths under `directory` that `exclude:` keeps out of the target.
    var excluded: [String]
    /// 1-based line of the declaration, for messages.
    var line: Int

    /// The name `import` uses: SwiftPM turns `-` into `_`.
    var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
}

/// One product as `Package.swift` declares it: what a package outside this
/// one can name in its own `dependencies:`.
struct DeclaredProduct: Hashable {
    enum Kind: String { case library, executable, plugin }

    var name: String
    var kind: Kind
    /// The targets it is made of.
    var targets: [String]
    /// 1-based line of the declaration, for messages.
    var line: Int
}

/// Why `Package.swift`'s text could not be read the way these checks expect.
struct ManifestTextError: Error, CustomStringConvertible {
    var description: String
}

/// Reads the `targets:` list out of `Package.swift`'s text. Not a Swift parser:
/// it knows the shapes this manifest uses (`.target(name: "…", dependencies: [
/// "…", .product(…)], path: "…", exclude: […])`), skips comments and strings,
/// and says which line it could not follow rather than guessing.
enum PackageManifestText {
    static func targets(in text: String) throws(ManifestTextError) -> [DeclaredTarget] {
        // The `targets:` argument of `Package(…)` itself (products name targets too).
        let calls = try namedCalls(
            of: [DeclaredTarget.Kind.target, .executableTarget, .testTarget, .systemLibrary, .plugin], inPackageArgument: "targets", of: text)
        return calls.map { call in
            let folder: String
            switch call.kind {
            case .testTarget: folder = "Tests/"
            case .plugin: folder = "Plugins/"
            default: folder = "Sources/"
            }
            return DeclaredTarget(
                name: call.name, kind: call.kind,
                directory: stringArgument("path", in: call.body) ?? folder + call.name,
                dependencies: Set(listArgument("dependencies", in: call.body)),
                products: Set(productNames(inList: "dependencies", of: call.body)),
                excluded: listArgument("exclude", in: call.body), line: call.line)
        }
    }

    /// The `products:` list of `Package(…)`: each library, executable and
    /// plugin a package outside this one may depend on.
    static func products(in text: String) throws(ManifestTextError) -> [DeclaredProduct] {
        try namedCalls(of: [DeclaredProduct.Kind.library, .executable, .plugin], inPackageArgument: "products", of: text).map { call in
            DeclaredProduct(name: call.name, kind: call.kind, targets: listArgument("targets", in: call.body), line: call.line)
        }
    }

    /// Each `.kind(name: "…", …)` call of the given kinds in the list
    /// `label: [ … ]` of `Package(…)`: its kind, name, the text between its
    /// parentheses and its line.
    private static func namedCalls<Kind: RawRepresentable<String>>(
        of kinds: [Kind], inPackageArgument label: String, of text: String
    ) throws(ManifestTextError) -> [(kind: Kind, name: String, body: [UInt8], line: Int)] {
        let code = Array(withoutComments(text).utf8)
        let (listOpen, listEnd) = try packageArgumentList(label, in: code)
        var calls: [(kind: Kind, name: String, body: [UInt8], line: Int)] = []
        var index = listOpen
        while let (kind, open) = nextCall(of: kinds, in: code, from: index), open < listEnd {
            guard let close = matchingClose(in: code, open: open) else {
                throw ManifestTextError(description: "Package.swift:\(line(of: open, in: code)): unbalanced brackets after .\(kind.rawValue)(")
            }
            let body = Array(code[(open + 1)..<close])
            let line = line(of: open, in: code)
            guard let name = stringArgument("name", in: body) else {
                throw ManifestTextError(description: "Package.swift:\(line): .\(kind.rawValue)( without a `name: \"…\"`")
            }
            calls.append((kind, name, body, line))
            index = close + 1
        }
        return calls
    }

    /// The offsets of the brackets of the list `label: [ … ]` that is an
    /// argument of `Package(…)` itself.
    private static func packageArgumentList(_ label: String, in code: [UInt8]) throws(ManifestTextError) -> (open: Int, close: Int) {
        guard let call = find("Package(", in: code, from: 0), let callEnd = matchingClose(in: code, open: call + 7),
            let labelEnd = topLevelLabel(label, in: Array(code[(call + 8)..<callEnd])).map({ $0 + call + 8 }),
            let listOpen = code[labelEnd...].firstIndex(of: UInt8(ascii: "[")),
            let listEnd = matchingClose(in: code, open: listOpen)
        else {
            throw ManifestTextError(description: "Package.swift: no `\(label): [ … ]` argument in `Package(…)`")
        }
        return (listOpen, listEnd)
    }

    /// The text with `//` and `/* */` comments blanked out (newlines kept, so
    /// offsets still give line numbers); string literals are left alone.
    static func withoutComments(_ text: String) -> String {
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                result.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    result.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") { inString = false }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                result.append(byte)
                index += 1
            } else if bytes[index...].starts(with: Array("//".utf8)) {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if bytes[index...].starts(with: Array("/*".utf8)) {
                index += 2
                while index < bytes.count, !bytes[index...].starts(with: Array("*/".utf8)) {
                    if bytes[index] == UInt8(ascii: "\n") { result.append(bytes[index]) }
                    index += 1
                }
                index += 2
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Each candidate found by `memchr` and compared by `memcmp`: comparing
    /// slices at every offset was a generic call per byte in a debug build,
    /// and `nextCall` searches the manifest for each kind of target again
    /// after every call it finds.
    private static func find(_ needle: String, in code: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, code.count >= pattern.count, start <= code.count - pattern.count else { return nil }
        return code.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var offset = start
                while offset <= haystack.count - pattern.count,
                    let found = memchr(base + offset, Int32(first), haystack.count - pattern.count + 1 - offset)
                {
                    offset = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + offset, patternBase, pattern.count) == 0 { return offset }
                    offset += 1
                }
                return nil
            }
        }
    }

    /// The first `.kind(` of the given kinds at or after `start`, and the
    /// offset of its opening parenthesis.
    private static func nextCall<Kind: RawRepresentable<String>>(of kinds: [Kind], in code: [UInt8], from start: Int) -> (Kind, Int)? {
        var best: (Kind, Int)?
        for kind in kinds {
            guard let found = find("." + kind.rawValue + "(", in: code, from: start) else { continue }
            if best == nil || found < best!.1 { best = (kind, found + kind.rawValue.utf8.count + 1) }
        }
        return best
    }

    /// The offset of the bracket that closes the one at `open`, skipping strings.
    private static func matchingClose(in code: [UInt8], open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < code.count {
            switch code[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < code.count, code[index] != UInt8(ascii: "\"") {
                    if code[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The argument `label: "value"` at the top level of `body`.
    private static func stringArgument(_ label: String, in body: [UInt8]) -> String? {
        guard let start = topLevelLabel(label, in: body) else { return nil }
        var index = start
        while index < body.count, body[index] == UInt8(ascii: " ") || body[index] == UInt8(ascii: "\n") { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: "\"") else { return nil }
        guard let end = body[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: body[(index + 1)..<end], as: UTF8.self)
    }

    /// The plain string items of the list `label: [ … ]` at the top level of
    /// `body`; nested calls in it (`.product(name: …, package: …)`) are skipped.
    private static func listArgument(_ label: String, in body: [UInt8]) -> [String] {
        guard let (open, close) = listBrackets(label, in: body) else { return [] }
        var items: [String] = []
        var depth = 0
        var index = open + 1
        while index < close {
            switch body[index] {
            case UInt8(ascii: "\""):
                let end = body[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? close
                if depth == 0 { items.append(String(decoding: body[(index + 1)..<end], as: UTF8.self)) }
                index = end
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            index += 1
        }
        return items
    }

    /// The names of the `.product(name: "…", package: "…")` items of the list
    /// `label: [ … ]` at the top level of `body`.
    private static func productNames(inList label: String, of body: [UInt8]) -> [String] {
        guard let (open, close) = listBrackets(label, in: body) else { return [] }
        var names: [String] = []
        var index = open + 1
        while let call = find(".product(", in: body, from: index), call < close,
            let end = matchingClose(in: body, open: call + 8)
        {
            if let name = stringArgument("name", in: Array(body[(call + 9)..<end])) { names.append(name) }
            index = end + 1
        }
        return names
    }

    /// The offsets of the brackets of the list `label: [ … ]` at the top
    /// level of `body`.
    private static func listBrackets(_ label: String, in body: [UInt8]) -> (open: Int, close: Int)? {
        guard let start = topLevelLabel(label, in: body),
            let open = body[start...].firstIndex(of: UInt8(ascii: "[")),
            let close = matchingClose(in: body, open: open)
        else { return nil }
        return (open, close)
    }

    /// The offset just past `label:` where it is an argument of this call
    /// itself, not of a call nested in it.
    private static func topLevelLabel(_ label: String, in body: [UInt8]) -> Int? {
        let pattern = Array((label + ":").utf8)
        var depth = 0
        var index = 0
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "\""):
                index = body[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? body.count
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            default:
                let startsWord = index == 0 || !(isIdentifierByte(body[index - 1]))
                if depth == 0, startsWord, body[index...].starts(with: pattern) { return index + pattern.count }
            }
            index += 1
        }
        return nil
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    private static func line(of offset: Int, in code: [UInt8]) -> Int {
        code[..<offset].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
