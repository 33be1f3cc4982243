#!/usr/bin/env bash
# `zkprim tree -a poseidon2-*` and `zkprim hash -a poseidon2-*`: roots and
# proofs against the tree's definition computed with `zkprim poseidon2`
# (whose hash and compression poseidon2_cli.sh holds to the references'
# vectors): BN254 node = Noir's hash of the two children; 31-bit leaf = the
# sponge of the row, node = the compression. Proofs verify, a changed leaf
# or root fails (exit 1), a value >= p is exit 1, usage errors exit 2.
# Usage: poseidon2_tree_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"
T=$tmp

printf '1\n2\n3\n4\n' > "$T/l4"
printf '1 2\n3 4\n' > "$T/e4"

# BN254: root = H(H(1, 2), H(3, 4)), H = Noir's poseidon2 hash of two
h12=$("$Z" poseidon2 1 2); h34=$("$Z" poseidon2 3 4)
check "bn254 tree root" "root $("$Z" poseidon2 "$h12" "$h34")" "$("$Z" tree -a poseidon2-bn254 "$T/l4" | head -1)"
check "bn254 hash -a (Noir's hash of 1 2 3 4)" \
  "130bf204a32cac1f0ace56c78b731aa3809f06df2731ebcf6b3464a15788b1b9  $T/e4" "$("$Z" hash -a poseidon2-bn254 "$T/e4")"
"$Z" tree -a poseidon2-bn254 prove "$T/l4" 2 > "$T/pb"
R=$(head -1 "$T/pb" | cut -d' ' -f2)
check "bn254 proof sibling 0" "sibling 4" "$(sed -n 4p "$T/pb")"
check "bn254 verify" OK "$("$Z" tree -a poseidon2-bn254 verify --root "$R" "$T/pb")"
sed 's/^leaf 3/leaf 5/' "$T/pb" > "$T/pb2"
expect 1 "bn254 verify of a changed leaf" "$Z" tree -a poseidon2-bn254 verify --root "$R" "$T/pb2"
expect 1 "bn254 verify against another root" "$Z" tree -a poseidon2-bn254 verify --root 7 "$T/pb"

printf '1\n2\n3\n' > "$T/l3"
for a in babybear koalabear; do
  # rows of width 2: leaf i = hash(row i), root = compress(leaf 0, leaf 1)
  # shellcheck disable=SC2046
  want=$("$Z" poseidon2 -a poseidon2-$a --compress $("$Z" poseidon2 -a poseidon2-$a 1 2) $("$Z" poseidon2 -a poseidon2-$a 3 4))
  check "$a tree root, width 2" "root $want" "$("$Z" tree -a poseidon2-$a --width 2 "$T/l4" | head -1)"
  # width 1, four leaves, --pad of three rows gives a zero row
  # shellcheck disable=SC2046
  l=( $("$Z" poseidon2 -a poseidon2-$a 1) ) ; l2=( $("$Z" poseidon2 -a poseidon2-$a 2) )
  l3=( $("$Z" poseidon2 -a poseidon2-$a 3) ) ; l0=( $("$Z" poseidon2 -a poseidon2-$a 0) )
  n01=$("$Z" poseidon2 -a poseidon2-$a --compress "${l[@]}" "${l2[@]}")
  # shellcheck disable=SC2086
  n23=$("$Z" poseidon2 -a poseidon2-$a --compress "${l3[@]}" "${l0[@]}")
  # shellcheck disable=SC2086
  check "$a tree root, --pad" "root $("$Z" poseidon2 -a poseidon2-$a --compress $n01 $n23)" \
    "$(printf '1\n2\n3\n' | "$Z" tree -a poseidon2-$a --pad - | head -1)"
  check "$a hash -a (sponge of 1 2 3 4, hex)" \
    "$("$Z" poseidon2 -a poseidon2-$a --hex 1 2 3 4 | sed 's/0x//g; s/ //g')  $T/e4" "$("$Z" hash -a poseidon2-$a "$T/e4")"
  "$Z" tree -a poseidon2-$a prove --width 2 "$T/l4" 1 > "$T/p31"
  R=$(head -1 "$T/p31" | cut -d' ' -f2- | tr ' ' ',')
  check "$a verify" OK "$("$Z" tree -a poseidon2-$a verify --root "$R" "$T/p31")"
  sed 's/^leaf 3 4/leaf 3 5/' "$T/p31" > "$T/p312"
  expect 1 "$a verify of a changed row" "$Z" tree -a poseidon2-$a verify --root "$R" "$T/p312"
  expect 1 "$a three rows without --pad" "$Z" tree -a poseidon2-$a "$T/l3"
  printf '1\n2130706433\n' > "$T/big"
  expect 1 "$a leaf >= p" "$Z" tree -a poseidon2-$a "$T/big"
  expect 2 "$a --width 0" "$Z" tree -a poseidon2-$a --width 0 "$T/l4"
