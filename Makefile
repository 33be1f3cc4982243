# Thin shortcuts over the CMake build (CMake is the real build).
#   make          Release build in build/
#   make demo     the main job: build, then show what zkprim does
#   make test     every test: native, Python, clang, sanitizers, portable-only,
#                 ISA knobs, aarch64, s390x and riscv64 under qemu, zkVM guests,
#                 the external Keccak hook, install, Rust (stages whose
#                 toolchain is missing say so and are skipped)
#   make check    the native test suite only (fast loop while developing)
#   make bench    the full benchmark table
#   make python   install the Python package (python/) with an interpreter that can build it
#   make js       the JavaScript/WebAssembly package in js/dist (docs/js.md)
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build demo test check bench install clean regen python js

all: build

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	./scripts/demo.sh $(BUILD)

test:
	./scripts/test.sh

check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD)/zkprim bench

# The interpreter: PYTHON=PY, or the first of python3 and /usr/bin/python3 that can
# build offline (python/find-python.sh; it names what to install when none can).
# Debian's /usr/bin/python3 is externally managed: give PIP_FLAGS=--target=DIR
# (then PYTHONPATH=DIR), --break-system-packages, or use a venv; see docs/python.md.
PYTHON ?=
PIP_FLAGS ?=

python:
	@py=$$(python/find-python.sh $(PYTHON)) || exit 1; \
	if [ -z "$(PIP_FLAGS)" ] && $$py -c 'import os, sys, sysconfig; \
	    sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))'; then \
	  echo "make python: $$py is externally managed: say where the package goes, e.g." \
	    "make python PIP_FLAGS=--target=DIR (then PYTHONPATH=DIR), or PIP_FLAGS=--break-system-packages," \
	    "or a venv (docs/python.md)" >&2; exit 1; \
	fi; \
	echo "make python: $$py -m pip install --no-build-isolation $(PIP_FLAGS) ./python"; \
	$$py -m pip install --no-build-isolation $(PIP_FLAGS) ./python

# The JavaScript package (js/, docs/js.md): the C library compiled to
# WebAssembly with Debian's clang, lld, wasi-libc, libclang-rt-14-dev-wasm32
# and binaryen, into js/dist/ (no npm needed; its tests need npm ci --prefix js).
js:
	./js/build.sh

regen:
	./scripts/regen.sh

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) build-*
