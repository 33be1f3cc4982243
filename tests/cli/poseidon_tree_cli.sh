#!/usr/bin/env bash
# End-to-end checks of `zkprim tree -a poseidon` (root, prove / verify, prove /
# verify --multi) against poseidon_tree_oracle.py, a round-by-round Poseidon
# from circomlibjs' constants with the tree, proof and multiproof written out
# definitionally: roots (decimal and --hex, --pad), every proof and multiproof
# byte for byte; every proof verifies, every tampering (root, leaf, index, each
# sibling, one sibling more or less, an element >= p) is FAILED (exit 1); bad
# LEAVES are data errors (exit 1), bad arguments usage errors (exit 2).
# Usage: poseidon_tree_cli.sh ZKPRIM   (needs python3: tests/poseidon_tree.cmake registers it only then)
set -uo pipefail
Z=$1
D=$(dirname "$0")
. "$D/lib.sh"
if ! command -v python3 >/dev/null; then echo "poseidon_tree_cli: python3 not found (the oracle)"; exit 1; fi
O() { python3 "$D/poseidon_tree_oracle.py" "$@"; }
P=21888242871839275222246405745257275088548364400416034343698204186575808495617
seed=${ZKPRIM_TEST_SEED:-$(date +%s)}
echo "poseidon_tree_cli: seed $seed"
# ZKPRIM_TEST_N below 1000 marks a slow stage (sanitizers, emulation): fewer
# trees and index lists, the same kinds of check.
sizes="1 2 4 8 16 32" lists="0 31 5,3,17 0,1,2,3 0,31 1,2,4,8,16 $(seq -s, 0 31)"
if slow_stage; then
  sizes="1 2 8 32" lists="0 5,3,17 $(seq -s, 0 31)"
fi

# ---- roots and single proofs --------------------------------------------------------
for n in $sizes; do
  O random "$n" "$seed:$n" > "$tmp/l$n"
  want=$(O root "$tmp/l$n")
  expect 0 "root of $n leaves" "$Z" tree -a poseidon "$tmp/l$n"
  check "root of $n leaves vs oracle" "$want" "$(cat "$tmp/out")"
  R=$(echo "$want" | sed -n 's/^root //p')
  check "--hex root of $n leaves" "$(python3 -c "print('root 0x%064x' % $R)")" "$("$Z" tree -a poseidon --hex "$tmp/l$n" | head -1)"
  for i in 0 $((n / 2)) $((n - 1)); do
    expect 0 "prove $i of $n" "$Z" tree -a poseidon prove "$tmp/l$n" "$i"
    check "proof $i of $n vs oracle" "$(O prove "$tmp/l$n" "$i")" "$(cat "$tmp/out")"
    cp "$tmp/out" "$tmp/p"
    expect 0 "verify $i of $n" "$Z" tree -a poseidon verify --root "$R" "$tmp/p"
    expect_grep '^OK$' "$tmp/out" "verify $i of $n prints OK"
    expect 0 "verify $i of $n, --root after PROOF" "$Z" tree -a poseidon verify "$tmp/p" --root "$R"
    # tampering: every field, each sibling, the sibling count
    python3 - "$tmp/p" "$tmp/bad" "$P" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1])); P = int(sys.argv[3]); out = sys.argv[2]; k = 0
def emit(q):
    global k
    with open(f"{out}{k}", "w") as f: json.dump(q, f)
    k += 1
bump = lambda s: str((int(s) + 1) % P)
emit({**p, "root": bump(p["root"])})
emit({**p, "leaf": bump(p["leaf"])})
# moving the leaf to its sibling's place changes the root unless the two are equal
if p["siblings"] and p["siblings"][0] != p["leaf"]: emit({**p, "index": p["index"] ^ 1})
if not p["siblings"]: emit({**p, "index": 1})
emit({**p, "index": p["index"] + (1 << len(p["siblings"]))})
for j in range(len(p["siblings"])):
    emit({**p, "siblings": p["siblings"][:j] + [bump(p["siblings"][j])] + p["siblings"][j + 1:]})
