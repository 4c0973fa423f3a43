# Diorama — build, test and run on Debian (bookworm) with Swift 6.
#
#   make deps    install the missing Debian packages (as root), or say which ones are missing
#   make build   compile the package
#   make build-checked  compile with the tests; fail on a compiler warning in the package's own code
#   make test    deps + format-check + build-checked + the whole test suite (the integration tests start real weston and sway),
#                then `make examples`; optimized, as the binaries ship (TEST_FLAGS; `make test TEST_FLAGS=` for a debug run)
#   make examples  build Examples/Sketchpad as an outside package and run its scenarios
#   make run     deps + build + `diorama demo` (the tour, with an HTML report)
#   make bench   deps + release build + benchmarks (table on the console, JSON in bench/results/)
#   make compatibility   deps + `diorama check` on the Debian peers, rewriting Docs/compatibility.md's table
#   make explore-table   deps + `diorama check --explore` on them, rewriting Docs/explore-compatibility.md's table
#   make bench-screenshot-debug   the 5K screenshot benchmark alone, in a debug build
#   make fuzz    every fuzz target for FUZZ_SECONDS (default 600) each; findings in .build-fuzz/findings
#   make fuzz-smoke   the same for FUZZ_SMOKE_SECONDS (default 4) each: CI's ≤ 60 s smoke run
#   make docs    the API reference (DocC) of what apps import, into .build/docs/Diorama.doccarchive
#   make format        rewrite the Swift sources in the style .swift-format describes
#   make format-check  fail, naming file:line:column and the rule, where a source differs from that style
#   make clean   remove build products

SWIFT ?= swift
# Extra flags for `swift build` / `swift test`, e.g. SWIFT_FLAGS="-c release".
SWIFT_FLAGS ?=
# Where `swift build` puts binaries (debug configuration).
BIN ?= .build/debug
# How `make test` builds the package and its tests: optimized, as users run
# it. Swift 6.3.1's optimizer once miscompiled the XML plist reader (a
# release `diorama lint` refused every `&amp;`) while the debug tests passed;
# testing the optimized code is what catches that, and the suite runs in
# less time. `-enable-testing` keeps `@testable import` working.
TEST_FLAGS ?= -c release -Xswiftc -enable-testing
TEST_BIN = $$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)

# Headers and pkg-config files the C modules compile against.
BUILD_PACKAGES := libwayland-dev libxkbcommon-dev wayland-protocols zlib1g-dev pkg-config libegl-dev libgles-dev libvulkan-dev libcairo2-dev libpango1.0-dev libglib2.0-dev
# Programs the integration tests start: real compositors and Wayland clients.
TEST_PACKAGES := libegl-mesa0 libgl1-mesa-dri weston sway wayland-utils foot wtype python3 python3-yaml chromium gtk-4-examples libsdl2-tests mesa-vulkan-drivers vulkan-tools kwin-wayland libkf5screen-bin qtwayland5 mutter dbus pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools
# The profiler for missed benchmark targets (the peers it runs are test packages too).
BENCH_PACKAGES := valgrind
# Clients only `make explore-table` runs.
EXPLORE_PACKAGES := kitty alacritty imv mpv
PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BENCH_PACKAGES) $(EXPLORE_PACKAGES)

APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0

.PHONY: all deps build build-checked test examples run bench bench-screenshot-debug compatibility explore-table fuzz fuzz-smoke docs format format-check clean

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
# `--skip-build`: build-checked built the tests with these flags, and
# `swift test` building them itself recompiled half the package (its
# compile commands differ from `swift build --build-tests`'s).
# Where the tests' scratch files (TMPDIR, the compositors' folders) go: a
# fresh folder on the tmpfs TEST_SCRATCH names, removed after the run, when it
# is a tmpfs that allows programs to run (tests run scripts they write there).
# On these machines / is ext4 without a journal, whose inode allocator looks
# past every inode deleted in the last minute each time it creates a file
# (`recently_deleted`); the suite creates and deletes thousands, and on ext4
# that cost 13-15 s of CPU a run (Docs/performance.md, "Session 28").
# `make test TEST_SCRATCH=` leaves TMPDIR as it is.
TEST_SCRATCH ?= /dev/shm

