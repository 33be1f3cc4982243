#!/usr/bin/env bash
# End-to-end checks of `zkprim field-bench`: bad usage exits 2 with a clear
# message, sizes beyond memory exit 1, and each mode prints its table on a
# tiny run. Usage: gf2_field_bench_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

FB="$Z field-bench"
expect 0 "help" $FB --help
expect_grep "sweep-windows" "$tmp/out" "help lists --sweep-windows"
expect 2 "unknown field" $FB --field b128
expect_grep "unknown field 'b128'" "$tmp/err" "unknown field message"
expect 2 "window 0" $FB --window-bits 0
expect 2 "window 21" $FB --window-bits 21
expect_grep "1..20" "$tmp/err" "window range message"
expect 2 "bad sweep" $FB --sweep-windows 9..3
expect 2 "sweep 0" $FB --sweep-windows 0..4
expect 2 "min above max" $FB --min-log 5 --max-log 4
expect 2 "unknown option" $FB --frobnicate
expect 2 "exclusive modes" $FB --mul --sweep-windows 2..3
expect 1 "size beyond memory" $FB --field b256 --min-log 30 --max-log 30 --samples 1 --window-bits 4
expect_grep "cannot allocate" "$tmp/err" "memory message"

expect 0 "powers" $FB --field b127 --min-log 4 --max-log 5 --samples 2 --window-bits 4
expect_grep "ns/power" "$tmp/out" "powers table"
expect_grep "2^5" "$tmp/out" "powers sizes"
expect 0 "mul" $FB --field sect193 --mul --min-log 3 --max-log 4 --samples 2
expect_grep "ns/mul" "$tmp/out" "mul table"
expect_grep "L1" "$tmp/out" "cache fit column"
expect 0 "sweep" $FB --field ghash2 --sweep-windows 2..3 --min-log 3 --max-log 3 --samples 1
expect_grep "best at 2^3" "$tmp/out" "sweep verdict"
expect 0 "all" $FB --field all --min-log 3 --max-log 3 --samples 1 --window-bits 3
for f in b127 ghash128 b163 b191 sect193 ghash2 b256; do expect_grep "$f" "$tmp/out" "all lists $f"; done
expect_grep "1.00x" "$tmp/out" "all is relative to ghash128"
expect 0 "bench gf2 list" $Z bench --list gf2/
expect_grep "gf2/fixed-base/b256" "$tmp/out" "bench lists gf2 cases"

finish gf2_field_bench_test
