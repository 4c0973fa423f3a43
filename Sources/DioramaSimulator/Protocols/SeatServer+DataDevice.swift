import WaylandServer

extension SeatServer {
    /// A client bound wl_data_device_manager. There is no clipboard in a
    /// headless simulator, but GTK refuses to start without the global, so
    /// the objects exist and accept every request; what a data device is
    /// told is that the selection is empty (``sendEmptySelection(to:)``).
    func dataDeviceManagerBound(_ manager: WlDataDeviceManager) {
        manager.onRequest = { [unowned self] request in
            switch request {
            case .createDataSource(let source):
                source.onRequest = { _ in }
            case .getDataDevice(let device, _):
                device.onRequest = { _ in }
                self.track(device, in: \.dataDevices)
                // Made while the client has keyboard focus: it missed the
                // selection sent before the focus came, so it gets it now.
                if let window = self.shell.focusedWindow, window.toplevel.client == device.client {
                    device.sendSelection(id: nil)
                }
            }
        }
    }

    /// `wl_data_device.selection` "is sent to a client immediately before
    /// receiving keyboard focus": called just before each `wl_keyboard.enter`.
    /// With no clipboard the selection is always none, which is what a
    /// client waiting for it (`wl-paste`) needs to go on.
    func sendEmptySelection(to record: ClientRecord) {
        for device in record.dataDevices where device.isAlive { device.sendSelection(id: nil) }
    }
}
