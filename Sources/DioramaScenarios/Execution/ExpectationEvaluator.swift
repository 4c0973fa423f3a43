import DioramaModel

/// Decides clauses against a ``WindowObservation``: the one place each clause's
/// meaning is implemented. Pure: the same clause and observation always give the
/// same verdict.
///
/// A fact the backend could not observe makes the clause skipped, with the reason,
/// never passed. Expected and actual values are printed in the clause's own terms
/// ("1200x900", "on DP-1, DP-2"), so a failure reads as "expected X, got Y".
package enum ExpectationEvaluator {
    package static func evaluate(_ clause: Clause, against observation: WindowObservation) -> ClauseVerdict {
        evaluate(clause.kind, against: observation)
    }

    package static func evaluate(_ kind: ClauseKind, against observation: WindowObservation) -> ClauseVerdict {
        switch kind {
        case .onDisplays(let names):
            return with(observation.enteredDisplays, "the displays entered") { entered in
                let missing = names.map(\.name).filter { !entered.contains($0) }
                return verdict(
                    missing.isEmpty, expected: "on " + names.map(\.name).joined(separator: ", "),
                    actual: displays(entered))
            }
        case .enteredExactly(let names):
            return with(observation.enteredDisplays, "the displays entered") { entered in
                verdict(
                    Set(entered) == Set(names.map(\.name)),
                    expected: "on exactly " + names.map(\.name).joined(separator: ", "), actual: displays(entered))
            }
        case .bufferSize(let expression):
            return with(observation.bufferSize, "the buffer size") { size in
                compare(size, to: expression, observation: observation)
            }
        case .bufferScale(let scale):
            return with(observation.bufferScale, "the buffer scale") { actual in
                verdict(actual == scale, expected: "buffer scale \(scale)", actual: "buffer scale \(actual)")
            }
        case .viewport(let expression):
            return with(observation.viewportDestination, "the viewport") { destination in
                switch (expression, destination) {
                case (nil, nil): return .passed(actual: "no viewport")
                case (nil, let size?): return .failed(expected: "no viewport", actual: "viewport \(size)")
                case (let expression?, nil): return .failed(expected: "viewport \(expression)", actual: "no viewport")
                case (let expression?, let size?): return compare(size, to: expression, observation: observation)
                }
            }
        case .preferredScale(let scale):
            return with(observation.preferredScale, "the preferred scale") { actual in
                guard let actual else { return .failed(expected: "preferred scale \(scale)", actual: "no preferred scale sent") }
                return verdict(actual == scale, expected: "preferred scale \(scale)", actual: "preferred scale \(actual)")
            }
        case .minimumSize(let size):
            return with(observation.minimumSize, "the minimum size") { actual in
                verdict(actual == size, expected: "minimum \(size)", actual: "minimum \(actual)")
            }
        case .maximumSize(let size):
            return with(observation.maximumSize, "the maximum size") { actual in
                verdict(actual == size, expected: "maximum \(size)", actual: "maximum \(actual)")
            }
        case .configureSize(let size):
            return with(observation.lastConfigure, "the last configure") { configure in
                if let reason = configure.sizeUnavailable {
                    return .skipped(reason: "the last configure's size is not observable: \(reason)")
                }
                return verdict(configure.size == size, expected: "configure \(size)", actual: "configure \(configure.size)")
            }
        case .hasStates(let states):
            return with(observation.lastConfigure, "the last configure") { configure in
                verdict(
                    states.allSatisfy(configure.states.contains),
                    expected: "states " + states.map(\.rawValue).joined(separator: " "), actual: statesText(configure.states))
            }
        case .lacksState(let state):
            return with(observation.lastConfigure, "the last configure") { configure in
                verdict(!configure.states.contains(state), expected: "not \(state.rawValue)", actual: statesText(configure.states))
            }
        case .noStaleFrames:
            return with(observation.staleCommitsSinceStep, "the commits since the step") { stale in
                guard let first = stale.first else { return .passed(actual: "no stale frames") }
                let count = stale.count == 1 ? "1 stale frame" : "\(stale.count) stale frames"
                return .failed(expected: "no stale frames", actual: "\(count), the first \(first)")
            }
        case .commits(let comparison):
            return with(observation.commitsSinceStep, "the commits since the step") { count in
                verdict(comparison.matches(count), expected: "commits \(comparison)", actual: "commits \(count)")
            }
        case .width(let comparison):
            return with(observation.frame, "the window's size") { frame in
                verdict(comparison.matches(frame.width), expected: "width \(comparison)", actual: "width \(frame.width)")
            }
        case .height(let comparison):
            return with(observation.frame, "the window's size") { frame in
                verdict(comparison.matches(frame.height), expected: "height \(comparison)", actual: "height \(frame.height)")
            }
        case .screen(let name):
            return with(observation.screen, "the scene's screen") { screen in
                verdict(screen == name.name, expected: "screen \(name.name)", actual: screen.map { "screen \($0)" } ?? "no screen")
            }
        case .scale(let scale):
            return with(observation.renderScale, "the scale the last frame was rendered at") { actual in
                verdict(actual == scale, expected: "scale \(scale)", actual: "scale \(actual)")
            }
        case .displayScale(let scale):
            return with(observation.displayScale, "traits.displayScale") { actual in
                verdict(
                    abs(actual - scale.doubleValue) < 1e-9, expected: "traits.displayScale \(scale)",
                    actual: "traits.displayScale \(number(actual))")
            }
        case .horizontalSizeClass(let sizeClass):
            return with(observation.horizontalSizeClass, "traits.horizontalSizeClass") { actual in
                verdict(
                    actual == sizeClass, expected: "traits.horizontalSizeClass \(sizeClass.rawValue)",
                    actual: "traits.horizontalSizeClass \(actual.rawValue)")
            }
        case .verticalSizeClass(let sizeClass):
            return with(observation.verticalSizeClass, "traits.verticalSizeClass") { actual in
                verdict(
                    actual == sizeClass, expected: "traits.verticalSizeClass \(sizeClass.rawValue)",
                    actual: "traits.verticalSizeClass \(actual.rawValue)")
            }
        case .bounds(let size):
            return with(observation.bounds, "the scene's bounds") { actual in
                verdict(actual == size, expected: "bounds \(size)", actual: "bounds \(actual)")
            }
        case .drawable(let expression):
            return with(observation.drawableSize, "the drawable size") { size in
                compare(size, to: expression, observation: observation)
            }
        case .orientation(let orientation):
            return with(observation.orientation, "the interface orientation") { actual in
                verdict(orientation.matches(actual), expected: "orientation \(orientation)", actual: "orientation \(actual.rawValue)")
            }
        case .orientationLocked(let locked):
            return with(observation.isOrientationLocked, "whether the orientation is locked") { actual in
                verdict(
                    actual == locked, expected: locked ? "orientation locked" : "orientation unlocked",
                    actual: actual ? "orientation locked" : "orientation unlocked")
            }
        case .activationState(let state):
            return with(observation.activationState, "the scene's state") { actual in
                verdict(actual == state, expected: "state \(state.rawValue)", actual: "state \(actual.rawValue)")
            }
        case .role(let role):
            return with(observation.role, "the scene's role") { actual in
                verdict(actual == role, expected: "role \(Vocabulary.spelling(of: role))", actual: "role \(Vocabulary.spelling(of: actual))")
            }
        case .renderer(let renderer, let presentation):
            return with(observation.renderer, "the scene's renderer") { actual in
                let expected = rendererText(renderer, presentation)
                // The presentation shows in the actual text whenever the trace
                // names it, so a passed `renderer openGLES` still says which.
                let knownPresentation = observation.glesPresentation.value ?? nil
                guard let presentation, actual == renderer else {
                    return verdict(actual == renderer, expected: expected, actual: rendererText(actual, knownPresentation))
                }
                return with(observation.glesPresentation, "how the scene's OpenGL ES frames are presented") { actualPresentation in
                    verdict(
                        actualPresentation == presentation, expected: expected,
                        actual: rendererText(actual, actualPresentation))
                }
            }
        case .disconnected:
            return with(observation.isDisconnected, "whether the scene disconnected") { disconnected in
                verdict(disconnected, expected: "disconnected", actual: disconnected ? "disconnected" : "still connected")
            }
        case .restored:
            return with(observation.isRestored, "whether the scene was restored") { restored in
                verdict(restored, expected: "restored", actual: restored ? "restored" : "not restored (connected fresh)")
            }
        case .connectionOrder(let order):
            return with(observation.connectionOrder, "the order the scene connected in") { actual in
                verdict(actual == order, expected: "connection order \(order)", actual: "connection order \(actual)")
            }
        case .crisp:
            return with(observation.crispness, "the window's frame on its display") { crispness in
                verdict(crispness.isCrisp, expected: "crisp: each buffer pixel one display pixel, unchanged", actual: crispness.description)
            }
        case .title(let title):
            return with(observation.title, "the scene's title") { actual in
                verdict(actual == title, expected: "title \"\(title)\"", actual: "title \"\(actual)\"")
            }
        case .callbackFired(let callback, let comparison, let afterResizeEnded):
            return with(observation.callbacks, "the callbacks since the step") { callbacks in
                let observed = callbacks[callback] ?? CallbackObservation(count: 0)
                let expected = "\(callback.rawValue) fired \(times(comparison))" + (afterResizeEnded ? ", after the resize ended" : "")
                var actual = "\(callback.rawValue) fired \(times(observed.count))"
                if observed.duringInteractiveResize > 0 {
                    actual += ", \(observed.duringInteractiveResize) of them during the resize"
                }
                let countMatches = comparison.matches(observed.count)
                let timingMatches = !afterResizeEnded || observed.duringInteractiveResize == 0
                return verdict(countMatches && timingMatches, expected: expected, actual: actual)
            }
        }
    }

    // MARK: Helpers

    /// The verdict for `fact`, or skipped when it was not observed.
    private static func with<Value>(
        _ fact: Observed<Value>, _ what: String,
        _ decide: (Value) -> ClauseVerdict
    ) -> ClauseVerdict {
        switch fact {
        case .value(let value): decide(value)
        case .unavailable(let reason): .skipped(reason: "\(what) is not observable: \(reason)")
        }
    }

    /// `renderer openGLES via sharedMemory`, as a scenario writes it.
    private static func rendererText(_ renderer: RendererName, _ presentation: GLESPresentationName?) -> String {
        "renderer \(renderer.rawValue)" + (presentation.map { " via \($0.rawValue)" } ?? "")
    }

    private static func verdict(_ holds: Bool, expected: String, actual: String) -> ClauseVerdict {
        holds ? .passed(actual: actual) : .failed(expected: expected, actual: actual)
    }

    /// Compares a measured pixel size to an expression, evaluating `bounds` as the
    /// scene's bounds (Diorama apps) or else the window's logical size.
    private static func compare(_ size: Size, to expression: SizeExpression, observation: WindowObservation) -> ClauseVerdict {
        guard expression.usesBounds else {
            return verdict(
                size == (try? expression.evaluate(bounds: .zero).get()), expected: expression.description,
                actual: size.description)
        }
        guard let bounds = observation.bounds.value ?? observation.frame.value?.size else {
            let reason: String
            if case .unavailable(let why) = observation.frame { reason = why } else { reason = "unknown" }
            return .skipped(reason: "`bounds` is not observable: \(reason)")
        }
        switch expression.evaluate(bounds: bounds) {
        case .success(let expected):
            return verdict(size == expected, expected: "\(expected) (\(expression) with bounds \(bounds))", actual: size.description)
        case .failure(let error):
            return .failed(expected: error.description, actual: size.description)
        }
    }

    private static func displays(_ names: [String]) -> String {
        names.isEmpty ? "on no display" : "on " + names.joined(separator: ", ")
    }

    private static func statesText(_ states: Set<ToplevelState>) -> String {
        let ordered = ToplevelState.allCases.filter(states.contains).map(\.rawValue)
        return ordered.isEmpty ? "no states" : "states " + ordered.joined(separator: " ")
    }

    private static func times(_ comparison: Comparison) -> String {
        comparison.op == .equal ? times(comparison.value) : "\(comparison) times"
    }

    private static func times(_ count: Int) -> String {
        count == 1 ? "1 time" : "\(count) times"
    }

    /// `2`, `1.5`: a double without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
