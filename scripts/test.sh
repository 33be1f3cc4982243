#!/usr/bin/env bash
# Every test, in stages. A stage whose toolchain is missing prints SKIPPED
# and why; CI (.ci/run) installs everything, so there nothing is skipped.
#
#   ZKPRIM_TEST_STAGES="native clang asan verify fuzz ctmsan portable knobs aarch64 s390x install"
#   picks stages (default: all). Each stage builds in its own build-<stage>/.
set -uo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc 2>/dev/null || echo 2)
STAGES=${ZKPRIM_TEST_STAGES:-"native clang asan verify fuzz ctmsan portable knobs aarch64 s390x install"}
failed=()
skipped=()
summary=()

have() { command -v "$1" >/dev/null 2>&1; }

run_stage() { # name, then the commands as a single string
  local name=$1 cmd=$2 t0=$SECONDS
  echo
  echo "=================== stage: $name ==================="
  if bash -c "set -euo pipefail; $cmd"; then
    summary+=("$name: passed ($((SECONDS - t0)) s)")
  else
    summary+=("$name: FAILED ($((SECONDS - t0)) s)")
    failed+=("$name")
  fi
}

skip() { echo; echo "=== stage $1: SKIPPED ($2)"; skipped+=("$1"); summary+=("$1: skipped ($2)"); }

build_and_ctest() { # builddir, cmake args..., then ctest runs with env from caller
  local dir=$1; shift
  echo "cmake -S . -B $dir $*"
  cmake -S . -B "$dir" "$@" >/dev/null || return 1
  cmake --build "$dir" -j "$JOBS" > "$dir/build.log" 2>&1 || { grep -v '^\[' "$dir/build.log" | tail -40; return 1; }
  (cd "$dir" && ctest --output-on-failure -j "$JOBS")
}
export -f build_and_ctest
export JOBS

for s in $STAGES; do
  case $s in
  native)
    run_stage native "build_and_ctest build-native -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON" ;;
  clang)
    if have clang; then
      run_stage clang "CC=clang build_and_ctest build-clang -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DCMAKE_C_COMPILER=clang"
    else skip clang "clang not installed"; fi ;;
  asan)
    run_stage asan "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-200} ZKPRIM_TEST_SANITIZE=1 build_and_ctest build-asan -DCMAKE_BUILD_TYPE=Debug -DZKP_WERROR=ON \
      '-DCMAKE_C_FLAGS=-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer' \
      -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined" ;;
  verify)
    # Every documented arithmetic bound checked where the value is produced
    # (-DZKP_VERIFY=ON, docs/verify.md), the whole suite on every kernel the
    # CPU runs, plus the planted violations (verify-planted-*).
    # The constant-time tests are left out: a check is a branch on the
    # (secret) value it checks, by design; they run in the other stages.
    run_stage verify "cmake -S . -B build-verify -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZKP_WERROR=ON -DZKP_VERIFY=ON >/dev/null; \
      cmake --build build-verify -j \$JOBS > build-verify/build.log 2>&1 || { grep -v '^\[' build-verify/build.log | tail -40; exit 1; }; \
      (cd build-verify && ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-100} ctest --output-on-failure -j \$JOBS -E '^ct-|-ct\$|-ct-planted\$')" ;;
  fuzz)
    # libFuzzer (clang) with ASan+UBSan: each target in tests/fuzz/ fuzzes
    # for ZKPRIM_FUZZ_SECONDS from its checked-in seed corpus. The library is
    # instrumented for coverage (fuzzer-no-link); only the fuzz tests run here.
    if have clang && clang -fsanitize=fuzzer -x c - -o /dev/null <<<'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){return 0;}' 2>/dev/null; then
      run_stage fuzz "ZKPRIM_TEST_SANITIZE=1 CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DCMAKE_C_COMPILER=clang -DZKP_FUZZ=ON -DZKP_FUZZ_SECONDS=\${ZKPRIM_FUZZ_SECONDS:-20} \
          '-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all' \
          -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined >/dev/null; \
        cmake --build build-fuzz -j \$JOBS --target fuzzers > build-fuzz/build.log 2>&1 || { tail -40 build-fuzz/build.log; exit 1; }; \
        (cd build-fuzz && ctest --output-on-failure -j \$JOBS -R 'fuzz-.*-libfuzzer')"
    else skip fuzz "clang with libFuzzer (libclang-rt-dev) not installed"; fi ;;
  ctmsan)
    # Constant-time checks by MemorySanitizer (tests/ct/ct.cmake): the same
    # programs valgrind runs in the native stages, natively here, so the
    # AVX-512 and VPCLMULQDQ kernels valgrind cannot execute are checked too.
    # Inline asm is off (MSan checks asm operands as if they were branches);
    # valgrind covers the asm paths.
    if have clang++ && clang -fsanitize=memory -x c - -o /dev/null <<<'int main(void){return 0;}' 2>/dev/null; then
      run_stage ctmsan "CC=clang CXX=clang++ cmake -S . -B build-ctmsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DZKP_NO_ASM=ON \
          \"-DCMAKE_C_FLAGS=-fsanitize=memory -fno-omit-frame-pointer -include $PWD/tests/ct/msan_shim.h\" \
          -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=memory -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=memory >/dev/null; \
        cmake --build build-ctmsan -j \$JOBS --target ct_programs > build-ctmsan/build.log 2>&1 || { tail -40 build-ctmsan/build.log; exit 1; }; \
        (cd build-ctmsan && ctest --output-on-failure -j \$JOBS -R 'ct')"
    else skip ctmsan "clang with the MemorySanitizer runtime (libclang-rt-dev) not installed"; fi ;;
  portable)
    run_stage portable "build_and_ctest build-portable -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_NO_SIMD=ON" ;;
  knobs)
    # Every ZKP_NO_<ISA> knob at least once, in two builds whose remaining
    # kernels still run (e.g. AVX2 without AVX-512 and BMI2, as on CPUs
    # that lack them): each must build warning-free and pass.
    run_stage knobs "for knobs in 'AVX512 BMI2' 'AVX2 PCLMUL ASM'; do \
        args=(); for k in \$knobs; do args+=(-DZKP_NO_\$k=ON); done; \
        dir=build-knobs-\${knobs// /-}; echo \"knobs: \$knobs\"; \
        cmake -S . -B \$dir -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON \"\${args[@]}\" >/dev/null; \
        cmake --build \$dir -j \$JOBS > \$dir/build.log 2>&1 || { tail -40 \$dir/build.log; exit 1; }; \
        (cd \$dir && ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-50} ctest --output-on-failure -j \$JOBS -E 'ct-|generated|circomlibjs|plumbing'); \
      done" ;;
  aarch64)
    if have aarch64-linux-gnu-gcc && have qemu-aarch64; then
      run_stage aarch64 "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-100} build_and_ctest build-aarch64 -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON \
        -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/aarch64-linux-gnu.cmake"
    else skip aarch64 "needs gcc-aarch64-linux-gnu and qemu-user"; fi ;;
  s390x)
    if have s390x-linux-gnu-gcc && have qemu-s390x; then
      run_stage s390x "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-100} build_and_ctest build-s390x -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON \
        -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/s390x-linux-gnu.cmake"
    else skip s390x "needs gcc-s390x-linux-gnu and qemu-user"; fi ;;
  install)
    run_stage install "./scripts/check-install.sh" ;;
  *) echo "unknown stage $s"; failed+=("$s") ;;
  esac
done

echo
echo "=================== summary ==================="
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED stages: ${failed[*]}"
  exit 1
fi
echo "all stages passed${skipped:+ (skipped: ${skipped[*]})}"
