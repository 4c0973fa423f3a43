import Foundation

/// The one date format XML property lists use: `YYYY-MM-DDTHH:MM:SSZ`, always UTC.
///
/// Parsing goes through Foundation's `Date.ISO8601FormatStyle` (a value type: locale
/// independent and without shared mutable formatter state). That style is lenient where
/// plists are not — it rolls `02-30` over into March and accepts other zone spellings —
/// so a date counts only when formatting it again gives back exactly the text read.
enum ISO8601UTCDate {
    private static let style = Date.ISO8601FormatStyle(timeZone: .gmt)

    static func parse(_ text: String) -> Date? {
        guard let date = try? style.parse(text), style.format(date) == text else { return nil }
        return date
    }
}
