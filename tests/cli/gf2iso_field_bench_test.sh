#!/usr/bin/env bash
# End-to-end checks of `zkprim field-bench --isomorphism` and the gf2/iso
# bench cases. Usage: gf2iso_field_bench_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

FB="$Z field-bench"
expect 0 "help" $FB --help
expect_grep "--isomorphism" "$tmp/out" "help lists --isomorphism"
expect 0 "tiny run" $FB --isomorphism --min-log 2 --max-log 4 --samples 2
expect_grep "b256->ghash2" "$tmp/out" "forward column"
expect_grep "ghash2->b256" "$tmp/out" "inverse column"
expect_grep "2^4" "$tmp/out" "sizes up to 2^4"
grep -Eq ' (L[123]|DRAM|\?) ' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no cache fit column"; }
[ "$(grep -c ' ns .* ns' "$tmp/out")" = 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: want 3 rows"; }
expect 1 "size beyond memory" $FB --isomorphism --min-log 30 --max-log 30 --samples 1
expect_grep "cannot allocate" "$tmp/err" "memory message"
[ -s "$tmp/out" ] && { fail=$((fail + 1)); echo "FAIL: table printed before the allocation failed"; } || pass=$((pass + 1))
expect 2 "exclusive with --mul" $FB --isomorphism --mul
expect 0 "bench list" $Z bench --list gf2/iso
expect_grep "gf2/iso/b256-to-ghash2" "$tmp/out" "bench lists forward case"
expect_grep "gf2/iso/ghash2-to-b256" "$tmp/out" "bench lists inverse case"
expect 0 "info" $Z info
expect_grep "isomorphism" "$tmp/out" "info names the isomorphism kernel"

finish gf2iso_field_bench_test
