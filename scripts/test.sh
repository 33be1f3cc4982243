#!/usr/bin/env bash
# Every test, in stages. A stage whose toolchain is missing prints SKIPPED
# and why; an optional check whose tool is missing is left out by CMake with
# a warning (cmake/zkp_optional.cmake); a ctest may report itself skipped.
# The summary at the end lists all three in one block, and only a run with
# none of them and no failure says "all stages passed".
#
#   ZKPRIM_TEST_STAGES="native python asan verify fuzz ctmsan portable knobs aarch64 s390x riscv64 zkvm keccak-external install rust js"
#   picks stages (default: all). Each stage builds in its own build-<stage>/
#   (under ZKPRIM_TEST_BUILD_ROOT if set; default: the source tree).
#
#   ZKPRIM_REQUIRE_ALL_STAGES=1 (CI, .ci/run): nothing may be skipped. A
#   skipped stage, a left-out optional check (CMake then refuses to
#   configure), a skipped ctest or a test program that no ctest runs fails.
#
# tests/test_runner.sh checks this logic (ctest test-runner).
set -uo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc 2>/dev/null || echo 2)
STAGES=${ZKPRIM_TEST_STAGES:-"native python asan verify fuzz ctmsan portable knobs aarch64 s390x riscv64 zkvm keccak-external install rust js"}
BR=${ZKPRIM_TEST_BUILD_ROOT:-$PWD}
REQUIRE_ALL=${ZKPRIM_REQUIRE_ALL_STAGES:-0}
# python3 on PATH may be a version manager's shim (pyenv's on the CI image:
# a shell script that takes 0.3 s to start the interpreter, 13 times the
# interpreter's own start). The CLI tests start python3 thousands of times
# (oracles, tampered copies), so every stage runs with python3 resolved
# once to the interpreter the shim would start. The link lives beside the
# build directories, whose CMake caches record the path.
if real_py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$real_py" ]; then
  if mkdir -p "$BR/build-bin" && ln -sfn "$real_py" "$BR/build-bin/python3"; then export PATH="$BR/build-bin:$PATH"; fi
fi
# The live differential tests against npm packages (ctest label `live`:
# circomlibjs, @openzeppelin/merkle-tree, @zk-kit/lean-imt) are node-bound and
# check the C results, not a compiler or a kernel set: they run in the native
# stage; the others leave them out (-LE live; the memory safety of the code
# they drive is the asan stage's unit and CLI tests' and the fuzzers'), and
# the cross stages cannot run node. The end-to-end CLI checks labelled `e2e`
# (tree_stream_cli: hundreds of MB streamed through the CLI; poseidon-tree-cli:
# a round-by-round python3 oracle) cost data volume or an oracle, and the
# kernels they reach are the ones each stage's unit tests already check: they
# run in native and asan (the streamed CLI's threads and buffers under ASan).
# The knobs builds leave the CLI out (-DZKP_BUILD_TOOLS=OFF): its logic does
# not change with the kernel set, and its tests run in every other stage.
#
# What the stages report back (each runs in its own bash): one line per
# left-out check, skipped ctest or unregistered program, prefixed by stage.
ZKP_REPORT=$(mktemp -d)
trap 'rm -rf "$ZKP_REPORT"' EXIT
touch "$ZKP_REPORT/left-out" "$ZKP_REPORT/ctest-skipped" "$ZKP_REPORT/unregistered"
export ZKP_REPORT REQUIRE_ALL JOBS BR
passed=()
failed=()
skipped=()
summary=()

have() { command -v "$1" >/dev/null 2>&1; }

run_stage() { # name, then the commands as a single string
  local name=$1 cmd=$2 t0=$SECONDS
  echo
  echo "=================== stage: $name ==================="
  if ZKP_STAGE=$name bash -c "set -euo pipefail; $cmd"; then
    summary+=("$name: passed ($((SECONDS - t0)) s)")
    passed+=("$name")
  else
    summary+=("$name: FAILED ($((SECONDS - t0)) s)")
    failed+=("$name")
  fi
}

skip() {
  echo; echo "=== stage $1: SKIPPED ($2)"
  skipped+=("$1"); summary+=("$1: skipped ($2)")
  if [ "$REQUIRE_ALL" = 1 ]; then failed+=("$1"); fi
}

