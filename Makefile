# Diorama — build, test and run on Debian (bookworm) with Swift 6.
#
#   make deps    install the missing Debian packages (as root), or say which ones are missing
#   make build   compile the package
#   make test    deps + the whole test suite (the integration tests start real weston and sway)
#   make run     deps + build + run the CLI's demo
#   make clean   remove build products

SWIFT ?= swift
# Extra flags for `swift build` / `swift test`, e.g. SWIFT_FLAGS="-c release".
SWIFT_FLAGS ?=
# Where `swift build` puts binaries (debug configuration).
BIN ?= .build/debug

# Headers and pkg-config files the C modules compile against.
BUILD_PACKAGES := libwayland-dev libxkbcommon-dev wayland-protocols pkg-config
# Programs the integration tests start: real compositors and Wayland clients.
TEST_PACKAGES := weston sway wayland-utils foot wtype python3 gtk-4-examples libsdl2-tests
PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES)

APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0

.PHONY: all deps build test run clean

# Default: compile.
all: build

# Install missing Debian packages; apt-get update runs only when something must be installed.
deps:
	@missing=""; \
	for pkg in $(PACKAGES); do \
	  dpkg-query -W -f='$${db:Status-Abbrev}' "$$pkg" 2>/dev/null | grep -q '^ii' || missing="$$missing $$pkg"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all present ($(PACKAGES))"; exit 0; fi; \
	if [ "$$(id -u)" -ne 0 ]; then \
	  echo "deps: missing Debian packages:$$missing" >&2; \
	  echo "deps: install them as root: apt-get install$$missing" >&2; \
	  exit 1; \
	fi; \
	echo "deps: installing$$missing"; \
	$(APT_GET) update && $(APT_GET) install --no-install-recommends $$missing

# Compile every target.
build:
	$(SWIFT) build $(SWIFT_FLAGS)

# Run all tests; Swift Testing runs them in parallel (each compositor instance has its own runtime dir).
test: deps
	$(SWIFT) test $(SWIFT_FLAGS)

# Build and run the CLI demo (it expects a compositor reachable through WAYLAND_DISPLAY).
# For now: a headless weston (2x) is started in a private runtime dir, `diorama outputs`
# probes it, and weston is stopped again.
run: deps build
	@dir=$$(mktemp -d /tmp/diorama-run.XXXXXX); chmod 700 "$$dir"; \
	XDG_RUNTIME_DIR="$$dir" weston --backend=headless-backend.so --socket=diorama-run --scale=2 --idle-time=0 \
	  >"$$dir/weston.log" 2>&1 & pid=$$!; \
	for i in $$(seq 50); do [ -S "$$dir/diorama-run" ] && break; sleep 0.1; done; \
	XDG_RUNTIME_DIR="$$dir" WAYLAND_DISPLAY=diorama-run $(BIN)/diorama outputs; status=$$?; \
	kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf "$$dir"; exit $$status

# Remove build products (keeps fetched dependencies).
clean:
	$(SWIFT) package clean
