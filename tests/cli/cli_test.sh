#!/usr/bin/env bash
# End-to-end checks of the zkprim CLI: exit codes and messages on bad usage,
# bench listing/JSON/compare plumbing, and (when algorithms are built in)
# hash --check round trips and unreadable files. Usage: cli_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

expect 2 "no command" "$Z"
expect 0 "--help" "$Z" --help
expect 2 "unknown command" "$Z" frobnicate
expect_grep "unknown command" "$tmp/err" "unknown command message"
expect 0 "info" "$Z" info
expect_grep "detected:" "$tmp/out" "info lists features"
expect 2 "info extra arg" "$Z" info extra
expect 2 "bad ZKPRIM_CPU" env ZKPRIM_CPU=bogus "$Z" info
expect_grep "unknown level" "$tmp/err" "bad ZKPRIM_CPU message"
case $(uname -m) in
  x86_64) expect 2 "foreign level" env ZKPRIM_CPU=neon "$Z" info
          expect_grep "lacks" "$tmp/err" "foreign level message" ;;
  aarch64) expect 2 "foreign level" env ZKPRIM_CPU=avx2 "$Z" info ;;
esac
expect 0 "portable level" env ZKPRIM_CPU=portable "$Z" info
expect_grep "active:    none" "$tmp/out" "portable level is honoured"
expect 0 "bench --list" "$Z" bench --list
expect_grep "core/timer" "$tmp/out" "bench lists core cases"
expect 2 "bench no match" "$Z" bench no-such-case
expect 2 "bench bad runs" "$Z" bench core --runs 0
expect 2 "bench bad option" "$Z" bench --frobnicate
expect 0 "bench json" "$Z" bench core/dispatch --runs 3 --batch-ms 1 --json "$tmp/b.json"
expect_grep '"median_ns"' "$tmp/b.json" "bench json has medians"
if command -v python3 >/dev/null; then
  expect 0 "bench json parses" python3 -c "import json,sys; d=json.load(open('$tmp/b.json')); assert d['results'][0]['runs']==3"
fi
expect 0 "bench compare" "$Z" bench compare portable native core/dispatch --rounds 2 --runs 2 --batch-ms 1
expect_grep "wilcoxon" "$tmp/out" "compare prints the tests"
expect 2 "compare one variant" "$Z" bench compare portable
expect 2 "compare bad level" "$Z" bench compare portable bogus core
expect 1 "compare bad binary" "$Z" bench compare ./no/such/binary native core
expect 2 "hash unknown algo" "$Z" hash -a no-such-algo
expect 2 "tree without -a" "$Z" tree somefile

algos=$("$Z" hash --help | sed -n 's/^algorithms: *//p')
printf 'abc' > "$tmp/abc"
for a in $algos; do
  a=${a%(xof)}
  expect 0 "hash -a $a" "$Z" hash -a "$a" "$tmp/abc"
  cp "$tmp/out" "$tmp/sums"
  expect 0 "hash -a $a --check" "$Z" hash -a "$a" --check "$tmp/sums"
  expect_grep ": OK" "$tmp/out" "$a check OK"
  printf 'abd' > "$tmp/abc"
  expect 1 "hash -a $a --check detects change" "$Z" hash -a "$a" --check "$tmp/sums"
  expect_grep "FAILED" "$tmp/out" "$a check FAILED"
  printf 'abc' > "$tmp/abc"
  expect 1 "hash -a $a unreadable file" "$Z" hash -a "$a" "$tmp/missing"
  expect 0 "hash -a $a stdin" sh -c "printf abc | '$Z' hash -a '$a'"
done

finish cli
