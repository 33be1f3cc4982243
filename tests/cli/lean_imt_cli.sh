#!/usr/bin/env bash
# `zkprim tree -a lean-imt`: a known group root (the package's value for
# members 1, 2, 3), prove -> verify, tampered and malformed proofs (exit 1,
# FAILED), member files with bad lines (exit 1, FILE:LINE), the ops replay,
# usage errors (exit 2).
# Usage: lean_imt_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

P=21888242871839275222246405745257275088548364400416034343698204186575808495617
# @zk-kit/lean-imt 2.2.5 + poseidon-lite 0.3.0: new LeanIMT(h, [1n, 2n, 3n])
ROOT3=13816780880028945690020260331303642730075999758909899334839547418969502592169
H12=7853200120776062878684798364095072458815029376092732009249414926327459813530
printf '1\n2\n\n0x3\n' >"$tmp/m3"
expect 0 "root of 1, 2, 0x3" "$Z" tree -a lean-imt "$tmp/m3"
check "root, depth, size" "$(printf 'root %s\ndepth 2\nsize 3' $ROOT3)" "$(cat "$tmp/out")"
expect 0 "--hex" "$Z" tree -a lean-imt --hex "$tmp/m3"
expect_grep "^root 0x1e8c05563aa22ff357008db7a754ea0404695de07b950ce845b872a8bcff2ca9$" "$tmp/out" "--hex root"
expect 0 "prove 2" "$Z" tree -a lean-imt prove "$tmp/m3" 2
check "proof of member 2 (the package's JSON)" \
  "{\"root\":\"$ROOT3\",\"leaf\":\"3\",\"index\":1,\"siblings\":[\"$H12\"]}" "$(cat "$tmp/out")"
cp "$tmp/out" "$tmp/proof.json"
expect 0 "verify the proof" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/proof.json"
check "verify says OK" OK "$(cat "$tmp/out")"
expect 0 "verify, --root in 0x-hex after PROOF" "$Z" tree -a lean-imt verify "$tmp/proof.json" \
  --root 0x1e8c05563aa22ff357008db7a754ea0404695de07b950ce845b872a8bcff2ca9
# the security check: a self-consistent proof for another group is refused
# against the trusted root, and no verdict is given without one
printf '7\n8\n' >"$tmp/m78"
"$Z" tree -a lean-imt prove "$tmp/m78" 0 >"$tmp/other.json"
expect 1 "another group's proof against ROOT3" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/other.json"
expect_grep "^FAILED: the proof is for another root than $ROOT3" "$tmp/out" "another group's proof: named"
printf '{"root":"5","leaf":"5","index":0,"siblings":[]}' >"$tmp/self.json"
expect 1 "a made-up one-member proof" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/self.json"
expect 2 "verify without --root" "$Z" tree -a lean-imt verify "$tmp/proof.json"
expect_grep "needs --root" "$tmp/err" "verify without --root: says so"
expect 2 "--root not a number" "$Z" tree -a lean-imt verify --root x1 "$tmp/proof.json"
expect 2 "--root without a value" "$Z" tree -a lean-imt verify "$tmp/proof.json" --root
expect 1 "--root = p" "$Z" tree -a lean-imt verify --root $P "$tmp/proof.json"
expect_grep "not below the field modulus p" "$tmp/out" "--root = p: named"

# rejected KIND DESCRIPTION TEXT: `tree -a lean-imt KIND` of a file holding
# TEXT exits 1 (KIND verify: a proof file; ops: an ops file)
rejected() {
  printf '%s' "$3" >"$tmp/in"
  if [ "$1" = verify ]; then expect 1 "$2" "$Z" tree -a lean-imt verify --root 1 "$tmp/in"
  else expect 1 "$2" "$Z" tree -a lean-imt "$1" "$tmp/in"; fi
}

