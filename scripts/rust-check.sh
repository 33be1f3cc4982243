#!/usr/bin/env bash
# The rust stage of scripts/test.sh (docs/rust.md): in bindings/rust,
#   cargo test --offline   vectors, differential tests against the C API,
#                          the sys crate's drift checks, every doctest
#   cargo clippy -D warnings and cargo fmt --check, where installed (a
#                          missing one is reported as left out, which
#                          ZKPRIM_REQUIRE_ALL_STAGES=1 turns into a failure).
# One C build: zkprim-sys's build script builds the bundled library once in
# the target directory ($BR/build-rust/target), and clippy reuses it.
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
if cargo clippy --version >/dev/null 2>&1; then
  cargo clippy --offline --workspace --all-targets -- -D warnings
else
  left_out "cargo clippy: not installed (rustup component add clippy)"
fi
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all -- --check
else
  left_out "cargo fmt: not installed (rustup component add rustfmt)"
fi
