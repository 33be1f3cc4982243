#!/usr/bin/env bash
# Checks the test runner's own verdicts (scripts/test.sh, cmake/zkp_optional.cmake):
#   - an unknown stage fails;
#   - a run where every stage was skipped never says "all stages passed":
#     it fails (nothing was tested), and lists the skipped stages;
#   - a left-out optional check, a ctest reported skipped and a test program
#     no ctest runs are listed in the summary; locally the run passes with
#     "not everything ran", under ZKPRIM_REQUIRE_ALL_STAGES=1 it fails;
#   - CMake itself: an optional dependency that is missing (OpenSSL, hidden
#     with CMAKE_DISABLE_FIND_PACKAGE_OpenSSL) is left out with a warning and
#     listed in zkp-left-out.txt, and -DZKP_REQUIRE_ALL=ON refuses to configure.
# scripts/test.sh runs under a PATH of a few real tools plus fake cmake and
# ctest (below), with its build directories in a temporary root.
# Usage: test_runner.sh CMAKE C_COMPILER
set -uo pipefail
CMAKE=$1
CC_REAL=$2
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap "rm -rf \"$tmp\"" EXIT; [ -n "${KEEP:-}" ] && trap - EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

bin=$tmp/bin
mkdir -p "$bin"
for t in bash env nproc mktemp rm touch sed tee cat dirname mkdir chmod ln; do
  p=$(command -v "$t") || { echo "test_runner: $t not found"; exit 1; }
  ln -s "$(readlink -f "$p")" "$bin/$t"
done
# the interpreter itself, not a wrapper that needs the rest of PATH
ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$bin/python3" || exit 1
# Fake cmake: configure writes FAKE_LEFT_OUT to zkp-left-out.txt; --build
# adds an executable tests/test_orphan when FAKE_ORPHAN=1.
cat > "$bin/cmake" <<'EOF'
#!/usr/bin/env bash
if [ "$1" = --build ]; then
  mkdir -p "$2/tests"
  if [ "${FAKE_ORPHAN:-0}" = 1 ]; then printf '#!/bin/sh\n' > "$2/tests/test_orphan"; chmod +x "$2/tests/test_orphan"; fi
  exit 0
fi
while [ $# -gt 0 ]; do [ "$1" = -B ] && dir=$2; shift; done
mkdir -p "$dir"
printf '%s' "${FAKE_LEFT_OUT:-}" > "$dir/zkp-left-out.txt"
EOF
# Fake ctest: lists no tests; a run reports FAKE_SKIP as skipped.
cat > "$bin/ctest" <<'EOF'
#!/usr/bin/env bash
case "$*" in *show-only=json-v1*) echo '{"tests": []}'; exit 0 ;; esac
echo "100% tests passed, 0 tests failed out of 3"
if [ -n "${FAKE_SKIP:-}" ]; then
  printf '\nThe following tests did not run:\n\t  7 - %s (Skipped)\n\n' "$FAKE_SKIP"
fi
exit 0
EOF
chmod +x "$bin/cmake" "$bin/ctest"

# runner NAME EXPECT_STATUS(0|nonzero) [VAR=VALUE...]: runs scripts/test.sh
runner() {
  local name=$1 want=$2; shift 2
  env -i PATH="$bin" HOME="$tmp" ZKPRIM_TEST_BUILD_ROOT="$tmp/builds" "$@" \
    "$bin/bash" "$src/scripts/test.sh" > "$tmp/$name.out" 2>&1
  local rc=$?
  if [ "$want" = 0 ] && [ $rc -ne 0 ]; then bad "$name: exit $rc, want 0"; cat "$tmp/$name.out"; fi
  if [ "$want" != 0 ] && [ $rc -eq 0 ]; then bad "$name: exit 0, want non-zero"; cat "$tmp/$name.out"; fi
}
says() { grep -q -- "$2" "$tmp/$1.out" || { bad "$1: output lacks '$2'"; cat "$tmp/$1.out"; }; }
never() { if grep -q -- "$2" "$tmp/$1.out"; then bad "$1: output has '$2'"; cat "$tmp/$1.out"; fi; }

