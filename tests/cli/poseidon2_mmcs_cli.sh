#!/usr/bin/env bash
# `zkprim tree -a poseidon2-{babybear,koalabear} --mmcs W:FILE ...`: Plonky3's
# MerkleTreeMmcs root against its definition computed with `zkprim poseidon2`
# (hash and compression, which poseidon2_cli.sh holds to the references'
# vectors): matrices A (3 rows of 2), B (2 rows of 1), C (3 rows of 3);
# level 0 digest i = hash(A_i || C_i), padded with the zero digest; level 1
# node i = compress(compress(pair i), hash(B_i)); the root their compression.
# One matrix = tree --width; off-ladder heights exit 1, usage errors exit 2.
# Usage: poseidon2_mmcs_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"
T=$tmp

printf '%s\n' 1 2 3 4 5 6 > "$T/a"
printf '%s\n' 7 8 > "$T/b"
printf '%s\n' 9 10 11 12 13 14 15 16 17 > "$T/c"
printf '%s\n' 1 2 3 4 5 6 7 8 > "$T/l8"
zero=(0 0 0 0 0 0 0 0)
for a in babybear koalabear; do
  H() { "$Z" poseidon2 -a "poseidon2-$a" "$@"; }
  C() { "$Z" poseidon2 -a "poseidon2-$a" --compress "$@"; }
  read -ra l0 <<< "$(H 1 2 9 10 11)"; read -ra l1 <<< "$(H 3 4 12 13 14)"; read -ra l2 <<< "$(H 5 6 15 16 17)"
  read -ra b0 <<< "$(H 7)"; read -ra b1 <<< "$(H 8)"
  read -ra c01 <<< "$(C "${l0[@]}" "${l1[@]}")"; read -ra c2z <<< "$(C "${l2[@]}" "${zero[@]}")"
  read -ra n0 <<< "$(C "${c01[@]}" "${b0[@]}")"; read -ra n1 <<< "$(C "${c2z[@]}" "${b1[@]}")"
  want=$(C "${n0[@]}" "${n1[@]}")
  check "$a mmcs root (heights 3, 2, 3)" "root $want" \
    "$("$Z" tree -a "poseidon2-$a" --mmcs 2:"$T/a" 1:"$T/b" 3:"$T/c" | head -1)"
  check "$a mmcs height and count" "height 3 matrices 3" \
    "$("$Z" tree -a "poseidon2-$a" --mmcs 2:"$T/a" 1:"$T/b" 3:"$T/c" | tail -2 | tr '\n' ' ' | sed 's/ $//')"
  check "$a mmcs of one matrix = tree --width" "$("$Z" tree -a "poseidon2-$a" --width 2 "$T/l8" | head -1)" \
    "$("$Z" tree -a "poseidon2-$a" --mmcs 2:"$T/l8" | head -1)"
  expect 1 "$a mmcs heights 4 and 3 (off the ladder)" "$Z" tree -a "poseidon2-$a" --mmcs 2:"$T/l8" 2:"$T/a"
  expect 1 "$a mmcs of a file that is not whole rows" "$Z" tree -a "poseidon2-$a" --mmcs 4:"$T/a"
done
expect 2 "mmcs on bn254" "$Z" tree -a poseidon2-bn254 --mmcs 1:"$T/a"
expect 2 "mmcs without a width" "$Z" tree -a poseidon2-babybear --mmcs "$T/a"
expect 2 "mmcs of nothing" "$Z" tree -a poseidon2-babybear --mmcs
finish poseidon2-mmcs-cli
