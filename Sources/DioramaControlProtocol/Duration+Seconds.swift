extension Duration {
    /// The duration in seconds as both ends' messages show it: `60`, `0.3`.
    package var secondsText: String {
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return value.rounded() == value ? String(Int64(value)) : String(value)
    }
}
