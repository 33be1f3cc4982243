#!/usr/bin/env bash
# Instructions per call that the Rust binding adds, per case of the Rust
# benchmark (bindings/rust/zkprim/examples/bench.rs), counted by valgrind's
# callgrind: each side of each case runs K1 and then K2 times alone
# (ZKPRIM_BENCH_COUNT), and (count(K2) - count(K1)) / (K2 - K1) is its cost
# per call with the set-up cancelled out. Exact where timings on a shared
# machine are not (docs/rust.md). valgrind cannot execute AVX-512, so the
# kernels are those of ZKPRIM_CPU (default avx2).
#   scripts/rust-overhead-count.sh [BENCH_BINARY]
# Build the binary first: cargo build --release --example bench (in bindings/rust).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/bindings/rust/target/release/examples/bench}
export ZKPRIM_CPU=${ZKPRIM_CPU:-avx2}
command -v valgrind >/dev/null || { echo "needs valgrind"; exit 2; }
[ -x "$bin" ] || { echo "no benchmark binary at $bin (cargo build --release --example bench)"; exit 2; }
count() { # case side calls
  ZKPRIM_BENCH_COUNT=$1:$2:$3 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_call() { # case side k1 k2
  local a b
  a=$(count "$1" "$2" "$3")
  b=$(count "$1" "$2" "$4")
  echo "scale=1; ($b - $a) / ($4 - $3)" | bc
}
echo "instructions per call (callgrind, ZKPRIM_CPU=$ZKPRIM_CPU)"
echo "| case | Rust | C | Rust - C |"
echo "|---|---|---|---|"
for c in 1 2 3 4 5 6 7; do
  name=$(ZKPRIM_BENCH_COUNT=$c:c:0 "$bin" | sed -n 's/^case [0-9]* (\(.*\)): .*/\1/p')
  r=$(per_call "$c" rust 20 120)
  k=$(per_call "$c" c 20 120)
  echo "| $name | $r | $k | $(echo "$r - $k" | bc) |"
done
