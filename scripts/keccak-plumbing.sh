#!/bin/sh
# Callgrind instruction counts behind the Keccak "plumbing" budget:
# Keccak-256 of 64 bytes may cost at most the permutation + 80 instructions.
# usage: scripts/keccak-plumbing.sh BUILD_DIR [BUDGET]   (needs valgrind)
# Prints per-operation counts ((I(2N) - I(N)) / N) and exits 1 over budget.
set -eu
B=${1:-build}
BUDGET=${2:-80}
P=$B/tests/keccak_plumbing
N=4095  # a multiple of 4095 so the tree mode builds whole trees
count() { # mode iterations -> total instructions (Ir)
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$P" "$1" "$2" > /dev/null 2>&1
  awk '/^summary:/ {print $2}' "$out"
  rm -f "$out"
}
per_op() { a=$(count "$1" $N); b=$(count "$1" $((2 * N))); echo $(( (b - a) / N )); }
perm=$(per_op perm)
k64=$(per_op keccak256-64)
pair=$(per_op pair)
s64=$(per_op sha3-256-64)
x4=$(per_op x4)
m64=$(per_op many64)
tree=$(per_op tree)
# The kernel that ran under valgrind (whose CPUID hides AVX-512, so these
# counts are the bmi2/avx2-x4 paths even on AVX-512 machines).
echo "kernel (under valgrind): $(valgrind --tool=none -q "$P" perm 1 | cut -d' ' -f1)"
echo "multi-lane: permutation $x4 per lane, hash_batch(64 B) $m64 per hash, tree $tree per node (informational)"
echo "instructions per op: permutation $perm, keccak256(64 B) $k64 (+$((k64 - perm))), pair $pair (+$((pair - perm))), sha3-256(64 B) $s64 (+$((s64 - perm)))"
[ $((k64 - perm)) -le "$BUDGET" ] && [ $((pair - perm)) -le "$BUDGET" ] || { echo "over the plumbing budget of $BUDGET"; exit 1; }
echo "within the plumbing budget of $BUDGET instructions"
