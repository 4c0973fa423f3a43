import Foundation
import Testing
import WaylandScannerKit

/// Bad protocol XML stops the scanner with the file, the line and what to do.
@Suite struct ScannerErrorTests {
    func scannerError(parsing xml: String) -> ScannerError? {
        do {
            let proto = try ProtocolParser.parse(data: Data(xml.utf8), fileName: "bad.xml")
            _ = try ProtocolSet([proto])
            return nil
        } catch let error as ScannerError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    @Test func malformedXMLNamesTheLine() throws {
        let error = try #require(scannerError(parsing: "<protocol name=\"p\">\n  <interface name=\"a\" version=\"1\">\n  </protocol>\n"))
        #expect(error.location.file == "bad.xml")
        #expect(error.location.line == 3)
        #expect(error.description.contains("malformed XML"))
    }

    @Test(arguments: [
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"x\" type=\"float\"/>\n</request></interface></protocol>",
            4, "type=\"float\" is unknown"
        ),
        ("<protocol name=\"p\">\n<interface name=\"a\">\n</interface></protocol>", 2, "needs a version"),
        ("<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\" since=\"2\"/>\n</interface></protocol>", 3, "only version 1"),
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"x\" type=\"uint\" enum=\"nope\"/>\n</request></interface></protocol>",
            4, "names no enum"
        ),
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n\n<arg name=\"x\" type=\"object\" interface=\"b\"/>\n</request></interface></protocol>",
            5, "not defined by any protocol"
        ),
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<enum name=\"e\">\n<entry name=\"x\" value=\"ten\"/>\n</enum></interface></protocol>",
            4, "not a decimal or 0x-hexadecimal"
        ),
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<event name=\"e\">\n<arg name=\"x\" type=\"new_id\"/>\n</event></interface></protocol>",
            4, "only requests may create"
        ),
        ("<protocol name=\"p\">\n<interface name=\"a\" version=\"1\"/>\n<interface name=\"a\" version=\"1\"/>\n</protocol>", 3, "defined twice"),
        (
            "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"x\" type=\"int\" allow-null=\"true\"/>\n</request></interface></protocol>",
            4, "allow-null is only allowed"
        ),
    ])
    func invalidProtocolsAreRejectedWithTheirLine(xml: String, line: Int, message: String) throws {
        let error = try #require(scannerError(parsing: xml))
        #expect(error.location.line == line, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix("bad.xml:\(line): error: "))
    }

    @Test func missingFileIsAnError() {
        #expect(throws: ScannerError.self) {
            _ = try BindingsGenerator.generate(xmlFiles: [URL(fileURLWithPath: "/nonexistent/protocol.xml")], side: .client)
        }
    }

    @Test func theSystemProtocolsParse() throws {
        // The same XML the build binds: the scanner must accept every file of it.
        let core = URL(fileURLWithPath: "/usr/share/wayland/wayland.xml")
        let proto = try ProtocolParser.parse(contentsOf: core)
        let surface = try #require(proto.interfaces.first { $0.name == "wl_surface" })
        #expect(surface.requests.contains { $0.name == "attach" })
        #expect(surface.events.map(\.name).starts(with: ["enter", "leave"]))
        let bind = try #require(proto.interfaces.first { $0.name == "wl_registry" }?.requests.first)
        #expect(bind.arguments.contains { $0.type == .newID && $0.interface == nil })
    }
}
