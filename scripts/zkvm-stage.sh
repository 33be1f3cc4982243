#!/usr/bin/env bash
# Stage `zkvm` of scripts/test.sh (docs/zkvm.md): the freestanding library
# with the external Keccak hook for rv64im/lp64 and rv32im/ilp32 (Debian's
# gcc-riscv64-unknown-elf + picolibc), each linking tests/zkvm/guest.c and
# checked by scripts/zkvm-symbols.sh at build time; ctests zkvm-guest (both)
# and zkvm-counts (rv64im: every plumbing ceiling); then the counts table
# with the rv32im column.   usage: scripts/zkvm-stage.sh [BUILD_ROOT]
set -euo pipefail
cd "$(dirname "$0")/.."
BR=${1:-$PWD}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
for isa in rv64im rv32im; do
  dir=$BR/build-zkvm-$isa
  echo "freestanding $isa: $dir"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_FREESTANDING=ON -DZKP_KECCAK_F1600=external \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/riscv-elf-$isa.cmake" > /dev/null
  cmake --build "$dir" -j "$JOBS" > "$dir/build.log" 2>&1 || { grep -v '^\[' "$dir/build.log" | tail -40; exit 1; }
  grep 'needs from outside' "$dir/build.log"
  if declare -F ctest_in > /dev/null; then ctest_in "$dir"; else (cd "$dir" && ctest --output-on-failure); fi
done
./scripts/zkvm-counts.sh "$BR/build-zkvm-rv64im" "$BR/build-zkvm-rv32im"
