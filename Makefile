# SPDX-License-Identifier: Apache-2.0
# The quick start: 'make run' and 'make test'. Both install the Debian packages they need when missing (as root,
# or through sudo), configure once, build incrementally.
PRESET     ?= dev
BUILD_DIR  ?= build/$(PRESET)
PACKAGES   := packaging/debian-packages.txt
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
JOBS       ?= $(shell nproc)

.PHONY: all deps configure build run test asan tsan fuzz fuzz-build fuzz-smoke bench package update-translations clean demo

all: build

# Installs only what is missing: a second run asks apt nothing.
deps:
	@missing=$$(grep -v '^\s*#' $(PACKAGES) | grep -v '^\s*$$' | while read -r p; do \
	    dpkg-query -W -f='$${Status}\n' "$$p" 2>/dev/null | grep -q '^install ok installed' || echo "$$p"; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing Debian packages:" $$missing; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake --preset $(PRESET)

configure: deps $(BUILD_DIR)/CMakeCache.txt

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# Starts the workbench; without a display it says so and shows the CLI instead.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	    $(BUILD_DIR)/app/gui/iteragpu-lab; \
	else \
	    echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running a short CLI demo instead."; \
	    echo "Start the window on a desktop, or under Xvfb: xvfb-run -a make run"; \
	    $(MAKE) --no-print-directory demo; \
	fi

demo:
	$(BUILD_DIR)/app/cli/iteragpu --version
	$(BUILD_DIR)/app/cli/iteragpu environment
	-$(BUILD_DIR)/app/cli/iteragpu estimate --parameters 7000000000 --bits 16 --reserve-gib 4

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)
	$(MAKE) --no-print-directory fuzz-smoke

# The readers' libFuzzer targets (tests/fuzz/README.md), built by clang in build/fuzz (core and the targets only).
# 'make test' replays each target's seeds and runs a fixed number of inputs (ITERAGPU_FUZZ_SMOKE_RUNS, 20 000);
# 'make fuzz' runs them as long as asked: FUZZ_SECONDS per target (default 60), or FUZZ_RUNS inputs per target.
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?=
FUZZ_TARGETS ?= $(notdir $(wildcard tests/fuzz/corpus/*))
build/fuzz/CMakeCache.txt: | deps
	cmake --preset fuzz

fuzz-build: deps build/fuzz/CMakeCache.txt
	cmake --build build/fuzz --target fuzzers -j $(JOBS)

fuzz-smoke: fuzz-build
	ctest --test-dir build/fuzz --output-on-failure -j $(JOBS)

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	    echo "== fuzz_$$t ($(if $(FUZZ_RUNS),$(FUZZ_RUNS) inputs,$(FUZZ_SECONDS) s))"; \
	    tests/fuzz/run_fuzzer.sh build/fuzz/tests/fuzz/fuzz_$$t tests/fuzz/corpus/$$t build/fuzz/work/$$t \
	        $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_SECONDS)) || exit 1; \
	done

asan:
	$(MAKE) test PRESET=dev-asan

# ThreadSanitizer over the measurement threads (worker, sampler, main) through the Qt-free CLI: Qt's own
# libraries are not instrumented, so the GUI suites would only report noise from inside them.
tsan:
	$(MAKE) configure PRESET=dev-tsan
	cmake --build build/dev-tsan --target iteragpu -j $(JOBS)
	tests/tsan/measure_threads.sh build/dev-tsan/app/cli/iteragpu tests/data

bench: build
	cmake --build $(BUILD_DIR) --target benchmarks
	@for b in $(BUILD_DIR)/tests/bench/bench_*; do if [ -f "$$b" ] && [ -x "$$b" ]; then echo "== $$b" && "$$b" || exit 1; fi; done

# One .deb per component (packaging/CMakeLists.txt), from a Release build installed under /usr (preset "package";
# PACKAGE_PRESET=... for another), into build/packages/. lintian checks them when it is installed.
PACKAGE_PRESET ?= package
package:
	$(MAKE) --no-print-directory build PRESET=$(PACKAGE_PRESET)
	rm -rf build/packages && mkdir -p build/packages
	cd build/$(PACKAGE_PRESET) && cpack -G DEB -B $(CURDIR)/build/packages
	rm -rf build/packages/_CPack_Packages
	@ls -l build/packages/*.deb
	@if command -v lintian >/dev/null; then lintian --info build/packages/*.deb || true; fi

update-translations: configure
	cmake --build $(BUILD_DIR) --target update_translations

clean:
	rm -rf build