# tampered: wrong leaf, wrong index bit -> FAILED, exit 1
sed 's/"leaf":"3"/"leaf":"4"/' "$tmp/proof.json" >"$tmp/bad1.json"
expect 1 "tampered leaf" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/bad1.json"
expect_grep "^FAILED: the leaf and siblings do not lead to the root" "$tmp/out" "tampered leaf: FAILED"
sed 's/"index":1/"index":0/' "$tmp/proof.json" >"$tmp/bad2.json"
expect 1 "tampered index" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/bad2.json"
# malformed: an index bit above the siblings, a sibling >= p, broken JSON,
# an unknown key, a missing key, 65 siblings
sed 's/"index":1/"index":3/' "$tmp/proof.json" >"$tmp/bad3.json"
expect 1 "index above the siblings" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/bad3.json"
expect_grep "malformed proof" "$tmp/out" "index above the siblings: malformed"
sed "s/\"$H12\"/\"$P\"/" "$tmp/proof.json" >"$tmp/bad4.json"
expect 1 "sibling = p" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/bad4.json"
expect_grep "not below p" "$tmp/out" "sibling = p: named"
rejected verify "unterminated JSON" '{"root":"1","leaf":"1","index":0,"siblings":[]'
expect_grep "^FAILED: .*expected ',' or '}'" "$tmp/out" "unterminated JSON: where"
rejected verify "unknown key" '{"root":"1","leaf":"1","index":0,"siblings":[],"extra":1}'
rejected verify "missing index" '{"root":"1","leaf":"1","siblings":[]}'
expect_grep "key index missing" "$tmp/out" "missing index: named"
{ printf '{"root":"1","leaf":"1","index":0,"siblings":["1"'; for i in $(seq 64); do printf ',"1"'; done; printf ']}'; } >"$tmp/bad8.json"
expect 1 "65 siblings" "$Z" tree -a lean-imt verify --root $ROOT3 "$tmp/bad8.json"
expect_grep "more than 64 siblings" "$tmp/out" "65 siblings: named"
printf '{"root":"1","leaf":"1","index":0,"siblings":[]}' >"$tmp/one.json"
expect 0 "a one-member group's proof" "$Z" tree -a lean-imt verify --root 1 "$tmp/one.json"

# member files
printf '1\n%s\n' $P >"$tmp/mp"
expect 1 "member p" "$Z" tree -a lean-imt "$tmp/mp"
expect_grep "mp:2: .*not below the field modulus p" "$tmp/err" "member p: file and line"
printf '1\n-5\n' >"$tmp/mneg"
expect 1 "member -5" "$Z" tree -a lean-imt "$tmp/mneg"
expect_grep "mneg:2: '-5' is not a member" "$tmp/err" "member -5: file and line"
printf '1 2\n' >"$tmp/mtwo"
expect 1 "two members on a line" "$Z" tree -a lean-imt "$tmp/mtwo"
: >"$tmp/empty"
expect 1 "no members" "$Z" tree -a lean-imt "$tmp/empty"
expect_grep "empty group has no root" "$tmp/err" "no members: says so"
expect 1 "missing file" "$Z" tree -a lean-imt "$tmp/no-such-file"
expect 1 "prove out of range" "$Z" tree -a lean-imt prove "$tmp/m3" 3
expect_grep "out of range (the group has 3)" "$tmp/err" "prove 3 of 3: out of range"
printf '1\n2\n3\n' | "$Z" tree -a lean-imt - >"$tmp/out" 2>"$tmp/err"
check "standard input" "root $ROOT3" "$(head -1 "$tmp/out")"

# ops: removal is an update to 0; the root after each step
printf 'root\ninsert 1\ninsert-many 2 3\nroot\nindex-of 3\nremove 1\nroot\nupdate 1 2\nroot\nprove 2\nindex-of 9\n' >"$tmp/ops"
expect 0 "ops" "$Z" tree -a lean-imt ops "$tmp/ops"
check "ops output" "$(printf '0 0 none\n3 2 %s\n2' $ROOT3)" "$(sed -n 1,3p "$tmp/out")"
check "root after remove + update back" "3 2 $ROOT3" "$(sed -n 5p "$tmp/out")"
check "index-of a non-member" "-1" "$(sed -n 7p "$tmp/out")"
rejected ops "ops: update out of range" "$(printf 'insert 1\nupdate 5 1')"
expect_grep "in:2: index 5 is out of range" "$tmp/err" "ops: line named"
rejected ops "ops: empty insert-many" "insert-many"
rejected ops "ops: unknown operation" "frobnicate 1"
# every ops error names FILE:LINE, and every operation refuses extra words
rejected ops "ops: prove on an empty group" "prove 0"
expect_grep "^zkprim tree: $tmp/in:1: member 0 out of range" "$tmp/err" "ops: prove error names FILE:LINE"
rejected ops "ops: root with an argument" "$(printf 'insert 1\nroot 1')"
expect_grep "in:2: root takes no argument" "$tmp/err" "ops: root 1 refused like insert 1 2"
rejected ops "ops: insert with two members" "insert 1 2"
expect_grep "in:1: insert takes one member" "$tmp/err" "ops: insert 1 2 named"

# usage errors
expect 2 "prove without INDEX" "$Z" tree -a lean-imt prove "$tmp/m3"
expect 2 "prove with a bad INDEX" "$Z" tree -a lean-imt prove "$tmp/m3" -1
expect 2 "verify without PROOF" "$Z" tree -a lean-imt verify --root 1
expect 2 "unknown option" "$Z" tree -a lean-imt --bogus "$tmp/m3"
expect 2 "two files" "$Z" tree -a lean-imt "$tmp/m3" "$tmp/m3"
expect 2 "no file" "$Z" tree -a lean-imt
finish lean-imt-cli
