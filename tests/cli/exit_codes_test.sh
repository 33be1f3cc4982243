#!/usr/bin/env bash
# The exit status of every subcommand, as `zkprim --help` and README.md state
# it: 0 success; 1 a check or verification failed, or a file could not be
# read or written; 2 a usage error (bad option or argument). For each
# subcommand: a bad option (2), a missing file (1) and, where there is one,
# a failing check (1); output that cannot be written is 1 too.
# Usage: exit_codes_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

printf 'abc' > "$tmp/abc"
M=$tmp/missing
mkdir "$tmp/dir"

# the top level
expect 0 "--version" "$Z" --version
expect 2 "no command" "$Z"
expect 2 "unknown command" "$Z" frobnicate
expect 2 "bad option before a command" "$Z" --frobnicate
expect 2 "bad ZKPRIM_CPU" env ZKPRIM_CPU=bogus "$Z" hash "$tmp/abc"

# info
expect 0 "info" "$Z" info
expect 2 "info bad option" "$Z" info --frobnicate
expect 2 "info extra argument" "$Z" info "$M"

# hash: each algorithm
for a in $("$Z" hash --help | sed -n 's/^algorithms: *//p'); do
  a=${a%(xof)}
  expect 0 "hash -a $a" "$Z" hash -a "$a" "$tmp/abc"
  cp "$tmp/out" "$tmp/sums.$a"
  expect 2 "hash -a $a bad option" "$Z" hash -a "$a" --frobnicate "$tmp/abc"
  expect 1 "hash -a $a missing file" "$Z" hash -a "$a" "$M"
  expect 1 "hash -a $a directory" "$Z" hash -a "$a" "$tmp/dir"
  expect 1 "hash -a $a missing file among good ones" "$Z" hash -a "$a" "$tmp/abc" "$M" "$tmp/abc"
  expect 0 "hash -a $a --check" "$Z" hash -a "$a" --check "$tmp/sums.$a"
  expect 1 "hash -a $a --check missing list" "$Z" hash -a "$a" --check "$M"
  expect 1 "hash -a $a --check directory list" "$Z" hash -a "$a" --check "$tmp/dir"
  sed 's/^0/X/;s/^[^X]/0/;s/^X/1/' "$tmp/sums.$a" > "$tmp/bad.$a"  # first digit changed
  expect 1 "hash -a $a --check fails" "$Z" hash -a "$a" --check "$tmp/bad.$a"
  sed "s|  .*|  $M|" "$tmp/sums.$a" > "$tmp/gone.$a"
  expect 1 "hash -a $a --check names a missing file" "$Z" hash -a "$a" --check "$tmp/gone.$a"
  expect 2 "hash -a $a --check bad option" "$Z" hash -a "$a" --check --frobnicate "$tmp/sums.$a"
done
expect 2 "hash unknown algorithm" "$Z" hash -a no-such "$tmp/abc"
expect 2 "hash -a without a name" "$Z" hash -a
expect 2 "hash --length on a fixed-length hash" "$Z" hash -a sha3-256 --length 5 "$tmp/abc"
expect 2 "hash --length 0" "$Z" hash -a shake128 --length 0 "$tmp/abc"
expect 2 "hash --keyed and --derive-key" "$Z" hash -a hemera --keyed --derive-key x "$tmp/abc"
expect 2 "hash --keyed short key" sh -c "printf abc | '$Z' hash -a hemera --keyed '$tmp/abc'"
expect 1 "hash --keyed missing file" sh -c "head -c 32 /dev/zero | '$Z' hash -a hemera --keyed '$M'"
expect 1 "hash --derive-key missing file" "$Z" hash -a hemera --derive-key ctx "$M"

# tree: each algorithm (lean-imt reads a members file: one number a line)
printf '1\n2\n3\n' >"$tmp/members"
printf '1\n2\n3\n4\n' >"$tmp/members4"
for a in $("$Z" tree --help | sed -n 's/^  -a \([^ ]*\)$/\1/p'); do
  [ "$a" = oz ] && continue # reads JSON and needs --types or --simple: its own lines below
  in=$tmp/abc
  [ "$a" = lean-imt ] && in=$tmp/members
  [ "$a" = poseidon ] && in=$tmp/members4 # a power of two of field elements
  case $a in poseidon2-*) in=$tmp/members4 ;; esac # the Poseidon2 trees: the same
  expect 0 "tree -a $a" "$Z" tree -a "$a" "$in"
  expect 2 "tree -a $a bad option" "$Z" tree -a "$a" --frobnicate "$tmp/abc"
  expect 1 "tree -a $a missing file" "$Z" tree -a "$a" "$M"
  expect 1 "tree -a $a directory" "$Z" tree -a "$a" "$tmp/dir"
  expect_grep "Is a directory" "$tmp/err" "tree -a $a directory: the OS error is named (it said 'read error')"
  expect 2 "tree -a $a two files" "$Z" tree -a "$a" "$tmp/abc" "$tmp/abc"
  expect 2 "tree -a $a --threads 0" "$Z" tree -a "$a" --threads 0 "$tmp/abc"
