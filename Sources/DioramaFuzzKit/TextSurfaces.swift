import DioramaManifest
import DioramaModel
import DioramaScenarios
import DioramaSimulator
import Foundation

/// Scenario files: `ScenarioLoader.load(text:file:environment:)`, the parser and
/// the validator the CLI runs. Promise: a value, or `ScenarioErrors` whose every
/// diagnostic has a line and column.
struct ScenarioSurface: FuzzSurface {
    let name = "scenario"
    let seeds: [[UInt8]]
    /// As if the input were a file in the checkout's `Configs/scenarios/`, so
    /// `displays: dual` and relative layout paths resolve to the real layouts.
    let file: String
    let environment: ScenarioEnvironment
    let dictionary = [[UInt8]](tokens: [
        "scenario ", "displays: ", "dual", "studio", "laptop", "launch ", "TimerApp", "GameScene", "as ", "on ", "at ",
        "move ", "to ", "resize ", "scale ", "rotate ", "plug ", "unplug ", "expect ", "wait ", "for ", "step ",
        "display ", "window ", "DP-1", "DP-2", "HDMI-A-1", "\"", "\n", "    ", "\t", "#", ":", ",", "x", "%", "ms", "s",
        "1.5", "2", "120", "90", "180", "flipped-270", "..", "/", "../displays/dual.json", "{", "}", "(", ")",
    ])

    init(corpus: SeedCorpus) {
        seeds = corpus.contents(
            under: ["Configs/scenarios", "Tests/DioramaScenariosTests", "Docs"],
            endingIn: [".scenario"])
        file = corpus.root.appendingPathComponent("Configs/scenarios/fuzz-input.scenario").path
        environment = .forScenarioFile(file)
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        let text = String(decoding: input, as: UTF8.self)
        do throws(ScenarioErrors) {
            _ = try ScenarioLoader.load(text: text, file: file, environment: environment)
            return .accepted
        } catch {
            guard !error.diagnostics.isEmpty else { return .brokenPromise("ScenarioErrors without a diagnostic") }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for diagnostic in error.diagnostics {
                // A diagnostic may point into a layout file the scenario names; only
                // those in the input itself are held to the input's line count.
                let verdict = FuzzVerdict.located(
                    diagnostic.location, in: diagnostic.location.file,
                    lines: diagnostic.location.file == file ? lines : nil, error: diagnostic)
                if verdict != .rejected { return verdict }
            }
            return .rejected
        }
    }
}

/// Display layout files: `DisplayLayout.parse(_:file:)`. Promise: a layout, or a
/// `DisplayLayoutError` located at the line and column of the offending field.
struct DisplayLayoutSurface: FuzzSurface {
    let name = "layout"
    let seeds: [[UInt8]]
    let file = "fuzz-input.json"
    let dictionary = [[UInt8]](tokens: [
        "{", "}", "[", "]", ":", ",", "\"", "\\u0000", "\\ud800", "\\\"", "null", "true", "false", "\"displays\"",
        "\"description\"", "\"name\"", "\"make\"", "\"model\"", "\"mode\"", "\"width\"", "\"height\"",
        "\"refreshMilliHz\"", "\"scale\"", "\"transform\"", "\"position\"", "\"x\"", "\"y\"", "\"physicalSizeMM\"",
        "\"usableInsets\"", "\"top\"", "\"left\"", "\"bottom\"", "\"right\"", "\"90\"", "\"flipped-180\"", "1.5",
        "-1", "1e15", "1e300", "1E-7", "\n", " ", "\u{FEFF}",
    ])

    init(corpus: SeedCorpus) {
        seeds = corpus.contents(under: ["Configs/displays", "Tests/DioramaSimulatorTests"], endingIn: [".json"])
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        let text = String(decoding: input, as: UTF8.self)
        do throws(DisplayLayoutError) {
            _ = try DisplayLayout.parse(text, file: file)
            return .accepted
        } catch {
            return .located(
                error.location, in: file, lines: text.split(separator: "\n", omittingEmptySubsequences: false).count,
                error: error)
        }
    }
}

/// Info.plists, XML or binary: `PropertyList.parse(_:file:)`, what the runtime
/// and `diorama lint` read. Promise: a value, or a `PlistError` at a line and column.
struct PropertyListSurface: FuzzSurface {
    let name = "plist"
    let seeds: [[UInt8]]
    let file = "fuzz-input.plist"
    let dictionary = [[UInt8]](tokens: [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!DOCTYPE plist>", "<plist version=\"1.0\">", "</plist>",
        "<dict>", "</dict>", "<array>", "</array>", "<key>", "</key>", "<string>", "</string>", "<integer>",
        "</integer>", "<real>", "</real>", "<true/>", "<false/>", "<date>", "</date>", "<data>", "</data>",
        "<dict/>", "<array/>", "<string/>", "&amp;", "&lt;", "&#x1F600;", "&#0;", "&#xD800;", "&#99999999;", "&bogus;",
        "<![CDATA[", "]]>", "<!--", "-->", "2024-02-30T25:61:61Z", "AAAA", "====", "bplist00", "\u{FEFF}",
        "UIApplicationSceneManifest", "UISceneConfigurations", "UIRequiresFullScreen",
    ])