emit({**p, "siblings": p["siblings"] + ["0"]})
if p["siblings"]: emit({**p, "siblings": p["siblings"][:-1]})
emit({**p, "leaf": str(int(p["leaf"]) + P)})
emit({**p, "root": str(P)})
q = dict(p); del q["leaf"]; emit(q)
EOF
    for f in "$tmp"/bad*; do
      expect 1 "verify $i of $n, tampered $(basename "$f")" "$Z" tree -a poseidon verify --root "$R" "$f"
      expect_grep '^FAILED' "$tmp/out" "verify $i of $n, tampered $(basename "$f") prints FAILED"
    done
    rm -f "$tmp"/bad*
    expect 1 "verify $i of $n against another root" "$Z" tree -a poseidon verify --root 1 "$tmp/p"
  done
done
# --pad, and the file's text forms (hex, blank lines, spaces, CRLF)
for n in 3 5 7 9; do
  O random "$n" "$seed:pad$n" > "$tmp/pad"
  check "--pad root of $n leaves vs oracle" "$(O root "$tmp/pad" pad)" "$("$Z" tree -a poseidon --pad "$tmp/pad")"
  expect 1 "$n leaves without --pad" "$Z" tree -a poseidon "$tmp/pad"
  expect_grep "$n leaves; the tree needs a power of two" "$tmp/err" "$n leaves: the message names the count"
  expect 0 "prove --pad, last real leaf of $n" "$Z" tree -a poseidon prove --pad "$tmp/pad" $((n - 1))
  check "prove --pad $((n - 1)) of $n vs oracle" "$(O prove "$tmp/pad" $((n - 1)) pad)" "$(cat "$tmp/out")"
done
printf '  1\r\n\n0x02 \r\n\t3\n\n0X4' > "$tmp/text"
printf '1\n2\n3\n4\n' > "$tmp/plain"
check "spaces, CRLF, blank lines, 0x/0X, no final newline" "$("$Z" tree -a poseidon "$tmp/plain")" "$("$Z" tree -a poseidon "$tmp/text")"
check "standard input" "$("$Z" tree -a poseidon "$tmp/plain")" "$("$Z" tree -a poseidon - < "$tmp/plain")"

# ---- multiproofs ---------------------------------------------------------------------------
# flip the first hex digit of line $2 of file $1 into $3
flip_line() { awk -v n="$2" 'NR == n { c = substr($0, 1, 1); $0 = (c == "0" ? "1" : "0") substr($0, 2) } { print }' "$1" > "$3"; }
L=$tmp/l32
R=$("$Z" tree -a poseidon "$L" | sed -n 's/^root //p')
for list in $lists; do
  expect 0 "prove --multi $list" "$Z" tree -a poseidon prove --multi "$list" "$L"
  cp "$tmp/out" "$tmp/m"
  check "multiproof $list vs oracle" "$(O multi "$L" "$list")" "$(cat "$tmp/m")"
  expect 0 "verify --multi $list" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/m"
  expect_grep '^OK$' "$tmp/out" "verify --multi $list prints OK"
  expect 0 "verify --multi $list, 2 threads" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/m" --threads 2
  # the opened leaves alone, in index order
  sorted=$(echo "$list" | tr , '\n' | sort -n)
  for i in $sorted; do sed -n "$((i + 1))p" "$L"; done > "$tmp/opened"
  expect 0 "verify --multi $list, opened leaves" "$Z" tree -a poseidon verify --multi "$R" "$tmp/opened" "$tmp/m"
  first=$(head -1 "$tmp/opened")
  { echo "$(python3 -c "print((int('$first', 0) + 1) % $P)")"; tail -n +2 "$tmp/opened"; } > "$tmp/opened2"
  expect 1 "verify --multi $list, an opened leaf changed" "$Z" tree -a poseidon verify --multi "$R" "$tmp/opened2" "$tmp/m"
  lines=$(wc -l < "$tmp/m")
  for n in $(seq 5 "$lines"); do
    flip_line "$tmp/m" "$n" "$tmp/bad"
    expect 1 "$list: sibling line $n flipped" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/bad"
  done
  if [ "$lines" -gt 4 ]; then
    head -n "$((lines - 1))" "$tmp/m" > "$tmp/short"
    expect 1 "$list: one sibling line less" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/short"
  fi
  { cat "$tmp/m"; printf '%064x\n' 7; } > "$tmp/long"
  expect 1 "$list: one sibling line more" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/long"
  expect 1 "$list: another root" "$Z" tree -a poseidon verify --multi 7 "$L" "$tmp/m"
