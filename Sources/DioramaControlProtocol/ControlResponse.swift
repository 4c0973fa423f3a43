/// The endpoint's answer to one request: one line of JSON.
///
/// `{"ok":true, …}` carries the fields the request produces (`windows`,
/// `displays`, `screenshot`, `settled`, or the `trace` header); every other
/// field is left out. `{"ok":false,"kind":"failed","error":"…"}` says why
/// not. For `trace`, the header line is followed by `records` raw trace lines
/// (`Docs/trace-format.md`), and, when following, by every new one.
public struct ControlResponse: Codable, Hashable, Sendable {
    /// Whether the request was carried out.
    public var ok: Bool
    /// `bad_request` or `failed` (see ``ControlFailure``), when not ok.
    public var kind: String?
    /// Why not, when not ok.
    public var error: String?
    /// The windows, for `list_windows`.
    public var windows: [ControlWindowInfo]?
    /// The displays, for `list_displays`.
    public var displays: [ControlDisplayInfo]?
    /// The PNG written.
    public var screenshot: String?
    /// Whether the window settled, for a settle wait.
    public var settled: Bool?
    /// `trace`: how many record lines follow the header now.
    public var records: Int?
    /// `trace`: the last sequence number the simulator had recorded; ask for
    /// `since` it next time.
    public var lastSequence: UInt64?
    /// `trace`: records lost to the trace ring's capacity before the first one sent.
    public var dropped: UInt64?
    /// Carried out, but something is off: a client did not read the events
    /// the request sent it in time (see `Docs/control-protocol.md`).
    public var warning: String?

    enum CodingKeys: String, CodingKey {
        case ok, kind, error, windows, displays, screenshot, settled, records
        case lastSequence = "last_seq"
        case dropped, warning
    }

    package init(ok: Bool = true) { self.ok = ok }

    /// Decodes only the fields the line has (most answers are `{"ok":true}`),
    /// instead of asking for each of the twelve by name; see
    /// `ControlRequestWire.init(from:)` for why.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ok = try container.decode(Bool.self, forKey: .ok)
        for key in container.allKeys {
            switch key {
            case .ok: continue
            case .kind: kind = try container.decodeIfPresent(String.self, forKey: key)
            case .error: error = try container.decodeIfPresent(String.self, forKey: key)
            case .windows: windows = try container.decodeIfPresent([ControlWindowInfo].self, forKey: key)
            case .displays: displays = try container.decodeIfPresent([ControlDisplayInfo].self, forKey: key)
            case .screenshot: screenshot = try container.decodeIfPresent(String.self, forKey: key)
            case .settled: settled = try container.decodeIfPresent(Bool.self, forKey: key)
            case .records: records = try container.decodeIfPresent(Int.self, forKey: key)
            case .lastSequence: lastSequence = try container.decodeIfPresent(UInt64.self, forKey: key)
            case .dropped: dropped = try container.decodeIfPresent(UInt64.self, forKey: key)
            case .warning: warning = try container.decodeIfPresent(String.self, forKey: key)
            }
        }
    }

    package init(_ failure: ControlFailure) {
        ok = false
        kind = failure.kind
        error = failure.message
    }

    /// The failure this response reports, nil when ok.
    public var failure: ControlFailure? {
        ok ? nil : ControlFailure(kind: kind ?? "failed", message: error ?? "the simulator reported an error without a message")
    }
}