test: deps format-check build-checked
	@scratch=""; \
	if [ -n "$(TEST_SCRATCH)" ] && [ "$$(stat -f -c %T "$(TEST_SCRATCH)" 2>/dev/null)" = tmpfs ] \
	  && ! findmnt -no OPTIONS --target "$(TEST_SCRATCH)" | grep -qw noexec; then \
	  scratch=$$(mktemp -d "$(TEST_SCRATCH)/dtXXXXXX") && chmod 1777 "$$scratch" \
	    && echo "make test: scratch files in $$scratch (tmpfs)" \
	    && export TMPDIR="$$scratch" DIORAMA_COMPOSITOR_TMPDIR="$$scratch"; \
	elif [ -n "$(TEST_SCRATCH)" ]; then \
	  echo "make test: TEST_SCRATCH=$(TEST_SCRATCH) is not a tmpfs that lets programs run; scratch files stay in $${TMPDIR:-/tmp}"; \
	fi; \
	$(SWIFT) test $(TEST_FLAGS) --skip-build; status=$$?; \
	if [ -n "$$scratch" ]; then rm -rf "$$scratch"; fi; \
	exit $$status
	$(MAKE) examples

# Compile everything the tests need and fail on a compiler warning in the
# package's own code (its sources, tests, plugin and generated bindings; the
# dependencies in .build/checkouts are not ours to fix, and SwiftPM silences
# them anyway). The compiler prints a warning only when it compiles the file,
# so this catches every one on a build from clean, as CI's fresh clone is; a
# local incremental build sees only the files it recompiled.
# (`-Xswiftc -warnings-as-errors` is no substitute: the flag becomes part of
# every compile command, so each switch between it and a plain `swift build`,
# as `make examples` runs next, recompiles the whole package.) It builds with
# TEST_FLAGS, as `make test` runs the tests and `make examples` the CLI.
BUILD_LOG := .build/build-checked.log
build-checked:
	@mkdir -p .build
	@{ $(SWIFT) build --build-tests $(TEST_FLAGS) 2>&1; echo $$? > $(BUILD_LOG).status; } | tee $(BUILD_LOG)
	@status=$$(cat $(BUILD_LOG).status); [ "$$status" -eq 0 ] || exit $$status
	@grep -E '^$(CURDIR)/[^:]+:[0-9]+:[0-9]+: warning:' $(BUILD_LOG) | grep -v '^$(CURDIR)/.build/checkouts/' | sort -u > $(BUILD_LOG).warnings || true
	@if [ -s $(BUILD_LOG).warnings ]; then \
	  cat $(BUILD_LOG).warnings >&2; \
	  echo "build-checked: $$(wc -l < $(BUILD_LOG).warnings) compiler warning(s) in the package's own code (above); fix them" >&2; \
	  exit 1; \
	fi

# The Swift sources in one style: .swift-format (4-space indents, 160 columns,
# the toolchain's swift-format rules less the few the code deliberately breaks,
# e.g. several short declarations on one line). Test data keeps its own layout:
# the fixtures lint reads as iOS projects (line numbers in snapshots point into
# them) and the scanner's golden output (compared byte for byte with what the
# scanner emits). `format-check` is part of `make test`, so CI fails on a file
# `make format` would change.
FORMAT_FILES = $(shell find Sources Tests Examples Plugins Package.swift -name '*.swift' \
	-not -path '*/Fixtures/*' -not -path '*/Golden/*' -not -path '*/.build*' | sort)
format:
	@echo "swift format format --in-place ($(words $(FORMAT_FILES)) files)"
	@$(SWIFT) format format --in-place --parallel $(FORMAT_FILES)
format-check:
	@echo "swift format lint --strict ($(words $(FORMAT_FILES)) files; \`make format\` fixes what it reports)"
	@$(SWIFT) format lint --strict --parallel $(FORMAT_FILES)

# The example app depends on Diorama as an outside package would (by path, with
# its own .build, so Diorama's library targets compile a second time there —
# about 1.5–2 minutes from scratch on 2 cores, seconds when nothing changed).
# Its scenario launches it by executable path with its own Info.plist on the
# simulator (its Cairo/Pango canvas judged crisp at 2x, 1.5x and 1x; its windows
# back at their size, on their display, in last-active order after a relaunch),
# as does Pinboard's (input: a drag inside the window, a double-click,
# Shift+Tab, a held arrow key, scrolling). The example builds in debug (the scenarios
# name ../.build/debug/Sketchpad and ../.build/debug/Pinboard); `diorama` is the one `make test` built.
EXAMPLE := Examples/Sketchpad
examples:
	$(SWIFT) build --package-path $(EXAMPLE)
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	$(TEST_BIN)/diorama run $(EXAMPLE)/scenarios/sketchpad.scenario $(EXAMPLE)/scenarios/pinboard.scenario

# The one-minute tour: TimerApp and GameScene on the simulated studio desk (1x, 2x,
# 1.5x), moved, resized, rescaled, rotated and hot-plugged, with the live timeline
# and an HTML report in ./diorama-demo-report. Needs no compositor: the simulator
# runs inside `diorama`.
run: deps build
	$(BIN)/diorama demo

