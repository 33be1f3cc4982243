#!/usr/bin/env bash
# make js: the C library compiled to wasm32 (no imports), one module per
# entry point, and the ESM / CommonJS files that embed it (js/README in
# docs/js.md). Debian's toolchain only: clang + lld (wasm32), wasi-libc (its
# malloc, memcpy and friends, which need no WASI import), compiler-rt's
# wasm32 builtins (__multi3 for unsigned __int128) and binaryen's wasm-opt.
#
# wasm-opt runs as its own step: clang 14 runs it itself when it is on PATH
# and a link is optimised, so this script compiles with clang -c and links
# with wasm-ld directly.
#
# Usage: js/build.sh [OUTDIR]   (default js/dist; objects in js/build/)
#
# SIMD128 (docs/js.md, "SIMD128"): the sources of exports.sh's
# ZKJS_SIMD_DIRS are compiled twice, as is into js/build/ and with clang's
# -msimd128 into js/build/simd/ (where __wasm_simd128__ selects the
# hand-written SIMD128 kernels at compile time, e.g.
# keccak/f1600x2_wasm_simd.c). Each module named in ZKJS_SIMD_MODULES is
# linked twice: dist/NAME.wasm (runs on every engine) and
# dist/NAME-simd.wasm; tools/bundle.mjs decides which of them each entry
# point embeds (ZKJS_SIMD_BOTH). The SIMD objects are compiled without
# clang's auto-vectoriser (-fno-vectorize -fno-slp-vectorize): it measured
# nothing (docs/js.md) and cost zkprim/keccak 1.1 KB of its gzip budget;
# the hand-written kernels' intrinsics are unaffected.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
dist=${1:-$here/dist}
obj=$here/build
CC=${CC_WASM:-clang}
WASM_LD=${WASM_LD:-wasm-ld}
WASM_OPT=${WASM_OPT:-wasm-opt}
SYSROOT_INC=${WASI_INCLUDE:-/usr/include/wasm32-wasi}
SYSROOT_LIB=${WASI_LIB:-/usr/lib/wasm32-wasi}

need() { command -v "$1" >/dev/null 2>&1 || { echo "js/build.sh: $1 not found ($2)" >&2; exit 1; }; }
need "$CC" "apt-get install clang"
need "$WASM_LD" "apt-get install lld"
need "$WASM_OPT" "apt-get install binaryen"
need node "Node.js 18 or later"
[ -f "$SYSROOT_LIB/libc.a" ] || { echo "js/build.sh: $SYSROOT_LIB/libc.a not found (apt-get install wasi-libc)" >&2; exit 1; }
rt=$("$CC" --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null || true)
[ -f "$rt" ] || { echo "js/build.sh: wasm32 compiler-rt builtins not found (apt-get install libclang-rt-14-dev-wasm32)" >&2; exit 1; }

mkdir -p "$obj/generated" "$dist"
# The build configuration CMake would write (cmake/build_config.h.in): no
# instruction-set kernel families, freestanding (no threads, no CPU
# detection: src/core/freestanding.c stands in for cpu.c).
version=$(sed -n 's/^project(zkprim VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
sed -e 's/@ZKP_FREESTANDING_01@/1/' -e "s/@PROJECT_VERSION@/$version/" -e 's/@[A-Z0-9_]*@/0/' \
  "$root/cmake/build_config.h.in" > "$obj/generated/zkprim_build_config.h.new"
cmp -s "$obj/generated/zkprim_build_config.h.new" "$obj/generated/zkprim_build_config.h" 2>/dev/null \
  && rm "$obj/generated/zkprim_build_config.h.new" \
  || mv "$obj/generated/zkprim_build_config.h.new" "$obj/generated/zkprim_build_config.h"

# Sources: every portable .c of the modules the package uses. Files named
# for an x86/Arm instruction set are kernels this target cannot run; a
# module's CPU detection (core/cpu.c) is replaced by core/freestanding.c.
isa_re='_(bmi2|avx2|avx512|neon|sha3|ifma|pclmul|vpclmul|pmull|shani)\.c$'
srcs=()
for m in core goldilocks keccak hemera poseidon bn254 poseidon2; do
  for f in "$root"/src/$m/*.c; do
    [ -e "$f" ] || continue
    case "$f" in */core/cpu.c) continue ;; esac
    [[ "$(basename "$f")" =~ $isa_re ]] && continue
    srcs+=("$f")
  done
