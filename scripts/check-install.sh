#!/usr/bin/env bash
# Installs the library into a temporary prefix and builds a small consumer
# twice: through find_package(zkprim CONFIG) and through pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${ZKPRIM_INSTALL_BUILD:-}" ] && [ -e "$ZKPRIM_INSTALL_BUILD/libzkprim.so" ]; then
  # A Release build with the shared library that already exists (make
  # test's install stage passes build-native): install it into the
  # temporary prefix instead of compiling everything again.
  cmake --install "$ZKPRIM_INSTALL_BUILD" --prefix "$tmp/prefix" >/dev/null
else
  cmake -S . -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DZKP_BUILD_TESTS=OFF -DZKP_BUILD_TOOLS=OFF \
    -DCMAKE_INSTALL_PREFIX="$tmp/prefix" >/dev/null
  cmake --build "$tmp/build" -j "$(nproc)" >/dev/null
  cmake --install "$tmp/build" >/dev/null
fi
mkdir -p "$tmp/consumer"
cat > "$tmp/consumer/main.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <zkprim/zkprim.h>
int main(void) {
    printf("zkprim %s, %s\n", zkp_version(), zkp_status_name(ZKP_ERR_RANGE));
    return strcmp(zkp_version(), "1.1.0") != 0;
}
C
cat > "$tmp/consumer/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(zkprim 1.0 CONFIG REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE zkprim::zkprim)
add_executable(consumer_static main.c)
target_link_libraries(consumer_static PRIVATE zkprim::zkprim_static)
C
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer/build" >/dev/null
"$tmp/consumer/build/consumer"
"$tmp/consumer/build/consumer_static"
# pkg-config route (the .pc file carries the install prefix).
libdir=$(ls -d "$tmp"/prefix/lib*/pkgconfig | head -1)
# (--define-variable: an installed build tree was configured for another
# prefix; a relocated install is what it is for)
PKG_CONFIG_PATH=$libdir cc "$tmp/consumer/main.c" -o "$tmp/pc" \
  $(PKG_CONFIG_PATH=$libdir pkg-config --define-variable=prefix="$tmp/prefix" --cflags --libs zkprim) \
  -Wl,-rpath,"$(dirname "$libdir")"
"$tmp/pc"
# Only zkp_* symbols are exported from the shared library, whose SONAME
# carries the major version (SOVERSION follows it).
so=$(ls "$(dirname "$libdir")"/libzkprim.so | head -1)
soname=$(objdump -p "$so" | awk '$1 == "SONAME" {print $2}')
if [ "$soname" != libzkprim.so.1 ]; then echo "SONAME $soname, want libzkprim.so.1"; exit 1; fi
bad=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^zkp_' | grep -v '^_' || true)
if [ -n "$bad" ]; then echo "unexpected exported symbols: $bad"; exit 1; fi
# The static library's global symbols follow one rule (docs/api.md): zkp_*
# is public (declared in include/zkprim/ and exported by the shared library),
# zkpi_* is internal (hidden). Anything else could collide with a caller's
# names in a static link.
a=$(ls "$(dirname "$libdir")"/libzkprim.a | head -1)
nm -g --defined-only "$a" | awk 'NF==3{print $3}' | sort -u > "$tmp/a-globals"
nm -D --defined-only "$so" | awk '{print $3}' | sort -u > "$tmp/so-exports"
bad=$(grep -v -E '^zkpi?_' "$tmp/a-globals" || true)
if [ -n "$bad" ]; then echo "static library globals without the zkp_/zkpi_ prefix: $bad"; exit 1; fi
bad=$(grep '^zkp_' "$tmp/a-globals" | comm -23 - "$tmp/so-exports")
if [ -n "$bad" ]; then echo "zkp_ symbols not exported by the shared library (internal ones are zkpi_): $bad"; exit 1; fi
bad=$(grep '^zkpi_' "$tmp/so-exports" || true)
if [ -n "$bad" ]; then echo "internal zkpi_ symbols exported by the shared library: $bad"; exit 1; fi
echo "install check passed: find_package, pkg-config, exported symbols all zkp_*, static globals zkp_/zkpi_"
