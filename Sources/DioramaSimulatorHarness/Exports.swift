// A harness client's windows hand out their generated Wayland proxies
// (`ClientWindow.surface` is a `WlSurface`) and the simulator's values: the
// harness re-exports both modules, so that a test written against the
// `DioramaSimulator` product names all of it with
// `import DioramaSimulatorHarness`.
@_exported import DioramaSimulator
@_exported import WaylandClient
