import DioramaModel

// Numbers a scenario hands the simulator, checked against the ranges every
// entry point shares (InputRanges), so that a scenario the validator accepts
// cannot ask for a display no screenshot could picture or a position whose
// rectangles overflow. The parser already bounds each token; these are the
// simulator's tighter limits.

extension ValidationWalk {
    /// The numbers of a step that moves or plugs a display, or moves a window.
    mutating func checkNumbers(in step: Step) {
        switch step.action {
        case .plugDisplay(let spec):
            checkNumbers(of: spec)
        case .moveDisplay(_, let position), .moveToPosition(_, let position), .click(_, let position),
            .drag(_, let position, _), .touch(_, let position, nil), .doubleClick(_, let position), .pointerPress(_, let position),
            .pointerMove(_, let position):
            checkPosition(position, at: step.location)
        case .touch(_, let start, let end?), .scroll(_, let start, let end):
            checkPosition(start, at: step.location)
            checkPosition(end, at: step.location)
        case .wait(let duration):
            checkDuration(duration, what: "a wait", at: step.location)
        case .waitUntil(let condition):
            if let timeout = condition.timeout { checkDuration(timeout, what: "a timeout", at: step.location, isTimeout: true) }
        default:
            break
        }
    }

    /// `timeout: …` in the header, reported at its value (the header keeps
    /// no location of its own, so the line is found in the source).
    mutating func checkHeaderTimeout() {
        var location = SourceLocation(file: scenario.file, line: 1, column: 1)
        if let index = scenario.sourceLines.firstIndex(where: { $0.drop(while: \.isWhitespace).hasPrefix("timeout:") }) {
            let text = Array(scenario.sourceLines[index])
            let colon = text.firstIndex(of: ":")!
            let value = text[(colon + 1)...].firstIndex { !$0.isWhitespace } ?? colon + 1
            location = SourceLocation(file: scenario.file, line: index + 1, column: value + 1)
        }
        checkDuration(scenario.timeout, what: "the scenario's timeout", at: location, isTimeout: true)
    }

    /// A wait or timeout no longer than ``InputRanges/timeoutMilliseconds``
    /// (an hour): a run must end. A timeout (`isTimeout`) must also be
    /// longer than nothing: with 0 every wait fails before it looked once,
    /// as `--timeout 0` is refused.
    mutating func checkDuration(_ duration: ScenarioDuration, what: String, at location: SourceLocation, isTimeout: Bool = false) {
        if isTimeout, duration.milliseconds < InputRanges.timeoutMilliseconds.lowerBound {
            report(
                location, "\(what) of \(duration) leaves no time to wait for anything",
                hint: "give at least \(ScenarioDuration(milliseconds: InputRanges.timeoutMilliseconds.lowerBound)), or leave it out for the default")
            return
        }
        let longest = InputRanges.timeoutMilliseconds.upperBound
        guard duration.milliseconds > longest else { return }
        report(
            location, "\(what) of \(duration) is longer than \(ScenarioDuration(milliseconds: longest))",
            hint: "waits and timeouts are at most an hour")
    }

    /// An inline or plugged display: its mode, scale and position. Reported
    /// at the display's name, where the line describing it starts.
    mutating func checkNumbers(of spec: DisplaySpec) {
        let problems = [
            InputRanges.problem("mode width", spec.modeSize.width, in: InputRanges.side),
            InputRanges.problem("mode height", spec.modeSize.height, in: InputRanges.side),
            InputRanges.scaleProblem("scale", spec.scale.doubleValue),
        ]
        for problem in problems.compactMap({ $0 }) {
            report(
                NameReference(spec.name, at: spec.location), "display `\(spec.name)`: \(problem)",
                hint: "the simulator takes modes of 1…16384 pixels a side and scales of 1/120…16")
        }
        checkPosition(spec.position, at: spec.location)
    }

    mutating func checkPosition(_ position: Point, at location: SourceLocation) {
        for problem in [
            InputRanges.problem("x", position.x, in: InputRanges.coordinate),
            InputRanges.problem("y", position.y, in: InputRanges.coordinate),
        ].compactMap({ $0 }) {
            report(
                location, "the position \(position.x),\(position.y) is too far out: \(problem)",
                hint: "positions are logical points within \(InputRanges.coordinate.lowerBound)…\(InputRanges.coordinate.upperBound)")
        }
    }
}
