#!/bin/sh
# tests/wasm/run.sh BUILD_DIR [ROUNDS]: builds tests/wasm/bench.c with the
# Poseidon and Hemera portable kernels for wasm32 in each arithmetic form,
# and natively, checks that every wasm module returns the native checksums
# under node, and prints the timing table (bench.mjs). Needs clang, wasm-ld
# (lld), Debian's libclang-rt-14-dev-wasm32 (__multi3 for the __int128
# form) and wasi-libc (headers only), and node.
set -eu
cd "$(dirname "$0")/../.."
B=${1:?build dir}
ROUNDS=${2:-5}
mkdir -p "$B"
CC=${CLANG:-clang}
RT=$($CC --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null || true)
[ -f "$RT" ] || RT=/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a
# the freestanding build config: portable kernels, no asm
sed -e 's/@ZKP_FREESTANDING_01@/1/; s/@PROJECT_VERSION@/wasm/; s/@[A-Z0-9_]*@/0/' cmake/build_config.h.in \
  > "$B/zkprim_build_config.h"
FLAGS="--target=wasm32-wasi --sysroot=/usr -O3 -mbulk-memory -nostdlib -Isrc -Iinclude -I$B \
  -include src/core/freestanding_shim.h"
COMMON="tests/wasm/bench.c src/poseidon/constants_table.c src/poseidon/constants_sparse.c src/hemera/constants.c
  src/goldilocks/tables.c"
# the forms: name and defines (bn254/fr32.h, goldilocks/gl32.h)
VARIANTS=${WASM_VARIANTS:-"w32 i128 wide"}
defs() {
  case $1 in
    w32) ;;                     # the wasm forms, as the js build compiles them
    i128) echo -DZKP_NO_WASM_ARITH ;;                       # __int128: __multi3 calls
    wide) echo -DZKP_NO_WASM_ARITH -DZKP_TEST_NO_INT128 ;;  # core/wide.h
    *) echo "unknown variant $1" >&2; exit 2 ;;
  esac
}
for f in $COMMON; do
  echo "$CC $FLAGS -c $f -o $B/common_$(basename "$f" .c).o"
done > "$B/cmds"
for v in $VARIANTS; do
  for f in src/poseidon/kernel_portable.c src/hemera/permute_portable.c; do
    echo "$CC $FLAGS $(defs "$v") -c $f -o $B/${v}_$(basename "$f" .c).o"
  done
done >> "$B/cmds"
xargs -P "${JOBS:-2}" -I{} sh -c '{}' < "$B/cmds"
for v in $VARIANTS; do
  name=$v
  $CC --target=wasm32-wasi -nostdlib -Wl,--no-entry -Wl,--export-dynamic -o "$B/$name.wasm" \
    "$B"/common_*.o "$B/${name}_kernel_portable.o" "$B/${name}_permute_portable.o" "$RT"
done
cc -O2 -Isrc -Iinclude -I"$B" tests/wasm/bench.c src/poseidon/kernel_portable.c src/poseidon/constants_table.c \
  src/poseidon/constants_sparse.c src/hemera/permute_portable.c src/hemera/constants.c src/goldilocks/tables.c \
  -o "$B/native"
"$B/native" > "$B/native.txt"
node tests/wasm/bench.mjs "$(cat "$B/native.txt")" "$ROUNDS" $(for v in $VARIANTS; do echo "$B/$v.wasm"; done)
