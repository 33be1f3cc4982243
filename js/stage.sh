#!/usr/bin/env bash
# The `js` stage of scripts/test.sh (docs/js.md): the wasm build from
# scratch (js/build.sh), the module checks (no imports, gzip budgets), then
# the node:test suites against the reference packages that
# `npm ci --prefix js` installed from js/package-lock.json.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# The C CLI for js/test/hemera.test.mjs's cross-check: build-native's (the
# native stage runs first), or ZKPRIM_CLI.
cli=${ZKPRIM_CLI:-${BR:-$here/..}/build-native/zkprim}
case $cli in /*) ;; *) cli=$PWD/$cli ;; esac
cd "$here"
[ -d node_modules/@noble/hashes ] || { echo "js stage: run npm ci --prefix js first (the pinned reference packages)"; exit 1; }
t0=$SECONDS
rm -rf build dist
./build.sh
echo "js stage: wasm build $((SECONDS - t0)) s"
node tools/check-modules.mjs dist
if [ -x "$cli" ]; then
  export ZKPRIM_CLI=$cli
elif [ "${REQUIRE_ALL:-0}" = 1 ]; then
  echo "js stage: no CLI at $cli (run the native stage first, or set ZKPRIM_CLI)"; exit 1
else
  echo "js stage: no CLI at $cli: the Hemera CLI cross-check is skipped"
fi
node --test test/*.test.mjs
# the SIMD128 Goldilocks layer and Hemera batch kernel against the portable C
../tests/wasm_simd/run.sh "$here/build/wasm_simd"
echo "js stage: $((SECONDS - t0)) s"
