// Server-side bindings of Tests/Fixtures/Protocols/diorama-test.xml, generated
// at build time by the WaylandBindingsPlugin; used by WaylandBindingsTests.
@_exported import WaylandServer