runner bogus nonzero ZKPRIM_TEST_STAGES=bogus
says bogus "unknown stage bogus"
never bogus "all stages passed"

# No clang, no cross compilers on this PATH: every stage named is skipped.
runner allskip nonzero ZKPRIM_TEST_STAGES="verify aarch64 s390x rust"
says allskip "stage verify skipped"
says allskip "stage s390x skipped"
says allskip "stage rust: SKIPPED (cargo not installed)"
says allskip "NOTHING PASSED"
never allskip "all stages passed"
runner allskip-ci nonzero ZKPRIM_TEST_STAGES="verify aarch64" ZKPRIM_REQUIRE_ALL_STAGES=1
never allskip-ci "all stages passed"

# One stage that passes with nothing missing: the only "all stages passed".
runner clean 0 ZKPRIM_TEST_STAGES=portable
says clean "all stages passed"
# One passing stage and one skipped: passes locally, but says so.
runner someskip 0 ZKPRIM_TEST_STAGES="portable verify"
says someskip "stage verify skipped"
never someskip "all stages passed"
runner someskip-ci nonzero ZKPRIM_TEST_STAGES="portable verify" ZKPRIM_REQUIRE_ALL_STAGES=1

# Left out, skipped ctest, unregistered program: listed; fatal only in CI.
for what in "FAKE_LEFT_OUT=optional thing: not found" FAKE_SKIP=ct-thing FAKE_ORPHAN=1; do
  runner notall 0 ZKPRIM_TEST_STAGES=portable "$what"
  never notall "all stages passed"
  says notall "not everything ran"
  case $what in
  FAKE_LEFT*) says notall "left out: portable: optional thing: not found" ;;
  FAKE_SKIP*) says notall "ctest skipped: portable: ct-thing (Skipped)" ;;
  FAKE_ORPH*) says notall "no ctest runs: portable: test_orphan" ;;
  esac
  runner notall-ci nonzero ZKPRIM_TEST_STAGES=portable "$what" ZKPRIM_REQUIRE_ALL_STAGES=1
done

# The CMake side, with the real cmake: a missing OpenSSL is reported and
# recorded, and refused under ZKP_REQUIRE_ALL.
cfg() {
  env -u ZKPRIM_REQUIRE_ALL_STAGES CC="$CC_REAL" "$CMAKE" -S "$src" -B "$tmp/cfg" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON "$@" > "$tmp/cfg.out" 2>&1
}
if cfg -DZKP_REQUIRE_ALL=OFF; then
  grep -q "optional OpenSSL SHA3/SHAKE oracle (test keccak): LEFT OUT" "$tmp/cfg.out" ||
    { bad "configure without OpenSSL: no left-out warning"; cat "$tmp/cfg.out"; }
  grep -q "^OpenSSL SHA3/SHAKE oracle (test keccak): " "$tmp/cfg/zkp-left-out.txt" ||
    bad "configure without OpenSSL: not in zkp-left-out.txt"
else
  bad "configure without OpenSSL failed without ZKP_REQUIRE_ALL"; cat "$tmp/cfg.out"
fi
if cfg -DZKP_REQUIRE_ALL=ON; then
  bad "configure without OpenSSL passed under ZKP_REQUIRE_ALL"
else
  grep -q "ZKP_REQUIRE_ALL" "$tmp/cfg.out" && grep -q "OpenSSL SHA3/SHAKE oracle" "$tmp/cfg.out" ||
    { bad "ZKP_REQUIRE_ALL failure does not name OpenSSL"; cat "$tmp/cfg.out"; }
fi

[ $fails -eq 0 ] && echo "test_runner: all checks passed" || echo "test_runner: $fails failed"
[ $fails -eq 0 ]
