#!/usr/bin/env python3
"""A tiny Wayland client that really hangs, for `diorama check --explore`'s tests.

It speaks the wire protocol itself (no toolkit): it opens one xdg_toplevel,
answers every configure with a buffer of the configured size (320x240 when
the compositor leaves the size to it) at the largest wl_output.scale of the
outputs its surface is on, redraws when that scale changes, and answers
pings. So it follows scale changes as a simple client should.

Its bug: when an output reports a negative physical size (as KWin 5.27's
virtual outputs do), it stops for good right after its first frame: it
reads nothing more from its socket, answers nothing, and ignores SIGTERM,
as a client stuck in a loop would. Only SIGKILL ends it.
"""

import array
import os
import signal
import socket
import struct
import sys

WL_SHM_FORMAT_XRGB8888 = 1


class Connection:
    def __init__(self):
        runtime = os.environ["XDG_RUNTIME_DIR"]
        name = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(name if name.startswith("/") else os.path.join(runtime, name))
        self.next_id = 2
        self.interfaces = {1: "wl_display"}
        self.received = b""

    def new_id(self, interface):
        object_id = self.next_id
        self.next_id += 1
        self.interfaces[object_id] = interface
        return object_id

    def send(self, object_id, opcode, payload=b"", fds=()):
        header = struct.pack("<II", object_id, ((8 + len(payload)) << 16) | opcode)
        ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
        self.socket.sendmsg([header + payload], ancillary)

    def events(self):
        """Yields (object id, interface, opcode, payload) for every event read."""
        while True:
            while len(self.received) >= 8:
                object_id, word = struct.unpack_from("<II", self.received)
                size = word >> 16
                if len(self.received) < size:
                    break
                payload = self.received[8:size]
                self.received = self.received[size:]
                yield object_id, self.interfaces.get(object_id), word & 0xFFFF, payload
            chunk = self.socket.recv(65536)
            if not chunk:
                sys.exit("the compositor closed the connection")
            self.received += chunk


def uint(value):
    return struct.pack("<I", value)


def string(text):
    data = text.encode() + b"\0"
    return uint(len(data)) + data + b"\0" * (-len(data) % 4)


def read_string(payload, offset):
    (length,) = struct.unpack_from("<I", payload, offset)
    text = payload[offset + 4 : offset + 4 + length - 1].decode(errors="replace")
    return text, offset + 4 + length + (-length % 4)