done
for f in "$here"/src/*.c; do [ -e "$f" ] && srcs+=("$f"); done

CFLAGS=(--target=wasm32-wasi -isystem "$SYSROOT_INC" -std=c11 -O3 -fno-exceptions
  -ffunction-sections -fdata-sections -DZKP_BUILDING_LIBRARY -DZKP_STATIC -DNDEBUG
  -I"$root/include" -I"$root/src" -I"$obj/generated" -Wall -Wextra -Werror
  -Wno-unused-command-line-argument)
# Files compiled for size: at -O3 clang inlines the permutation into every
# sponge entry and the batch loop (18 KB of code in many.c alone), which
# puts zkprim/keccak over its 16 KB gzip budget; -Os keeps it under. Hemera
# and Goldilocks (zkprim/hemera only): ZKP_SMALL_CODE (core/util.h: no
# forced inlining or full unrolls) and ZKP_HEMERA_PERMUTE_ONLY
# (hemera/params.h: no trace kernels) take it from 37 to 21.6 KB gzip;
# ZKP_HEMERA_DERIVED_TABLES (round constants and gear table computed on
# first use), the inverse chain's products out of line (goldilocks/gl.h,
# ZKP_SMALL_CODE), its own memcpy / memset (js/src/hemera/mem.c, below)
# and no comments in its .mjs (tools/bundle.mjs) to 15.4 KB.
# Poseidon2's 31-bit portable permutations (zkprim/poseidon2-family only)
# with ZKP_SMALL_CODE: their four unrolled widths were 28 KB of code;
# looped, the module is 42.4 -> 36.6 KB gzip, the BabyBear permutation as
# fast (docs/js.md). The BN254 permutation stays unrolled (-O3): looped it
# measured 1.3x slower. The multiproof engine and Poseidon2's multiproofs
# (core/multiproof.c, poseidon2/multiproof.c; zkprim/poseidon2-family's
# treeMultiProof / treeMultiVerify) for size: -Os takes the module from
# 47.2 to 46.0 KB gzip of its 48 (docs/js.md); the engine with
# ZKP_SMALL_CODE too, so that its level walk is one loop, not the four
# copies (form x hash path) the native build inlines.
size_flags() {
  case "$1" in
    src/keccak/many.c | src/keccak/sponge.c) echo -Os ;;
    src/hemera/*.c | src/goldilocks/*.c) echo -Os -DZKP_SMALL_CODE=1 -DZKP_HEMERA_PERMUTE_ONLY=1 -DZKP_HEMERA_DERIVED_TABLES=1 ;;
    src/poseidon2/batch31_portable.c) echo -Os -DZKP_SMALL_CODE=1 ;;
    src/core/multiproof.c) echo -Os -DZKP_SMALL_CODE=1 ;;
    src/poseidon2/multiproof.c) echo -Os ;;
  esac
}
pids=()
jobs_max=${JOBS:-2}
# compile OBJ SRC FLAGS...: in the background when OBJ is missing, older
# than SRC, the build configuration or any header, or was made by another
# command (OBJ.flags holds the one that made it, so changing size_flags,
# CFLAGS or the SIMD set rebuilds it).
compile() {
  local o=$1 f=$2
  shift 2
  local cmd="$CC ${CFLAGS[*]} $* -c $f"
  if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$obj/generated/zkprim_build_config.h" -nt "$o" ] \
     || [ "$(cat "$o.flags" 2>/dev/null)" != "$cmd" ] \
     || [ -n "$(find "$root/src" "$root/include" "$here/src" -name '*.h' -newer "$o" -print -quit)" ]; then
    rm -f "$o.flags"
    { "$CC" "${CFLAGS[@]}" "$@" -c "$f" -o "$o" && printf '%s\n' "$cmd" > "$o.flags"; } &
    pids+=($!)
    if [ "${#pids[@]}" -ge "$jobs_max" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
  return 0
}
# shellcheck source=exports.sh
. "$here/exports.sh"
# The library objects: objs (js/build/) and simd_objs, the set the SIMD
# modules link: the files of exports.sh's ZKJS_SIMD_DIRS compiled with
# -msimd128 into js/build/simd/, the plain objects for the rest (linking
# the two kinds together is fine: a plain object uses no feature the other
# lacks).
objs=()
simd_objs=()
mkdir -p "$obj/simd"
for f in "${srcs[@]}"; do
  rel=${f#"$root"/}
  o=${rel//\//_}.o
  objs+=("$obj/$o")
  # shellcheck disable=SC2046
  compile "$obj/$o" "$f" $(size_flags "$rel")
  d=${rel#src/}
  if [[ "$rel" == src/* && " $ZKJS_SIMD_DIRS " == *" ${d%%/*} "* ]]; then
    simd_objs+=("$obj/simd/$o")
    # shellcheck disable=SC2046
    compile "$obj/simd/$o" "$f" $(size_flags "$rel") -msimd128 -fno-vectorize -fno-slp-vectorize
  else
    simd_objs+=("$obj/$o")
  fi
done
# One-width Poseidon (ZKP_POSEIDON_ONLY_T, src/poseidon/params.h): the files
# whose tables or dispatch the knob trims, compiled once per width t that a
# module names (exports.sh's ZKJS_WIDTH_*: lean-imt, pairs, t = 3) into
# $obj/wT/, which that module links in place of the all-width objects.
width_files="src/poseidon/constants_sparse.c src/poseidon/kernel_portable.c src/poseidon/poseidon.c"
widths=$(for m in $ZKJS_MODULES; do w=ZKJS_WIDTH_${m//-/_}; [ -z "${!w:-}" ] || echo "${!w}"; done | sort -u)
for t in $widths; do
  mkdir -p "$obj/w$t"
  for rel in $width_files; do
    f=$root/$rel
    compile "$obj/w$t/${rel//\//_}.o" "$f" -DZKP_POSEIDON_ONLY_T="$t"
  done
done
# zkprim/poseidon1 ... poseidon16 (t = 2 .. 17): js/src/small/, not the
# library: the constants generated on the first call (poseidon_gen.c) and a
# dense permutation on a loop product (poseidon_small.c, which includes the
# generator; once per width), compiled for size, so that each module
# is at most poseidon-lite's file for its arity (docs/js.md). -fno-builtin:
# clang turns the 9-limb copy loops into memcpy calls, which links
# wasi-libc's memcpy (about 2 KB of gzip) into modules that had none.
small=$here/src/small
for t in $(seq 2 17); do
  mkdir -p "$obj/w$t"
  # shellcheck disable=SC2086
  compile "$obj/w$t/small_poseidon.o" "$small/poseidon_small.c" ${SMALL_OPT:--Os} -fno-builtin -DZKJS_T="$t"
done
# zkprim/hemera's own memcpy and memset (js/src/hemera/mem.c; -fno-builtin:
# the loops must not become calls of themselves), linked into that module
# only, ahead of wasi-libc's.
hemera_mem=$obj/js_src_hemera_mem.o
compile "$hemera_mem" "$here/src/hemera/mem.c" -Os -fno-builtin
# Test-only modules (never in dist): js/src/check/NAME.c linked with the
# SIMD objects into js/build/check-NAME.wasm, exporting exports.sh's
# ZKJS_CHECK_NAME (js/test/keccak-x2.test.mjs).
for f in "$here"/src/check/*.c; do
  [ -e "$f" ] || continue
  compile "$obj/simd/check_$(basename "$f").o" "$f" -msimd128
done
for p in ${pids[@]+"${pids[@]}"}; do wait "$p"; done
# The object list with width t's copies of $width_files.
# The object list of SET ("" or simd) with width t's copies of $width_files.
objs_width() {
  local t=$1 set=$2 o rel skip
  local -n all=objs
  [ "$set" = simd ] && local -n all=simd_objs
  for o in "${all[@]}"; do
    skip=0
    for rel in $width_files; do [ "${o##*/}" = "${rel//\//_}.o" ] && skip=1; done
    [ $skip = 1 ] || echo "$o"
  done
  for rel in $width_files; do echo "$obj/w$t/${rel//\//_}.o"; done
}

