/// Escaping for XML and HTML text and attribute values.
package enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities; control characters other than tab
    /// and newline (not allowed in XML 1.0) as `U+XXXX` text.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4).replacingSpaces(with: "0")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

private extension String {
    func replacingSpaces(with character: Character) -> String {
        String(map { $0 == " " ? character : $0 })
    }
}
