/// The differences between a real compositor and the simulator's profile of it
/// that are known and accepted, in one place. `Docs/fidelity.md` lists each
/// by its `id` with the reason; a test checks that it does. Any difference
/// not matched here fails the fidelity suite.
struct KnownDifference {
    enum Side { case real, simulator }

    /// The name `Docs/fidelity.md` uses.
    var id: String
    /// Whose events it touches before the comparison.
    var side: Side
    /// Events starting with this text, once object numbers are taken out
    /// (`wl_output.mode(`), are removed — or rewritten when `rewrite` is set.
    var prefix: String
    /// Instead of removing the event, replaces the first text with the second in it.
    var rewrite: (from: String, to: String)? = nil

    /// The event with the difference taken out; nil when it is removed.
    func apply(to event: String) -> String? {
        let generic = event.replacingOccurrences(of: #"#(window)?\d+"#, with: "", options: .regularExpression)
        guard generic.hasPrefix(prefix) else { return event }
        guard let rewrite, let range = event.range(of: rewrite.from) else { return nil }
        return event.replacingCharacters(in: range, with: rewrite.to)
    }
}

extension FidelityTranscript {
    /// This transcript with the known differences of `side` removed.
    func removing(_ differences: [KnownDifference], side: KnownDifference.Side) -> FidelityTranscript {
        let relevant = differences.filter { $0.side == side }
        return FidelityTranscript(phases: phases.map { phase in
            Phase(name: phase.name, events: phase.events.compactMap { event in
                relevant.reduce(Optional(event)) { current, difference in current.flatMap(difference.apply) }
            })
        })
    }

    /// A readable account of where `other` differs, phase by phase (empty
    /// when they are equal): the first differing event and both tails.
    func differences(from other: FidelityTranscript, labels: (String, String)) -> [String] {
        var report: [String] = []
        for (mine, theirs) in zip(phases, other.phases) where mine.events != theirs.events {
            let common = zip(mine.events, theirs.events).prefix { $0 == $1 }.count
            report.append("""
                phase "\(mine.name)": first difference at event \(common + 1)
                  \(labels.0): \(mine.events.dropFirst(common).prefix(8).joined(separator: "\n    "))
                  \(labels.1): \(theirs.events.dropFirst(common).prefix(8).joined(separator: "\n    "))
                """)
        }
        if phases.count != other.phases.count { report.append("phase counts differ: \(phases.count) vs \(other.phases.count)") }
        return report
    }
}

enum KnownDifferences {
    /// foot under real sway 1.7 versus `--profile sway-1.7` (`Docs/fidelity.md`).
    static let swayFoot: [KnownDifference] = [
        .init(id: "globals", side: .real, prefix: "wl_registry.global("),
        .init(id: "globals", side: .simulator, prefix: "wl_registry.global("),
        .init(id: "shm-formats", side: .real, prefix: "wl_shm.format("),
        .init(id: "shm-formats", side: .simulator, prefix: "wl_shm.format("),
        .init(id: "ping", side: .real, prefix: "xdg_wm_base.ping("),
        .init(id: "input-devices", side: .real, prefix: "wl_seat.capabilities("),
        .init(id: "input-devices", side: .simulator, prefix: "wl_seat.capabilities("),
        .init(id: "input-devices", side: .simulator, prefix: "wl_keyboard."),
        .init(id: "selection", side: .real, prefix: "wl_data_device.selection("),
        .init(id: "selection", side: .real, prefix: "zwp_primary_selection_device_v1."),
        .init(id: "output-descriptions", side: .real, prefix: "wl_output.description("),
        .init(id: "output-descriptions", side: .simulator, prefix: "wl_output.description("),
        .init(id: "output-descriptions", side: .real, prefix: "zxdg_output_v1.description("),
        .init(id: "output-descriptions", side: .simulator, prefix: "zxdg_output_v1.description("),
        .init(id: "preferred-mode", side: .simulator, prefix: "wl_output.mode(3, ", rewrite: (".mode(3, ", ".mode(1, ")),
    ]
}
