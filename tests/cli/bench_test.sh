#!/usr/bin/env bash
# Reliability checks of `zkprim bench` and `zkprim bench compare`:
# usage: bench_test.sh SECTION ZKPRIM, SECTION one of
#   compare-missing  a case one side lacks (or cannot time) is reported, never scored
#   unavailable      a kernel the active CPU set lacks gives an "unavailable" row, no figures
#   formats          text table, TSV, JSON and compare's report parse strictly,
#                    unavailable rows included (ZKPRIM_CPU=avx2 / portable)
#   exit-codes       0 ok / 1 failure / 2 usage; a dying circomlibjs helper
#   long-filter      a FILTER of any length is matched whole (words past 511
#                    characters were once dropped without a word)
# Runs are tiny (--runs 1..2, --batch-ms 1): nothing here measures speed.
set -uo pipefail
section=$1 Z=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
command -v python3 >/dev/null || { echo "bench_test: python3 missing, skipped"; exit 77; }
fmt() { expect 0 "$1" python3 "$here/bench_formats.py" "${@:2}"; [ -s "$tmp/err" ] && sed 's/^/  | /' "$tmp/err"; }
Q=(--runs 1 --batch-ms 1)
C=(--rounds 2 --runs 1 --batch-ms 1)

# has CASE: this build has the case (x86-only kernels are absent elsewhere)
has() { "$Z" bench --list | grep -qx -- "$1"; }
# level_ok LEVEL: this CPU can run at LEVEL (ZKPRIM_CPU=avx2 on a machine without AVX2 is refused)
level_ok() { env ZKPRIM_CPU="$1" "$Z" info >/dev/null 2>&1; }

# A stand-in for a zkprim binary: answers `bench FILTER ... --list` and
# `bench FILTER ... --tsv` with the rows given as NAME=FIELDS arguments
# (FIELDS: the TSV columns after the name, ';'-separated).
fake() {
  local path=$1; shift
  { echo '#!/bin/sh'
    echo 'case "$*" in *--list*)'
    for row in "$@"; do echo "  echo '${row%%=*}'"; done
    echo '  exit 0;; esac'
    for row in "$@"; do printf "printf '%%s\\\\t%%s\\\\n' '%s' '%s' | tr ';' '\\\\t'\n" "${row%%=*}" "${row#*=}"; done
  } >"$path"
  chmod +x "$path"
}

compare_missing() {
  # Old-format rows (five columns, as older binaries print them).
  fake "$tmp/a" 'x/one=k;10.0;9.0;11.0' 'x/two=k;20.0;19.0;21.0' 'x/three=k;30.0;29.0;31.0'
  fake "$tmp/b" 'x/one=k;9.0;8.0;10.0' 'x/three=k;0.0000;0.0000;0.0000' 'x/four=k;5.0;4.0;6.0;ok' \
       'x/five=k;-;-;-;unavailable: test reason'
  fake "$tmp/a5" 'x/one=k;10.0;9.0;11.0' 'x/five=k;7.0;6.0;8.0'
  expect 0 "compare with a case missing on B" "$Z" bench compare "$tmp/a" "$tmp/b" "${C[@]}" --per-round
  cp "$tmp/out" "$tmp/cmp.txt"
  fmt "compare report parses" compare "$tmp/cmp.txt" x/one=scored "x/two=B missing" "x/four=A missing" \
      "x/three=B unavailable"
  expect 1 "x/two is not scored" grep -E '^x/two .*(faster|slower|no significant)' "$tmp/cmp.txt"
  expect 0 "compare with a case unavailable on B" "$Z" bench compare "$tmp/a5" "$tmp/b" "${C[@]}"
  cp "$tmp/out" "$tmp/cmp5.txt"
  fmt "unavailable on B is reported with its reason" compare "$tmp/cmp5.txt" x/one=scored \
      "x/five=B unavailable (test reason)"
  if has keccak/f1600x8-avx512 && level_ok avx2; then
    expect 0 "compare avx2 vs native on an AVX-512-only kernel" \
      "$Z" bench compare avx2 native 'keccak/f1600x8-avx512$,core/dispatch' "${C[@]}"
    cp "$tmp/out" "$tmp/cmp6.txt"
    fmt "AVX-512 kernel under avx2 is not scored" compare "$tmp/cmp6.txt" "keccak/f1600x8-avx512=A unavailable" \
        core/dispatch-lookup=scored
  fi
}

