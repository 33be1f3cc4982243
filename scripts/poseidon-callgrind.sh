#!/bin/sh
# Callgrind instruction counts per Poseidon operation of the scalar kernels
# (docs/poseidon.md, "callgrind instruction counts"): (I(2N) - I(N)) / N,
# deterministic because the code is constant time.
# usage: scripts/poseidon-callgrind.sh [BUILD_DIR]   (needs valgrind)
set -eu
B=${1:-build}
P=$B/tests/poseidon_callgrind
N=50
count() { # kernel op iterations -> total instructions (Ir)
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$P" "$1" "$2" "$3" > /dev/null 2>&1
  awk '/^summary:/ {print $2}' "$out"
  rm -f "$out"
}
per_op() { a=$(count "$1" "$2" $N); b=$(count "$1" "$2" $((2 * N))); echo $(( (b - a) / N )); }
kernels="portable"
"$P" bmi2 mul 1 > /dev/null 2>&1 && kernels="bmi2 portable"
printf '%-10s' op; for k in $kernels; do printf ' %12s' "$k"; done; echo
for op in mul sqr hash-t2 hash-t3 hash-t5 hash-t13 hash-t17 many-t3; do
  printf '%-10s' "$op"
  for k in $kernels; do
    v=$(per_op "$k" "$op")
    [ "$op" = many-t3 ] && v=$((v / 4))  # per hash
    printf ' %12s' "$v"
  done
  echo
done