done
# tree oz (OpenZeppelin): a values file, its dump, a proof
printf '[["0x%040d","5"],["0x%040d","6"]]' 1 2 > "$tmp/oz.json"
expect 0 "tree oz" sh -c "'$Z' tree oz --types address,uint256 '$tmp/oz.json' > '$tmp/oz.dump'"
expect 0 "tree -a oz --simple" sh -c "printf '[\"0x01\"]' | '$Z' tree -a oz --simple - > /dev/null"
expect 2 "tree oz without --types" "$Z" tree oz "$tmp/oz.json"
expect 2 "tree oz bad type" "$Z" tree oz --types address,uint7 "$tmp/oz.json"
expect 2 "tree oz bad option" "$Z" tree oz --types address,uint256 --frobnicate "$tmp/oz.json"
expect 2 "tree oz two files" "$Z" tree oz --types address,uint256 "$tmp/oz.json" "$tmp/oz.json"
expect 1 "tree oz missing file" "$Z" tree oz --types address,uint256 "$M"
expect 1 "tree oz directory" "$Z" tree oz --types address,uint256 "$tmp/dir"
expect_grep "Is a directory" "$tmp/err" "tree oz directory: the OS error is named"
expect 1 "tree oz not JSON" "$Z" tree oz --types address,uint256 "$tmp/abc"
expect 1 "tree oz value out of range" sh -c "printf '[[\"0x01\",\"-1\"]]' | '$Z' tree oz --types address,uint256 -"
expect 0 "tree oz prove" sh -c "'$Z' tree oz prove '$tmp/oz.dump' 1 > '$tmp/oz.proof'"
expect 0 "tree oz prove --multi" sh -c "'$Z' tree oz prove '$tmp/oz.dump' --multi 1,0 > /dev/null"
expect 1 "tree oz prove index out of range (data, as every tree's prove)" "$Z" tree oz prove "$tmp/oz.dump" 2
expect_grep "value index 2 out of range (the dump has 2 values)" "$tmp/err" "tree oz prove index out of range: named"
expect 1 "tree oz prove --multi index out of range" "$Z" tree oz prove "$tmp/oz.dump" --multi 0,5
expect 2 "tree oz prove index not a number" "$Z" tree oz prove "$tmp/oz.dump" 1x
expect 2 "tree oz prove repeated index, more than the values" "$Z" tree oz prove "$tmp/oz.dump" --multi 1,0,1
expect 2 "tree oz prove repeated index" "$Z" tree oz prove "$tmp/oz.dump" --multi 1,1
expect 1 "tree oz prove not a dump" "$Z" tree oz prove "$tmp/oz.json" 0
oz_root=$("$Z" tree oz --types address,uint256 "$tmp/oz.json" | sed 's/.*"tree":\["\(0x[0-9a-f]*\)".*/\1/')
expect 0 "tree oz verify" "$Z" tree oz verify --types address,uint256 "$oz_root" "$tmp/oz.proof"
expect 1 "tree oz verify fails" "$Z" tree oz verify --types address,uint256 "0x$(printf '%064d' 0)" "$tmp/oz.proof"
expect 2 "tree oz verify bad root" "$Z" tree oz verify --types address,uint256 xyz "$tmp/oz.proof"
expect 1 "tree oz verify missing proof" "$Z" tree oz verify --types address,uint256 "$oz_root" "$M"
expect 2 "tree bad option without -a" "$Z" tree --frobnicate
expect 2 "tree unknown algorithm" "$Z" tree -a no-such "$tmp/abc"
expect 2 "tree -a without a name" "$Z" tree -a
# hemera proofs
"$Z" tree -a hemera "$tmp/abc" > "$tmp/root"
expect 0 "prove" sh -c "'$Z' tree -a hemera prove '$tmp/abc' 0 > '$tmp/proof'"
expect 2 "prove bad option" sh -c "'$Z' tree -a hemera prove --frobnicate '$tmp/abc' 0 > '$tmp/p2'"
expect 2 "prove bad index" sh -c "'$Z' tree -a hemera prove '$tmp/abc' x > '$tmp/p2'"
expect 1 "prove missing file" sh -c "'$Z' tree -a hemera prove '$M' 0 > '$tmp/p2'"
expect 1 "prove index out of range" sh -c "'$Z' tree -a hemera prove '$tmp/abc' 1 > '$tmp/p2'"
expect 0 "verify" "$Z" tree -a hemera verify "$(cat "$tmp/root")" "$tmp/abc" 0 "$tmp/proof"
expect 1 "verify fails" "$Z" tree -a hemera verify "$(printf '%064d' 0)" "$tmp/abc" 0 "$tmp/proof"
expect 2 "verify bad option" "$Z" tree -a hemera verify --frobnicate "$(cat "$tmp/root")" "$tmp/abc" 0 "$tmp/proof"
expect 2 "verify bad root" "$Z" tree -a hemera verify xyz "$tmp/abc" 0 "$tmp/proof"
expect 1 "verify missing data" "$Z" tree -a hemera verify "$(cat "$tmp/root")" "$M" 0 "$tmp/proof"
expect 1 "verify missing proof" "$Z" tree -a hemera verify "$(cat "$tmp/root")" "$tmp/abc" 0 "$M"
expect 1 "verify proof is a directory" "$Z" tree -a hemera verify "$(cat "$tmp/root")" "$tmp/abc" 0 "$tmp/dir"
expect_grep "Is a directory" "$tmp/err" "verify proof is a directory: the OS error is named"
expect 1 "prove of a directory" "$Z" tree -a hemera prove "$tmp/dir" 0
expect_grep "Is a directory" "$tmp/err" "prove of a directory: the OS error is named"
expect 1 "hash --trace of a directory" "$Z" hash -a hemera --trace "$tmp/trace.json" "$tmp/dir"
expect_grep "Is a directory" "$tmp/err" "hash --trace of a directory: the OS error is named"

