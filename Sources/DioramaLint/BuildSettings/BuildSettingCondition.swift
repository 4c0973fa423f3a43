/// One `[parameter=pattern]` suffix of a conditional build setting, as in
/// `INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*] = YES`.
///
/// The linter asks "does this apply to an iPad build of this configuration?":
/// - `sdk`: applies when the pattern matches an iOS device or simulator SDK name
///   (`iphoneos`, `iphonesimulator`, with or without a version). A setting limited to
///   `macosx*`, `xros*` or `appletvos*` does not change the iPad app.
/// - `config`: applies when the pattern matches the configuration being linted.
/// - anything else (`arch`, `variant`, …): treated as applying, since every iPad build
///   uses some architecture and variant.
///
/// Patterns use the shell wildcards `*` and `?`, as Xcode's do.
package struct BuildSettingCondition: Hashable, Sendable {
    package var parameter: String
    package var pattern: String

    package init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }

    /// The SDK names an iPad build uses, against which `sdk=` patterns are matched.
    static let iPadSDKNames = ["iphoneos", "iphonesimulator", "iphoneos26.0", "iphonesimulator26.0"]

    package func applies(toConfiguration configuration: String) -> Bool {
        switch parameter {
        case "sdk": Self.iPadSDKNames.contains { Self.matches(pattern: pattern, $0) }
        case "config": Self.matches(pattern: pattern, configuration)
        default: true
        }
    }

    /// Splits `NAME[a=b][c=d]` into the name and its conditions; `nil` when the
    /// brackets are malformed.
    static func split(_ key: String) -> (name: String, conditions: [BuildSettingCondition])? {
        guard let open = key.firstIndex(of: "[") else { return (key, []) }
        let name = String(key[..<open])
        var conditions: [BuildSettingCondition] = []
        var rest = key[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            guard let equals = body.firstIndex(of: "=") else { return nil }
            let parameter = body[..<equals].trimmingWhitespace()
            let pattern = body[body.index(after: equals)...].trimmingWhitespace()
            guard !parameter.isEmpty else { return nil }
            conditions.append(BuildSettingCondition(parameter: parameter, pattern: pattern))
            rest = rest[rest.index(after: close)...]
        }
        return (name, conditions)
    }

    /// Shell-style wildcard match of the whole text.
    static func matches(pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var p = 0, t = 0
        var starPattern = -1, starText = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                starPattern = p
                starText = t
                p += 1
            } else if starPattern >= 0 {
                p = starPattern + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice.removeLast() }
        return String(slice)
    }
}
