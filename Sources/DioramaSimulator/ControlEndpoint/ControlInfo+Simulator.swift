import DioramaControlProtocol

// The simulator's windows and displays as the control protocol describes them
// (`diorama ctl windows|displays --json`, scenario observations).

extension ControlDisplayInfo {
    init(_ display: Display, isDefault: Bool) {
        let configuration = display.configuration
        self.init(
            name: configuration.name,
            description: configuration.outputDescription,
            modeWidth: configuration.mode.width,
            modeHeight: configuration.mode.height,
            refreshMilliHz: configuration.mode.refreshMilliHz,
            scale: configuration.scale.doubleValue,
            scale120: configuration.scale.numerator120,
            outputScale: display.outputScale,
            transform: configuration.transform.name,
            x: display.logicalRect.minX,
            y: display.logicalRect.minY,
            width: display.logicalRect.width,
            height: display.logicalRect.height,
            isDefault: isDefault)
    }
}

extension ControlWindowInfo {
    package init(_ window: Window) {
        let snapshot = window.snapshot
        self.init(
            id: snapshot.id,
            appID: snapshot.appID,
            title: snapshot.title,
            pid: snapshot.pid,
            displays: snapshot.displays,
            homeDisplay: snapshot.homeDisplay,
            x: snapshot.frame.minX,
            y: snapshot.frame.minY,
            width: snapshot.frame.width,
            height: snapshot.frame.height,
            bufferWidth: snapshot.bufferSize?.width,
            bufferHeight: snapshot.bufferSize?.height,
            bufferScale: snapshot.bufferScale,
            preferredScale: snapshot.preferredScale?.doubleValue,
            preferredScale120: snapshot.preferredScale?.numerator120,
            states: snapshot.states.names,
            mapped: snapshot.isMapped,
            minimized: snapshot.isMinimized,
            settled: snapshot.isSettled,
            staleScale: !snapshot.isDrawnForScaleInEffect)
    }
}
