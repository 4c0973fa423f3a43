// The simulator's vocabulary — displays (`DisplayConfiguration`), window
// selectors, pointer buttons and input locations, control requests and
// responses — is DioramaControlProtocol's, shared with `diorama ctl`'s client
// (DioramaControlClient), which does not link the simulator. It is re-exported
// here so that a program running a simulator in process names all of it with
// `import DioramaSimulator`, and so are the values its API speaks in: the
// geometry and scales of DioramaModel (`Size`, `Rect`, `Scale`) and the
// pixels of DioramaGraphics (a screenshot's `PixelBuffer`). None of those
// modules is a product of its own.
@_exported import DioramaControlProtocol
@_exported import DioramaGraphics
@_exported import DioramaModel
