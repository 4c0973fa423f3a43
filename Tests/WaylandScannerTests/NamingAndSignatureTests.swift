import Foundation
import Testing

@testable import WaylandScannerKit

@Suite struct NamingAndSignatureTests {
    @Test(arguments: [("wl_surface", "WlSurface"), ("zxdg_output_manager_v1", "ZxdgOutputManagerV1"), ("xdg_toplevel", "XdgToplevel")])
    func interfaceTypeNames(name: String, expected: String) {
        #expect(SwiftNames.typeName(name) == expected)
    }

    @Test(arguments: [("set_buffer_scale", "setBufferScale"), ("90", "_90"), ("flipped_270", "flipped270"), ("default", "`default`"), ("in", "`in`")])
    func memberNames(name: String, expected: String) {
        #expect(SwiftNames.memberName(name) == expected)
    }

    @Test func signaturesFollowLibwayland() throws {
        let xml = """
            <protocol name="p"><interface name="a" version="3">
              <request name="bind"><arg name="name" type="uint"/><arg name="id" type="new_id"/></request>
              <request name="later" since="3"><arg name="s" type="string" allow-null="true"/><arg name="o" type="object" interface="a" allow-null="true"/><arg name="f" type="fixed"/><arg name="h" type="fd"/><arg name="x" type="array"/><arg name="i" type="int"/></request>
            </interface></protocol>
            """
        let proto = try ProtocolParser.parse(data: Data(xml.utf8), fileName: "sig.xml")
        let requests = proto.interfaces[0].requests
        #expect(InterfaceTableEmitter.signature(requests[0]) == "usun")
        #expect(InterfaceTableEmitter.signature(requests[1]) == "3?s?ofhai")
    }
}
