/// Reads a Swift file's tokens (``SourceLexer``: comments and strings left out) for what
/// decides the app's life cycle: `@main` on a type conforming to SwiftUI's `App`,
/// `@UIApplicationDelegateAdaptor`, or a `@main` type of another kind whose `main()`
/// starts an `App` (`@main enum Main { static func main() { MyApp.main() } }`).
enum SwiftUIAppScanner {
    /// A `struct`/`class`/`enum`/`actor` declaration.
    struct TypeDeclaration {
        var name: String
        /// The declaration's `@main`, when it has one.
        var mainAttribute: SourceToken?
        /// The `struct`/`class`/… keyword.
        var keyword: SourceToken
        /// Whether the inheritance list holds `App` or `SwiftUI.App`.
        var conformsToApp: Bool
        /// Types whose `main()` the body calls (`UTMApp.main()`); read only for a `@main`
        /// type, so nested declarations are not each scanned to their end.
        var startsTypes: Set<String>
    }

    /// What one file says about the entry point.
    struct Evidence {
        var types: [TypeDeclaration] = []
        var delegateAdaptor: SourceToken?
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor"]

    /// The most tokens read from a type's name to its `{` (generics, inheritance, `where`).
    static let maximumHeaderTokens = 512

    static func evidence(in tokens: [SourceToken]) -> Evidence {
        var evidence = Evidence()
        // Only the first `@main` type's body is read (a program has one entry point).
        var sawMain = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("@"), index + 1 < tokens.count, tokens[index + 1].is("UIApplicationDelegateAdaptor"), evidence.delegateAdaptor == nil {
                evidence.delegateAdaptor = token
            } else if typeKeywords.contains(token.text), index + 1 < tokens.count, tokens[index + 1].isIdentifier,
                index == 0 || !tokens[index - 1].is(".")
            {
                let type = declaration(at: index, in: tokens, readingBody: !sawMain)
                sawMain = sawMain || type.mainAttribute != nil
                evidence.types.append(type)
            }
        }
        return evidence
    }

    /// The declaration whose keyword is at `index`: its attributes (looking back over
    /// modifiers and other attributes for `@main`), inheritance list and body.
    private static func declaration(at index: Int, in tokens: [SourceToken], readingBody: Bool) -> TypeDeclaration {
        var mainAttribute: SourceToken?
        var back = index - 1
        while back >= 0, back >= index - 12 {
            let token = tokens[back]
            if token.is("main"), back >= 1, tokens[back - 1].is("@") {
                mainAttribute = tokens[back - 1]
                break
            }
            guard token.isIdentifier || token.is("@") || token.is("(") || token.is(")") || token.is(".") else { break }
            back -= 1
        }
        var position = index + 2
        var conformsToApp = false
        var angle = 0
        var inInheritance = false
        var entry: [String] = []
        func endEntry() {
            if entry == ["App"] || entry == ["SwiftUI", ".", "App"] { conformsToApp = true }
            entry = []
        }
        // A declaration's header is short; a bound keeps a file of headers without
        // bodies (hostile or broken) from costing quadratic time.
        while position < tokens.count, position - index < maximumHeaderTokens, !tokens[position].is("{") {
            let text = tokens[position].text
            if text.hasPrefix("<") { angle += 1 } else if text.hasPrefix(">") { angle = max(0, angle - 1) }
            if angle == 0 {
                if text == ":" && !inInheritance {
                    inInheritance = true
                } else if text == "where" || text == ";" || text == "}" {
                    break
                } else if inInheritance {
                    if text == "," { endEntry() } else { entry.append(text) }
                }
            }
            position += 1
        }
        endEntry()
        return TypeDeclaration(
            name: tokens[index + 1].text, mainAttribute: mainAttribute, keyword: tokens[index],
            conformsToApp: conformsToApp,
            startsTypes: mainAttribute != nil && readingBody ? mainCalls(inBodyAt: position, in: tokens) : [])
    }

    /// `Name.main()` calls inside the body opening at `open`.
    private static func mainCalls(inBodyAt open: Int, in tokens: [SourceToken]) -> Set<String> {
        guard open < tokens.count, tokens[open].is("{") else { return [] }
        var names: Set<String> = []
        var depth = 0
        var position = open
        repeat {
            let token = tokens[position]
            if token.is("{") { depth += 1 } else if token.is("}") { depth -= 1 }
            if token.isIdentifier, position + 3 < tokens.count, tokens[position + 1].is("."), tokens[position + 2].is("main"),
                tokens[position + 3].is("(")
            {
                names.insert(token.text)
            }
            position += 1
        } while depth > 0 && position < tokens.count
        return names
    }

    /// Where the SwiftUI entry point is among `files` (in order), `nil` when there is none:
    /// a `@main` `App` or the adaptor first, else an `App` that a `@main` type starts.
    static func entry(in files: [(display: String, evidence: Evidence)]) -> (file: String, token: SourceToken)? {
        for file in files {
            if let main = file.evidence.types.first(where: { $0.conformsToApp && $0.mainAttribute != nil })?.mainAttribute {
                return (file.display, main)
            }
            if let adaptor = file.evidence.delegateAdaptor { return (file.display, adaptor) }
        }
        let started = Set(files.flatMap { $0.evidence.types.filter { $0.mainAttribute != nil }.flatMap(\.startsTypes) })
        for file in files {
            if let app = file.evidence.types.first(where: { $0.conformsToApp && started.contains($0.name) }) {
                return (file.display, app.keyword)
            }
        }
        return nil
    }

    /// The 1-based line of the SwiftUI entry point in one Swift source, `nil` when there is none.
    static func swiftUIEntryLine(in source: String) -> Int? {
        let evidence = evidence(in: SourceLexer.tokens(of: source, language: .swift))
        return entry(in: [("", evidence)])?.token.line
    }
}
