#!/bin/sh
# CLI checks for `zkprim hash` (Keccak family) and `zkprim tree -a keccak256`,
# against python3's hashlib (SHA3/SHAKE) and fixed Keccak-256 known answers.
set -eu
Z=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 131 + 7) % 256 for i in range(5000)))' > "$T/data"
: > "$T/empty"
fail() { echo "FAIL: $*"; exit 1; }

# Keccak-256 of the empty string (Ethereum's well-known value)
[ "$("$Z" hash -a keccak256 "$T/empty" | cut -d' ' -f1)" = c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 ] || fail keccak256 empty
for a in sha3-224 sha3-256 sha3-384 sha3-512; do
  want=$(python3 -c "import hashlib,sys; print(hashlib.new(sys.argv[2].replace('-','_'), open(sys.argv[1],'rb').read()).hexdigest())" "$T/data" "$a")
  got=$("$Z" hash -a "$a" < "$T/data" | cut -d' ' -f1)
  [ "$got" = "$want" ] || fail "$a: $got != $want"
done
for a in shake128 shake256; do
  want=$(python3 -c "import hashlib,sys; print(hashlib.new(sys.argv[2], open(sys.argv[1],'rb').read()).hexdigest(333))" "$T/data" "$a")
  got=$("$Z" hash -a "$a" --length 333 "$T/data" | cut -d' ' -f1)
  [ "$got" = "$want" ] || fail "$a --length 333"
done
# --check round trip, and a corrupted line fails
"$Z" hash -a sha3-256 "$T/data" "$T/empty" > "$T/sums"
"$Z" hash -a sha3-256 --check "$T/sums" > /dev/null || fail "--check of own output"
sed 's/^./0/;s/^00/11/' "$T/sums" > "$T/bad"
if "$Z" hash -a sha3-256 --check "$T/bad" > /dev/null 2>&1; then fail "--check accepted a bad digest"; fi
# usage errors exit 2
set +e
"$Z" hash -a sha3-256 --length 5 "$T/data" > /dev/null 2>&1; [ $? = 2 ] || fail "fixed-length --length accepted"
"$Z" tree -a keccak256 --leaf-size 0 "$T/data" > /dev/null 2>&1; [ $? = 2 ] || fail "tree --leaf-size 0"
"$Z" tree -a keccak256 "$T/data" "$T/data" > /dev/null 2>&1; [ $? = 2 ] || fail "tree with two files"
set -e
# tree: SHA3-256 variant against a python recursion (same leaf rules)
for ls in 64 100 5000 7000; do
  for th in 1 2; do
    got=$("$Z" tree -a keccak256 --sha3 --leaf-size $ls --threads $th "$T/data" | cut -d' ' -f1)
    want=$(python3 - "$T/data" $ls <<'PY'
import hashlib, sys
d = open(sys.argv[1], 'rb').read(); ls = int(sys.argv[2])
leaves = [hashlib.sha3_256(d[i:i + ls]).digest() for i in range(0, len(d), ls)] or [hashlib.sha3_256(b'').digest()]
n = 1
while n < len(leaves): n *= 2
leaves += [bytes(32)] * (n - len(leaves))
while len(leaves) > 1:
    leaves = [hashlib.sha3_256(leaves[i] + leaves[i + 1]).digest() for i in range(0, len(leaves), 2)]
print(leaves[0].hex())
PY
)
    [ "$got" = "$want" ] || fail "tree --sha3 --leaf-size $ls --threads $th: $got != $want"
  done
done
# the default leaf size is 64
[ "$("$Z" tree -a keccak256 "$T/data")" = "$("$Z" tree -a keccak256 --leaf-size 64 "$T/data")" ] || fail "default leaf size"
# keccak256 tree of one 64-byte leaf chunk = Keccak-256 of the chunk
head -c 64 "$T/data" > "$T/d64"
[ "$("$Z" tree -a keccak256 --leaf-size 64 "$T/d64" | cut -d' ' -f1)" = "$("$Z" hash -a keccak256 "$T/d64" | cut -d' ' -f1)" ] || fail "single-leaf tree"
echo "keccak CLI: all checks passed"