class Client:
    def __init__(self):
        self.wayland = Connection()
        self.registry = self.wayland.new_id("wl_registry")
        self.wayland.send(1, 1, uint(self.registry))  # wl_display.get_registry
        self.globals = {}
        self.output_scales = {}
        self.entered = set()
        self.negative_millimetres = False
        self.surface = None
        self.size = (320, 240)
        self.configured = False
        self.drawn_scale = None
        self.frames = 0

    def bind(self, name, interface, version):
        object_id = self.wayland.new_id(interface)
        self.wayland.send(self.registry, 0, uint(name) + string(interface) + uint(version) + uint(object_id))
        return object_id

    def create_window(self):
        wayland = self.wayland
        self.surface = wayland.new_id("wl_surface")
        wayland.send(self.globals["wl_compositor"], 0, uint(self.surface))
        self.xdg_surface = wayland.new_id("xdg_surface")
        wayland.send(self.globals["xdg_wm_base"], 2, uint(self.xdg_surface) + uint(self.surface))
        self.toplevel = wayland.new_id("xdg_toplevel")
        wayland.send(self.xdg_surface, 1, uint(self.toplevel))
        wayland.send(self.toplevel, 3, string("org.diorama.stalling-client"))  # set_app_id
        wayland.send(self.surface, 6)  # commit

    def scale(self):
        return max((self.output_scales.get(output, 1) for output in self.entered), default=1)

    def draw(self):
        scale = self.scale()
        width, height = self.size[0] * scale, self.size[1] * scale
        stride = width * 4
        descriptor = os.memfd_create("stalling-client-buffer")
        os.ftruncate(descriptor, stride * height)
        wayland = self.wayland
        pool = wayland.new_id("wl_shm_pool")
        wayland.send(self.globals["wl_shm"], 0, uint(pool) + struct.pack("<i", stride * height), fds=[descriptor])
        os.close(descriptor)
        buffer = wayland.new_id("wl_buffer")
        wayland.send(pool, 0, uint(buffer) + struct.pack("<iiiiI", 0, width, height, stride, WL_SHM_FORMAT_XRGB8888))
        wayland.send(pool, 1)  # wl_shm_pool.destroy: the buffer keeps the memory
        wayland.send(self.surface, 8, struct.pack("<i", scale))  # set_buffer_scale
        wayland.send(self.surface, 1, uint(buffer) + struct.pack("<ii", 0, 0))  # attach
        wayland.send(self.surface, 2, struct.pack("<iiii", 0, 0, self.size[0], self.size[1]))  # damage
        wayland.send(self.surface, 6)  # commit
        self.drawn_scale = scale
        self.frames += 1
        if self.negative_millimetres and self.frames == 1:
            stall()

    def run(self):
        sync = self.wayland.new_id("wl_callback")
        self.wayland.send(1, 0, uint(sync))  # wl_display.sync: the globals come before its done
        for object_id, interface, opcode, payload in self.wayland.events():
            if interface == "wl_display" and opcode == 0:
                _, code = struct.unpack_from("<II", payload)
                message, _ = read_string(payload, 8)
                sys.exit(f"protocol error {code}: {message}")
            elif interface == "wl_registry" and opcode == 0:
                (name,) = struct.unpack_from("<I", payload)
                global_interface, offset = read_string(payload, 4)
                (version,) = struct.unpack_from("<I", payload, offset)
                wanted = {"wl_compositor": 4, "wl_shm": 1, "xdg_wm_base": 1, "wl_output": 2}
                if global_interface == "wl_output":
                    output = self.bind(name, "wl_output", min(version, 2))
                    self.output_scales[output] = 1
                elif global_interface in wanted and global_interface not in self.globals:
                    self.globals[global_interface] = self.bind(name, global_interface, min(version, wanted[global_interface]))
            elif interface == "wl_callback" and object_id == sync:
                sync = None
                self.create_window()
            elif interface == "wl_output" and opcode == 0:  # geometry
                _, _, width_mm, height_mm = struct.unpack_from("<iiii", payload)
                if width_mm < 0 or height_mm < 0:
                    self.negative_millimetres = True
            elif interface == "wl_output" and opcode == 3:  # scale
                (self.output_scales[object_id],) = struct.unpack_from("<i", payload)
            elif interface == "wl_output" and opcode == 2:  # done: a rescale of an output it is on
                if self.configured and self.scale() != self.drawn_scale:
                    self.draw()
            elif interface == "xdg_wm_base" and opcode == 0:  # ping
                self.wayland.send(object_id, 3, payload[:4])
            elif interface == "xdg_toplevel" and opcode == 0:  # configure
                width, height = struct.unpack_from("<ii", payload)
                self.size = (width or self.size[0], height or self.size[1])
            elif interface == "xdg_toplevel" and opcode == 1:  # close
                sys.exit(0)
            elif interface == "xdg_surface" and opcode == 0:  # configure
                self.wayland.send(self.xdg_surface, 4, payload[:4])  # ack_configure
                self.configured = True
                self.draw()
            elif interface == "wl_surface" and opcode in (0, 1):  # enter, leave
                (output,) = struct.unpack_from("<I", payload)
                if opcode == 0:
                    self.entered.add(output)
                else:
                    self.entered.discard(output)
                if self.configured and self.scale() != self.drawn_scale:
                    self.draw()
            elif interface == "wl_buffer" and opcode == 0:  # release
                self.wayland.send(object_id, 0)  # destroy


def stall():
    """Stops for good: no more reading, no answer, SIGTERM ignored."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        signal.pause()


if __name__ == "__main__":
    Client().run()
