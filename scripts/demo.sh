#!/usr/bin/env bash
# The main job: what zkprim is for, in under a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
case $BUILD in
/*) Z=$BUILD/zkprim ;; # ctest `demo` passes its build directory
*) Z=./$BUILD/zkprim ;;
esac
SAMPLE=docs/sample.txt

echo "== zkprim info =="
$Z info
echo
echo "== hashing $SAMPLE with every algorithm =="
for algo in $($Z hash --help | sed -n 's/^algorithms: *//p'); do
  algo=${algo%(xof)}
  printf '%-10s ' "$algo"
  $Z hash -a "$algo" "$SAMPLE"
done
for algo in $($Z tree --help | sed -n 's/^  -a //p'); do
  case $algo in lean-imt | oz | poseidon | poseidon2-*) continue ;; esac # their inputs are members / values / field elements: below
  printf 'tree %-10s ' "$algo"
  $Z tree -a "$algo" "$SAMPLE"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '1\n2\n3\n' >"$tmp/members"
echo
echo "== Semaphore's LeanIMT (Poseidon) of the members 1, 2, 3: root and depth =="
$Z tree -a lean-imt "$tmp/members"
echo
echo "== a Poseidon (circom) Merkle tree of the leaves 1, 2, 3, 4: root and depth =="
printf '1\n2\n3\n4\n' >"$tmp/leaves"
$Z tree -a poseidon "$tmp/leaves"
echo
echo "== an OpenZeppelin StandardMerkleTree of (address, uint256) leaves, as the npm package's dump() =="
printf '%s\n' '[["0x1111111111111111111111111111111111111111", "5000000000000000000"],' \
  ' ["0x2222222222222222222222222222222222222222", "2500000000000000000"]]' >"$tmp/values.json"
$Z tree oz --types address,uint256 "$tmp/values.json"
echo
echo "== Poseidon2 Merkle trees of the elements 1 .. 4: Plonky3's MerkleTreeMmcs over BabyBear, Noir's hash over BN254 =="
$Z tree -a poseidon2-babybear "$tmp/leaves"
$Z tree -a poseidon2-bn254 "$tmp/leaves"
echo
echo "== Poseidon (BN254, circom parameters) of the field elements 1 and 2, as circomlibjs prints it =="
$Z poseidon 1 2
echo
echo "== GF(2^256): the b256 <-> ghash2 isomorphism, timed by field-bench =="
$Z field-bench --isomorphism --min-log 10 --max-log 10 --samples 3
echo
echo "== a short benchmark (medians of 5 batches; 'make bench' runs the full table) =="
$Z bench "$(cat scripts/demo-bench-filter.txt)" --runs 5 --batch-ms 4
