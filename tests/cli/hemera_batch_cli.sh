#!/usr/bin/env bash
# End-to-end checks of `zkprim tree -a hemera --threads N`: the same root
# for every thread count, equal to the pinned tree_fixed_4k vectors
# (tests/vectors/hemera.json) where they apply, and usage errors (exit 2).
# Usage: hemera_batch_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

# pat(n): byte i = i mod 251
pat() { python3 -c "import sys; sys.stdout.buffer.write(bytes(i % 251 for i in range($1)))" > "$2"; }
if command -v python3 >/dev/null; then
  pat 65636 "$tmp/p65636"
  pat 12289 "$tmp/p12289"
  for t in 1 2 3 8; do
    check "pat(65636) --threads $t" c9f0587d7297753f7273b48c3be66591e1e3d525271061d4f68bd8911ed74664 \
      "$("$Z" tree -a hemera --threads $t "$tmp/p65636")"
    check "pat(12289) --threads $t" a8dec795ffb3fe8f2877f86cc7a1ec187a6e34aa8360abacee495a058160f32e \
      "$("$Z" tree -a hemera --threads $t "$tmp/p12289")"
  done
fi
head -c 300000 /dev/urandom > "$tmp/r"
want=$("$Z" tree -a hemera "$tmp/r")
for t in 1 2 3 5 8 64; do check "random --threads $t" "$want" "$("$Z" tree -a hemera --threads $t "$tmp/r")"; done
printf hello > "$tmp/hello"
check "hello --threads 2" 626fa46e4e7bd5c87d630eef8333931a0b9198587400a0191eae7821692880d7 "$("$Z" tree -a hemera --threads 2 "$tmp/hello")"
for bad in 0 65 x -1 ""; do
  "$Z" tree -a hemera --threads "$bad" "$tmp/r" >/dev/null 2>&1
  check "--threads '$bad' is a usage error" 2 "$?"
done
"$Z" tree -a hemera "$tmp/r" --threads >/dev/null 2>&1
check "--threads without a count" 2 "$?"
"$Z" tree -a hemera --cdc --threads 2 "$tmp/r" >/dev/null 2>&1
check "--threads with --cdc" 2 "$?"
finish hemera_batch_cli