# Benchmarks (issue 7; Docs/performance.md): release builds of the bench, the sample
# apps and the scanner it times, then one run. The run also times the release
# `diorama` whole (issue 19): the shipped suite with --jobs 2 and serially (it
# launches the release TimerApp and GameScene built here) and `diorama check --
# foot`. BENCH_ARGS passes options, e.g. BENCH_ARGS="--moves 10 --with-build" or
# "--commands-only". Not part of `make test` (a smoke run is).
BENCH_ARGS ?=
bench: deps
	$(SWIFT) build -c release --product diorama-bench
	$(SWIFT) build -c release --product diorama
	$(SWIFT) build -c release --product TimerApp
	$(SWIFT) build -c release --product GameScene
	$(SWIFT) build -c release --product diorama-wayland-scanner
	DIORAMA_BUILD_PRODUCTS=$$($(SWIFT) build -c release --show-bin-path) $$($(SWIFT) build -c release --show-bin-path)/diorama-bench $(BENCH_ARGS)

# The compatibility table (Docs/compatibility.md, between its marker comments) is
# `diorama check`'s output for Debian's peers and the repo's TimerApp: one run each,
# each writing its row. A failed check is a finding (exit 1 is fine); a client
# that cannot start (exit 2) stops make. Screenshots of failures and each client's
# output go to compatibility-report/NAME.
COMPAT_DOC := Docs/compatibility.md
COMPAT_OUT := compatibility-report
# $(call package_cell,DEBIAN-PACKAGE): the table's package cell, "foot 1.13.1-2"; without a
# package, the client is this repository's.
package_cell = $(if $(1),$(1) $$(dpkg-query -W -f='$${Version}' $(1) 2>/dev/null || echo '?'),this repository)
# $(call compat_check,NAME,DEBIAN-PACKAGE): diorama check, writing NAME's row; the COMMAND follows.
compat_check = $(BIN)/diorama check --markdown-table $(COMPAT_DOC) --output "$(COMPAT_OUT)/$(1)" --name "$(1)" \
	--package "$(call package_cell,$(2))"
# Exit 1 (a check failed, a variation broke the client) is a finding, not an error.
compat_status = status=$$?; [ $$status -le 1 ]
SDL2_TESTS := /usr/libexec/installed-tests/SDL2
GTK_SOFTWARE := GSK_RENDERER=cairo GDK_BACKEND=wayland GTK_A11Y=none NO_AT_BRIDGE=1
SDL_SOFTWARE := SDL_VIDEODRIVER=wayland SDL_RENDER_DRIVER=software
# The Debian peers both tables grade (and TimerApp): $(call peer_KEY,CHECK) is
# $(call CHECK,NAME,DEBIAN-PACKAGE) -- COMMAND.
peer_foot = $(call $(1),foot,foot) -- foot /bin/sh -c 'sleep 600'
peer_gtk4 = $(GTK_SOFTWARE) $(call $(1),gtk4-widget-factory,gtk-4-examples) -- gtk4-widget-factory
peer_sdl2 = $(SDL_SOFTWARE) $(call $(1),SDL2 testsprite2 --allow-highdpi,libsdl2-tests) -- /bin/sh -c 'cd $(SDL2_TESTS) && exec ./testsprite2 --allow-highdpi'
peer_weston = $(call $(1),weston-terminal,weston) -- weston-terminal --shell=/bin/sh
# TimerApp restores its saved window (XDG_STATE_HOME): a fresh folder each run, so
# a window some other run left huge does not decide its row.
peer_timer = XDG_STATE_HOME=$$(mktemp -d) $(call $(1),TimerApp,) -- $(BIN)/TimerApp
PEERS := foot gtk4 sdl2 weston timer
# $(call peer_clients,CHECK): each peer in turn, one recipe line each.
define peer_clients
$(call peer_foot,$(1)); $(compat_status)
$(call peer_gtk4,$(1)); $(compat_status)
$(call peer_sdl2,$(1)); $(compat_status)
$(call peer_weston,$(1)); $(compat_status)
$(call peer_timer,$(1)); $(compat_status)
endef
compatibility: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product diorama
	$(SWIFT) build $(SWIFT_FLAGS) --product TimerApp
	$(call peer_clients,compat_check)
	$(call compat_check,weston-simple-shm,weston) -- weston-simple-shm; $(compat_status)
	LIBGL_ALWAYS_SOFTWARE=1 $(call compat_check,weston-simple-egl,weston) -- weston-simple-egl; $(compat_status)

