import Foundation

/// Refresh rates as people write them: hertz with at most three decimals
/// (`30`, `59.94`), what `wl_output.mode`'s mHz can carry. Scenario files,
/// `diorama run --refresh` and Mutter's `--virtual-monitor WxH@HZ` all use
/// this form.
package enum Hertz {
    /// `text` in mHz; nil when it is not digits with at most three decimals.
    /// The range is the caller's to check (``InputRanges/refreshMilliHz``).
    package static func milliHz(parsing text: Substring) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count <= 7, parts.count == 1 || parts[1].count <= 3,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }), let whole = Int(parts[0])
        else { return nil }
        let thousandths = parts.count == 2 ? Int(parts[1].padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 : 0
        return whole * 1000 + thousandths
    }

    /// A refresh in mHz written in hertz: `30`, `59.94`.
    package static func text(milliHz: Int) -> String {
        let fraction = String(format: "%03d", milliHz % 1000).reversed().drop { $0 == "0" }.reversed()
        return "\(milliHz / 1000)" + (fraction.isEmpty ? "" : "." + String(fraction))
    }
}
