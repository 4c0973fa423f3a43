import DioramaModel

/// The measured state of one window after a step: what the timeline shows.
public struct WindowSnapshot: Hashable, Sendable {
    public var window: String
    public var displays: [String]?
    public var frame: Rect?
    public var scale: Scale?
    public var bufferSize: Size?
    public var drawableSize: Size?
    public var displayScale: Double?
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?
    public var activationState: ActivationStateName?
    public var isDisconnected: Bool?

    public init(
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
    public init(window: String, observation: WindowObservation) {
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