# configure BUILDDIR CMAKE_ARGS...: cmake, and note what it left out (the
# list is written even when ZKP_REQUIRE_ALL makes configuring fail).
configure() {
  local dir=$1; shift
  echo "cmake -S . -B $dir $*"
  rm -f "$dir/zkp-left-out.txt"
  local rc=0
  cmake -S . -B "$dir" "$@" >/dev/null || rc=$?
  if [ -f "$dir/zkp-left-out.txt" ]; then
    while IFS= read -r l || [ -n "$l" ]; do echo "$ZKP_STAGE: $l"; done < "$dir/zkp-left-out.txt" >> "$ZKP_REPORT/left-out"
  fi
  return $rc
}

# ctest_in BUILDDIR CTEST_ARGS...: ctest, and note the tests it did not run
# (return code 77 / SKIP_RETURN_CODE, disabled); those fail under REQUIRE_ALL.
ctest_in() {
  local dir=$1; shift
  local log=$dir/ctest.log rc=0
  (cd "$dir" && ctest --output-on-failure -j "$JOBS" "$@") 2>&1 | tee "$log" || rc=$?
  local skips
  skips=$(sed -n '/^The following tests did not run:/,/^$/p' "$log" | sed -n 's/^[[:space:]]*[0-9]* - \(.*\)$/\1/p')
  if [ -n "$skips" ]; then
    printf '%s\n' "$skips" | sed "s|^|$ZKP_STAGE: |" >> "$ZKP_REPORT/ctest-skipped"
    if [ "$REQUIRE_ALL" = 1 ]; then echo "ZKPRIM_REQUIRE_ALL_STAGES: ctest skipped tests"; rc=1; fi
  fi
  return "$rc"
}

