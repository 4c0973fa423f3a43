import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

/// The repository's root, from this file's path (Tests/DioramaScenariosTests/…).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The environment of the shipped scenarios: Configs/displays and the sample apps.
let shippedEnvironment = ScenarioEnvironment(
    layoutDirectories: [repositoryRoot.appendingPathComponent("Configs/displays").path],
    knownApps: ScenarioEnvironment.sampleApps)

/// The file name every test scenario pretends to come from.
let testFile = "test.scenario"

/// A minimal valid header for snippets that only care about their body.
let studioHeader = "displays: studio\n"

func parse(_ text: String) throws -> Scenario {
    try ScenarioParser.parse(text, file: testFile)
}

/// The parse errors of `text`; records an issue when it parses.
func parseErrors(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ScenarioDiagnostic] {
    do {
        _ = try ScenarioParser.parse(text, file: testFile)
        Issue.record("expected parse errors, but the text parsed", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

func validate(_ text: String, environment: ScenarioEnvironment = shippedEnvironment) throws -> ValidatedScenario {
    try ScenarioLoader.load(text: text, file: testFile, environment: environment)
}

/// The validation (or parse) errors of `text`; records an issue when it is valid.
func validationErrors(
    _ text: String, environment: ScenarioEnvironment = shippedEnvironment,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [ScenarioDiagnostic] {
    do {
        _ = try ScenarioLoader.load(text: text, file: testFile, environment: environment)
        Issue.record("expected validation errors, but the scenario is valid", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// The one step of a body line after the studio header.
func action(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StepAction {
    let scenario = try parse(studioHeader + line)
    return try #require(scenario.steps.first, sourceLocation: sourceLocation).action
}

/// The clauses of `expect w …`.
func clauses(_ text: String) throws -> [Clause] {
    guard case .expect(let expectation) = try action("expect w " + text) else {
        Issue.record("not an expectation")
        return []
    }
    return expectation.clauses
}

/// The kinds of `expect w …`'s clauses.
func clauseKinds(_ text: String) throws -> [ClauseKind] {
    try clauses(text).map(\.kind)
}

func name(_ text: String) -> NameReference {
    NameReference(text, at: .startOfFile(testFile))
}

/// A fresh directory under the system temporary directory.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = "scenarios") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-\(label)-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }
}