# poseidon (no files; a value >= p is the failed check)
expect 0 "poseidon" "$Z" poseidon 1
expect 2 "poseidon bad option" "$Z" poseidon --frobnicate 1
expect 2 "poseidon not a number" "$Z" poseidon one
expect 1 "poseidon p" "$Z" poseidon 21888242871839275222246405745257275088548364400416034343698204186575808495617

# field-bench (no files; a size beyond memory is the run that cannot go ahead)
expect 2 "field-bench bad option" "$Z" field-bench --frobnicate
expect 2 "field-bench bad value" "$Z" field-bench --samples 0
# integers are digits only: strtol's " 5", "+5" and "5x" are usage errors
for v in ' 3' '+3' '3x' '-1' '' '99999999999999999999'; do
  expect 2 "field-bench --samples '$v'" "$Z" field-bench --samples "$v"
  expect 2 "bench --runs '$v'" "$Z" bench --runs "$v" --list keccak
done
for v in ' 1..3' '+1..3' '1..+3' '1..3 ' '1.3' '1..' '..3' '3..1' '0..3' '1..21'; do
  expect 2 "field-bench --sweep-windows '$v'" "$Z" field-bench --sweep-windows "$v"
done
expect 0 "bench --runs 5" "$Z" bench --runs 5 --list keccak

# bench (another front end; the rule holds there too)
expect 2 "bench bad option" "$Z" bench --frobnicate
expect 2 "bench compare bad option" "$Z" bench compare --frobnicate

# output that cannot be written: exit 1, with a message
if [ -w /dev/full ]; then
  expect 1 "hash to a full disk" sh -c "'$Z' hash -a sha3-256 '$tmp/abc' > /dev/full"
  expect_grep "writing standard output" "$tmp/err" "hash to a full disk: message"
  expect 1 "--help to a full disk" sh -c "'$Z' --help > /dev/full"
  expect 1 "--check to a full disk" sh -c "'$Z' hash -a sha3-256 --check '$tmp/sums.sha3-256' > /dev/full"
  expect 1 "tree to a full disk" sh -c "'$Z' tree -a keccak256 '$tmp/abc' > /dev/full"
  expect 1 "poseidon to a full disk" sh -c "'$Z' poseidon 1 > /dev/full"
  expect 1 "prove to a full disk" sh -c "'$Z' tree -a hemera prove '$tmp/abc' 0 > /dev/full"
fi

finish cli-exit-codes
