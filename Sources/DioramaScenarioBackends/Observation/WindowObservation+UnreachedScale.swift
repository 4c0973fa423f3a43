import DioramaScenarios

extension WindowObservation {
    /// Marks every fact that depends on the display's scale unavailable for
    /// `reason`: used when a real compositor cannot give a display the scale
    /// the scenario asked for (a fractional scale on sway 1.7 or weston 10).
    /// The scenario's scale was never reached, so checking it would test the
    /// compositor's limit, not the app.
    mutating func markScaleDependentFactsUnavailable(_ reason: String) {
        renderScale = .unavailable(reason)
        bufferSize = .unavailable(reason)
        bufferScale = .unavailable(reason)
        viewportDestination = .unavailable(reason)
        drawableSize = .unavailable(reason)
        displayScale = .unavailable(reason)
        staleCommitsSinceStep = .unavailable(reason)
    }
}