done
expect 1 "bn254 three leaves" "$Z" tree -a poseidon2-bn254 "$T/l3"

# Multiproofs (prove / verify --multi): the siblings are the single proofs'
# (BN254 leaves 1 and 2 of 0..3 for {0, 3}; a 31-bit leaf digest is the
# sponge of its row, its 8 elements big-endian), verify takes the whole file
# or the opened rows; a changed row, a short multiproof, another algorithm's
# multiproof and a sibling >= p fail (exit 1), a repeated index is a usage
# error (exit 2).
seq 1 16 > "$T/l16"
"$Z" tree -a poseidon2-bn254 prove --multi 3,0 "$T/l16" > "$T/mb"
check "bn254 multiproof header" "algorithm poseidon2-bn254 leaves 16 indices 0,3" "$(sed -n 2,4p "$T/mb" | tr '\n' ' ' | sed 's/ $//')"
check "bn254 multiproof siblings 0, 1 (leaves 2 and 3)" \
  "$(printf '%064x\n%064x' 2 3)" "$(sed -n 5,6p "$T/mb")"
RB=$("$Z" tree -a poseidon2-bn254 "$T/l16" | head -1 | cut -d' ' -f2)
check "bn254 verify --multi, whole file" OK "$("$Z" tree -a poseidon2-bn254 verify --multi "$RB" "$T/l16" "$T/mb")"
printf '1\n4\n' > "$T/ob"
check "bn254 verify --multi, opened leaves" OK "$("$Z" tree -a poseidon2-bn254 verify --multi "$RB" "$T/ob" "$T/mb" --threads 2)"
printf '1\n5\n' > "$T/ob2"
expect 1 "bn254 verify --multi of a changed leaf" "$Z" tree -a poseidon2-bn254 verify --multi "$RB" "$T/ob2" "$T/mb"
for a in babybear koalabear; do
  "$Z" tree -a poseidon2-$a prove --multi 1,5,6 --width 2 "$T/l16" > "$T/m31"
  # the first sibling is leaf 0's digest: the sponge of row (1, 2)
  check "$a multiproof sibling 0" "$("$Z" poseidon2 -a poseidon2-$a --hex 1 2 | sed 's/0x//g; s/ //g')" "$(sed -n 5p "$T/m31")"
  R=$("$Z" tree -a poseidon2-$a --width 2 "$T/l16" | head -1 | cut -d' ' -f2- | tr ' ' ',')
  check "$a verify --multi, whole file" OK "$("$Z" tree -a poseidon2-$a verify --multi "$R" "$T/l16" "$T/m31" --width 2)"
  printf '3\n4\n11\n12\n13\n14\n' > "$T/o31"
  check "$a verify --multi, opened rows" OK "$("$Z" tree -a poseidon2-$a verify --multi "$R" "$T/o31" "$T/m31" --width 2 --threads 3)"
  printf '3\n4\n11\n12\n13\n15\n' > "$T/o312"
  expect 1 "$a verify --multi of a changed row" "$Z" tree -a poseidon2-$a verify --multi "$R" "$T/o312" "$T/m31" --width 2
  sed '$d' "$T/m31" > "$T/m31s"
  expect 1 "$a verify --multi of a short multiproof" "$Z" tree -a poseidon2-$a verify --multi "$R" "$T/o31" "$T/m31s" --width 2
  sed '5s/^......../ffffffff/' "$T/m31" > "$T/m31b"
  expect 1 "$a verify --multi, a sibling >= p" "$Z" tree -a poseidon2-$a verify --multi "$R" "$T/o31" "$T/m31b" --width 2
  expect 1 "$a verify --multi of a bn254 multiproof" "$Z" tree -a poseidon2-$a verify --multi "$R" "$T/o31" "$T/mb" --width 2
  expect 2 "$a prove --multi with a repeated index" "$Z" tree -a poseidon2-$a prove --multi 1,1 --width 2 "$T/l16"
  expect 1 "$a prove --multi past the last leaf" "$Z" tree -a poseidon2-$a prove --multi 8 --width 2 "$T/l16"
done
"$Z" hash -a poseidon2-koalabear "$T/e4" > "$T/sums"
expect 0 "hash -a poseidon2-koalabear --check" "$Z" hash -a poseidon2-koalabear --check "$T/sums"
printf '1 2 3 5\n' > "$T/e4"
expect 1 "hash -a poseidon2-koalabear --check of a changed file" "$Z" hash -a poseidon2-koalabear --check "$T/sums"
expect_grep "poseidon2-bn254" <("$Z" hash --help | grep '^newlines') "hash --help lists the element hashes"
expect 1 "hash -a poseidon2-bn254 of a non-number" sh -c "echo 1 x | '$Z' hash -a poseidon2-bn254 -"
finish poseidon2-tree-cli
