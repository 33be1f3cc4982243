# Thin shortcuts over the CMake build (CMake is the real build).
#   make          Release build in build/
#   make demo     the main job: build, then show what zkprim does
#   make test     every test: native, Python, clang, sanitizers, portable-only,
#                 ISA knobs, aarch64, s390x and riscv64 under qemu, zkVM guests,
#                 the external Keccak hook, install, Rust (stages whose
#                 toolchain is missing say so and are skipped)
#   make check    the native test suite only (fast loop while developing)
#   make bench    the full benchmark table
#   make python   install the Python package (python/) into $(PYTHON)'s environment
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build demo test check bench install clean regen python

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

# PIP_FLAGS=--break-system-packages for Debian's externally managed /usr/bin/python3,
# or --target DIR / --user; see docs/python.md.
PYTHON ?= python3
PIP_FLAGS ?=
python:
	$(PYTHON) -m pip install --no-build-isolation $(PIP_FLAGS) ./python

regen:
	./scripts/regen.sh

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) build-*
