#!/usr/bin/env bash
# End-to-end checks of `zkprim hash --check` for every built-in algorithm
# and every mode it has (plain, --keyed, --derive-key, --length):
#   - a check line must carry the full digest. A truncated line (down to one
#     byte) verifying as OK was a security defect: whoever writes the check
#     file could then pass any data whose digest shares a byte with it. A
#     shorter line is "FAILED digest too short", a longer one "FAILED digest
#     too long"; the length comes from the algorithm and --length, never from
#     the line;
#   - read errors: the check file itself unreadable (a directory) is an I/O
#     error, a named FILE that is missing or a directory is "FAILED open or
#     read";
#   - NUL bytes make a line improperly formatted (never a blank line, never
#     a shorter line);
#   - well-formed lists still verify (CRLF line ends, several files);
#   - names with a backslash, newline or CR are written as sha256sum writes
#     them (a leading backslash, then \\, \n, \r in the name), byte for byte
#     the same line shape as coreutils' sha256sum here, and read back; a raw
#     newline used to split the line so that the list failed its own check.
# Usage: check_test.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

printf 'abc' > "$tmp/abc"
printf '\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f' > "$tmp/key"

# check_line CODE WHAT DIGEST WANT ARGS...: checks the line "DIGEST  $tmp/abc"
# with `zkprim hash ARGS... --check`; wants exit CODE and WANT in the output.
# Standard input is $tmp/in (the key for --keyed, else empty).
check_line() {
  local code=$1 what=$2 digest=$3 want=$4; shift 4
  printf '%s  %s\n' "$digest" "$tmp/abc" > "$tmp/line"
  expect "$code" "$what" sh -c '"$@" < "$0"' "$tmp/in" "$Z" hash "$@" --check "$tmp/line"
  expect_grep "$want" "$tmp/out" "$what: $want"
}

# run_mode ALGO MODE ARGS...: hashes $tmp/abc, then checks the full line, a
# 1-byte line, a line one byte short and one byte long. MODE names the case.
run_mode() {
  local a=$1 mode=$2; shift 2
  local what="$a $mode"
  expect 0 "$what: hash" sh -c '"$@" < "$0"' "$tmp/in" "$Z" hash -a "$a" "$@" "$tmp/abc"
  local hex
  hex=$(cut -d' ' -f1 "$tmp/out")
  check_line 0 "$what: full digest" "$hex" ": OK$" -a "$a" "$@"
  check_line 1 "$what: 1-byte digest (security)" "${hex:0:2}" "FAILED digest too short" -a "$a" "$@"
  check_line 1 "$what: digest one byte short" "${hex:0:${#hex}-2}" "FAILED digest too short" -a "$a" "$@"
  check_line 1 "$what: digest one byte long" "${hex}00" "FAILED digest too long" -a "$a" "$@"
}

algos=$("$Z" hash --help | sed -n 's/^algorithms: *//p')
check "algorithms listed" yes "$([ -n "$algos" ] && echo yes || echo no)"
keyed_seen=0 derive_seen=0
for a in $algos; do
  xof=no
  case $a in *"(xof)") xof=yes; a=${a%(xof)} ;; esac
  : > "$tmp/in"
  run_mode "$a" plain
  if [ $xof = yes ]; then
    run_mode "$a" "--length 64" --length 64
    run_mode "$a" "--length 2" --length 2
    # a line of the default length does not pass a check that asks for 64
    "$Z" hash -a "$a" "$tmp/abc" > "$tmp/def"
    expect 1 "$a: default-length line under --length 64" "$Z" hash -a "$a" --length 64 --check "$tmp/def"
    expect_grep "FAILED digest too short" "$tmp/out" "$a: default-length line is short for --length 64"
    "$Z" hash -a "$a" --length 64 "$tmp/abc" > "$tmp/l64"
    expect 1 "$a: 64-byte line without --length" "$Z" hash -a "$a" --check "$tmp/l64"
    expect_grep "FAILED digest too long" "$tmp/out" "$a: 64-byte line is long without --length"
  fi
  cp "$tmp/key" "$tmp/in"
  if "$Z" hash -a "$a" --keyed "$tmp/abc" < "$tmp/key" > /dev/null 2>&1; then
    run_mode "$a" keyed --keyed
    keyed_seen=$((keyed_seen + 1))
    [ $xof = yes ] && run_mode "$a" "keyed --length 48" --keyed --length 48
  fi
  : > "$tmp/in"
  if "$Z" hash -a "$a" --derive-key ctx "$tmp/abc" > /dev/null 2>&1; then
    run_mode "$a" derive-key --derive-key "check test context"
    derive_seen=$((derive_seen + 1))
  fi
