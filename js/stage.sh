#!/usr/bin/env bash
# The `js` stage of scripts/test.sh (docs/js.md): the wasm build from
# scratch (js/build.sh), the module checks (no imports, gzip budgets), then
# the node:test suites against the reference packages that
# `npm ci --prefix js` installed from js/package-lock.json.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
[ -d node_modules/@noble/hashes ] || { echo "js stage: run npm ci --prefix js first (the pinned reference packages)"; exit 1; }
t0=$SECONDS
rm -rf build dist
./build.sh
echo "js stage: wasm build $((SECONDS - t0)) s"
node tools/check-modules.mjs dist
node --test test/*.test.mjs
echo "js stage: $((SECONDS - t0)) s"
