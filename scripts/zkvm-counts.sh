#!/bin/sh
# Exact instruction counts of zkprim in a RISC-V zkVM guest (docs/zkvm.md).
#
#   scripts/zkvm-counts.sh [--check] RV64_BUILD [RV32_BUILD [HOST_BUILD]]
#
# RV64_BUILD / RV32_BUILD: freestanding builds with the external hook
# (cmake -DZKP_FREESTANDING=ON -DZKP_KECCAK_F1600=external with
# cmake/toolchains/riscv-elf-rv64im.cmake / -rv32im.cmake); their
# zkvm_counts program (tests/zkvm/counts.c) runs each operation once between
# two marker calls. qemu-riscv64/-riscv32 -singlestep makes every translation
# block one instruction and -d exec,nochain logs each block executed with
# its function name, so the count is exact and deterministic (Debian's qemu
# 7.2 ships no TCG plugins). Counted: instructions executed in the library
# (and the C library it calls) between the markers; not counted: the
# guest's own argument set-up and the hook, a one-instruction stub standing
# in for the precompile (the number of its calls is shown).
# HOST_BUILD (optional): a host build; the same operations of the portable
# kernels are counted under callgrind (x86-64) for comparison.
# --check: exit 1 when a row is above its ceiling (the ctest zkvm-counts).
set -eu
CHECK=0
[ "${1:-}" = --check ] && { CHECK=1; shift; }
RV64=${1:?usage: zkvm-counts.sh [--check] RV64_BUILD [RV32_BUILD [HOST_BUILD]]}
RV32=${2:-}
HOST=${3:-}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run QEMU PROGRAM OUT: "name instructions hook-calls" per operation
run() {
  "$1" -singlestep -d exec,nochain -D "$tmp/trace" "$2" > "$tmp/names"
  awk '$NF == "zkvm_begin" { if (!on) { on = 1; n = 0; p = 0 } next }
       $NF == "zkvm_end" { if (on) { print n, p; on = 0 } next }
       on && $NF == "zkp_keccakf1600_external" { p++; next }
       on && $NF != "guest_main" { n++ }' "$tmp/trace" > "$tmp/counts"
  rm -f "$tmp/trace"
  grep -v '^counts ' "$tmp/names" | paste -d' ' - "$tmp/counts" > "$3"
  grep -q '^counts done' "$tmp/names" || { echo "zkvm_counts failed under $1"; exit 1; }
}
get() { awk -v k="$2" '$1 == k {print $2}' "$1"; }

run qemu-riscv64 "$RV64/zkvm_counts" "$tmp/rv64"
c() { get "$tmp/rv64" "$1"; }
pair_al=$(c pair-aligned)
pair_any=$(c pair-unaligned)
k32=$(c keccak256-32)
blk=$(( ($(c stream-aligned-11-blocks) - $(c stream-aligned-1-block)) / 10 ))
mis_num=$(( $(c stream-misaligned-1496-bytes) - $(c stream-misaligned-136-bytes) ))  # over 1360 bytes
node=$(( ($(c tree-build-64-leaves) - $(c tree-build-32-leaves)) / 32 ))
node_copy=$(( ($(c tree-build-64-leaves-copied) - $(c tree-build-32-leaves-copied)) / 32 ))
mis=$(awk -v a="$mis_num" 'BEGIN { printf "%.2f", a / 1360 }')

fail=0
row() { # label value ceiling [note]
  st=ok
  if [ "$2" -gt "$3" ]; then st=OVER; fail=1; fi
  printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$st${4:+ ($4)}"
}
echo "rv64im, external permutation: instructions besides the permutation"
echo
echo "| operation | instructions | ceiling | |"
echo "|---|---:|---:|---|"
row '`keccak256_pair`, 8-byte-aligned nodes' "$pair_al" 64
row '`keccak256_pair`, any alignment (here 1 and 3 mod 8)' "$pair_any" 260
# 17 lanes of a block each need an input load, a state load, an XOR and a
# state store: 68 instructions is the floor for an in-memory state, so the
# issue's 40 cannot be met through a permute-only hook (docs/zkvm.md).
row 'streaming Keccak-256, per full 136-byte block, aligned' "$blk" 76 "issue asked 40; floor 68"
mis_over=0; [ "$mis_num" -gt $((3 * 1360)) ] && mis_over=1
printf '| %s | %s | %s | %s |\n' 'streaming, misaligned input, per byte' "$mis" 3 "$([ $mis_over = 1 ] && echo OVER || echo ok)"
[ $mis_over = 1 ] && fail=1
row 'Merkle parent inside a tree build, per node (leaves in place)' "$node" 70
printf '| %s | %s | %s | %s |\n' 'the same, leaves copied into the node array first' "$node_copy" - "informational"
row 'Keccak-256 of 32 bytes, whole call' "$k32" 90
echo

if [ -n "$RV32" ]; then run qemu-riscv32 "$RV32/zkvm_counts" "$tmp/rv32"; fi
if [ -n "$HOST" ]; then
  cc -O2 -I"$ROOT/include" -I"$ROOT/src" -I"$HOST/generated" -I"$ROOT/tests/zkvm" \
    "$ROOT/tests/zkvm/counts.c" "$ROOT/tests/zkvm/host_start.c" "$HOST/libzkprim.a" -lpthread -o "$tmp/host_counts"
  ZKPRIM_CPU=portable valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$tmp/host_counts" > /dev/null 2>&1
  callgrind_annotate --inclusive=yes "$tmp/cg" 2>/dev/null |
    awk '{gsub(",", "", $1)} /zkpi_keccakf1600_portable/ {print "portable-keccak-f1600", $1}
         /zkp_hemera_permute[^_]/ || /zkp_hemera_permute$/ {print "hemera-permutation", $1}
         /zkp_poseidon_hash[^_]/ || /zkp_poseidon_hash$/ {print "poseidon-bn254-t3-hash", $1}' > "$tmp/host"
fi
if [ -n "$RV32" ]; then
  r() { get "$tmp/rv32" "$1"; }
  echo
  echo "rv32im, external permutation (no ceilings: a lane is two registers): pair aligned $(r pair-aligned)," \
    "any alignment $(r pair-unaligned), Keccak-256 of 32 bytes $(r keccak256-32)," \
    "per aligned block $(( ($(r stream-aligned-11-blocks) - $(r stream-aligned-1-block)) / 10 ))," \
    "misaligned per byte $(awk -v a=$(( $(r stream-misaligned-1496-bytes) - $(r stream-misaligned-136-bytes) )) 'BEGIN { printf "%.2f", a / 1360 }')," \
    "per tree node $(( ($(r tree-build-64-leaves) - $(r tree-build-32-leaves)) / 32 ))"
  echo
fi

echo "portable permutations (no precompile): instructions per call"
echo
printf '| permutation | rv64im |%s%s\n' "${RV32:+ rv32im |}" "${HOST:+ x86-64 (callgrind) |}"
printf '|---|---:|%s%s\n' "${RV32:+---:|}" "${HOST:+---:|}"
for op in portable-keccak-f1600 hemera-permutation poseidon-bn254-t3-hash; do
  v() { x=$(get "$1" "$2" | head -1); echo "${x:-n/a}"; }
  line="| $op | $(v "$tmp/rv64" $op) |"
  [ -n "$RV32" ] && line="$line $(v "$tmp/rv32" $op) |"
  [ -n "$HOST" ] && line="$line $(get "$tmp/host" $op | head -1) |"
  echo "$line"
done

if [ "$CHECK" = 1 ] && [ "$fail" = 1 ]; then
  echo "zkvm-counts: a row is over its ceiling"
  exit 1
fi
