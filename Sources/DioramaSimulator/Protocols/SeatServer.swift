import DioramaModel
import Glibc
import WaylandCommon
import WaylandServer

/// The seat: `wl_seat` and its keyboard, pointer and touch objects,
/// `wl_data_device_manager`, and the devices scripts drive (the pointer's
/// position, buttons, focus and grab; the touch points; the keymap).
///
/// It sends every input and focus event; where a client's grab moves or
/// resizes a window it asks the window manager (``WindowOperations``). Which
/// window is under a point, and which has keyboard focus, it reads from the
/// shell registry.
final class SeatServer {
    /// The seat's pointer and touchscreen, as scripts drive them.
    let pointerDevice = PointerDevice()
    let touchDevice = TouchDevice()
    private var keyboardModel: KeyboardModel?
    private var keyboardModelFailed = false

    let clients: ClientRegistry
    let surfaces: SurfaceRegistry
    let shell: ShellRegistry
    let trace: Trace
    let clock: any SimulatorClock
    let errors: ProtocolErrorReporter
    let serials: SerialSource
    /// The profile's place for the empty selection a client is told as it
    /// gets keyboard focus (``CompositorProfile/selectionAfterKeyboardEnter``).
    let selectionAfterKeyboardEnter: Bool
    /// Set by the simulator once it is wired.
    weak var windowOperations: (any WindowOperations)?
    /// The surface the focused window's client was last sent
    /// `wl_keyboard.enter` for: its main surface, or its topmost grabbing
    /// popup (``Window/keyboardSurface``).
    weak var keyboardFocusSurface: Surface?

    init(
        clients: ClientRegistry, surfaces: SurfaceRegistry, shell: ShellRegistry, trace: Trace,
        clock: any SimulatorClock, errors: ProtocolErrorReporter, serials: SerialSource,
        selectionAfterKeyboardEnter: Bool = false
    ) {
        self.selectionAfterKeyboardEnter = selectionAfterKeyboardEnter
        self.clients = clients
        self.surfaces = surfaces
        self.shell = shell
        self.trace = trace
        self.clock = clock
        self.errors = errors
        self.serials = serials
    }

    func nextSerial() -> UInt32 { serials.next() }

    /// The seat's name, as `wl_seat.name` sends it.
    static let seatName = "seat0"
    /// Key repeat: 25 per second after 600 ms, common desktop defaults.
    static let repeatRate: Int32 = 25
    static let repeatDelay: Int32 = 600

    /// A client bound wl_seat: it has a keyboard, a pointer and a touchscreen.
    func seatBound(_ seat: WlSeat) {
        seat.sendCapabilities(capabilities: [.pointer, .keyboard, .touch])
        if seat.version >= 2 { seat.sendName(name: Self.seatName) }
        seat.onRequest = { [unowned self] request in
            switch request {
            case .getKeyboard(let keyboard):
                self.keyboardCreated(keyboard)
            case .getPointer(let pointer):
                self.pointerCreated(pointer)
            case .getTouch(let touch):
                self.touchCreated(touch)
            case .release:
                break
            }
        }
    }

    /// The keyboard model, compiled on first use; nil (and no keymap) when
    /// xkbcommon cannot compile one.
    var keyboard: KeyboardModel? {
        if let keyboardModel { return keyboardModel }
        guard !keyboardModelFailed else { return nil }
        do {
            keyboardModel = try KeyboardModel()
        } catch {
            keyboardModelFailed = true
        }
        return keyboardModel
    }

    /// wl_seat.get_keyboard: the keymap (an fd the client maps), repeat info,
    /// and `enter` if one of the client's windows has focus.
    private func keyboardCreated(_ keyboard: WlKeyboard) {
        keyboard.onRequest = { _ in }
        track(keyboard, in: \.keyboards)
        if let model = self.keyboard, let file = model.makeKeymapFile() {
            keyboard.sendKeymap(format: .xkbV1, fd: file.descriptor, size: file.size)
            close(file.descriptor)  // libwayland sent a duplicate
        } else {
            let empty = open("/dev/null", O_RDONLY | O_CLOEXEC)
            keyboard.sendKeymap(format: .noKeymap, fd: empty, size: 0)
            close(empty)
        }
        if keyboard.version >= 4 { keyboard.sendRepeatInfo(rate: Self.repeatRate, delay: Self.repeatDelay) }
        if let window = shell.focusedWindow, window.toplevel.client == keyboard.client,
            let surface = keyboardFocusSurface ?? window.surface, surface.resource.isAlive,
            let record = clients.record(keyboard.client)
        {
            sendKeyboardFocus(to: [keyboard], of: record, surface: surface.resource)
        }
    }

