#!/usr/bin/env bash
# End-to-end checks of `zkprim tree -a hemera|keccak256 prove --multi` and
# `verify --multi`: a multiproof of the file's root verifies (whole file or
# the opened leaves back to back, 1 and 2 threads); any sibling line, the
# root, a leaf byte, the index list or the line count changed is FAILED
# (exit 1); bad arguments are usage errors (exit 2).
# Usage: multiproof_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

head -c 50000 /dev/urandom > "$tmp/f"
root_of() { "$Z" tree "$@" "$tmp/f" | cut -c1-64; }

# flip the first hex digit of line $2 of file $1 into $3
flip_line() { awk -v n="$2" 'NR == n { c = substr($0, 1, 1); $0 = (c == "0" ? "1" : "0") substr($0, 2) } { print }' "$1" > "$3"; }

for algo in hemera keccak256; do
  extra=()
  [ "$algo" = keccak256 ] && extra=(--leaf-size 100)
  R=$(root_of -a "$algo" "${extra[@]}")
  for list in 0 3,1,12 0,1,2,3,4,5,6,7,8,9,10,11,12 12; do
    expect 0 "$algo prove --multi $list" "$Z" tree -a "$algo" prove --multi "$list" "${extra[@]}" "$tmp/f"
    cp "$tmp/out" "$tmp/m"
    expect 0 "$algo verify --multi $list" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/m"
    expect_grep '^OK$' "$tmp/out" "$algo verify --multi $list prints OK"
    expect 0 "$algo verify --multi $list, 2 threads" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/m" --threads 2
    hdr=$(grep -c -v '^[0-9a-f]\{64\}$' "$tmp/m")
    lines=$(wc -l < "$tmp/m")
    for n in $(seq $((hdr + 1)) "$lines"); do
      flip_line "$tmp/m" "$n" "$tmp/bad"
      expect 1 "$algo $list: sibling line $n flipped" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/bad"
    done
    head -n "$((lines - 1))" "$tmp/m" > "$tmp/short"
    [ "$lines" -gt "$hdr" ] && expect 1 "$algo $list: one sibling line less" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/short"
  done
  # the opened leaves back to back instead of the whole file
  "$Z" tree -a "$algo" prove --multi 1,3,12 "${extra[@]}" "$tmp/f" > "$tmp/m"
  size=$([ "$algo" = hemera ] && echo 4096 || echo 100)
  { dd if="$tmp/f" bs="$size" skip=1 count=1; dd if="$tmp/f" bs="$size" skip=3 count=1; dd if="$tmp/f" bs="$size" skip=12 count=1; } 2>/dev/null > "$tmp/chunks"
  expect 0 "$algo verify --multi, chunks file" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/chunks" "$tmp/m"
  flip_byte "$tmp/chunks" 5
  expect 1 "$algo verify --multi, a chunk byte changed" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/chunks" "$tmp/m"
  flip_line <(echo "$R") 1 "$tmp/badroot"
  expect 1 "$algo verify --multi, wrong root" "$Z" tree -a "$algo" verify --multi "$(cat "$tmp/badroot")" "$tmp/f" "$tmp/m"
  sed 's/^indices 1,3,12$/indices 1,3,11/' "$tmp/m" > "$tmp/moved"
  expect 1 "$algo verify --multi, index moved" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/moved"
  sed 's/^indices 1,3,12$/indices 3,1,12/' "$tmp/m" > "$tmp/unsorted"
  expect 1 "$algo verify --multi, indices out of order" "$Z" tree -a "$algo" verify --multi "$R" "$tmp/f" "$tmp/unsorted"
  # usage errors
  expect 2 "$algo prove --multi with a bad list" "$Z" tree -a "$algo" prove --multi 1,,2 "$tmp/f"
  expect 2 "$algo prove --multi with a repeat" "$Z" tree -a "$algo" prove --multi 2,2 "$tmp/f"
  expect 2 "$algo prove --multi without FILE" "$Z" tree -a "$algo" prove --multi 2
  expect 2 "$algo verify --multi with a bad ROOT" "$Z" tree -a "$algo" verify --multi xyz "$tmp/f" "$tmp/m"
  expect 1 "$algo prove --multi out of range" "$Z" tree -a "$algo" prove --multi 100000 "$tmp/f"
done
# SHA3-256 trees against python's hashlib (an independent oracle: root and
# multiproof walk written from the documented format)
if command -v python3 >/dev/null; then
  for list in 0 1,3,12 5,6,7,8,200,499 0,499; do
    for ls in 100 64 4096; do
      R=$("$Z" tree -a keccak256 --sha3 --leaf-size $ls "$tmp/f" | cut -c1-64)
      n=$(( (50000 + ls - 1) / ls ))
      ok_list=$(echo "$list" | tr , '\n' | awk -v n="$n" '$1 < n' | paste -sd, -)
      [ -n "$ok_list" ] || continue
      "$Z" tree -a keccak256 prove --multi "$ok_list" --sha3 --leaf-size $ls "$tmp/f" > "$tmp/s"
      check "sha3 leaf-size $ls --multi $ok_list vs hashlib" OK "$(python3 "$(dirname "$0")/multiproof_sha3.py" "$tmp/f" $ls "$tmp/s" "$R" 2>&1)"
      expect 0 "sha3 leaf-size $ls --multi $ok_list verifies" "$Z" tree -a keccak256 verify --multi "$R" "$tmp/f" "$tmp/s"
    done
  done
fi
# a leaf size past any file (up to 2^64 - 1): one leaf, the same root from
# the tree, its multiproof and its check (the root refused sizes above 2^63 - 1)
R1=$("$Z" tree -a keccak256 --leaf-size 50000 "$tmp/f" | cut -c1-64)
for ls in 9223372036854775807 9223372036854775808 18446744073709551615; do
  expect 0 "keccak256 root, leaf size $ls" "$Z" tree -a keccak256 --leaf-size $ls "$tmp/f"
  check "keccak256 root, leaf size $ls: one leaf" "$R1" "$(cut -c1-64 "$tmp/out")"
  "$Z" tree -a keccak256 prove --multi 0 --leaf-size $ls "$tmp/f" > "$tmp/big"
  expect 0 "keccak256 --multi 0, leaf size $ls, verifies" "$Z" tree -a keccak256 verify --multi "$R1" "$tmp/f" "$tmp/big"
done
# a multiproof of the other algorithm
"$Z" tree -a keccak256 prove --multi 1 "$tmp/f" > "$tmp/k"
expect 1 "hemera verify --multi of a keccak256 multiproof" "$Z" tree -a hemera verify --multi "$(root_of -a hemera)" "$tmp/f" "$tmp/k"
finish multiproof_cli