# every_program_registered BUILDDIR: each test program built in tests/ is run
# by some ctest (a program that exists but never runs tests nothing). Only
# for stages that register and run the whole suite.
every_program_registered() {
  local dir=$1 missing
  missing=$(cd "$dir" && ctest --show-only=json-v1 | python3 -c '
import json, os, sys
tests = json.load(sys.stdin)["tests"]
used = {os.path.realpath(a) for t in tests for a in t.get("command", [])}
# built on purpose without a ctest of their own:
#   poseidon_callgrind  the driver of scripts/poseidon-callgrind.sh (docs numbers)
#   keccak_plumbing     run by scripts/keccak-plumbing.sh, which ctest
#                       keccak-plumbing calls with the build directory
exempt = {"poseidon_callgrind", "keccak_plumbing"}
d = "tests"
for f in sorted(os.listdir(d)):
    p = os.path.join(d, f)
    if os.path.isfile(p) and os.access(p, os.X_OK) and f not in exempt and os.path.realpath(p) not in used:
        print(f)
')
  if [ -n "$missing" ]; then
    printf '%s\n' "$missing" | sed "s|^|$ZKP_STAGE: |" >> "$ZKP_REPORT/unregistered"
    echo "test programs no ctest runs: $missing"
    [ "$REQUIRE_ALL" = 1 ] && return 1
  fi
  return 0
}

build_and_ctest() { # builddir, cmake args..., then ctest runs with env from caller
  local dir=$1; shift
  configure "$dir" "$@" || return 1
  cmake --build "$dir" -j "$JOBS" > "$dir/build.log" 2>&1 || { grep -v '^\[' "$dir/build.log" | tail -40; return 1; }
  every_program_registered "$dir" || return 1
  # shellcheck disable=SC2086  # ZKP_CTEST_ARGS: words for ctest, e.g. '-LE live'
  ctest_in "$dir" ${ZKP_CTEST_ARGS:-}
}
export -f configure ctest_in every_program_registered build_and_ctest

for s in $STAGES; do
  case $s in
  native)
    run_stage native "build_and_ctest $BR/build-native -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON" ;;
  asan)
    # UBSan's object-size check is left out here and in the fuzz stage: it
    # flags an access outside an object whose size the compiler knows, which
    # ASan's redzones catch at run time for every object, and it was 40% of
    # the compile time of the vector Hemera kernels (-O1, gcc 12).
    run_stage asan "ZKP_CTEST_ARGS='-LE live' ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-200} ZKPRIM_TEST_SANITIZE=1 build_and_ctest $BR/build-asan -DCMAKE_BUILD_TYPE=Debug -DZKP_WERROR=ON -DZKP_SHARED=OFF \
      '-DCMAKE_C_FLAGS=-O1 -g -fsanitize=address,undefined -fno-sanitize=object-size -fno-sanitize-recover=all -fno-omit-frame-pointer' \
      -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined; \
      ZKPRIM_MISUSE_BUILD=$BR/build-asan ./scripts/check-misuse.sh" ;;
  verify)
    # Every documented arithmetic bound checked where the value is produced
    # (-DZKP_VERIFY=ON, docs/verify.md), the whole suite on every kernel the
    # CPU runs, plus the planted violations (verify-planted-*).
    # The constant-time tests are left out: a check is a branch on the
    # (secret) value it checks, by design; they run in the other stages.
    # Built by clang: this is also the suite's clang build (every kernel
    # compiled by clang, warning-free under -Werror, run whole). clang's
    # code is held to constant time by the ctmsan stage (MemorySanitizer)
    # and the fuzz stage runs clang's ASan/UBSan build; gcc builds the rest.
    # (Until 1.1 a separate `clang` stage built and ran the same suite a
    # second time without the checks: 2 CPU-minutes of CI for no code path
    # this build does not run.)
    if have clang; then
    run_stage verify "CC=clang configure $BR/build-verify -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZKP_WERROR=ON -DZKP_VERIFY=ON -DZKP_SHARED=OFF -DCMAKE_C_COMPILER=clang; \
      cmake --build $BR/build-verify -j \$JOBS > $BR/build-verify/build.log 2>&1 || { grep -v '^\[' $BR/build-verify/build.log | tail -40; exit 1; }; \
      every_program_registered $BR/build-verify; \
      ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-100} ctest_in $BR/build-verify -E '^ct-|-ct\$|-ct-planted\$' -LE 'live|e2e'"
    else skip verify "clang not installed"; fi ;;
  fuzz)
    # libFuzzer (clang) with ASan+UBSan: each target in tests/fuzz/ fuzzes
    # for ZKPRIM_FUZZ_SECONDS from its checked-in seed corpus. The library is
    # instrumented for coverage (fuzzer-no-link); only the fuzz tests run here.
    # UBSan's pointer-overflow check is left out here (the asan stage keeps
    # it, over every unit and CLI test): clang's form of it took 55% of this
    # build (the Poseidon and Hemera batch kernels, 2.5 to 4.5 times as long
    # to compile with it), and a wrapped address is almost always then
    # dereferenced, which ASan checks here too.
    if have clang && clang -fsanitize=fuzzer -x c - -o /dev/null <<<'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){return 0;}' 2>/dev/null; then
      run_stage fuzz "ZKPRIM_TEST_SANITIZE=1 CC=clang configure $BR/build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DCMAKE_C_COMPILER=clang -DZKP_FUZZ=ON -DZKP_FUZZ_SECONDS=\${ZKPRIM_FUZZ_SECONDS:-8} \
          '-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=object-size,pointer-overflow -fno-sanitize-recover=all' \
          -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined; \
        cmake --build $BR/build-fuzz -j \$JOBS --target fuzzers > $BR/build-fuzz/build.log 2>&1 || { tail -40 $BR/build-fuzz/build.log; exit 1; }; \
        ctest_in $BR/build-fuzz -R 'fuzz-.*-libfuzzer'"
    else skip fuzz "clang with libFuzzer (libclang-rt-dev) not installed"; fi ;;
  ctmsan)
    # Constant-time checks by MemorySanitizer (tests/ct/ct.cmake): the same
    # programs valgrind runs in the native stages, natively here, so the
    # AVX-512 and VPCLMULQDQ kernels valgrind cannot execute are checked too.
    # Inline asm is off (MSan checks asm operands as if they were branches);
    # valgrind covers the asm paths.
    if have clang++ && clang -fsanitize=memory -x c - -o /dev/null <<<'int main(void){return 0;}' 2>/dev/null; then
      run_stage ctmsan "CC=clang CXX=clang++ configure $BR/build-ctmsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DZKP_NO_ASM=ON \
          \"-DCMAKE_C_FLAGS=-fsanitize=memory -fno-omit-frame-pointer -include $PWD/tests/ct/msan_shim.h\" \
          -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=memory -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=memory; \
        cmake --build $BR/build-ctmsan -j \$JOBS --target ct_programs > $BR/build-ctmsan/build.log 2>&1 || { tail -40 $BR/build-ctmsan/build.log; exit 1; }; \
        ctest_in $BR/build-ctmsan -R 'ct'"
    else skip ctmsan "clang with the MemorySanitizer runtime (libclang-rt-dev) not installed"; fi ;;
  portable)
    run_stage portable "ZKP_CTEST_ARGS='-LE live|e2e' build_and_ctest $BR/build-portable -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_SHARED=OFF -DZKP_NO_SIMD=ON" ;;
  knobs)
    # Every ZKP_NO_<ISA> knob at least once, in two builds whose remaining
    # kernels still run (e.g. AVX2 without AVX-512 and BMI2, as on CPUs
    # that lack them): each must build warning-free and pass.
    run_stage knobs "for knobs in 'AVX512 BMI2' 'AVX2 PCLMUL ASM'; do \
        args=(); for k in \$knobs; do args+=(-DZKP_NO_\$k=ON); done; \
        dir=$BR/build-knobs-\${knobs// /-}; echo \"knobs: \$knobs\"; \
        configure \$dir -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_SHARED=OFF -DZKP_BUILD_TOOLS=OFF \"\${args[@]}\"; \
        cmake --build \$dir -j \$JOBS > \$dir/build.log 2>&1 || { tail -40 \$dir/build.log; exit 1; }; \
        ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-50} ctest_in \$dir -E 'ct-|generated|plumbing' -LE 'live|e2e'; \
      done" ;;
  aarch64)
    if have aarch64-linux-gnu-gcc && have qemu-aarch64; then
      run_stage aarch64 "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-50} build_and_ctest $BR/build-aarch64 -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_SHARED=OFF \
        -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/aarch64-linux-gnu.cmake"
    else skip aarch64 "needs gcc-aarch64-linux-gnu and qemu-user"; fi ;;
  s390x)
    if have s390x-linux-gnu-gcc && have qemu-s390x; then
      run_stage s390x "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-50} build_and_ctest $BR/build-s390x -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_SHARED=OFF \
        -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/s390x-linux-gnu.cmake"
    else skip s390x "needs gcc-s390x-linux-gnu and qemu-user"; fi ;;
  riscv64)
    # No riscv64 kernels: the portable code on a strict-alignment target
    # (src/keccak/lanes_strict.h). N = 50 keeps it near 3 CPU-minutes.
    if have riscv64-linux-gnu-gcc && have qemu-riscv64; then
      run_stage riscv64 "ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-50} build_and_ctest $BR/build-riscv64 -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_SHARED=OFF \
        -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/riscv64-linux-gnu.cmake"
    else skip riscv64 "needs gcc-riscv64-linux-gnu and qemu-user"; fi ;;
  zkvm)
    # zkVM guests (docs/zkvm.md): the freestanding library for rv64im and
    # rv32im with the external Keccak hook, each linking a guest that runs
    # under qemu, the symbol check, and the instruction-count ceilings.
    if have riscv64-unknown-elf-gcc && have qemu-riscv64 && have qemu-riscv32 \
       && riscv64-unknown-elf-gcc --specs=picolibc.specs -march=rv32im -mabi=ilp32 -x c -c -o /dev/null - <<<'#include <string.h>' 2>/dev/null; then
      run_stage zkvm "./scripts/zkvm-stage.sh $BR"
    else skip zkvm "needs gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf and qemu-user"; fi ;;
  keccak-external)
    # -DZKP_KECCAK_F1600=external on the host: the Keccak suite through the
    # hook, with tests/zkvm/f1600_soft.c linked as zkp_keccakf1600_external.
    # Only the Keccak programs are built; tree_stream_cli (hundreds of MB
    # through a deliberately plain permutation) is left to the native stages.
    run_stage keccak-external "configure $BR/build-keccak-external -DCMAKE_BUILD_TYPE=Release -DZKP_WERROR=ON -DZKP_KECCAK_F1600=external; \
      cmake --build $BR/build-keccak-external -j \$JOBS --target test_keccak test_keccak_kernels test_zkvm_external test_tree_stream \
        test_oz_tree test_multiproof zkprim_cli deep_diff > $BR/build-keccak-external/build.log 2>&1 || { grep -v '^\[' $BR/build-keccak-external/build.log | tail -40; exit 1; }; \
      ZKPRIM_TEST_N=\${ZKPRIM_TEST_N:-100} ctest_in $BR/build-keccak-external \
        -R '^(keccak|keccak_kernels|zkvm-external|tree_stream-keccak|oz_tree|multiproof|keccak-cli|oz-cli-kat|oz-merkle-tree|multiproof_cli|deep-diff-smoke)\$'" ;;
  install)
    run_stage install "ZKPRIM_INSTALL_BUILD=$BR/build-native ./scripts/check-install.sh" ;;
  python)
    # The Python package (python/, docs/python.md) under Debian's interpreter,
    # which has dask and distributed; reuses build-native's libzkprim.a.
    py=${ZKPRIM_PYTHON:-/usr/bin/python3}
    if [ -x "$py" ] && "$py" -c 'import os, sysconfig, setuptools, wheel, dask, distributed; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null; then
      run_stage python "./scripts/test-python.sh $BR/build-native"
    else skip python "$py needs python3-dev python3-setuptools python3-wheel python3-dask python3-distributed"; fi ;;
  rust)
    # The Rust crates in bindings/rust (docs/rust.md): cargo test, clippy, fmt.
    if have cargo; then
      run_stage rust "./scripts/rust-check.sh"
    else skip rust "cargo not installed"; fi ;;
  js)
    # The JavaScript/WebAssembly package (js/, docs/js.md): the wasm build
    # from scratch, then node:test against the reference packages pinned in
    # js/package-lock.json (npm ci --prefix js installs them).
    if have clang && have wasm-ld && have wasm-opt && have node && [ -f /usr/lib/wasm32-wasi/libc.a ] \
       && [ -f "$(clang --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" ] && [ -d js/node_modules/@noble/hashes ]; then
      run_stage js "./js/stage.sh"
    else skip js "needs clang, lld, binaryen, wasi-libc, libclang-rt-14-dev-wasm32, node and npm ci --prefix js"; fi ;;
  *) echo "unknown stage $s"; summary+=("$s: unknown stage"); failed+=("$s") ;;
  esac
