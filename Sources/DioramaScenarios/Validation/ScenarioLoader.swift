import DioramaModel
import Foundation

/// Reads, parses and validates scenario files: the one call the CLI and tests use.
package enum ScenarioLoader {
    /// The validated scenario in `path`, in the environment of its folder unless
    /// `environment` says otherwise.
    ///
    /// - Throws: ``ScenarioErrors`` with every parse problem, or (when it parses)
    ///   every validation problem; an unreadable file is one diagnostic at line 1.
    package static func load(path: String, environment: ScenarioEnvironment? = nil) throws(ScenarioErrors) -> ValidatedScenario {
        let data: Data
        do {
            data = try RegularFileReader.read(path, as: .scenario)
        } catch {
            throw ScenarioErrors([
                ScenarioDiagnostic(
                    location: .startOfFile(path),
                    message: "cannot read the scenario file: \(error)",
                    hint: error.oversizeFix ?? "check the path; scenarios live in Configs/scenarios/*.scenario")
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioErrors([
                ScenarioDiagnostic(
                    location: .startOfFile(path), message: "the scenario file is not UTF-8 text",
                    hint: "save it as UTF-8")
            ])
        }
        return try load(text: text, file: path, environment: environment ?? .forScenarioFile(path))
    }

    /// Parses and validates `text` as if read from `file`.
    package static func load(text: String, file: String, environment: ScenarioEnvironment) throws(ScenarioErrors) -> ValidatedScenario {
        let scenario = try ScenarioParser.parse(text, file: file)
        return try ScenarioValidator.validate(scenario, environment: environment)
    }
}