done
"$Z" tree -a poseidon prove --multi 3,17,5 "$L" > "$tmp/m"
# Index 17 moved to its sibling 16 must fail, unless the two leaves are equal
# (the edge values 0 and p - 1 repeat: about 1 seed in 30), when that moved
# multiproof is a true one: then move it to 18 instead.
mv=16
[ "$(python3 -c "import sys; a, b = sys.argv[1:]; print(int(a, 0) == int(b, 0))" "$(sed -n 17p "$L")" "$(sed -n 18p "$L")")" = True ] && mv=18
for bad in "s/^indices 3,5,17\$/indices 3,5,$mv/" 's/^indices 3,5,17$/indices 5,3,17/' 's/^indices 3,5,17$/indices 3,5,5,17/' \
           's/^indices 3,5,17$/indices 3,5,32/' 's/^leaves 32$/leaves 64/' 's/^leaves 32$/leaves 31/' 's/^leaves 32$/leaves -32/' \
           's/^algorithm poseidon$/algorithm hemera/' 's/^zkprim-multiproof 1$/zkprim-multiproof 2/'; do
  sed "$bad" "$tmp/m" > "$tmp/bad"
  expect 1 "verify --multi, header edited: $bad" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/bad"
  expect_grep '^FAILED' "$tmp/out" "verify --multi, header edited: $bad prints FAILED"
done
sed '5s/^.*$/30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001/' "$tmp/m" > "$tmp/bad"
expect 1 "verify --multi, a sibling equal to p" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/bad"
expect_grep 'not below the field modulus' "$tmp/out" "a sibling equal to p is named"
expect 1 "verify --multi, ROOT equal to p" "$Z" tree -a poseidon verify --multi "$P" "$L" "$tmp/m"
head -5 "$L" > "$tmp/few"
expect 1 "verify --multi, neither all leaves nor the opened ones" "$Z" tree -a poseidon verify --multi "$R" "$tmp/few" "$tmp/m"
# --pad through a multiproof: 5 leaves, padded to 8
O random 5 "$seed:mpad" > "$tmp/five"
RP=$("$Z" tree -a poseidon --pad "$tmp/five" | sed -n 's/^root //p')
expect 0 "prove --multi --pad" "$Z" tree -a poseidon prove --multi 1,4,6 --pad "$tmp/five"
cp "$tmp/out" "$tmp/m5"
expect 0 "verify --multi --pad" "$Z" tree -a poseidon verify --multi "$RP" "$tmp/five" "$tmp/m5" --pad
expect 1 "verify --multi of a padded tree without --pad" "$Z" tree -a poseidon verify --multi "$RP" "$tmp/five" "$tmp/m5"
# 3 opened leaves of a 3-leaf file padded to 4: --pad reads the whole file, not the opened ones
O random 3 "$seed:mpad3" > "$tmp/three"
"$Z" tree -a poseidon prove --multi 1,2,3 --pad "$tmp/three" > "$tmp/m3"
expect 0 "verify --multi --pad, k = the unpadded count" "$Z" tree -a poseidon verify --multi \
  "$("$Z" tree -a poseidon --pad "$tmp/three" | sed -n 's/^root //p')" "$tmp/three" "$tmp/m3" --pad
check "multiproof --pad vs oracle" "$(O multi "$tmp/five" 1,4,6 pad)" "$(cat "$tmp/m5")"
expect 1 "prove --multi without --pad, 5 leaves" "$Z" tree -a poseidon prove --multi 1 "$tmp/five"
# the other families' multiproofs are not mixed up
"$Z" tree -a poseidon prove --multi 1 "$L" > "$tmp/pm"
head -c 9000 /dev/urandom > "$tmp/bytes"
expect 1 "hemera verify --multi of a poseidon multiproof" "$Z" tree -a hemera verify --multi "$(printf '%064d' 0)" "$tmp/bytes" "$tmp/pm"
"$Z" tree -a hemera prove --multi 1 "$tmp/bytes" > "$tmp/hm"
expect 1 "poseidon verify --multi of a hemera multiproof" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/hm"

