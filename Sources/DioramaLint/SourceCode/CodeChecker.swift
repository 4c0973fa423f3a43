import DioramaModel

/// The code checks: assumptions in an app's Swift and Objective-C that break once its
/// scenes are resizable windows (one app, several windows, any size, on any display).
///
/// Each check matches a short token sequence (see ``SourceLexer``), so text in comments
/// and string literals never counts, and Swift and Objective-C spellings of the same
/// call are found alike: `UIApplication.shared.keyWindow`,
/// `[UIApplication sharedApplication].keyWindow`, `[[UIApplication sharedApplication] keyWindow]`.
struct CodeChecker {
    /// Whether the app runs under the scene life cycle (a scene manifest, or a SwiftUI
    /// `App`): the app delegate's `window` is then nil.
    var adoptsSceneLifeCycle: Bool
    /// Whether the app installs on iPad as itself; orientation locks matter only there.
    var runsOnIPad: Bool

    func check(_ file: CodeFile) -> [LintFinding] {
        var scan = Scan(file: file, checker: self)
        scan.run()
        return scan.findings
    }

    // MARK: Vocabulary

    /// The singletons whose members the checks read, with the accessors that reach
    /// them in Swift and Objective-C.
    static let singletons: [String: Set<String>] = [
        "UIApplication": ["shared", "sharedApplication"],
        "UIScreen": ["main", "mainScreen"],
        "UIDevice": ["current", "currentDevice"],
    ]

    /// The screen's geometry: the whole display, not the scene's window.
    static let screenGeometry: Set<String> = ["bounds", "nativeBounds", "scale", "nativeScale", "applicationFrame"]

    /// Picking "the" window out of the application's windows.
    static let windowPicks: Set<String> = ["first", "firstObject", "last", "lastObject", "[0]", "objectAtIndex:", "filter"]

    /// Methods UIKit calls when a view's or layer's size or scale changes: a Metal
    /// drawable sized in one of them follows the window.
    static let resizeHooks: Set<String> = [
        "layoutSubviews", "layoutSublayers", "layoutSublayersOfLayer", "viewDidLayoutSubviews", "viewWillLayoutSubviews",
        "viewWillTransition", "viewWillTransitionToSize", "traitCollectionDidChange", "setFrame", "setBounds",
        "setContentScaleFactor", "drawableSizeWillChange",
    ]

    /// Functions that run once while a view or renderer is set up.
    static func isSetUpFunction(_ name: String) -> Bool {
        let exact: Set<String> = [
            "init", "viewDidLoad", "loadView", "awakeFromNib", "didMoveToWindow", "didMoveToSuperview", "viewWillAppear",
            "viewDidAppear", "makeUIView", "commonInit", "application",
        ]
        return exact.contains(name)
            || ["setup", "setUp", "initWith", "configure", "make", "create", "build"].contains { name.hasPrefix($0) }
    }

    /// The single-orientation masks, by the name Swift (`.portrait`) or Objective-C
    /// (`UIInterfaceOrientationMaskPortrait`) gives them.
    static let singleOrientationMasks: [String: String] = [
        "portrait": "portrait", "UIInterfaceOrientationMaskPortrait": "portrait",
        "portraitUpsideDown": "portrait upside down", "UIInterfaceOrientationMaskPortraitUpsideDown": "portrait upside down",
        "landscapeLeft": "landscape left", "UIInterfaceOrientationMaskLandscapeLeft": "landscape left",
        "landscapeRight": "landscape right", "UIInterfaceOrientationMaskLandscapeRight": "landscape right",
        "landscape": "landscape", "UIInterfaceOrientationMaskLandscape": "landscape",
    ]
}

/// One pass over one file's tokens.
private struct Scan {
    let file: CodeFile
    let checker: CodeChecker
    let tokens: [SourceToken]
    var findings: [LintFinding] = []

    init(file: CodeFile, checker: CodeChecker) {
        self.file = file
        self.checker = checker
        tokens = file.tokens
    }

