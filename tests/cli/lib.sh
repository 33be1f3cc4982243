# Shared by the CLI test scripts (source it after setting nothing):
#   expect CODE DESCRIPTION COMMAND...   run COMMAND (stdout -> $tmp/out,
#                                        stderr -> $tmp/err), want exit CODE
#   expect_grep PATTERN FILE DESCRIPTION FILE must contain PATTERN
#   check DESCRIPTION WANT GOT           two strings must be equal
#   finish NAME                          print "NAME: N passed, M failed", return status
#   slow_stage                           true where ZKPRIM_TEST_N (1..999) marks a
#                                        slow stage (sanitizers, emulation)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect() {
  local want=$1 what=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" = "$want" ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL: $what: exit $got, want $want"; sed 's/^/  | /' "$tmp/err" | head -5; fi
}

expect_grep() {
  if grep -q -- "$1" "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $3: no '$1' in output"; fi
}

check() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: got '$3', want '$2'"; fi
}

finish() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" = 0 ]
}

# flip_byte FILE OFFSET: xor the byte at OFFSET with 1, so the file surely
# changes (writing a fixed byte over random data leaves it unchanged 1 time
# in 256, which made a tamper check flaky)
flip_byte() {
  local b
  b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
  printf "\\$(printf %03o $((b ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

slow_stage() { [ "${ZKPRIM_TEST_N:-0}" -gt 0 ] && [ "${ZKPRIM_TEST_N:-0}" -lt 1000 ]; }
