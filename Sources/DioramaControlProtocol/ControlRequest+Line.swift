import Foundation

extension ControlRequest {
    /// The request one line of the control protocol spells, decoded exactly as the
    /// control endpoint decodes what a client sends. Public so that the fuzzers
    /// (`diorama-fuzz control`, `Docs/reliability.md`) reach the decoder without a socket.
    ///
    /// - Throws: ``ControlFailure`` (`bad_request`) saying what is wrong with the line.
    package init(line: String) throws(ControlFailure) {
        let wire: ControlRequestWire
        do {
            wire = try ControlRequestScanner.request(line) ?? JSONDecoder().decode(ControlRequestWire.self, from: Data(line.utf8))
        } catch {
            throw .notARequest(error)
        }
        self = try wire.request()
    }
}

extension ControlFailure {
    /// The `bad_request` answer to text that does not decode as a request object.
    package static func notARequest(_ error: any Error) -> ControlFailure {
        .badRequest("the request is not a JSON object of the control protocol (\(decodingProblem(error))); see Docs/control-protocol.md")
    }

    /// What is wrong with JSON that did not decode, in a few words.
    package static func decodingProblem(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case DecodingError.dataCorrupted: "malformed JSON"
        default: "\(error)"
        }
    }
}
