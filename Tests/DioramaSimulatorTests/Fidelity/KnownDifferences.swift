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
    /// Removes the event after a removed one too (an `xdg_surface.configure`
    /// that ends a removed `xdg_toplevel.configure`).
    var alsoNext = false
    /// When set, a matching event is removed only together with the event
    /// right after it, and only when that one is the same event with the
    /// first text replaced by the second (`.enter(` → `.leave(`): a state the
    /// compositor took back at once, such as KWin's first placement.
    var undoneByNext: (from: String, to: String)? = nil

    /// Whether `event` matches and `next` takes it back (see ``undoneByNext``).
    func isUndone(_ event: String, by next: String?) -> Bool {
        guard let undoneByNext, let next, apply(to: event) == nil else { return false }
        return event.replacingOccurrences(of: undoneByNext.from, with: undoneByNext.to) == next
    }

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
        return FidelityTranscript(
            phases: phases.map { phase -> Phase in
                var events: [String] = []
                var skipNext = false
                for (index, event) in phase.events.enumerated() {
                    if skipNext {
                        skipNext = false
                        continue
                    }
                    let next = index + 1 < phase.events.count ? phase.events[index + 1] : nil
                    if relevant.contains(where: { $0.isUndone(event, by: next) }) {
                        skipNext = true
                        continue
                    }
                    var current: String? = event
                    for difference in relevant where difference.undoneByNext == nil {
                        guard let text = current else { break }
                        current = difference.apply(to: text)
                        if current == nil && difference.alsoNext { skipNext = true }
                    }
                    if let current { events.append(current) }
                }
                return Phase(name: phase.name, events: events)
            })
    }

    /// A readable account of where `other` differs, phase by phase (empty
    /// when they are equal): the first differing event and both tails.
    func differences(from other: FidelityTranscript, labels: (String, String)) -> [String] {
        var report: [String] = []
        for (mine, theirs) in zip(phases, other.phases) where mine.events != theirs.events {
            let common = zip(mine.events, theirs.events).prefix { $0 == $1 }.count
            report.append(
                """
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
    /// Real sway 1.7 versus `--profile sway-1.7`, for foot and TimerApp (`Docs/fidelity.md`).
    static let sway17: [KnownDifference] =
        extensionsAndFormats + pingAndInputDevices + selection + [
            .init(id: "input-devices", side: .simulator, prefix: "wl_keyboard."),
            .init(id: "output-descriptions", side: .real, prefix: "wl_output.description("),
            .init(id: "output-descriptions", side: .simulator, prefix: "wl_output.description("),
            .init(id: "output-descriptions", side: .real, prefix: "zxdg_output_v1.description("),
            .init(id: "output-descriptions", side: .simulator, prefix: "zxdg_output_v1.description("),
            .init(id: "preferred-mode", side: .simulator, prefix: "wl_output.mode(3, ", rewrite: (".mode(3, ", ".mode(1, ")),
        ]

    /// Real weston 10 (one headless output) versus `--profile weston-10`.
    static let weston10: [KnownDifference] =
        extensionsAndFormats + [
            .init(id: "input-devices", side: .simulator, prefix: "wl_seat."),
            .init(id: "input-devices", side: .simulator, prefix: "wl_keyboard."),
            .init(
                id: "activation-without-seat", side: .simulator, prefix: "xdg_toplevel.configure(640, 480, array[4])",
                alsoNext: true),
        ]

    /// Real KWin 5.27 (`--virtual`, two outputs) versus `--profile kwin-5.27`.
    static let kwin527: [KnownDifference] =
        extensionsAndFormats + pingAndInputDevices + selection + [
            .init(id: "seat-name", side: .real, prefix: "wl_seat.name("),
            .init(id: "seat-name", side: .simulator, prefix: "wl_seat.name("),
            .init(id: "keymap-and-repeat", side: .real, prefix: "wl_keyboard.keymap("),
            .init(id: "keymap-and-repeat", side: .simulator, prefix: "wl_keyboard.keymap("),
            .init(id: "keymap-and-repeat", side: .real, prefix: "wl_keyboard.repeat_info("),
            .init(id: "keymap-and-repeat", side: .simulator, prefix: "wl_keyboard.repeat_info("),
            .init(id: "kde-server-decoration", side: .real, prefix: "org_kde_kwin_server_decoration"),
            .init(id: "activation", side: .real, prefix: "xdg_activation_token_v1."),
            .init(id: "selection", side: .real, prefix: "zwp_primary_selection_source_v1."),
            .init(id: "text-input", side: .real, prefix: "zwp_text_input_v3."),
            .init(
                id: "transient-first-placement", side: .real, prefix: "wl_surface.enter(",
                undoneByNext: (".enter(", ".leave(")),
        ]

    /// Real Mutter 43 (headless, two virtual monitors) versus `--profile mutter-43`.
    static let mutter43: [KnownDifference] =
        extensionsAndFormats + selection + [
            .init(id: "text-input", side: .real, prefix: "zwp_text_input_v3."),
            .init(id: "input-devices", side: .real, prefix: "wl_seat.capabilities("),
            .init(id: "input-devices", side: .simulator, prefix: "wl_seat.capabilities("),
            .init(id: "input-devices", side: .real, prefix: "wl_keyboard."),
            .init(id: "input-devices", side: .simulator, prefix: "wl_keyboard."),
            .init(id: "gtk-shell", side: .real, prefix: "gtk_shell1."),
            .init(id: "gtk-shell", side: .real, prefix: "gtk_surface1."),
            .init(id: "activation", side: .real, prefix: "xdg_activation_token_v1."),
            .init(id: "selection", side: .real, prefix: "zwp_primary_selection_source_v1."),
            .init(id: "selection", side: .real, prefix: "wl_data_device.selection("),
            .init(id: "selection", side: .simulator, prefix: "wl_data_device.selection("),
        ]

    /// The globals each side offers and its wl_shm formats (`globals`, `shm-formats`).
    static let extensionsAndFormats: [KnownDifference] = [
        .init(id: "globals", side: .real, prefix: "wl_registry.global("),
        .init(id: "globals", side: .simulator, prefix: "wl_registry.global("),
        .init(id: "shm-formats", side: .real, prefix: "wl_shm.format("),
        .init(id: "shm-formats", side: .simulator, prefix: "wl_shm.format("),
    ]

    /// The real compositor pings; the seat's capabilities differ (`ping`, `input-devices`).
    static let pingAndInputDevices: [KnownDifference] = [
        .init(id: "ping", side: .real, prefix: "xdg_wm_base.ping("),
        .init(id: "input-devices", side: .real, prefix: "wl_seat.capabilities("),
        .init(id: "input-devices", side: .simulator, prefix: "wl_seat.capabilities("),
    ]

    /// The real compositor's primary selection on focus (`selection`); the
    /// empty clipboard selection on focus is sent by the simulator too.
    static let selection: [KnownDifference] = [
        .init(id: "selection", side: .real, prefix: "zwp_primary_selection_device_v1.")
    ]
}
