import Dispatch

/// Bands of consecutive rows worked on at once on Dispatch's threads, for a
/// per-row loop over a large image where no row needs another's result (the
/// PNG encoder's filtering and deflating).
package enum RowBands {
    /// Calls `body` once per band of `rowsPerBand` consecutive rows of `rows`
    /// (the last band may have fewer), with the band's index, all at once on
    /// Dispatch's threads; returns when every band is done. An empty `rows`
    /// is one empty band, and one band runs on the calling thread.
    package static func forEach(
        _ rows: Range<Int>, rowsPerBand: Int, _ body: @Sendable (_ band: Int, _ rows: Range<Int>) -> Void
    ) {
        let count = bandCount(rows.count, rowsPerBand: rowsPerBand)
        guard count > 1 else { return body(0, rows) }
        DispatchQueue.concurrentPerform(iterations: count) { band in
            let start = rows.lowerBound + band * rowsPerBand
            body(band, start..<min(rows.upperBound, start + rowsPerBand))
        }
    }

    /// How many bands ``forEach(_:rowsPerBand:_:)`` makes of `rows` rows: at least one.
    package static func bandCount(_ rows: Int, rowsPerBand: Int) -> Int {
        max(1, (rows + max(1, rowsPerBand) - 1) / max(1, rowsPerBand))
    }
}
