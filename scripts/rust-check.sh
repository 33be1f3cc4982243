#!/usr/bin/env bash
# The rust stage of scripts/test.sh (docs/rust.md): in bindings/rust,
#   cargo test --offline   vectors, differential tests against the C API,
#                          the sys crate's drift checks, every doctest
#   cargo doc              with warnings (broken links) as errors
#   cargo clippy -D warnings and cargo fmt --check, where installed (a
#                          missing one is reported as left out, which
#                          ZKPRIM_REQUIRE_ALL_STAGES=1 turns into a failure).
# One C build: cargo test builds the bundled library through zkprim-sys's
# build script (the fresh-checkout path), in $BR/build-rust/target; clippy,
# whose wrapper makes cargo run the build script again, links that same
# library through ZKPRIM_LIB_DIR instead of building it a second time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-${BR:-$root}/build-rust/target}
cd "$root/bindings/rust"
left_out() {
  echo "LEFT OUT: $1"
  if [ -n "${ZKP_REPORT:-}" ]; then echo "${ZKP_STAGE:-rust}: $1" >> "$ZKP_REPORT/left-out"; fi
  if [ "${ZKPRIM_REQUIRE_ALL_STAGES:-0}" = 1 ]; then echo "ZKPRIM_REQUIRE_ALL_STAGES=1: nothing may be left out"; exit 1; fi
}
cargo --version
cargo test --offline --workspace
# Documentation without broken links (every public item has docs: deny(missing_docs)).
RUSTDOCFLAGS="-D warnings" cargo doc --offline --workspace --no-deps
if cargo clippy --version >/dev/null 2>&1; then
  built=$(ls -td "$CARGO_TARGET_DIR"/debug/build/zkprim-sys-*/out/cmake-build 2>/dev/null | head -1)
  [ -f "$built/libzkprim.a" ] || { echo "rust-check: cargo test left no C build in $CARGO_TARGET_DIR"; exit 1; }
  ZKPRIM_LIB_DIR=$built cargo clippy --offline --workspace --all-targets -- -D warnings
else
  left_out "cargo clippy: not installed (rustup component add clippy)"
fi
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all -- --check
else
  left_out "cargo fmt: not installed (rustup component add rustfmt)"
fi