unavailable() {
  local f=keccak/f1600x8-avx512 h='hemera/batch/permute/kernel-avx512$' g='gf2/mul/b127/zmm$'
  if has $f && level_ok avx2; then
    # The per-kernel rows exist only in builds that have the kernel (a
    # ZKP_NO_AVX512 build lists no zmm row); the x8 row is always listed.
    local more=() r
    for r in hemera/batch/permute/kernel-avx512 gf2/mul/b127/zmm; do
      if has $r; then more+=("$r=unavailable"); fi
    done
    for out in table tsv json; do
      local args=()
      case $out in tsv) args=(--tsv) ;; json) args=(--quiet --json "$tmp/u.json") ;; esac
      expect 0 "avx2: $out run" env ZKPRIM_CPU=avx2 "$Z" bench "$f,$h,$g" "${Q[@]}" "${args[@]}"
      [ "$out" = json ] && cp "$tmp/u.json" "$tmp/out"
      cp "$tmp/out" "$tmp/u.$out"
      fmt "avx2: $out rows unavailable" "$out" "$tmp/u.$out" "$f=unavailable" "${more[@]}"
    done
    expect 1 "no MB/s on an unavailable row" grep 'MB/s' "$tmp/u.table"
  fi
  if has poseidon/fr-mul-call/bmi2; then
    expect 0 "portable: forced kernels" env ZKPRIM_CPU=portable "$Z" bench \
      'poseidon/fr-mul-call/bmi2,keccak/f1600x4/per-lane,hemera/batch/permute/kernel-avx2' "${Q[@]}" --tsv
    cp "$tmp/out" "$tmp/p.tsv"
    fmt "portable: bmi2 / avx2 kernels unavailable" tsv "$tmp/p.tsv" poseidon/fr-mul-call/bmi2=unavailable \
        keccak/f1600x4/per-lane=unavailable hemera/batch/permute/kernel-avx2=unavailable
  fi
}

formats() {
  # The first matching case is unavailable (no helper), the next ones timed.
  local filt='poseidon/anchor-circomlibjs-wasm/t2,gf2/iso/b256-to-ghash2$,keccak/f1600x8-avx512,keccak/f1600$'
  for level in avx2 portable; do
    level_ok $level || continue
    local e=(env ZKPRIM_CPU=$level PATH=/nonexistent ZKPRIM_CIRCOMLIBJS_HELPER=/nonexistent/helper)
    expect 0 "$level: table + json file" "${e[@]}" "$Z" bench "$filt" "${Q[@]}" --json "$tmp/$level.json"
    cp "$tmp/out" "$tmp/$level.table"
    fmt "$level: table parses" table "$tmp/$level.table" poseidon/anchor-circomlibjs-wasm/t2=unavailable \
        gf2/iso/b256-to-ghash2=ok keccak/f1600=ok
    fmt "$level: json parses" json "$tmp/$level.json" poseidon/anchor-circomlibjs-wasm/t2=unavailable \
        gf2/iso/b256-to-ghash2=ok keccak/f1600=ok
    expect 0 "$level: json on stdout" "${e[@]}" "$Z" bench "$filt" "${Q[@]}" --json -
    cp "$tmp/out" "$tmp/$level.stdout.json"
    fmt "$level: stdout is only JSON" json "$tmp/$level.stdout.json" poseidon/anchor-circomlibjs-wasm/t2=unavailable
    expect 0 "$level: tsv" "${e[@]}" "$Z" bench "$filt" "${Q[@]}" --tsv
    cp "$tmp/out" "$tmp/$level.tsv"
    fmt "$level: tsv parses" tsv "$tmp/$level.tsv" poseidon/anchor-circomlibjs-wasm/t2=unavailable keccak/f1600=ok
  done
  if has keccak/f1600x8-avx512 && level_ok avx2; then
    fmt "avx2: x8 unavailable in json" json "$tmp/avx2.json" keccak/f1600x8-avx512=unavailable
  fi
  expect 2 "--tsv with --json - is a usage error" "$Z" bench core "${Q[@]}" --tsv --json -
  expect 0 "compare report" env PATH=/nonexistent ZKPRIM_CIRCOMLIBJS_HELPER=/nonexistent/helper \
    "$Z" bench compare portable native 'core/dispatch,poseidon/anchor-circomlibjs-wasm/t2' "${C[@]}" --per-round
  cp "$tmp/out" "$tmp/cmp.txt"
  fmt "compare report parses" compare "$tmp/cmp.txt" core/dispatch-lookup=scored \
      "poseidon/anchor-circomlibjs-wasm/t2=A unavailable"
  # --cpu-time: the clock is named in the table, the JSON and the compare report
  expect_grep '"clock": "wall"' "$tmp/portable.json" "json names the wall clock by default"
  expect 0 "bench --cpu-time" "$Z" bench core/timer "${Q[@]}" --cpu-time --json "$tmp/cpu.json"
  expect_grep 'clock: process CPU time' "$tmp/out" "the table header names the CPU clock"
  expect_grep '"clock": "process-cpu"' "$tmp/cpu.json" "json names the CPU clock"
  fmt "--cpu-time json parses" json "$tmp/cpu.json" core/timer=ok
  expect 0 "compare --cpu-time" "$Z" bench compare portable native 'core/dispatch-lookup' "${C[@]}" --cpu-time
  cp "$tmp/out" "$tmp/cmp-cpu.txt"
  expect_grep 'process CPU time' "$tmp/cmp-cpu.txt" "compare says its slots time CPU"
  fmt "compare --cpu-time report parses" compare "$tmp/cmp-cpu.txt" core/dispatch-lookup=scored
}

