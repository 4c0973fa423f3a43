import DioramaModel
import Foundation
import Testing

@testable import DioramaSimulator

/// The control endpoint reads plain request lines with its own scanner and
/// everything else with JSONDecoder: both must read a line the same way.
@Suite struct ControlRequestScannerTests {
    /// Lines the scanner reads itself: it must get what JSONDecoder gets.
    static let plain = [
        #"{"command":"move","window":"id:3","display":"DP-2"}"#,
        #" { "command" : "move" , "window" : "foot" , "x" : -1920 , "y" : 0 } "#,
        #"{"command":"display_scale","display":"DP-1","scale":1.5}"#,
        #"{"command":"display_scale","display":"DP-1","scale":2}"#,
        #"{"command":"display_scale","display":"DP-1","scale":1.25e0}"#,
        #"{"command":"maximize","window":"title:Ünïcödé ✓","enable":false}"#,
        #"{"command":"trace","since":0,"follow":true}"#,
        #"{"command":"tile","window":"foot","side":"left"}"#,
        #"{"command":"tile","window":"foot","enable":false}"#,
        #"{"command":"plug","display":"HDMI-A-2","width":800,"height":600,"refresh_mhz":60000,"make":"M","model":"X"}"#,
        #"{"command":"wait_settled","window":"1","timeout_ms":100,"unknown_field":"ignored","other":7}"#,
        #"{"command":"wait","until":"trace","type":"commit","window":"foot","since":3,"timeout_ms":100}"#,
        #"{"display":"DP-2","command":"move","window":"2"}"#,
    ]

    /// Lines left to JSONDecoder (escapes, null, arrays, wrong types, out of
    /// range, malformed): the scanner must not read them.
    static let others = [
        #"{"command":"type","window":"1","text":"a\"b"}"#,
        #"{"command":"keys","window":"1","keys":["Return"]}"#,
        #"{"command":"move","window":null,"display":"DP-2"}"#,
        #"{"command":"move","window":"1","x":1.5,"y":0}"#,
        #"{"command":"move","window":"1","x":"10","y":0}"#,
        #"{"command":"move","window":"1","x":99999999999999999999,"y":0}"#,
        #"{"command":"move","window":"1","x":01,"y":0}"#,
        #"{"command":"display_scale","display":"DP-1","scale":1.}"#,
        #"{"command":"trace","since":-1}"#,
        #"{"window":"1"}"#,
        #"{}"#,
        #"{"command":"move","window":"1"} trailing"#,
        #"{"command":"move","window":"1",}"#,
        "not json",
    ]

    @Test func plainLinesReadAsJSONDecoderReadsThem() throws {
        for line in Self.plain {
            let scanned = try #require(ControlRequestScanner.request(line), "the scanner reads \(line)")
            let decoded = try JSONDecoder().decode(ControlRequestWire.self, from: Data(line.utf8))
            #expect(scanned == decoded, "\(line)")
        }
    }

    @Test func everythingElseIsLeftToJSONDecoder() {
        for line in Self.others {
            #expect(ControlRequestScanner.request(line) == nil, "\(line) goes to JSONDecoder")
        }
    }

    @Test func batchLinesReadAsJSONDecoderReadsThem() throws {
        let batch = "[" + Self.plain.joined(separator: ",") + "]"
        let scanned = try #require(ControlRequestScanner.batch(batch))
        #expect(scanned == (try JSONDecoder().decode([ControlRequestWire].self, from: Data(batch.utf8))))
        #expect(ControlRequestScanner.batch("[ ]") == [])
        #expect(ControlRequestScanner.batch("[" + Self.plain[0] + "," + Self.others[0] + "]") == nil)
        #expect(ControlRequestScanner.batch("[" + Self.plain[0] + ",]") == nil)
        #expect(ControlRequestScanner.batch("[" + Self.plain[0]) == nil)
    }

    /// The client writes request lines by hand: JSONDecoder must read back
    /// exactly the request, whatever the strings hold.
    @Test func handWrittenRequestLinesDecodeToTheSameRequest() throws {
        let requests: [ControlRequest] = [
            .listWindows,
            .moveWindow(.id(3), .display("DP-2")),
            .moveWindow(.title("a \"quoted\" \\ title\n\t\u{1}/ü✓"), .position(Point(x: -1920, y: 7))),
            .typeText(.appID("foot"), "line\r\nnext \u{1F} end"),
            .pressKeys(.id(1), ["Return", "F1"]),
            .setDisplayScale("DP-1", try #require(Scale(1.5))),
            .wait(.settled(.id(2)), timeoutMilliseconds: 100),
            .wait(.traceRecord(type: "commit", window: .appID("foot"), since: 7), timeoutMilliseconds: 2000),
            .wait(.traceRecord(type: "configure_acked", window: nil, since: 0), timeoutMilliseconds: 5000),
            .wait(.drawnForScale(.title("Main")), timeoutMilliseconds: 1),
            .trace(since: 42, follow: true),
            .screenshot(display: nil, path: "/tmp/a b/shot.png", scale: .one),
            .pointer(.click(.left, at: .window(.id(1), Point(x: 20, y: 30)))),
            .pointer(.scroll(dx: 0, dy: -15)),
            .touch(.down(id: 2, at: .global(Point(x: 100, y: 50)))),
            .touch(.cancel),
            .halfTileWindow(.appID("foot"), .right),
            .halfTileWindow(.id(2), nil),
        ]
        for request in requests {
            let wire = ControlRequestWire(request)
            let decoded = try JSONDecoder().decode(ControlRequestWire.self, from: Data(wire.jsonLine.utf8))
            #expect(decoded == wire, "\(wire.jsonLine)")
            #expect(try decoded.request() == request)
        }
    }
}
