extension Simulator {
    /// Delivers every waiting frame callback and presentation feedback now,
    /// stamped with the clock's current time: "the next vertical blank
    /// happened". Tests with a ``ManualClock`` call it to let clients draw.
    /// With no display plugged there is no blank: frames keep waiting.
    public func deliverFrame() {
        frameScheduler.deliverAll()
    }

    /// Advances the ``ManualClock`` and delivers the frames whose display
    /// reached a vertical blank meanwhile.
    ///
    /// - Precondition: the simulator runs on a ``ManualClock``.
    public func advanceTime(by duration: Duration) {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("advanceTime(by:) needs a ManualClock; this simulator's clock runs by itself")
        }
        manual.advance(by: duration)
    }
}