done
# the keyed and derive-key paths must have been exercised (hemera has both)
check "some algorithm has --keyed" yes "$([ "$keyed_seen" -gt 0 ] && echo yes || echo no)"
check "some algorithm has --derive-key" yes "$([ "$derive_seen" -gt 0 ] && echo yes || echo no)"

# --- read errors ---------------------------------------------------------
mkdir -p "$tmp/dir"
expect 1 "--check of a directory" "$Z" hash -a sha3-256 --check "$tmp/dir"
expect_grep "Is a directory" "$tmp/err" "--check of a directory reports the read error"
if grep -q "no properly formatted" "$tmp/err"; then
  fail=$((fail + 1)); echo "FAIL: --check of a directory claims there were no formatted lines"
else pass=$((pass + 1)); fi
expect 1 "--check of a missing list" "$Z" hash -a sha3-256 --check "$tmp/missing"
expect_grep "No such file" "$tmp/err" "--check of a missing list says so"
"$Z" hash -a sha3-256 "$tmp/abc" > "$tmp/sums"
hex=$(cut -d' ' -f1 "$tmp/sums")
printf '%s  %s\n%s  %s\n%s  %s\n' "$hex" "$tmp/dir" "$hex" "$tmp/missing" "$hex" "$tmp/abc" > "$tmp/list"
expect 1 "--check naming a directory and a missing file" "$Z" hash -a sha3-256 --check "$tmp/list"
expect_grep "^$tmp/dir: FAILED open or read$" "$tmp/out" "a directory is FAILED open or read"
expect_grep "^$tmp/missing: FAILED open or read$" "$tmp/out" "a missing file is FAILED open or read"
expect_grep "^$tmp/abc: OK$" "$tmp/out" "the readable file still verifies"
expect_grep "2 listed file(s) could not be read" "$tmp/err" "unreadable files are counted"

# --- NUL bytes -------------------------------------------------------------
printf '\0\0\0\n' > "$tmp/nul"
cat "$tmp/sums" >> "$tmp/nul"
expect 1 "a line of NUL bytes" "$Z" hash -a sha3-256 --check "$tmp/nul"
expect_grep "1 improperly formatted line" "$tmp/err" "a line of NULs is improperly formatted"
expect_grep ": OK" "$tmp/out" "the good line after it still verifies"
printf '%s  %s\0junk\n' "$hex" "$tmp/abc" > "$tmp/nulname"
expect 1 "a NUL inside the file name" "$Z" hash -a sha3-256 --check "$tmp/nulname"
expect_grep "1 improperly formatted line" "$tmp/err" "a NUL in the name is improperly formatted"
printf '%s\0  %s\n' "${hex:0:2}" "$tmp/abc" > "$tmp/nulhex"
expect 1 "a NUL after the digest" "$Z" hash -a sha3-256 --check "$tmp/nulhex"
expect_grep "1 improperly formatted line" "$tmp/err" "a NUL after the digest is improperly formatted"
printf '\0' > "$tmp/nulonly"
expect 1 "a list of one NUL byte" "$Z" hash -a sha3-256 --check "$tmp/nulonly"
expect_grep "improperly formatted" "$tmp/err" "a lone NUL is improperly formatted"

