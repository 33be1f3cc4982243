#!/usr/bin/env bash
# The `python` stage of scripts/test.sh: builds the zkprim Python package
# (python/, docs/python.md) the way a user installs it,
#   $PY -m pip install --no-build-isolation ./python
# into a private target directory (the system site-packages are not
# touched), reusing the native stage's CMake build of libzkprim.a, then runs
# python/tests (unittest, Dask tests on a 2-process LocalCluster) and a short
# `python -m zkprim.bench --quick` so the bench module keeps working.
#
# Interpreter: ZKPRIM_PYTHON, default /usr/bin/python3 (Debian's, the one
# `apt-get install python3-dask python3-distributed` serves).
#   scripts/test-python.sh [CMAKE_BUILD_DIR]   (default: build-native)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PY=${ZKPRIM_PYTHON:-/usr/bin/python3}
BDIR=${1:-${BR:-$REPO}/build-native}
OUT=$(dirname "$BDIR")/build-python
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

if [ ! -f "$BDIR/CMakeCache.txt" ]; then
  cmake -S . -B "$BDIR" -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON >/dev/null
fi
cmake --build "$BDIR" -j "$JOBS" --target zkprim_static zkprim_cli >/dev/null

rm -rf "$OUT"
mkdir -p "$OUT"
t0=$SECONDS
ZKPRIM_CMAKE_BUILD_DIR=$BDIR ZKPRIM_PY_WERROR=1 PIP_ROOT_USER_ACTION=ignore \
  "$PY" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps --no-index \
  --target "$OUT/site" ./python
echo "pip install: $((SECONDS - t0)) s"

# Run from outside the source tree so that the installed package is the one imported.
cd "$OUT"
export PYTHONPATH=$OUT/site ZKPRIM_CLI=$BDIR/zkprim
"$PY" -c 'import sys, zkprim; p = zkprim.__file__; sys.exit(0 if p.startswith(sys.argv[1]) else "imported " + p)' "$OUT/site"
"$PY" -W ignore::DeprecationWarning "$REPO/python/tests/run.py"
"$PY" -m zkprim.bench --quick
