# Diorama — build, test and run on Debian (bookworm) with Swift 6.
#
#   make deps    install the missing Debian packages (as root), or say which ones are missing
#   make build   compile the package
#   make test    deps + the whole test suite (the integration tests start real weston and sway)
#   make run     deps + build + `diorama demo` (the tour, with an HTML report)
#   make bench   deps + release build + benchmarks (table on the console, JSON in bench/results/)
#   make fuzz    every fuzz target for FUZZ_SECONDS (default 600) each; findings in .build-fuzz/findings
#   make clean   remove build products

SWIFT ?= swift
# Extra flags for `swift build` / `swift test`, e.g. SWIFT_FLAGS="-c release".
SWIFT_FLAGS ?=
# Where `swift build` puts binaries (debug configuration).
BIN ?= .build/debug

# Headers and pkg-config files the C modules compile against.
BUILD_PACKAGES := libwayland-dev libxkbcommon-dev wayland-protocols pkg-config
# Programs the integration tests start: real compositors and Wayland clients.
TEST_PACKAGES := weston sway wayland-utils foot wtype python3 chromium gtk-4-examples libsdl2-tests
# The profiler for missed benchmark targets (the peers it runs are test packages too).
BENCH_PACKAGES := valgrind
PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BENCH_PACKAGES)

APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0

.PHONY: all deps build test run bench fuzz clean

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

# The one-minute tour: TimerApp and GameScene on the simulated studio desk (1x, 2x,
# 1.5x), moved, resized, rescaled, rotated and hot-plugged, with the live timeline
# and an HTML report in ./diorama-demo-report. Needs no compositor: the simulator
# runs inside `diorama`.
run: deps build
	$(BIN)/diorama demo

# Benchmarks (issue 7; Docs/performance.md): release builds of the bench, the sample
# apps and the scanner it times, then one run. BENCH_ARGS passes options, e.g.
# BENCH_ARGS="--moves 10 --with-build". Not part of `make test` (a smoke run is).
BENCH_ARGS ?=
bench: deps
	$(SWIFT) build -c release --product diorama-bench
	$(SWIFT) build -c release --product TimerApp
	$(SWIFT) build -c release --product GameScene
	$(SWIFT) build -c release --product diorama-wayland-scanner
	DIORAMA_BUILD_PRODUCTS=$$($(SWIFT) build -c release --show-bin-path) $$($(SWIFT) build -c release --show-bin-path)/diorama-bench $(BENCH_ARGS)

# Fuzzers (issue 10; Docs/reliability.md): each parser gets FUZZ_SECONDS of mutated
# inputs seeded from the checkout's own files, in a child process that a crash or a
# hang may kill. One summary line per target (inputs, crashes, hangs, broken
# promises); reproducers land in FUZZ_OUTPUT. `make test` runs a short, seeded pass
# (Tests/DioramaFuzzTests). FUZZ_ARGS passes options, e.g. FUZZ_ARGS="layout control".
FUZZ_SECONDS ?= 600
FUZZ_OUTPUT ?= .build-fuzz/findings
FUZZ_ARGS ?=
fuzz:
	$(SWIFT) build $(SWIFT_FLAGS) --product diorama-fuzz
	$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/diorama-fuzz --seconds $(FUZZ_SECONDS) --output $(FUZZ_OUTPUT) $(FUZZ_ARGS)

# Remove build products (keeps fetched dependencies).
clean:
	$(SWIFT) package clean
