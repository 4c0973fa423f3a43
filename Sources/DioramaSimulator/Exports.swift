// The simulator's vocabulary — displays (`DisplayConfiguration`), window
// selectors, pointer buttons and input locations, control requests and
// responses — is DioramaControlProtocol's, shared with `diorama ctl`'s client
// (DioramaControlClient), which does not link the simulator. It is re-exported
// here so that a program running a simulator in process names all of it with
// `import DioramaSimulator`.
@_exported import DioramaControlProtocol
