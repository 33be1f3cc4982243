#!/usr/bin/env bash
# The WebAssembly SIMD128 kernels against the portable C, bit for bit
# (test_hemera_simd128.c): built with clang --target=wasm32-wasi -msimd128
# from src/core, goldilocks and hemera in the freestanding configuration
# js/build.sh uses (no CPU detection; the round constants derived on first
# use, so a batch call that runs first must derive them), but with the
# trace kernels (no ZKP_HEMERA_PERMUTE_ONLY), linked with wasi-libc, run under
# node's WASI. Called by the js stage (js/stage.sh); needs what js/build.sh
# needs. Usage: tests/wasm_simd/run.sh [WORKDIR] (default: a temporary one);
# EXTRA_CFLAGS=-DZKP_VERIFY adds the bound checks of core/verify.h.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
CC=${CC_WASM:-clang}
SYSROOT_INC=${WASI_INCLUDE:-/usr/include/wasm32-wasi}
SYSROOT_LIB=${WASI_LIB:-/usr/lib/wasm32-wasi}
rt=$("$CC" --target=wasm32-wasi -print-libgcc-file-name)
sed -e 's/@ZKP_FREESTANDING_01@/1/' -e 's/@PROJECT_VERSION@/0.0.0/' -e 's/@[A-Z0-9_]*@/0/' \
  "$root/cmake/build_config.h.in" > "$work/zkprim_build_config.h"
CFLAGS=(--target=wasm32-wasi -isystem "$SYSROOT_INC" -std=c11 -O2 -msimd128 -DZKP_BUILDING_LIBRARY -DZKP_STATIC -DZKP_HEMERA_DERIVED_TABLES=1
  -I"$root/include" -I"$root/src" -I"$root/tests" -I"$work" -Wall -Wextra -Werror -Wno-unused-command-line-argument ${EXTRA_CFLAGS:-})
srcs=("$here/test_hemera_simd128.c" "$root/src/core/freestanding.c")
for m in core goldilocks hemera; do
  for f in "$root"/src/$m/*.c; do
    case "$f" in */core/cpu.c | */core/freestanding.c) continue ;; esac
    [[ "$(basename "$f")" =~ _(bmi2|avx2|avx512|aarch64|neon)\.c$ ]] && continue
    srcs+=("$f")
  done
done
objs=()
pids=()
for f in "${srcs[@]}"; do
  o=$work/$(basename "$(dirname "$f")")_$(basename "$f").o
  objs+=("$o")
  "$CC" "${CFLAGS[@]}" -c "$f" -o "$o" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "${JOBS:-2}" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for p in ${pids[@]+"${pids[@]}"}; do wait "$p"; done
wasm-ld --gc-sections -z stack-size=1048576 "${objs[@]}" -L"$SYSROOT_LIB" "$SYSROOT_LIB/crt1.o" -lc "$rt" \
  -o "$work/test_hemera_simd128.wasm"
node --no-warnings "$here/run.mjs" "$work/test_hemera_simd128.wasm"