    mutating func run() {
        var drawableSizes: [(index: Int, function: String?)] = []
        var fixedDrawables: [Int] = []
        var handlesResize = false
        // The function each open brace belongs to (a closure's or an `if`'s brace
        // inherits it), kept in one forward pass so that finding the function around
        // an assignment costs nothing however deeply the file nests.
        var functions: [String?] = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("{") {
                functions.append(functionDeclared(before: index) ?? functions.last ?? nil)
                continue
            }
            if token.is("}") {
                _ = functions.popLast()
                continue
            }
            guard token.isIdentifier else { continue }
            let text = token.text
            if let accessors = CodeChecker.singletons[text] {
                singletonUse(at: index, accessors: accessors)
            } else if text == "interfaceOrientation" {
                viewControllerOrientation(at: index)
            } else if text.hasPrefix("supportedInterfaceOrientations") {
                orientationLock(at: index)
            } else if text == "drawableSize", isAssignment(member: index) {
                drawableSizes.append((index, functions.last ?? nil))
            } else if text == "setDrawableSize", self.token(index + 1)?.is(":") == true, self.token(index - 1)?.isIdentifier == true {
                drawableSizes.append((index, functions.last ?? nil))
            } else if text == "autoResizeDrawable", isAssignment(member: index),
                let value = self.token(index + 2), value.is("false") || value.is("NO")
            {
                fixedDrawables.append(index)
            } else if CodeChecker.resizeHooks.contains(text), declares(index) {
                handlesResize = true
            }
        }
        if !handlesResize { drawableFindings(sizes: drawableSizes, fixed: fixedDrawables) }
    }

    // MARK: Tokens

    private func token(_ index: Int) -> SourceToken? {
        tokens.indices.contains(index) ? tokens[index] : nil
    }

    private func isForceUnwrap(_ index: Int) -> Bool {
        guard let token = token(index) else { return false }
        return token.is("!") || token.is("!!")
    }

    /// `x.name = …` (Swift or Objective-C dot syntax), or `name = …` starting a line
    /// (a subclass setting its own property); not `==`.
    private func isAssignment(member index: Int) -> Bool {
        guard token(index + 1)?.is("=") == true, let previous = token(index - 1) else { return false }
        return previous.is(".") || previous.line < tokens[index].line || previous.is("{") || previous.is(";")
    }

    /// Whether the name at `index` is being declared as a function or method: `func
    /// name`, an Objective-C method `- (void)name`, or a Swift delegate method's
    /// argument label (`mtkView(_:drawableSizeWillChange:)`).
    private func declares(_ index: Int) -> Bool {
        guard let previous = token(index - 1) else { return false }
        if previous.is("func") { return true }
        if file.language == .objectiveC, previous.is(")") { return objectiveCMethodName(endingAt: index - 1) != nil }
        return tokens[index].is("drawableSizeWillChange")
    }

    /// The selector's first piece of an Objective-C method declaration whose return
    /// type closes at `close` (`- (void)layoutSubviews`), or `nil` when the `)` is not one.
    private func objectiveCMethodName(endingAt close: Int) -> String? {
        var position = close - 1
        var depth = 0
        while position >= 0, close - position < 16 {
            if tokens[position].is(")") { depth += 1 }
            if tokens[position].is("(") {
                if depth == 0 { break }
                depth -= 1
            }
            position -= 1
        }
        guard position >= 1, tokens[position].is("("), tokens[position - 1].is("-") || tokens[position - 1].is("+") else { return nil }
        // A method starts a declaration: nothing but `}`, `;` or the file's start before its sign.
        if position >= 2, !(tokens[position - 2].is("}") || tokens[position - 2].is(";") || tokens[position - 2].line < tokens[position - 1].line) {
            return nil
        }
        return token(close + 1).flatMap { $0.isIdentifier ? $0.text : nil }
    }

    // MARK: Member chains

    /// One step of a member chain: `.name`, `[0]`, or an Objective-C message `[x name]`.
    private struct Member {
        var name: String
        var index: Int
        /// Followed by `!`.
        var forced = false
    }

    /// The receiver `UIApplication.shared` (`[UIApplication sharedApplication]`, …) at
    /// `index` and the members read from it, or `nil` when the name is not that receiver.
    private func chain(at index: Int, accessors: Set<String>) -> (start: Int, members: [Member])? {
        var end: Int
        var start = index
        if token(index + 1)?.is(".") == true, let accessor = token(index + 2), accessors.contains(accessor.text) {
            end = index + 2
            if token(end + 1)?.is("(") == true, token(end + 2)?.is(")") == true { end += 2 }  // sharedApplication()
        } else if token(index - 1)?.is("[") == true, let accessor = token(index + 1), accessors.contains(accessor.text),
            token(index + 2)?.is("]") == true
        {
            start = index - 1
            end = index + 2
        } else {
            return nil
        }
        var openBrackets = 0
        while token(start - 1 - openBrackets)?.is("[") == true { openBrackets += 1 }
        return (start - openBrackets, members(after: end, openBrackets: openBrackets))
    }

    private func members(after end: Int, openBrackets: Int) -> [Member] {
        var members: [Member] = []
        var position = end + 1
        var brackets = openBrackets
        while position < tokens.count, members.count < 4 {
            var next = position
            if tokens[next].is("?") || isForceUnwrap(next) {
                if isForceUnwrap(next), !members.isEmpty { members[members.count - 1].forced = true }
                next += 1
            }
            guard let first = token(next) else { break }
            if first.is("."), let name = token(next + 1), name.isIdentifier {
                members.append(Member(name: name.text, index: next + 1))
                position = next + 2
            } else if first.is("["), token(next + 1)?.kind == .number, token(next + 2)?.is("]") == true {
                members.append(Member(name: "[\(tokens[next + 1].text)]", index: next + 2))
                position = next + 3
            } else if brackets > 0, first.isIdentifier, token(next + 1)?.is("]") == true {
                members.append(Member(name: first.text, index: next))
                brackets -= 1
                position = next + 2
            } else if brackets > 0, first.isIdentifier, token(next + 1)?.is(":") == true {
                members.append(Member(name: first.text + ":", index: next))
                break
            } else if members.last?.name == "delegate", first.is("as"), token(next + 1).map({ $0.is("?") || $0.is("!") }) == true,
                token(next + 2)?.isIdentifier == true, token(next + 3)?.is(")") == true
            {
                position = next + 4  // (UIApplication.shared.delegate as? AppDelegate)?.window
            } else if members.last?.name == "delegate", first.is(")") {
                position = next + 1  // ((AppDelegate *)[UIApplication sharedApplication].delegate).window
            } else {
                break
            }
        }
        if !members.isEmpty, isForceUnwrap(position) { members[members.count - 1].forced = true }
        return members
    }

    // MARK: Windows, screens, orientation

    private mutating func singletonUse(at index: Int, accessors: Set<String>) {
        guard let (start, members) = chain(at: index, accessors: accessors), let first = members.first else { return }
        let flagged = members.count > 1 && ["windows", "delegate"].contains(first.name) ? members[1] : first
        let written = written(from: start, through: flagged)
        let location = file.location(of: tokens[index])
        switch (tokens[index].text, first.name) {
        case ("UIApplication", "keyWindow"):
            windowLookup(written, forced: first.forced, at: location)
        case ("UIApplication", "windows") where members.count > 1 && CodeChecker.windowPicks.contains(members[1].name):
            windowLookup(written, forced: members[1].forced, at: location)
        case ("UIApplication", "delegate") where members.count > 1 && members[1].name == "window":
            guard checker.adoptsSceneLifeCycle else { return }
            let rule = members[1].forced ? LintRules.appDelegateWindowForced : LintRules.appDelegateWindow
            findings.append(
                rule.finding(
                    at: location,
                    "\(written) reads the app delegate's window, which is nil under the scene life cycle (each scene's delegate owns its window)"
                        + (members[1].forced ? ", so the force-unwrap crashes" : "")))
        case ("UIApplication", "statusBarOrientation"), ("UIDevice", "orientation"):
            findings.append(
                LintRules.orientationForLayout.finding(
                    at: location,
                    "\(written) is the \(first.name == "orientation" ? "device's" : "status bar's") orientation, not the window's shape: a resizable window can be tall on a landscape display and wide on a portrait one"
                ))
        case ("UIScreen", let member) where CodeChecker.screenGeometry.contains(member):
            let scale = member.hasSuffix("cale")
            findings.append(
                LintRules.mainScreenGeometry.finding(
                    at: location,
                    scale
                        ? "\(written) is the main display's scale: a window on an external display (or moved to one) has another, so drawables and images come out blurred or oversized"
                        : "\(written) is the whole main display: a resizable window is smaller, and on another display the screen is a different one, so layout sized from it overflows or leaves gaps",
                    fix: scale
                        ? "use the view's traitCollection.displayScale (or window.screen.scale from the view's own window), and update on trait changes"
                        : "size from the view's or window's bounds (view.bounds, view.window?.windowScene?.screen for the screen actually shown), and re-layout in layoutSubviews / viewWillTransition(to:with:)"
                ))
        default:
            return
        }
    }

    private mutating func windowLookup(_ written: String, forced: Bool, at location: SourceLocation) {
        let rule = forced ? LintRules.windowLookupForced : LintRules.windowLookup
        findings.append(
            rule.finding(
                at: location,
                "\(written) picks one window of the whole app: with several scenes it may be another scene's window (or none, before a scene connects)"
                    + (forced ? ", and the force-unwrap crashes when there is none" : "")))
    }

    /// The expression as written, from the receiver through `member` (closing the
    /// Objective-C messages it opened), for the message.
    private func written(from start: Int, through member: Member) -> String {
        var end = member.forced ? member.index + 1 : member.index
        var text = ""
        var open = 0
        var unopenedParentheses = 0
        for position in start...end {
            let token = tokens[position]
            if position > start, token.isIdentifier {
                let previous = tokens[position - 1]
                let afterCast = (previous.is("?") || previous.is("!")) && tokens[position - 2].is("as")
                if previous.isIdentifier || previous.is("]") || afterCast { text += " " }
            }
            if token.is("[") { open += 1 } else if token.is("]") { open -= 1 }
            if token.is(")") { unopenedParentheses += 1 } else if token.is("(") { unopenedParentheses -= 1 }
            text += token.text
        }
        text = String(repeating: "(", count: max(0, unopenedParentheses)) + text
        while open > 0, let next = token(end + 1), next.is("]") || next.isIdentifier {
            if next.is("]") { open -= 1 }
            text += next.text
            end += 1
        }
        return text
    }

    /// `self.interfaceOrientation` or `[self interfaceOrientation]`: UIViewController's
    /// deprecated orientation (iOS 8), not a window scene's.
    private mutating func viewControllerOrientation(at index: Int) {
        let swiftForm = token(index - 1)?.is(".") == true && token(index - 2)?.is("self") == true
        let objectiveCForm = token(index - 1)?.is("self") == true && token(index - 2)?.is("[") == true && token(index + 1)?.is("]") == true
        guard swiftForm || objectiveCForm else { return }
        findings.append(
            LintRules.orientationForLayout.finding(
                at: file.location(of: tokens[index - (swiftForm ? 2 : 1)]),
                "self.interfaceOrientation is the view controller's deprecated orientation, not the window's shape: a resizable window can be tall on a landscape display and wide on a portrait one"
            ))
    }

    // MARK: Orientation locks

    /// `supportedInterfaceOrientations` (or the app delegate's
    /// `application(_:supportedInterfaceOrientationsFor:)`) declared with a body that
    /// returns one fixed orientation mask.
    private mutating func orientationLock(at index: Int) {
        guard checker.runsOnIPad else { return }
        let name = tokens[index].text
        guard ["supportedInterfaceOrientations", "supportedInterfaceOrientationsFor", "supportedInterfaceOrientationsForWindow"].contains(name)
        else { return }
        let declared: Bool
        switch file.language {
        case .swift:
            declared =
                token(index - 1)?.is("var") == true
                || (name != "supportedInterfaceOrientations" && (max(0, index - 6)..<index).contains { tokens[$0].is("func") })
        case .objectiveC:
            declared = token(index - 1)?.is(")") == true || (name != "supportedInterfaceOrientations" && token(index + 1)?.is(":") == true)
        }
        guard declared, let open = bodyStart(after: index), let mask = fixedMask(returnedByBodyAt: open),
            let orientation = CodeChecker.singleOrientationMasks[mask]
        else { return }
        findings.append(
            LintRules.orientationLockInCode.finding(
                at: file.location(of: tokens[index]),
                "\(name) returns \(orientation) only: on iPad the app's window is resizable and can take any shape, and iPadOS 26 does not keep a resizable app in one orientation, so layout written for \(orientation) alone meets the others"
            ))
    }

    /// The `{` that opens the declaration's body, within its signature.
    private func bodyStart(after index: Int) -> Int? {
        var position = index + 1
        while position < tokens.count, position - index < 40 {
            let text = tokens[position].text
            if text == "{" { return position }
            if text == ";" || text == "}" || text == "=" || text == "]" { return nil }
            position += 1
        }
        return nil
    }

    /// The mask a body holding nothing but `return .portrait` (`{ .portrait }`,
    /// `get { return [.portrait] }`, `return UIInterfaceOrientationMaskPortrait;`) returns.
    private func fixedMask(returnedByBodyAt open: Int) -> String? {
        var body: [SourceToken] = []
        var depth = 0
        var position = open
        repeat {
            let text = tokens[position].text
            if text == "{" { depth += 1 } else if text == "}" { depth -= 1 }
            body.append(tokens[position])
            position += 1
        } while depth > 0 && position < tokens.count && body.count < 16
        guard depth == 0 else { return nil }
        let words = body.map(\.text).filter { !["{", "}", "get", "return", ";", "[", "]", "UIInterfaceOrientationMask"].contains($0) }
        if words.count == 2, words[0] == "." { return words[1] }
        if words.count == 1, words[0].hasPrefix("UIInterfaceOrientationMask") { return words[0] }
        return nil
    }

    // MARK: Metal drawables

    /// A Metal drawable sized only while the view is set up (or `autoResizeDrawable`
    /// turned off) in a file that declares no hook UIKit calls on a size or scale change.
    private mutating func drawableFindings(sizes: [(index: Int, function: String?)], fixed: [Int]) {
        // Sized again elsewhere (every frame, in a helper) when any assignment is not in set-up code.
        guard sizes.allSatisfy({ $0.function.map(CodeChecker.isSetUpFunction) ?? false }) else { return }
        if let first = sizes.first {
            findings.append(
                LintRules.metalDrawableSizeFixed.finding(
                    at: file.location(of: tokens[first.index]),
                    "the Metal drawable's size is set in \(first.function ?? "set-up code") only, and nothing in this file sets it again when the view's size or scale changes: after a window resize or a move to another display, frames are stretched or blurred"
                ))
        } else if let first = fixed.first {
            findings.append(
                LintRules.metalDrawableSizeFixed.finding(
                    at: file.location(of: tokens[first]),
                    "autoResizeDrawable is turned off, and nothing in this file sets the drawable's size when the view's size or scale changes: after a window resize or a move to another display, frames are stretched or blurred"
                ))
        }
    }

    /// The function a body opening at `brace` belongs to: a `func name`, `init`, or an
    /// Objective-C method's signature just before it; `nil` for other braces (types,
    /// closures, statements), looking back at most 64 tokens.
    private func functionDeclared(before brace: Int) -> String? {
        var position = brace - 1
        var parentheses = 0
        while position >= 0, brace - position < 64 {
            let token = tokens[position]
            if token.is(")") {
                parentheses += 1
                if file.language == .objectiveC, parentheses == 1, let name = objectiveCMethodName(endingAt: position) { return name }
            } else if token.is("(") {
                parentheses -= 1
            } else if parentheses == 0, token.is("{") || token.is("}") || token.is(";") {
                return nil
            } else if parentheses == 0, token.is("func"), let name = self.token(position + 1), name.isIdentifier {
                return name.text
            } else if parentheses == 0, token.is("init"), self.token(position - 1)?.is(".") != true {
                return "init"
            }
            if file.language == .objectiveC, token.isIdentifier, self.token(position - 1)?.is(")") == true,
                let name = objectiveCMethodName(endingAt: position - 1)
            {
                return name
            }
            position -= 1
        }
        return nil
    }
}
