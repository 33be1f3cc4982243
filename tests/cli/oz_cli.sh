#!/usr/bin/env bash
# `zkprim tree oz` without node: value errors show a cut value as cut (an
# ellipsis, and the byte count where length is the complaint), and ROOT is
# compared as 32 bytes in either case (the package compares lower-case
# strings; docs/oz-tree.md lists the difference, oz-merkle-tree asks the
# package about it live).
# Usage: oz_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

A=0x1111111111111111111111111111111111111111
B=0x2222222222222222222222222222222222222222
printf '[["%s","5"],["%s","7"]]' $A $B >"$tmp/v.json"
expect 0 "build" sh -c "'$Z' tree oz --types address,uint256 '$tmp/v.json' > '$tmp/dump.json'"
root=$(sed 's/.*"tree":\["\(0x[0-9a-f]*\)".*/\1/' "$tmp/dump.json")
expect 0 "prove 0" sh -c "'$Z' tree oz prove '$tmp/dump.json' 0 > '$tmp/p.json'"
expect 0 "verify, the root as dumped" "$Z" tree oz verify --types address,uint256 "$root" "$tmp/p.json"
check "verify says OK" OK "$(cat "$tmp/out")"
upper=0x$(printf '%s' "${root#0x}" | tr a-f A-F)
expect 0 "verify, the root in upper case (the same 32 bytes)" "$Z" tree oz verify --types address,uint256 "$upper" "$tmp/p.json"
expect 1 "verify, another root" "$Z" tree oz verify --types address,uint256 "0x$(printf '%064d' 0)" "$tmp/p.json"
check "another root: FAILED" FAILED "$(cat "$tmp/out")"

# value errors: a value longer than 40 bytes is shown cut, with "..."
long=0x$(printf '11%.0s' $(seq 21))
printf '[["%s","5"]]' "$long" >"$tmp/long.json"
expect 1 "a 21-byte address" "$Z" tree oz --types address,uint256 "$tmp/long.json"
expect_grep '"0x11111111111111111111111111\.\.\.11111111" is 21 bytes, longer than 20 (value 0, item 0)' "$tmp/err" \
  "a 21-byte address: cut with ..., 21 bytes named"
printf '[["%s","%s"]]' $A "$(printf '9%.0s' $(seq 90))" >"$tmp/big.json"
expect 1 "a 90-digit uint256" "$Z" tree oz --types address,uint256 "$tmp/big.json"
expect_grep '"9999999999999999999999999999\.\.\.99999999" is not a number in range' "$tmp/err" "90 digits: cut with ..."
printf '[["%s","0x%s"]]' $A "$(printf 'f%.0s' $(seq 70))" >"$tmp/bighex.json"
expect 1 "a 70-digit hex uint256" "$Z" tree oz --types address,uint256 "$tmp/bighex.json"
expect_grep '"0xffffffffffffffffffffffffff\.\.\.ffffffff"' "$tmp/err" "70 hex digits: cut with ..."
printf '["0x%s"]' "$(printf 'ab%.0s' $(seq 33))" >"$tmp/simple.json"
expect 1 "a 33-byte simple leaf" "$Z" tree oz --simple "$tmp/simple.json"
expect_grep '"0xababababababababababababab\.\.\.abababab" is not' "$tmp/err" "33-byte simple leaf: cut with ..."
printf '[["%s","5"]]' $A >"$tmp/ok.json"
expect 2 "a long unknown type" "$Z" tree oz --types "address,uint256$(printf 'x%.0s' $(seq 40))" "$tmp/ok.json"
expect_grep "'uint256xxxxxxxxxxxxxxxxxxxxx\.\.\.xxxxxxxx'" "$tmp/err" "a long type name: cut with ..."
printf '[["%s","5"]]' 0x11 >"$tmp/short.json"
expect 0 "a short address is padded" "$Z" tree oz --types address,uint256 "$tmp/short.json"
finish oz-cli