# --- other malformed lines, and well-formed ones that must keep working ----
printf 'zz%s  %s\n' "${hex:2}" "$tmp/abc" > "$tmp/nonhex"
expect 1 "non-hex digest" "$Z" hash -a sha3-256 --check "$tmp/nonhex"
expect_grep "improperly formatted" "$tmp/err" "a non-hex digest is improperly formatted"
printf '%s  \n' "$hex" > "$tmp/noname"
expect 1 "no file name" "$Z" hash -a sha3-256 --check "$tmp/noname"
expect_grep "improperly formatted" "$tmp/err" "a line without a name is improperly formatted"
printf '%s  %s\r\n\n' "$hex" "$tmp/abc" > "$tmp/crlf"
expect 0 "CRLF line and a blank line" "$Z" hash -a sha3-256 --check "$tmp/crlf"
printf 'xyz' > "$tmp/x y"
"$Z" hash -a sha3-256 "$tmp/abc" "$tmp/x y" > "$tmp/two"
expect 0 "two files, one name with a space" "$Z" hash -a sha3-256 --check "$tmp/two"
check "both verified" 2 "$(grep -c ': OK$' "$tmp/out")"
expect 0 "check list on standard input" sh -c "'$Z' hash -a sha3-256 --check < '$tmp/two'"
tr 'a-f' 'A-F' < "$tmp/sums" | sed "s|  .*|  $tmp/abc|" > "$tmp/upper"
expect 0 "upper-case digest" "$Z" hash -a sha3-256 --check "$tmp/upper"

# --- names that need escaping: sha256sum's form, read back -----------------
mkdir -p "$tmp/names"
names=($'nl\nx' 'back\slash' $'cr\rx' $'all\\of\nthem\r' 'plain name')
paths=()
for n in "${names[@]}"; do printf '%s' "$n" > "$tmp/names/$n"; paths+=("$tmp/names/$n"); done
"$Z" hash -a sha3-256 "${paths[@]}" > "$tmp/esc"
check "escaped names: one line per file" 5 "$(wc -l < "$tmp/esc")"
check "escaped names: four lines marked" 4 "$(grep -c '^\\' "$tmp/esc")"
if command -v sha256sum > /dev/null; then
  sha256sum "${paths[@]}" | sed 's/[0-9a-f]\{64\}/H/' > "$tmp/esc.coreutils"
  sed 's/[0-9a-f]\{64\}/H/' "$tmp/esc" > "$tmp/esc.zkprim"
  check "escaped names: the lines sha256sum writes" same "$(cmp -s "$tmp/esc.coreutils" "$tmp/esc.zkprim" && echo same || echo differ)"
else fail=$((fail + 1)); echo "FAIL: sha256sum (coreutils) not found"; fi
expect 0 "escaped names: the list checks" "$Z" hash -a sha3-256 --check "$tmp/esc"
check "escaped names: all OK" 5 "$(grep -c ': OK$' "$tmp/out")"
expect_grep '^\\.*/names/nl\\nx: OK$' "$tmp/out" "a result line escapes a newline (as sha256sum -c)"
expect_grep '/names/back\\slash: OK$' "$tmp/out" "a result line keeps a lone backslash raw (as sha256sum -c)"
hex=$("$Z" hash -a sha3-256 "$tmp/names/back\slash" | cut -c2-65)
printf '%s  %s\n' "$hex" "$tmp/names/back\slash" > "$tmp/raw_bs"
expect 0 "an unmarked line's backslash is literal" "$Z" hash -a sha3-256 --check "$tmp/raw_bs"
for bad in 'bad\qname' 'trailing\' 'tab\tname'; do
  printf '\\%s  %s\n' "$hex" "$tmp/names/$bad" > "$tmp/badesc"
  expect 1 "escaped line with '$bad'" "$Z" hash -a sha3-256 --check "$tmp/badesc"
  expect_grep "1 improperly formatted line" "$tmp/err" "an unknown or cut escape ('$bad') is improperly formatted"
done
"$Z" tree -a keccak256 "$tmp/names/$(printf 'nl\nx')" > "$tmp/treeline"
expect_grep '^\\[0-9a-f]\{64\}  .*/names/nl\\nx$' "$tmp/treeline" "tree -a keccak256 escapes the name too"

finish cli-check