exit_codes() {
  expect 0 "bench --help" "$Z" bench --help
  expect_grep "exit status" "$tmp/out" "bench --help names the exit codes"
  expect 0 "bench compare --help" "$Z" bench compare --help
  expect_grep "exit status" "$tmp/out" "compare --help names the exit codes"
  expect 2 "bench: no case matches" "$Z" bench no-such-case "${Q[@]}"
  expect_grep "no-such-case" "$tmp/err" "bench: message names the filter"
  expect 1 "bench: unwritable JSON" "$Z" bench core/timer "${Q[@]}" --json "$tmp/no/such/dir/x.json"
  if [ -w /dev/full ]; then expect 1 "bench: stdout write error" sh -c '"$0" bench core/timer --runs 1 --batch-ms 1 >/dev/full' "$Z"; fi
  printf 'not a program\n' >"$tmp/plain"
  expect 1 "compare: non-executable binary" "$Z" bench compare "$tmp/plain" native core "${C[@]}"
  expect_grep "$tmp/plain" "$tmp/err" "compare: message names the file"
  expect 1 "compare: missing binary" "$Z" bench compare "$tmp/no/such/zkprim" native core "${C[@]}"
  expect_grep "$tmp/no/such/zkprim" "$tmp/err" "compare: message names the missing file"
  printf '#!/bin/sh\nexit 3\n' >"$tmp/broken"; chmod +x "$tmp/broken"
  expect 1 "compare: a variant that fails" "$Z" bench compare "$tmp/broken" native core/timer "${C[@]}"
  expect_grep "$tmp/broken" "$tmp/err" "compare: failure names the binary"
  expect 2 "compare: no case matches" "$Z" bench compare portable native no-such-case "${C[@]}"
  expect_grep "no case matches" "$tmp/err" "compare: no-match message"
  expect 2 "compare: unknown level" "$Z" bench compare portable bogus core "${C[@]}"

  # The circomlibjs helper: absent, dying before "ready", dying after it.
  local anchors='poseidon/anchor-circomlibjs-wasm/t3,poseidon/anchor-circomlibjs-wasm/t5,core/timer'
  printf '#!/bin/sh\nexit 0\n' >"$tmp/h-early"
  printf '#!/bin/sh\necho ready\nexit 0\n' >"$tmp/h-ready"
  printf '#!/bin/sh\necho ready\nread n\necho ok\nexit 0\n' >"$tmp/h-once"
  chmod +x "$tmp/h-early" "$tmp/h-ready" "$tmp/h-once"
  for h in "$tmp/no-such-helper" "$tmp/h-early" "$tmp/h-ready" "$tmp/h-once"; do
    expect 0 "helper $(basename "$h"): bench finishes" env ZKPRIM_CIRCOMLIBJS_HELPER="$h" \
      "$Z" bench "$anchors" "${Q[@]}" --json "$tmp/h.json"
    fmt "helper $(basename "$h"): valid JSON, anchors unavailable" json "$tmp/h.json" \
        poseidon/anchor-circomlibjs-wasm/t3=unavailable poseidon/anchor-circomlibjs-wasm/t5=unavailable core/timer=ok
  done
  expect_grep "helper" "$tmp/h.json" "the reason names the helper"
  # The default path (`node tests/js/poseidon_bench.js`) with a `node` that
  # answers "ready" and exits: writing to it used to kill zkprim by SIGPIPE.
  mkdir -p "$tmp/bin" "$tmp/js/node_modules/circomlibjs"
  echo '{}' >"$tmp/js/node_modules/circomlibjs/package.json"
  cp "$tmp/h-ready" "$tmp/bin/node"
  expect 0 "dying node: bench finishes (no SIGPIPE)" env PATH="$tmp/bin:$PATH" ZKPRIM_JS_DIR="$tmp/js" \
    "$Z" bench "$anchors" "${Q[@]}" --json "$tmp/n.json"
  fmt "dying node: valid JSON, anchors unavailable" json "$tmp/n.json" \
      poseidon/anchor-circomlibjs-wasm/t3=unavailable core/timer=ok
}

long_filter() {
  # 80 words that match nothing, then the ones that do: about 2 KB in all.
  local f="" i
  for i in $(seq 1 80); do f="${f}no-such-case-$i/xxxxxxxxxx,"; done
  expect 0 "bench --list with a 2 KB filter" "$Z" bench "${f}core/timer\$,core/dispatch-lookup" --list
  expect_grep '^core/timer$' "$tmp/out" "a word after 2 KB of filter still selects its case"
  expect_grep '^core/dispatch-lookup$' "$tmp/out" "the filter's last word still selects its case"
  expect 0 "bench with a 2 KB filter" "$Z" bench "${f}core/timer\$" "${Q[@]}" --tsv
  expect_grep '^core/timer' "$tmp/out" "the case after 2 KB of filter is timed"
  expect 0 "compare with a 2 KB filter" "$Z" bench compare portable portable "${f}core/timer\$" "${C[@]}"
  expect_grep '^core/timer' "$tmp/out" "compare reports the case after 2 KB of filter"
}

case $section in
  long-filter) long_filter ;;
  compare-missing) compare_missing ;;
  unavailable) unavailable ;;
  formats) formats ;;
  exit-codes) exit_codes ;;
  *) echo "bench_test: unknown section $section"; exit 2 ;;
esac
finish "bench $section"
