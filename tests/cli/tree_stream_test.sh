#!/usr/bin/env bash
# Streamed `zkprim tree` (and `zkprim hash`'s progress options):
#  - the root printed for a FILE and for the same bytes on standard input
#    (a pipe, so the size is unknown) equals the one-shot root of the whole
#    file in memory (tree_oneshot), for -a hemera (fixed, with and without
#    --threads; --cdc) and -a keccak256 (several leaf sizes, with and
#    without --threads), at sizes around the chunk, buffer and thread-block
#    boundaries;
#  - --progress draws on stderr and leaves stdout unchanged, --no-progress
#    draws nothing;
#  - the maximum resident set of `tree -a hemera` (fixed and --cdc) and
#    `tree -a keccak256` over a 192 MiB sparse file (64 MiB in a slow
#    stage) stays under 64 MiB (a tree that held the file could not pass)
#    (/usr/bin/time -v; skipped, exit 77, when it is not installed).
Z=$1 ONE=$2
. "$(dirname "$0")/lib.sh"

root_of() { "$Z" tree "$@" | cut -c1-64; }

# (16 MiB + 1 and 33 MiB - 1: the threaded keccak256 tree's blocks of 64-byte
# leaves, 8 MiB on 2 and 3 threads: whole blocks, then a tail). ZKPRIM_TEST_N
# below 1000 marks a slow stage (the asan one): 9 MiB and 33 MiB - 1 are left
# out there (16 MiB + 1 is whole blocks and a tail on both thread counts).
sizes="0 1 4095 4096 4097 65535 65536 65537 $((16 * 4096 + 1)) $((1048576 - 1)) $((3 * 1048576 + 12345)) $((16 * 1048576 + 1))"
if ! slow_stage; then
  sizes="$sizes $((9 * 1048576)) $((33 * 1048576 - 1))"
fi
for size in $sizes
do
  head -c "$size" /dev/urandom >"$tmp/f"
  want=$("$ONE" fixed "$tmp/f")
  check "fixed root of $size bytes (file)" "$want" "$(root_of -a hemera "$tmp/f")"
  check "fixed root of $size bytes (stdin)" "$want" "$(cat "$tmp/f" | root_of -a hemera -)"
  check "fixed root of $size bytes (--threads 3)" "$want" "$(root_of -a hemera --threads 3 "$tmp/f")"
  check "fixed root of $size bytes (stdin, --threads 2)" "$want" "$(cat "$tmp/f" | root_of -a hemera --threads 2 -)"
  want=$("$ONE" cdc "$tmp/f")
  check "cdc root of $size bytes (file)" "$want" "$(root_of -a hemera --cdc "$tmp/f")"
  check "cdc root of $size bytes (stdin)" "$want" "$(cat "$tmp/f" | root_of -a hemera --cdc -)"
  for leaf in 1 64 5000; do
    [ "$leaf" = 1 ] && [ "$size" -gt 70000 ] && continue
    want=$("$ONE" keccak "$leaf" "$tmp/f")
    check "keccak256 root, leaf $leaf, $size bytes (file)" "$want" "$(root_of -a keccak256 --leaf-size "$leaf" "$tmp/f")"
    check "keccak256 root, leaf $leaf, $size bytes (stdin)" "$want" \
      "$(cat "$tmp/f" | root_of -a keccak256 --leaf-size "$leaf" -)"
    [ "$leaf" = 1 ] && continue
    check "keccak256 root, leaf $leaf, $size bytes (--threads 2)" "$want" \
      "$(root_of -a keccak256 --leaf-size "$leaf" --threads 2 "$tmp/f")"
    check "keccak256 root, leaf $leaf, $size bytes (stdin, --threads 3)" "$want" \
      "$(cat "$tmp/f" | root_of -a keccak256 --leaf-size "$leaf" --threads 3 -)"
  done
done

# progress: forced on, it writes to stderr only; forced off, nothing
head -c 3000000 /dev/urandom >"$tmp/p"
want=$("$ONE" fixed "$tmp/p")
expect 0 "tree --progress" "$Z" tree -a hemera --progress "$tmp/p"
check "tree --progress stdout" "$want" "$(cat "$tmp/out")"
expect 0 "tree --no-progress" "$Z" tree -a hemera --no-progress "$tmp/p"
check "tree --no-progress stderr" "" "$(cat "$tmp/err")"
expect 0 "hash --progress" "$Z" hash -a hemera --progress "$tmp/p"
expect 0 "hash --no-progress" "$Z" hash -a hemera --no-progress "$tmp/p"
check "hash --no-progress stderr" "" "$(cat "$tmp/err")"
expect 0 "keccak tree --progress" "$Z" tree -a keccak256 --progress "$tmp/p"
expect 2 "tree --progress=x is unknown" "$Z" tree -a hemera --progress=x "$tmp/p"

# bounded memory: a 192 MiB sparse file (64 MiB in a slow stage, where each
# MiB costs ASan's instrumentation: a tree that held the file still cannot
# stay under the bound)
if [ -x /usr/bin/time ]; then
  big_mib=192
  if slow_stage; then big_mib=64; fi
  truncate -s "${big_mib}M" "$tmp/big"
  for args in "-a hemera" "-a hemera --threads 2" "-a hemera --cdc" "-a keccak256" "-a keccak256 --threads 2"; do
    # shellcheck disable=SC2086
    # Under ASan a freed block stays in the allocator's quarantine (256 MiB by
    # default), so a program that frees and reallocates per block (the threaded
    # keccak256 tree's scratch) shows the quarantine, not its own bound: keep
    # the quarantine small here (ASAN_OPTIONS is ignored by other builds).
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=8" \
      /usr/bin/time -v "$Z" tree $args --no-progress "$tmp/big" >"$tmp/out" 2>"$tmp/err"
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/err")
    if [ -n "$kb" ] && [ "$kb" -lt 65536 ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL: tree $args on $big_mib MiB: max RSS ${kb:-?} KiB, want < 65536"; fi
  done
  finish tree_stream_cli
else
  finish tree_stream_cli || exit 1
  echo "SKIP: /usr/bin/time is not installed (the RSS checks need it)"
  exit 77
fi
