#!/usr/bin/env bash
# Installs the library into a temporary prefix and builds a small consumer
# twice: through find_package(zkprim CONFIG) and through pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake -S . -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DZKP_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$tmp/prefix" >/dev/null
cmake --build "$tmp/build" -j "$(nproc)" >/dev/null
cmake --install "$tmp/build" >/dev/null
mkdir -p "$tmp/consumer"
cat > "$tmp/consumer/main.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <zkprim/zkprim.h>
int main(void) {
    printf("zkprim %s, %s\n", zkp_version(), zkp_status_name(ZKP_ERR_RANGE));
    return strcmp(zkp_version(), "0.1.0") != 0;
}
C
cat > "$tmp/consumer/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(zkprim 0.1 CONFIG REQUIRED)
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
PKG_CONFIG_PATH=$libdir cc "$tmp/consumer/main.c" -o "$tmp/pc" $(PKG_CONFIG_PATH=$libdir pkg-config --cflags --libs zkprim) \
  -Wl,-rpath,"$(dirname "$libdir")"
"$tmp/pc"
# Only zkp_* symbols are exported from the shared library.
so=$(ls "$(dirname "$libdir")"/libzkprim.so | head -1)
bad=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^zkp_' | grep -v '^_' || true)
if [ -n "$bad" ]; then echo "unexpected exported symbols: $bad"; exit 1; fi
echo "install check passed: find_package, pkg-config, exported symbols all zkp_*"
