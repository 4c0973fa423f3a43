import Glibc
import WaylandCommon
import WaylandServer

/// Shared memory: `wl_shm`, its pools and buffers, with the checks and
/// limits of each request. Buffers go into the ``SurfaceRegistry``, where
/// `wl_surface.attach` finds them.
final class ShmServer {
    let surfaces: SurfaceRegistry
    let limits: SimulatorLimits
    let errors: ProtocolErrorReporter

    init(surfaces: SurfaceRegistry, limits: SimulatorLimits, errors: ProtocolErrorReporter) {
        self.surfaces = surfaces
        self.limits = limits
        self.errors = errors
    }

    /// The formats every wl_shm client is told about: the two the protocol
    /// requires every compositor to support.
    static let shmFormats: [WlShm.Format] = [.argb8888, .xrgb8888]

    /// A client bound wl_shm: it learns the formats, then creates pools.
    func shmBound(_ shm: WlShm) {
        for format in Self.shmFormats { shm.sendFormat(format: format) }
        shm.onRequest = { [unowned self, unowned shm] request in
            guard case .createPool(let poolResource, let descriptor, let size) = request else { return }
            self.poolCreated(poolResource, descriptor: descriptor, size: Int(size), shm: shm)
        }
    }

    /// wl_shm.create_pool: maps the client's file. The pool takes the
    /// descriptor; on a failure before that, `descriptor` closes it when dropped.
    private func poolCreated(_ resource: WlShmPool, descriptor: OwnedFileDescriptor, size: Int, shm: WlShm) {
        guard size > 0 else {
            errors.post(
                shm, code: WlShm.Error.invalidStride.rawValue, name: "invalid_stride",
                "wl_shm.create_pool: the pool size is \(size) bytes; it must be positive")
            return
        }
        guard isWithinPoolLimit(size, request: "wl_shm.create_pool", client: resource.client) else { return }
        let pool: ShmPool
        do {
            // Never taken before: -1 only if that changed, and mapping it fails (invalid_fd).
            pool = try ShmPool(descriptor: descriptor.take() ?? -1, size: size)
        } catch {
            errors.post(
                shm, code: WlShm.Error.invalidFd.rawValue, name: "invalid_fd",
                "wl_shm.create_pool: \(Self.describe(error, size: size))")
            return
        }
        // Fires after a read (a screenshot) found the file shorter than the
        // pool. libwayland's own wl_shm sends the same code (on the wl_buffer);
        // it is sent here on wl_shm, the interface the code belongs to, which
        // lives as long as the client (the buffer may already be destroyed).
        pool.onFileShrank = { [unowned self, weak shm, unowned pool] in
            guard let shm else { return }
            self.errors.post(
                shm, code: WlShm.Error.invalidFd.rawValue, name: "invalid_fd",
                "wl_shm_pool: the pool's file is now shorter than the pool's \(pool.size) bytes; never truncate a pool's file (grow it, then wl_shm_pool.resize)"
            )
        }
        resource.onRequest = { [unowned self, unowned resource] request in
            switch request {
            case .createBuffer(let buffer, let offset, let width, let height, let stride, let format):
                self.bufferCreated(
                    buffer, pool: pool, poolResource: resource, offset: Int(offset), width: Int(width),
                    height: Int(height), stride: Int(stride), format: format)
            case .resize(let newSize):
                self.poolResized(pool, resource: resource, to: Int(newSize))
            case .destroy:
                break  // buffers keep the pool's memory alive
            }
        }
    }

    private static func describe(_ error: ShmPool.MappingError, size: Int) -> String {
        switch error {
        case .notMappable(let reason): "cannot map the file descriptor (\(reason))"
        case .fileTooSmall(let fileSize): "the pool is \(size) bytes but the file is only \(fileSize); ftruncate the file before creating the pool"
        }
    }

    /// Whether a pool of `size` bytes is within the limit; when it is not,
    /// the client is disconnected with a message naming `request` and the limit.
    private func isWithinPoolLimit(_ size: Int, request: String, client: OpaquePointer) -> Bool {
        guard size > limits.maximumPoolBytes else { return true }
        errors.postLimitExceeded(
            client: client, limit: "maximumPoolBytes",
            "\(request): a \(size)-byte pool exceeds the simulator's limit of \(limits.maximumPoolBytes) bytes (SimulatorLimits.maximumPoolBytes)"
        )
        return false
    }

    /// wl_shm_pool.resize: pools may only grow.
    private func poolResized(_ pool: ShmPool, resource: WlShmPool, to newSize: Int) {
        guard newSize >= pool.size else {
            errors.post(
                resource, code: WlShm.Error.invalidStride.rawValue, name: "invalid_stride",
                "wl_shm_pool.resize: pools can only grow (from \(pool.size) to \(newSize) bytes)")
            return
        }
        guard isWithinPoolLimit(newSize, request: "wl_shm_pool.resize", client: resource.client) else { return }
        do {
            try pool.resize(to: newSize)
        } catch {
            errors.post(
                resource, code: WlShm.Error.invalidFd.rawValue, name: "invalid_fd",
                "wl_shm_pool.resize: \(Self.describe(error, size: newSize))")
        }
    }

    /// wl_shm_pool.create_buffer: the buffer must lie inside the pool with a
    /// stride that holds a row; wl_shm names invalid_format and invalid_stride
    /// for these (libwayland's own wl_shm uses invalid_stride for every
    /// geometry problem, and so does the simulator).
    private func bufferCreated(
        _ resource: WlBuffer, pool: ShmPool, poolResource: WlShmPool, offset: Int, width: Int,
        height: Int, stride: Int, format: WlShm.Format
    ) {
        guard Self.shmFormats.contains(format) else {
            errors.post(
                poolResource, code: WlShm.Error.invalidFormat.rawValue, name: "invalid_format",
                "wl_shm_pool.create_buffer: format 0x\(String(format.rawValue, radix: 16)) is not supported; use argb8888 (0) or xrgb8888 (1)")
            return
        }
        let problem: String? =
            if width <= 0 || height <= 0 { "the size \(width)x\(height) must be positive" } else if offset < 0 {
                "the offset \(offset) is negative"
            } else if stride < width * 4 { "the stride \(stride) is less than width × 4 = \(width * 4) bytes" } else if offset + stride * height > pool.size {
                "offset \(offset) + stride \(stride) × height \(height) = \(offset + stride * height) bytes is beyond the \(pool.size)-byte pool"
            } else { nil }
        if let problem {
            errors.post(
                poolResource, code: WlShm.Error.invalidStride.rawValue, name: "invalid_stride",
                "wl_shm_pool.create_buffer: \(problem)")
            return
        }
        guard stride * height <= limits.maximumBufferBytes else {
            errors.postLimitExceeded(
                client: resource.client, limit: "maximumBufferBytes",
                "wl_shm_pool.create_buffer: a \(width)x\(height) buffer (\(stride * height) bytes) exceeds the simulator's limit of \(limits.maximumBufferBytes) bytes (SimulatorLimits.maximumBufferBytes)"
            )
            return
        }
        let buffer = ShmBuffer(
            resource: resource, pool: pool, offset: offset, width: width, height: height,
            stride: stride, format: format)
        let key = ObjectIdentifier(resource)
        surfaces.add(buffer)
        resource.onRequest = { _ in }
        resource.onDestroy = { [unowned self] in
            self.surfaces.removeBuffer(key)
        }
    }
}
