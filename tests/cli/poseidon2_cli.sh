#!/usr/bin/env bash
# `zkprim poseidon2`: the references' vectors through the CLI (Noir's hash of
# 1 2 3 4 and permutation of zeros, Plonky3's BabyBear / KoalaBear width-16
# permutation test), the 31-bit hash and compression against the permutation
# they are defined by, the HorizenLabs reference instances' known answers,
# and the exit codes (1 for a value >= p, 2 for usage).
# Usage: poseidon2_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

check "bn254 hash 1 2 3 4" 0x130bf204a32cac1f0ace56c78b731aa3809f06df2731ebcf6b3464a15788b1b9 \
  "$("$Z" poseidon2 --hex 1 2 3 4)"
check "bn254 permute 0 0 0 0 (lane 0)" 0x18dfb8dc9b82229cff974efefc8df78b1ce96d9d844236b496785c698bc6732e \
  "$("$Z" poseidon2 -a poseidon2-bn254 --permute --hex 0 0 0 0 | cut -d' ' -f1)"
IN16="894848333 1437655012 1200606629 1690012884 71131202 1749206695 1717947831 120589055 19776022 42382981 1831865506 724844064 171220207 1299207443 227047920 1783754913"
# shellcheck disable=SC2086
check "babybear16 permute" "516096821 90309867 1101817252 1660784290 360715097 1789519026 1788910906 563338433 319524748 1741414159 1650859320 894311162 1121347488 1692793758 1052633829 1344246938" \
  "$("$Z" poseidon2 -a poseidon2-babybear --permute $IN16)"
# shellcheck disable=SC2086
check "koalabear16 permute" "1934285469 604889435 133449501 1026180808 1830659359 176667110 1391183747 351743874 1238264085 1292768839 2023573270 1201586780 1360691759 1230682461 748270449 651545025" \
  "$("$Z" poseidon2 -a poseidon2-koalabear --permute $IN16)"
# hash of 8 elements = first 8 lanes of permute(x || 0^8); compress(l, r) = first 8 of permute(l || r)
for a in babybear koalabear; do
  P=$("$Z" poseidon2 -a poseidon2-$a --permute 1 2 3 4 5 6 7 8 0 0 0 0 0 0 0 0 | cut -d' ' -f1-8)
  check "$a hash of 8" "$P" "$("$Z" poseidon2 -a poseidon2-$a 1 2 3 4 5 6 7 8)"
  # shellcheck disable=SC2086
  C=$("$Z" poseidon2 -a poseidon2-$a --permute $IN16 | cut -d' ' -f1-8)
  # shellcheck disable=SC2086
  check "$a compress" "$C" "$("$Z" poseidon2 -a poseidon2-$a --compress $IN16)"
done
expect 1 "babybear p" "$Z" poseidon2 -a poseidon2-babybear 2013265921
expect 1 "koalabear 2^32" "$Z" poseidon2 -a poseidon2-koalabear 4294967296
expect 1 "bn254 p" "$Z" poseidon2 21888242871839275222246405745257275088548364400416034343698204186575808495617
expect 2 "unknown algorithm" "$Z" poseidon2 -a poseidon2-goldilocks 1
expect 2 "permute width" "$Z" poseidon2 -a poseidon2-babybear --permute 1 2 3
expect 2 "not a number" "$Z" poseidon2 one
expect 0 "help" "$Z" poseidon2 --help
# The HorizenLabs reference instances: the reference's own known answers
# (tests/vectors/poseidon2-horizen/vectors.txt), read from the vector file.
V="$(dirname "$0")/../vectors/poseidon2-horizen/vectors.txt"
while read -r field t _ rest; do
  case $field in ''|'#'*) continue ;; esac
  ins=${rest%% -> *}
  want=${rest#* -> }
  want=${want%%#*}
  # shellcheck disable=SC2086
  check "horizen $field t=$t" "$(echo $want)" "$("$Z" poseidon2 -a "poseidon2-horizen-${field/_/-}" --hex $ins)"
done < "$V"
expect 1 "horizen goldilocks p" "$Z" poseidon2 -a poseidon2-horizen-goldilocks 0 0 0 0 0 0 0 18446744069414584321
expect 1 "horizen babybear 2^32" "$Z" poseidon2 -a poseidon2-horizen-babybear 4294967296 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
expect 2 "horizen width" "$Z" poseidon2 -a poseidon2-horizen-pallas 1 2
expect 2 "horizen compress" "$Z" poseidon2 -a poseidon2-horizen-vesta --compress 1 2 3
expect 2 "horizen unknown field" "$Z" poseidon2 -a poseidon2-horizen-koalabear 1
finish poseidon2-cli