# The explore table (Docs/explore-compatibility.md, Docs/explore.md): `diorama
# check --explore` on the same peers and more terminals and viewers, each writing
# what it breaks on; scenarios of the findings go to explore-report/NAME/findings,
# each client's console report to explore-report/NAME/console.log.
# The clients run EXPLORE_JOBS at a time (a row each; the table is locked while a
# row is written): one after the other they took over 10 minutes (Docs/explore.md,
# "Budget").
EXPLORE_DOC := Docs/explore-compatibility.md
EXPLORE_OUT := explore-report
EXPLORE_BUDGET ?= 4
EXPLORE_JOBS ?= 3
# $(call explore_check,NAME,DEBIAN-PACKAGE): diorama check --explore, writing NAME's row.
explore_check = $(BIN)/diorama check --explore --budget $(EXPLORE_BUDGET) --markdown-table $(EXPLORE_DOC) \
	--output "$(EXPLORE_OUT)/$(1)/report" --explore-out "$(EXPLORE_OUT)/$(1)/findings" --name "$(1)" \
	--package "$(call package_cell,$(2))" > "$(EXPLORE_OUT)/$(1).console.log"
# A 64×48 PNG for imv to show (python3 writes it: no image file is shipped).
EXPLORE_IMAGE := $(EXPLORE_OUT)/image.png
EXPLORE_CLIENTS := $(PEERS) kitty alacritty imv mpv
explore-table: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product diorama
	$(SWIFT) build $(SWIFT_FLAGS) --product TimerApp
	mkdir -p $(EXPLORE_OUT)
	python3 -c 'import struct, zlib, sys; w, h = 64, 48; chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d)); rows = b"".join(b"\0" + b"".join(bytes((x * 4, y * 5, 128)) for x in range(w)) for y in range(h)); sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))' > $(EXPLORE_IMAGE)
	$(MAKE) -j$(EXPLORE_JOBS) $(EXPLORE_CLIENTS:%=explore-row-%)
# One client's row (not phony: pattern rules skip phony targets).
explore-row-%:
	$(call peer_$*,explore_check); $(compat_status)
# kitty remembers its window size between runs (~/.cache/kitty): the battery's
# interactive resize grew it each run until it spanned every display, and each
# battery run took over a minute of llvmpipe drawing. It starts at its default size.
explore-row-kitty:
	LIBGL_ALWAYS_SOFTWARE=1 $(call explore_check,kitty,kitty) -- kitty --config NONE -o remember_window_size=no /bin/sh -c 'sleep 600'; $(compat_status)
explore-row-alacritty:
	LIBGL_ALWAYS_SOFTWARE=1 WINIT_UNIX_BACKEND=wayland $(call explore_check,alacritty,alacritty) -- alacritty -e /bin/sh -c 'sleep 600'; $(compat_status)
explore-row-imv:
	$(call explore_check,imv,imv) -- imv-wayland $(EXPLORE_IMAGE); $(compat_status)
explore-row-mpv:
	$(call explore_check,mpv,mpv) -- mpv --no-config --idle=yes --force-window=yes --vo=wlshm; $(compat_status)

# The 5120×2880 screenshot alone (compose + PNG) in a debug build, whose target
# (≤ 1 s) differs from release's (≤ 0.25 s, in `make bench`); Docs/performance.md.
bench-screenshot-debug: deps
	$(SWIFT) build --product diorama-bench
	$(BIN)/diorama-bench --screenshot-only $(BENCH_ARGS)

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

# CI's smoke run: every target for FUZZ_SMOKE_SECONDS (4) each, under 60 s for the
# eleven targets once diorama-fuzz is built.
FUZZ_SMOKE_SECONDS ?= 4
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)

# The API reference (issue 12): `Diorama` with the DioramaModel and DioramaGraphics
# types it re-exports, combined into one DocC archive, built offline by the
# swift-docc-plugin command plugin (never built by plain `swift build`). The archive
# is a static site: serve DOCS_OUT/Diorama.doccarchive (e.g. `python3 -m http.server
# -d …`) and open /documentation/diorama. That every public symbol of the shipped
# modules (Diorama and what it re-exports, the simulator and its harness) has
# a doc comment is checked by `make test` (DocumentationCoverageTests); a broken
# symbol link or an undocumented parameter fails `make docs` (--warnings-as-errors).
DOCS_OUT ?= .build/docs
docs:
	mkdir -p $(DOCS_OUT)
	$(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) generate-documentation \
	  --target Diorama --target DioramaModel --target DioramaGraphics --enable-experimental-combined-documentation \
	  --warnings-as-errors --output-path $(DOCS_OUT)/Diorama.doccarchive

# Remove build products (keeps fetched dependencies).
clean:
	$(SWIFT) package clean