    init(corpus: SeedCorpus) {
        seeds = corpus.contents(under: ["Configs/apps", "Tests"], endingIn: [".plist"])
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        do throws(PlistError) {
            _ = try PropertyList.parse(Data(input), file: file)
            return .accepted
        } catch {
            return .located(error.location, in: file, lines: nil, error: error)
        }
    }
}

/// Requests on `diorama sim`'s control socket: every line of the input decoded as
/// the endpoint decodes it (`ControlRequest(line:)`). Promise: a request, or a
/// `bad_request` failure that names the problem (the endpoint answers it and
/// keeps the connection).
struct ControlRequestSurface: FuzzSurface {
    let name = "control"
    let seeds: [[UInt8]]
    let dictionary = [[UInt8]](tokens: [
        "{", "}", "[", "]", ":", ",", "\"", "null", "true", "false", "\"command\"", "\"window\"", "\"display\"",
        "\"x\"", "\"y\"", "\"width\"", "\"height\"", "\"steps\"", "\"enable\"", "\"text\"", "\"keys\"", "\"scale\"",
        "\"transform\"", "\"refresh_mhz\"", "\"make\"", "\"model\"", "\"path\"", "\"since\"", "\"follow\"",
        "\"timeout_ms\"", "\"move\"", "\"resize\"", "\"plug\"", "\"screenshot\"", "\"trace\"", "\"wait_settled\"",
        "\"wait\"", "\"until\"", "\"type\"", "\"settled\"", "\"drawn\"",
        "\"title:\"", "\"/tmp/x.png\"", "1e300", "-1", "9223372036854775807", "\\u0000", "\n",
    ])

    init(corpus: SeedCorpus) {
        // The examples in the protocol's own documentation, plus one line per
        // command (the fields each needs are listed in Docs/control-protocol.md).
        let documented = corpus.files(under: ["Docs"], endingIn: ["control-protocol.md"])
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .flatMap { $0.split(separator: "\n") }
            .compactMap { line -> String? in
                guard let start = line.range(of: "{\"command\"") else { return nil }
                let json = line[start.lowerBound...].prefix { $0 != "`" && $0 != "'" }
                return String(json)
            }
        let everyCommand = [
            #"{"command":"windows"}"#, #"{"command":"displays"}"#,
            #"{"command":"move","window":"foot","x":10,"y":20}"#,
            #"{"command":"resize","window":"1","width":800,"height":600,"steps":4}"#,
            #"{"command":"focus","window":"title:Timer"}"#, #"{"command":"maximize","window":"foot","enable":false}"#,
            #"{"command":"minimize","window":"foot"}"#, #"{"command":"fullscreen","window":"foot","display":"DP-1"}"#,
            #"{"command":"close","window":"foot"}"#, #"{"command":"type","window":"foot","text":"hello"}"#,
            #"{"command":"keys","window":"foot","keys":["ctrl+c","Return"]}"#,
            #"{"command":"display_transform","display":"DP-1","transform":"90"}"#,
            #"{"command":"display_move","display":"DP-2","x":1920,"y":0}"#,
            #"{"command":"plug","display":"TV","width":3840,"height":2160,"scale":2,"refresh_mhz":60000,"make":"A","model":"B","transform":"normal","x":0,"y":1080}"#,
            #"{"command":"unplug","display":"TV"}"#, #"{"command":"screenshot","path":"/tmp/s.png","display":"DP-1","scale":1}"#,
            #"{"command":"trace","since":3,"follow":true}"#, #"{"command":"wait_settled","window":"foot","timeout_ms":500}"#,
            #"{"command":"wait","until":"trace","type":"commit","window":"foot","since":2,"timeout_ms":500}"#,
        ]
        seeds = (documented + everyCommand).map { Array($0.utf8) }
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        var verdict = FuzzVerdict.accepted
        for line in String(decoding: input, as: UTF8.self).split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            do throws(ControlFailure) {
                _ = try ControlRequest(line: String(line))
            } catch {
                guard error.kind == "bad_request" else {
                    return .brokenPromise("a malformed request must be bad_request, got \(error.kind): \(error.message)")
                }
                verdict = .rejected
            }
        }
        return verdict
    }
}
