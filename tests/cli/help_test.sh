#!/usr/bin/env bash
# Every subcommand's and sub-subcommand's --help (and -h) works wherever it
# stands: exit 0, usage on standard output, nothing on standard error.
# `zkprim tree -a hemera --help`, `tree -a keccak256 FILE --help` and
# `tree -a hemera prove --help` used to be "unknown option" (exit 2).
# The exit-status paragraph is in the top-level help and in the help of every
# command this tool's front end owns (bench documents itself).
# Usage: help_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

# help_ok DESCRIPTION ARGS...: --help form ARGS must print usage and exit 0
help_ok() {
  local what=$1; shift
  expect 0 "$what" "$Z" "$@"
  expect_grep "^usage: zkprim" "$tmp/out" "$what: usage on standard output"
  check "$what: standard error empty" "" "$(cat "$tmp/err")"
}
# help_exit DESCRIPTION ARGS...: as help_ok, and the usage states the exit codes
help_exit() {
  help_ok "$@"
  expect_grep "^exit status: 0 success; 1 a check or verification failed" "$tmp/out" "$1: states the exit codes"
}

printf 'abc' > "$tmp/abc"
help_exit "zkprim --help" --help
help_exit "zkprim -h" -h
help_exit "zkprim help" help
help_exit "info --help" info --help
help_exit "hash --help" hash --help
help_exit "hash -h" hash -h
help_exit "hash -a hemera --help" hash -a hemera --help
help_exit "hash FILE --check --help" hash "$tmp/abc" --check --help
help_exit "tree --help" tree --help
help_exit "tree -h" tree -h
help_exit "poseidon --help" poseidon --help
help_exit "poseidon 1 2 --help" poseidon 1 2 --help
help_exit "field-bench --help" field-bench --help
help_ok "bench --help" bench --help
help_ok "bench compare --help" bench compare --help
for a in $("$Z" tree --help | sed -n 's/^  -a \([^ ]*\)$/\1/p'); do
  help_exit "tree -a $a --help" tree -a "$a" --help
  expect_grep "^  -a $a$" "$tmp/out" "tree -a $a --help shows $a"
  help_exit "tree --help -a $a" tree --help -a "$a"
  help_exit "tree -a $a FILE --help" tree -a "$a" "$tmp/abc" --help
  help_exit "tree -a $a -h" tree -a "$a" -h
done
help_exit "tree -a hemera prove --help" tree -a hemera prove --help
expect_grep "prove FILE INDEX" "$tmp/out" "tree -a hemera prove --help shows prove"
help_exit "tree -a hemera prove FILE 0 --help" tree -a hemera prove "$tmp/abc" 0 --help
help_exit "tree -a hemera verify --help" tree -a hemera verify --help
expect_grep "verify ROOT" "$tmp/out" "tree -a hemera verify --help shows verify"
# the per-algorithm help shows that algorithm, not the others
"$Z" tree -a keccak256 --help > "$tmp/k"
if grep -q "^  -a hemera" "$tmp/k"; then fail=$((fail + 1)); echo "FAIL: tree -a keccak256 --help shows hemera"
else pass=$((pass + 1)); fi
# --help does not rescue an unknown algorithm
expect 2 "tree -a bogus --help" "$Z" tree -a bogus --help
expect_grep "unknown tree algorithm 'bogus'" "$tmp/err" "tree -a bogus --help names the algorithm"
# usage written for an error goes to standard error
expect 2 "tree alone" "$Z" tree
check "tree alone: standard output empty" "" "$(cat "$tmp/out")"
expect_grep "^usage: zkprim tree" "$tmp/err" "tree alone: usage on standard error"

finish cli-help