    /// wl_seat.get_pointer: scripts move the pointer (Seat/SeatServer+Pointer.swift);
    /// a pointer made while it is over one of the client's windows gets
    /// `enter` at once. set_cursor gives a surface the cursor role, which
    /// counts for the one-role rule, and makes it what `cursorImage` reports.
    private func pointerCreated(_ pointer: WlPointer) {
        track(pointer, in: \.pointers)
        if let window = pointerDevice.focus, let surface = pointerDevice.focusSurface,
            surface.resource.isAlive, surface.resource.client == pointer.client
        {
            let local = surfaceLocal(pointerDevice.position, on: surface, of: window)
            pointer.sendEnter(serial: nextSerial(), surface: surface.resource, surfaceX: local.x, surfaceY: local.y)
            if pointer.version >= 5 { pointer.sendFrame() }
        }
        pointer.onRequest = { [unowned self, unowned pointer] request in
            guard case .setCursor(_, let surfaceResource, let hotspotX, let hotspotY) = request else { return }
            guard let surfaceResource else {
                // A null surface hides the cursor.
                self.pointerDevice.cursorSurface = nil
                self.trace.record(
                    .cursorSet(
                        client: self.clients.id(of: pointer.client), window: self.pointerDevice.focus?.id,
                        surface: nil, hotspotX: 0, hotspotY: 0))
                return
            }
            guard let surface = self.surfaces.surface(for: surfaceResource) else { return }
            guard surface.role == .none || surface.role == .cursor else {
                return self.errors.post(
                    pointer, code: WlPointer.Error.role.rawValue, name: "role",
                    "wl_pointer.set_cursor: wl_surface@\(surfaceResource.id) already has the role \(surface.role.name)")
            }
            surface.role = .cursor
            self.pointerDevice.cursorSurface = surface
            self.pointerDevice.cursorHotspot = Point(x: Int(hotspotX), y: Int(hotspotY))
            self.trace.record(
                .cursorSet(
                    client: self.clients.id(of: pointer.client), window: self.pointerDevice.focus?.id,
                    surface: surface.id, hotspotX: Int(hotspotX), hotspotY: Int(hotspotY)))
        }
    }

    /// wl_seat.get_touch: touches that are already down stay with the
    /// objects that saw them go down; this one gets the next ones.
    private func touchCreated(_ touch: WlTouch) {
        touch.onRequest = { _ in }
        track(touch, in: \.touches)
    }

    /// Lists a new device object with its client (where input and focus
    /// events find it) until the object is destroyed.
    func track<Device: Resource>(_ device: Device, in list: ReferenceWritableKeyPath<ClientRecord, [Device]>) {
        let record = clients.record(device.client)
        record?[keyPath: list].append(device)
        device.onDestroy = { [weak record, unowned device] in
            record?[keyPath: list].removeAll { $0 === device }
        }
    }

    /// Keyboard focus follows the activated window: leave to the old
    /// window's client, enter (with no keys held) to the new one's.
    func keyboardFocusChanged(from old: Window?, to new: Window?) {
        if old != nil, let surface = keyboardFocusSurface { sendKeyboardLeave(surface) }
        keyboardFocusSurface = nil
        if let new, let surface = new.keyboardSurface, surface.resource.isAlive, let record = clients.record(surface.resource.client) {
            sendKeyboardFocus(to: record.keyboards.filter(\.isAlive), of: record, surface: surface.resource)
            keyboardFocusSurface = surface
        }
    }

    /// The focused window's grabbing popups changed (one mapped, or went
    /// away): keyboard focus moves within its client to the window's
    /// ``Window/keyboardSurface``, leave then enter (and modifiers), as
    /// between two surfaces of one client; the selection is not told again.
    func keyboardSurfaceMayHaveChanged(in window: Window) {
        guard shell.focusedWindow === window, let target = window.keyboardSurface, target !== keyboardFocusSurface,
            target.resource.isAlive, let record = clients.record(target.resource.client)
        else { return }
        if let old = keyboardFocusSurface { sendKeyboardLeave(old) }
        keyboardFocusSurface = target
        sendKeyboardEnter(to: record.keyboards.filter(\.isAlive), surface: target.resource)
    }

    /// `leave` of `surface` on its client's keyboards, unless it is gone.
    private func sendKeyboardLeave(_ surface: Surface) {
        guard surface.resource.isAlive, let record = clients.record(surface.resource.client) else { return }
        for keyboard in record.keyboards where keyboard.isAlive {
            keyboard.sendLeave(serial: nextSerial(), surface: surface.resource)
        }
    }

    /// `enter` (no keys held) and `modifiers` (none) on each of `keyboards`.
    private func sendKeyboardEnter(to keyboards: [WlKeyboard], surface: WlSurface) {
        for keyboard in keyboards {
            keyboard.sendEnter(serial: nextSerial(), surface: surface, keys: [])
            keyboard.sendModifiers(serial: nextSerial(), modsDepressed: 0, modsLatched: 0, modsLocked: 0, group: 0)
        }
    }

    /// `enter` (no keys held) and `modifiers` (none) on each of `keyboards`,
    /// with the client's data devices told the empty selection before them,
    /// or after them under ``selectionAfterKeyboardEnter``.
    private func sendKeyboardFocus(to keyboards: [WlKeyboard], of record: ClientRecord, surface: WlSurface) {
        guard !keyboards.isEmpty else { return }
        if !selectionAfterKeyboardEnter { sendEmptySelection(to: record) }
        sendKeyboardEnter(to: keyboards, surface: surface)
        if selectionAfterKeyboardEnter { sendEmptySelection(to: record) }
    }

    /// Presses and releases each keystroke on the focused window's keyboards,
    /// holding Shift (as a modifiers event) around keys that need it.
    func sendKeystrokes(_ strokes: [KeyboardModel.Keystroke], to window: Window) {
        guard let surface = window.surface, let record = clients.record(surface.resource.client),
            let model = keyboard
        else { return }
        for keyboard in record.keyboards where keyboard.isAlive {
            for stroke in strokes {
                let time = UInt32(truncatingIfNeeded: clock.nanoseconds / 1_000_000)
                if stroke.shift {
                    keyboard.sendModifiers(serial: nextSerial(), modsDepressed: model.shiftMask, modsLatched: 0, modsLocked: 0, group: 0)
                }
                keyboard.sendKey(serial: nextSerial(), time: time, key: stroke.keycode, state: .pressed)
                keyboard.sendKey(serial: nextSerial(), time: time, key: stroke.keycode, state: .released)
                if stroke.shift {
                    keyboard.sendModifiers(serial: nextSerial(), modsDepressed: 0, modsLatched: 0, modsLocked: 0, group: 0)
                }
            }
        }
    }
}
