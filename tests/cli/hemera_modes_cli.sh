#!/usr/bin/env bash
# End-to-end checks of `zkprim hash -a hemera` and `zkprim tree -a hemera`
# (roots, prove, verify) against values from tests/vectors/hemera.json.
# Usage: hemera_modes_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"
expect_out() { # expected-first-word description
  if [ "$(awk 'NR==1{print $1}' "$tmp/out")" = "$1" ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL: $2: got '$(head -c 200 "$tmp/out")', want '$1'"; fi
}

: > "$tmp/empty"
printf hello > "$tmp/hello"
head -c 4096 /dev/zero > "$tmp/zeros"
printf 'xof test' > "$tmp/xof"
printf 'test material' > "$tmp/material"

# hash: plain, XOF, keyed (key on stdin), derive-key
expect 0 "hash hello" "$Z" hash -a hemera "$tmp/hello"
expect_out e1b19b8235443e9fac8f1d6a1203de66e9a58c53e36cbbc1f71a031c3d13ce77 "hash hello"
expect 0 "hash empty" "$Z" hash -a hemera "$tmp/empty"
expect_out a67a71b221e6bdd6442a20432bf5d74c885d89e5dfbeec3ec4e334cb806d563c "hash empty"
expect 0 "xof 100" "$Z" hash -a hemera --length 100 "$tmp/xof"
expect_out b2189ff97df47af02841c2ba4077bef0fb9f5594fd37e66366505713a3d4f0b4226195fdb1e7aa1958802b694d465f1b6b07ce118884440d342aef09560236c362a8da6012e76c196cecad20aa96d2417f95838e68be786fe30797b4058c5dcbd8a77e23 "xof 100"
printf '\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f' > "$tmp/key"
expect 0 "keyed xof 64" sh -c "'$Z' hash -a hemera --keyed --length 64 '$tmp/xof' < '$tmp/key'"
expect_out 37da1aa442dd56fe7749c809a18fb2e2402398c51f19299e2ae36fb3ddef548ad109fd88f29f8b1f2e50b9a79f603c7c131777dca0aed1548aa32b1fe1109176 "keyed xof"
expect 2 "keyed short key" sh -c "printf 'abc' | '$Z' hash -a hemera --keyed '$tmp/xof'"
expect 0 "derive-key" "$Z" hash -a hemera --derive-key "test context" "$tmp/material"
expect_out 8c001612a68bc3c3b7caf998c361bfff6dddb3ff64a5cd1a0ba855277fd28e13 "derive-key"

# roots: fixed (default) and --cdc
expect 0 "root empty" "$Z" tree -a hemera "$tmp/empty"
expect_out ea57b2e6b1ec7d2de11b15cb6d7060dd61d247fe0fbf5f7d3fb97a7be9328552 "root empty"
expect 0 "root hello" "$Z" tree -a hemera "$tmp/hello"
expect_out 626fa46e4e7bd5c87d630eef8333931a0b9198587400a0191eae7821692880d7 "root hello"
expect 0 "root 4k zeros" "$Z" tree -a hemera "$tmp/zeros"
expect_out 66a2b0f7356486c81cadeb735ed5dda43a5842040e73ea2583ca2b4c63edccf0 "root 4k zeros (fixed)"
expect 0 "cdc root 4k zeros" "$Z" tree -a hemera --cdc "$tmp/zeros"
expect_out 70dd43dc2b05ed452c869cc57da7a8bb61d5e67e01f532b26a669b1a0d5910b5 "root 4k zeros (cdc)"
expect 0 "root stdin" sh -c "printf hello | '$Z' tree -a hemera -"
expect_out 626fa46e4e7bd5c87d630eef8333931a0b9198587400a0191eae7821692880d7 "root stdin"
expect 1 "root missing file" "$Z" tree -a hemera "$tmp/missing"
expect 2 "root no file" "$Z" tree -a hemera
expect 2 "root bad option" "$Z" tree -a hemera --frob "$tmp/hello"
expect 2 "root two files" "$Z" tree -a hemera "$tmp/hello" "$tmp/hello"

# proofs: every chunk of a 5-chunk file (last one partial), whole file or chunk as DATA;
# the pattern's period (251) keeps the chunks distinct
python3 -c "import sys; sys.stdout.buffer.write(bytes((i * 7 + 3) % 251 for i in range(4 * 4096 + 1000)))" > "$tmp/data" 2>/dev/null ||
  head -c 17384 /dev/urandom > "$tmp/data"
"$Z" tree -a hemera "$tmp/data" > "$tmp/root"
root=$(cat "$tmp/root")
for i in 0 1 2 3 4; do
  expect 0 "prove $i" sh -c "'$Z' tree -a hemera prove '$tmp/data' $i > '$tmp/p$i'"
  expect 0 "verify $i (whole file)" "$Z" tree -a hemera verify "$root" "$tmp/data" $i "$tmp/p$i"
  expect_out OK "verify $i prints OK"
  dd if="$tmp/data" of="$tmp/c$i" bs=4096 skip=$i count=1 2>/dev/null
  expect 0 "verify $i (chunk file)" "$Z" tree -a hemera verify "$root" "$tmp/c$i" $i "$tmp/p$i"
done
expect 1 "verify wrong index" "$Z" tree -a hemera verify "$root" "$tmp/c1" 2 "$tmp/p1"
expect 1 "verify other chunk" "$Z" tree -a hemera verify "$root" "$tmp/c2" 1 "$tmp/p1"
expect_out FAILED: "verify other chunk prints FAILED"
cp "$tmp/c1" "$tmp/bad"; flip_byte "$tmp/bad" 100
expect 1 "verify tampered chunk" "$Z" tree -a hemera verify "$root" "$tmp/bad" 1 "$tmp/p1"
cp "$tmp/p1" "$tmp/badp"; printf 'X' | dd of="$tmp/badp" bs=1 seek=40 conv=notrunc 2>/dev/null
expect 1 "verify tampered sibling" "$Z" tree -a hemera verify "$root" "$tmp/c1" 1 "$tmp/badp"
head -c $(( $(wc -c < "$tmp/p1") - 32 )) "$tmp/p1" > "$tmp/shortp"
expect 1 "verify short proof" "$Z" tree -a hemera verify "$root" "$tmp/c1" 1 "$tmp/shortp"
expect 1 "verify wrong root" "$Z" tree -a hemera verify "$(printf '%064d' 0)" "$tmp/c1" 1 "$tmp/p1"
# DATA of neither length the proof allows (the whole file's 17384 bytes, or
# chunk 4's 1000 / chunk 1's 4096) is named as such, not as a wrong root
head -c 17383 "$tmp/data" > "$tmp/short"
expect 1 "verify DATA one byte short of the file" "$Z" tree -a hemera verify "$root" "$tmp/short" 4 "$tmp/p4"
expect_grep "^FAILED: $tmp/short has 17383 bytes: neither the whole file (17384 bytes) nor chunk 4 (1000 bytes)" \
  "$tmp/out" "one byte short: neither the file nor the chunk"
head -c 4095 "$tmp/c1" > "$tmp/shortc"
expect 1 "verify chunk one byte short" "$Z" tree -a hemera verify "$root" "$tmp/shortc" 1 "$tmp/p1"
expect_grep "has 4095 bytes: neither the whole file (17384 bytes) nor chunk 1 (4096 bytes)" "$tmp/out" \
  "short chunk: neither"
expect 1 "verify not a proof" "$Z" tree -a hemera verify "$root" "$tmp/c1" 1 "$tmp/hello"
expect 2 "verify bad root hex" "$Z" tree -a hemera verify xyz "$tmp/c1" 1 "$tmp/p1"
expect 2 "verify bad index" "$Z" tree -a hemera verify "$root" "$tmp/c1" one "$tmp/p1"
expect 1 "verify missing proof" "$Z" tree -a hemera verify "$root" "$tmp/c1" 1 "$tmp/missing"
expect 1 "prove out of range" sh -c "'$Z' tree -a hemera prove '$tmp/data' 5 > '$tmp/p5'"
expect 2 "prove bad index" sh -c "'$Z' tree -a hemera prove '$tmp/data' -1 > '$tmp/p5'"
expect 1 "prove missing file" sh -c "'$Z' tree -a hemera prove '$tmp/missing' 0 > '$tmp/p5'"

finish hemera_modes_cli
