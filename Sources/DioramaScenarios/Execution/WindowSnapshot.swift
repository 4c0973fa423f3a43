import DioramaModel

/// The measured state of one window after a step: what the timeline shows.
package struct WindowSnapshot: Hashable, Sendable {
    package var window: String
    package var displays: [String]?
    package var frame: Rect?
    package var scale: Scale?
    package var bufferSize: Size?
    package var drawableSize: Size?
    package var displayScale: Double?
    package var horizontalSizeClass: SizeClass?
    package var verticalSizeClass: SizeClass?
    package var activationState: ActivationStateName?
    package var isDisconnected: Bool?

    package init(
        window: String, displays: [String]? = nil, frame: Rect? = nil, scale: Scale? = nil,
        bufferSize: Size? = nil, drawableSize: Size? = nil, displayScale: Double? = nil,
        horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
        activationState: ActivationStateName? = nil, isDisconnected: Bool? = nil
    ) {
        self.window = window
        self.displays = displays
        self.frame = frame
        self.scale = scale
        self.bufferSize = bufferSize
        self.drawableSize = drawableSize
        self.displayScale = displayScale
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.activationState = activationState
        self.isDisconnected = isDisconnected
    }

    /// The observed facts of `observation` worth showing.
    package init(window: String, observation: WindowObservation) {
        self.init(
            window: window,
            displays: observation.enteredDisplays.value,
            frame: observation.frame.value,
            scale: observation.renderScale.value,
            bufferSize: observation.bufferSize.value,
            drawableSize: observation.drawableSize.value,
            displayScale: observation.displayScale.value,
            horizontalSizeClass: observation.horizontalSizeClass.value,
            verticalSizeClass: observation.verticalSizeClass.value,
            activationState: observation.activationState.value,
            isDisconnected: observation.isDisconnected.value)
    }
}
