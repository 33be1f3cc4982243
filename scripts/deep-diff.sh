#!/usr/bin/env bash
# The deep differential run (docs/reliability.md, "Deep differential run"):
# every suite of tests/deep/deep_diff at the recorded sizes, JOBS suites at
# a time, then the table in the shape the doc uses.
#
#   scripts/deep-diff.sh [BUILD_DIR]        (default build/; needs deep_diff built)
#
#   ZKPRIM_TEST_SEED=S   the seed (default: from the clock; printed)
#   ZKPRIM_DEEP_JOBS=J   suites run in parallel (default: nproc)
#   ZKPRIM_DEEP_DIV=D    divide every size by D (a quick rehearsal; default 1)
#   ZKPRIM_DEEP_LOG=F    keep the raw output in F (default: a temporary file)
#
# Exit status: 0 when every suite ran with 0 mismatches, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
BIN=$BUILD/tests/deep_diff
if [ ! -x "$BIN" ]; then
  echo "deep-diff: $BIN not built (cmake --build $BUILD --target deep_diff; needs libssl-dev libgmp-dev)" >&2
  exit 2
fi
SEED=${ZKPRIM_TEST_SEED:-$(date +%s)}
JOBS=${ZKPRIM_DEEP_JOBS:-$(nproc 2>/dev/null || echo 2)}
DIV=${ZKPRIM_DEEP_DIV:-1}
LOG=${ZKPRIM_DEEP_LOG:-$(mktemp)}
: > "$LOG"

# family suite inputs oracle-inputs (the recorded sizes; the slowest first)
SUITES="
poseidon narrow  10000000 0
hemera   permute 10000000 1000000
poseidon kernels  1000000 0
poseidon api      1000000 100000
hemera   sponge   1000000 100000
hemera   tree     1000000 100000
keccak   sponge  10000000 1000000
goldilocks ops   10000000 1000000
gf2      pow      1000000 100000
keccak   many    10000000 1000000
keccak   tree    10000000 1000000
keccak   f1600   10000000 1000000
goldilocks kernels 10000000 1000000
gf2      mul     10000000 1000000
gf2      iso     10000000 1000000
keccak   kat            1 1
"

echo "deep-diff: seed $SEED, $JOBS jobs, sizes / $DIV, log $LOG"
"$BIN" all --n 1 --oracle-n 0 --suite none | grep deep-machine | tee -a "$LOG"
start=$SECONDS
printf '%s\n' "$SUITES" | awk 'NF == 4' | while read -r fam suite n m; do
  n=$(( n / DIV > 0 ? n / DIV : 1 )); m=$(( m / DIV ))
  printf '%s\0' "$BIN $fam --suite $suite --n $n --oracle-n $m --seed $SEED"
done | xargs -0 -P "$JOBS" -I{} sh -c '{} > "$0.$$" 2>&1; echo "exit=$? cmd={}" >> "$0.$$"; cat "$0.$$" >> "$0"; rm -f "$0.$$"' "$LOG"
echo "deep-diff: done in $((SECONDS - start)) s wall"

status=0
grep -q '^MISMATCH' "$LOG" && { echo "deep-diff: MISMATCHES (see $LOG):"; grep -A3 '^MISMATCH' "$LOG" | cut -c1-400; status=1; }
grep '^exit=' "$LOG" | grep -v '^exit=0 ' && status=1
expected=$(printf '%s\n' "$SUITES" | awk 'NF == 4' | wc -l)
got=$(grep -c '^deep-result ' "$LOG")
[ "$got" = "$expected" ] || { echo "deep-diff: $got of $expected suites reported"; status=1; }

echo
echo "| family | suite | inputs | checks | mismatches | oracle inputs | seed | CPU s | kernels covered |"
echo "|---|---|---:|---:|---:|---:|---|---:|---|"
grep '^deep-result ' "$LOG" | sed 's/^deep-result //' | awk '
  function v(k,  i, a) { for (i = 1; i <= NF; i++) { split($i, a, "="); if (a[1] == k) return substr($i, length(k) + 2) } return "" }
  function grp(x,  s) { s = ""; while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) } return x s }
  { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", v("family"), v("suite"), grp(v("inputs")), grp(v("checks")),
      v("mismatches"), grp(v("oracle")), v("seed"), v("cpu"), v("kernels") }' | sort
awk '/^deep-result /{ for (i = 1; i <= NF; i++) if ($i ~ /^cpu=/) { sub("cpu=", "", $i); t += $i } }
     END { printf "\ntotal CPU: %.0f s (%.1f min)\n", t, t / 60 }' "$LOG"
exit $status