# ---- bad input: data (1) and usage (2) ---------------------------------------------------
printf '1\n%s\n' "$P" > "$tmp/e1"; expect 1 "a leaf equal to p" "$Z" tree -a poseidon "$tmp/e1"
expect_grep "e1:2: '$P' is not below the field modulus p" "$tmp/err" "a leaf >= p: file, line and value named"
printf '1\n0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001\n' > "$tmp/e2"
expect 1 "a hex leaf equal to p" "$Z" tree -a poseidon "$tmp/e2"
printf '1\nabc\n' > "$tmp/e3"; expect 1 "a leaf that is not a number" "$Z" tree -a poseidon "$tmp/e3"
expect_grep "is not a field element" "$tmp/err" "not a number: named"
printf '1\n-1\n' > "$tmp/e4"; expect 1 "a negative leaf" "$Z" tree -a poseidon "$tmp/e4"
printf '1 2\n' > "$tmp/e5"; expect 1 "two leaves on a line" "$Z" tree -a poseidon "$tmp/e5"
printf '1\n0x\n' > "$tmp/e6"; expect 1 "a bare 0x" "$Z" tree -a poseidon "$tmp/e6"
printf '1\n%s0\n' "$P" > "$tmp/e7"; expect 1 "a leaf >= 2^256" "$Z" tree -a poseidon "$tmp/e7"
printf '\n\n' > "$tmp/e8"; expect 1 "no leaves" "$Z" tree -a poseidon "$tmp/e8"
printf '1\n\0002\n' > "$tmp/e9"; expect 1 "a NUL byte" "$Z" tree -a poseidon "$tmp/e9"
expect 1 "a missing LEAVES file" "$Z" tree -a poseidon "$tmp/nonexistent"
expect 1 "prove, index out of range" "$Z" tree -a poseidon prove "$tmp/l8" 8
expect_grep "leaf 8 out of range" "$tmp/err" "index out of range: named"
expect 1 "prove --multi, index out of range" "$Z" tree -a poseidon prove --multi 2,8 "$tmp/l8"
expect 1 "verify, not JSON" "$Z" tree -a poseidon verify --root 1 "$tmp/l8"
# the trusted root is required: a proof's own root only shows it is consistent
expect 2 "verify without --root" "$Z" tree -a poseidon verify "$tmp/p"
expect_grep "needs --root" "$tmp/err" "verify without --root: says so"
expect 2 "prove, INDEX not a number" "$Z" tree -a poseidon prove "$tmp/l8" x
expect 2 "prove, INDEX negative" "$Z" tree -a poseidon prove "$tmp/l8" -1
expect 2 "prove, no INDEX" "$Z" tree -a poseidon prove "$tmp/l8"
expect 2 "no LEAVES" "$Z" tree -a poseidon
expect 2 "two LEAVES" "$Z" tree -a poseidon "$tmp/l8" "$tmp/l8"
expect 2 "unknown option" "$Z" tree -a poseidon --frob "$tmp/l8"
expect 2 "verify --root not a number" "$Z" tree -a poseidon verify --root xyz "$tmp/p"
expect 2 "prove --multi, empty item" "$Z" tree -a poseidon prove --multi 1,,2 "$tmp/l8"
expect 2 "prove --multi, a repeat" "$Z" tree -a poseidon prove --multi 2,3,2 "$tmp/l8"
expect 2 "prove --multi, no list" "$Z" tree -a poseidon prove "$tmp/l8" --multi
expect 2 "prove --multi, no LEAVES" "$Z" tree -a poseidon prove --multi 2
expect 2 "verify --multi, ROOT not a number" "$Z" tree -a poseidon verify --multi xyz "$L" "$tmp/m"
expect 2 "verify --multi, --threads 0" "$Z" tree -a poseidon verify --multi "$R" "$L" "$tmp/m" --threads 0
expect 2 "verify --multi, two arguments" "$Z" tree -a poseidon verify --multi "$R" "$L"
expect 0 "tree -a poseidon --help" "$Z" tree -a poseidon --help
expect_grep 'prove --multi' "$tmp/out" "--help names prove --multi"
finish poseidon_tree_cli