done

echo
echo "=================== summary ==================="
printf '%s\n' "${summary[@]}"
# Everything that did not run, in one block: skipped stages, optional checks
# CMake left out, ctests that reported themselves skipped, programs no ctest runs.
notrun=()
for s in ${skipped[@]+"${skipped[@]}"}; do notrun+=("stage $s skipped"); done
while IFS= read -r l || [ -n "$l" ]; do [ -n "$l" ] && notrun+=("left out: $l"); done < "$ZKP_REPORT/left-out"
while IFS= read -r l || [ -n "$l" ]; do [ -n "$l" ] && notrun+=("ctest skipped: $l"); done < "$ZKP_REPORT/ctest-skipped"
while IFS= read -r l || [ -n "$l" ]; do [ -n "$l" ] && notrun+=("no ctest runs: $l"); done < "$ZKP_REPORT/unregistered"
if [ ${#notrun[@]} -gt 0 ]; then
  echo "--- not run (${#notrun[@]}):"
  printf '  %s\n' "${notrun[@]}"
  [ "$REQUIRE_ALL" = 1 ] && echo "ZKPRIM_REQUIRE_ALL_STAGES=1: everything must run"
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
if [ ${#passed[@]} -eq 0 ]; then
  echo "NOTHING PASSED: no stage ran"
  exit 1
fi
if [ ${#notrun[@]} -gt 0 ]; then
  [ "$REQUIRE_ALL" = 1 ] && exit 1
  echo "${#passed[@]} stages passed, but not everything ran (see above)"
  exit 0
fi
echo "all stages passed"
