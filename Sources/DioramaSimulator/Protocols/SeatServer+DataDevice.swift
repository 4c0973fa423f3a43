import WaylandServer

extension SeatServer {
    /// A client bound wl_data_device_manager. There is no clipboard in a
    /// headless simulator, but GTK refuses to start without the global, so
    /// the objects exist and accept every request.
    func dataDeviceManagerBound(_ manager: WlDataDeviceManager) {
        manager.onRequest = { request in
            switch request {
            case .createDataSource(let source):
                source.onRequest = { _ in }
            case .getDataDevice(let device, _):
                device.onRequest = { _ in }
            }
        }
    }
}