# One module per entry point: only the functions it calls are exported, so
# the linker drops the rest (each JS file in js/lib names its exports).
# link NAME WIDTH SET FUNCTIONS...: SET "" (the objects in js/build/, into
# dist/NAME.wasm) or simd (js/build/simd/, into dist/NAME-simd.wasm; a
# one-width module's Poseidon objects and hemera's memcpy are the plain
# ones in both). wasm-opt validates the result against its features:
# without --enable-simd it refuses any SIMD instruction, so none can slip
# into a module meant for every engine.
link() {
  local name=$1 width=$2 set=$3
  shift 3
  local ex=(--export=malloc --export=free) lo out=$name opt=()
  for e in "$@"; do ex+=("--export=$e"); done
  case $width in
    0) if [ "$set" = simd ]; then lo=("${simd_objs[@]}"); else lo=("${objs[@]}"); fi ;;
    small*) lo=("$obj/w${width#small}/small_poseidon.o" "$obj/js_src_malloc.c.o") ;;
    *) mapfile -t lo < <(objs_width "$width" "$set") ;;
  esac
  [ "$name" = hemera ] && lo=("$hemera_mem" "${lo[@]}")
  if [ "$set" = simd ]; then
    out=$name-simd
    opt=(--enable-simd)
  fi
  "$WASM_LD" --no-entry --gc-sections --strip-all -z stack-size=131072 --initial-memory=1048576 \
    "${ex[@]}" "${lo[@]}" -L"$SYSROOT_LIB" -lc "$rt" -o "$obj/$out.raw.wasm"
  "$WASM_OPT" -O3 ${opt[@]+"${opt[@]}"} --strip-debug --strip-producers "$obj/$out.raw.wasm" -o "$dist/$out.wasm"
}
rm -f "$dist"/*-simd.wasm "$dist"/*-nosimd.*
for m in $ZKJS_MODULES; do
  v=ZKJS_EXPORTS_${m//-/_}
  w=ZKJS_WIDTH_${m//-/_}
  # shellcheck disable=SC2086
  link "$m" "${!w:-0}" "" ${!v}
done
for m in $ZKJS_SIMD_MODULES; do
  v=ZKJS_EXPORTS_${m//-/_}
  w=ZKJS_WIDTH_${m//-/_}
  # shellcheck disable=SC2086
  link "$m" "${!w:-0}" simd ${!v}
done
# zkprim/poseidon1 ... poseidon16: one width each (js/src/small), the
# poseidon module's exports.
for n in $(seq 1 16); do
  # shellcheck disable=SC2086
  link "poseidon$n" "small$((n + 1))" "" $ZKJS_EXPORTS_poseidon
done
# The test-only modules (js/build/check-NAME.wasm).
for f in "$here"/src/check/*.c; do
  [ -e "$f" ] || continue
  n=$(basename "$f" .c)
  v=ZKJS_CHECK_$n
  ex=()
  for e in ${!v}; do ex+=("--export=$e"); done
  "$WASM_LD" --no-entry --gc-sections --strip-all -z stack-size=131072 --initial-memory=1048576 \
    --export=malloc --export=free "${ex[@]}" "$obj/simd/check_$n.c.o" "${simd_objs[@]}" -L"$SYSROOT_LIB" -lc "$rt" \
    -o "$obj/check-$n.wasm"
done

ZKJS_SIMD_MODULES="$ZKJS_SIMD_MODULES" ZKJS_SIMD_BOTH="$ZKJS_SIMD_BOTH" node "$here/tools/bundle.mjs" "$dist"
