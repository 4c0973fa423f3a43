import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a run's or a merge's reports say, without what may differ between
/// two runs of the same scenarios: times, pids in step details, artifact
/// paths, and where each one ran (shard, machine). Two reports with equal
/// contents agree case for case and result for result.
enum RunReports {
    /// One scenario of a JSON report: its identity, outcome and every test
    /// case and step outcome.
    struct Scenario: Equatable, CustomStringConvertible {
        var name: String
        var file: String
        var backend: String
        var status: String
        var reason: String?
        var clauses: [String: Int]
        /// `name | result | message` per JUnit case.
        var cases: [String]
        /// `index keyword outcome reason` per step, with each clause's verdict.
        var steps: [String]

        var description: String { "\(name) (\(backend)): \(status)" }
    }

    static func scenarios(json path: String) throws -> [Scenario] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any], "\(path)")
        let scenarios = try #require(object["scenarios"] as? [[String: Any]], "\(path)")
        return try scenarios.map { scenario in
            let cases = try #require(scenario["cases"] as? [[String: Any]], "\(path): a scenario without cases")
            let timeline = try #require(scenario["timeline"] as? [[String: Any]])
            return Scenario(
                name: scenario["name"] as? String ?? "", file: scenario["file"] as? String ?? "",
                backend: scenario["backend"] as? String ?? "", status: scenario["status"] as? String ?? "",
                reason: scenario["reason"] as? String, clauses: scenario["clauses"] as? [String: Int] ?? [:],
                cases: cases.map { "\($0["name"] ?? "") | \($0["result"] ?? "") | \($0["message"] ?? "")" },
                steps: timeline.map { entry in
                    let clauses = (entry["clauses"] as? [[String: Any]] ?? []).map { "\($0["text"] ?? "")=\($0["verdict"] ?? "")" }
                    return "\(entry["index"] ?? "") \(entry["keyword"] ?? "") \(entry["outcome"] ?? "") \(entry["reason"] ?? "") \(clauses)"
                })
        }
    }

    /// `suite | case | result | message` for each test case of a JUnit report, in order.
    static func cases(junit path: String) throws -> [String] {
        let reader = JUnitCaseReader()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = reader
        #expect(parser.parse(), "\(path) is not well-formed")
        return reader.cases
    }

    /// The `runs` of a JSON report, as `backend shard`.
    static func runs(json path: String) throws -> [String] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (object["runs"] as? [[String: String]] ?? []).map { "\($0["backend"] ?? "") \($0["shard"] ?? "whole")" }
    }
}

/// Collects each `<testcase>` with its suite and the result element inside it.
private final class JUnitCaseReader: NSObject, XMLParserDelegate {
    var cases: [String] = []
    private var suite = ""
    private var current: String?
    private var result = "passed"
    private var message = ""

    // Fires for each element; a case's result is the element inside it.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch elementName {
        case "testsuite": suite = attributes["name"] ?? ""
        case "testcase":
            current = attributes["name"] ?? ""
            result = "passed"
            message = ""
        case "failure", "skipped", "error":
            result = elementName
            message = attributes["message"] ?? ""
        default: break
        }
    }

    // Fires when an element closes; a test case is complete here.
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard elementName == "testcase", let name = current else { return }
        cases.append("\(suite) | \(name) | \(result) | \(message)")
        current = nil
    }
}
