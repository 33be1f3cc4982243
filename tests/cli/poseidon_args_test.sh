#!/usr/bin/env bash
# `zkprim poseidon` argument parsing: a negative number ("-1") is an invalid
# field element, not an unknown option; text that is not a non-negative
# integer is a usage error (exit 2) that says what a valid element is; an
# integer >= p is rejected (exit 1, as tests/js/poseidon_diff.js pins), also
# past 2^256; leading zeros never make a valid element invalid.
# Usage: poseidon_args_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

P=21888242871839275222246405745257275088548364400416034343698204186575808495617
P_HEX=0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001
H12=$("$Z" poseidon 1 2)
check "poseidon 1 2" 7853200120776062878684798364095072458815029376092732009249414926327459813530 "$H12"

# bad_element DESCRIPTION ARGS...: exit 2 with the field-element message
bad_element() {
  local what=$1; shift
  expect 2 "$what" "$Z" poseidon "$@"
  expect_grep "is not a valid field element: a non-negative integer below p" "$tmp/err" "$what: says what an element is"
  if grep -q "unknown option" "$tmp/err"; then fail=$((fail + 1)); echo "FAIL: $what: called an unknown option"
  else pass=$((pass + 1)); fi
}
bad_element "-1" -1
bad_element "1 -1" 1 -1
bad_element "-0" -0
bad_element "-0x1" -0x1
bad_element "-$P" "-$P"
bad_element "--tag -1" --tag -1 1
bad_element "--tag +1" --tag +1 1
bad_element "+1" +1
bad_element "empty" ""
bad_element "0x" 0x
bad_element "0x-1" 0x-1
bad_element "1.5" 1.5
bad_element "' 1'" " 1"
bad_element "0x1g" 0x1g
bad_element "huge with a letter" "1$(printf '%080d' 0)x"

# >= p: exit 1, with the value named
expect 1 "p" "$Z" poseidon "$P"
expect_grep "'$P' is not below the field modulus p" "$tmp/err" "p: named"
expect 1 "p in hex" "$Z" poseidon "$P_HEX"
expect 1 "--tag p" "$Z" poseidon --tag "$P" 1
expect_grep "'$P' is not below the field modulus p" "$tmp/err" "--tag p: named"
expect 1 "2^256" "$Z" poseidon "0x1$(printf '%064d' 0)"
# usage errors come first, wherever they stand: exit 2 means nothing was looked at
expect 2 "p, then a bad option" "$Z" poseidon "$P" --frob
expect 2 "p, then -1" "$Z" poseidon "$P" -1
expect 1 "10^80" "$Z" poseidon "1$(printf '%080d' 0)"
expect_grep "not below the field modulus p" "$tmp/err" "10^80: rejected as >= p"

# leading zeros: the value counts, not the number of digits
check "0x + 70 digits of 1" "$("$Z" poseidon 0x1)" "$("$Z" poseidon "0x$(printf '%070d' 1)")"
check "0x0...01 0x0...02" "$H12" "$("$Z" poseidon "0x$(printf '%080d' 1)" "0X$(printf '%066d' 2)")"
check "decimal zeros" "$H12" "$("$Z" poseidon "$(printf '%090d' 1)" 002)"
expect 0 "p - 1" "$Z" poseidon "${P%7}6"
# options still work, and a real unknown option is still called one
expect 2 "--frob" "$Z" poseidon --frob 1
expect_grep "unknown option '--frob'" "$tmp/err" "--frob is an unknown option"
expect 2 "-x" "$Z" poseidon -x 1
expect_grep "unknown option '-x'" "$tmp/err" "-x is an unknown option"
expect 2 "--tag without a value" "$Z" poseidon --tag
expect 2 "no inputs" "$Z" poseidon
expect 2 "17 inputs" "$Z" poseidon 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17

finish cli-poseidon-args
