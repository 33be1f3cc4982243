#!/usr/bin/env bash
# Misuse probe: builds the library with ASan+UBSan, installs it
# into a temporary prefix, builds tests/misuse/probe.c against the INSTALLED
# headers and library (found through pkg-config, as a consumer would), runs
# it, and checks that
#   1. the probe finishes without a sanitizer report or a WRONG result, and
#   2. the rows it prints are exactly the "Misuse table" of
#      docs/reliability.md (the table documents what the probe observed, so
#      the two cannot drift apart), and
#   3. malformed ZKPRIM_CPU values are reported as ZKP_ERR_PARAM.
# Usage: scripts/check-misuse.sh [--print]   (--print: show the rows only,
# to paste into the doc after a deliberate change). ZKPRIM_MISUSE_BUILD=DIR
# installs an existing ASan+UBSan build tree instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if [ -n "${ZKPRIM_MISUSE_BUILD:-}" ]; then
  # An ASan+UBSan build that already exists (make test's asan stage passes
  # its build-asan/): install it instead of building the library again.
  cmake --install "$ZKPRIM_MISUSE_BUILD" --prefix "$tmp/prefix" >/dev/null
else
  cmake -S . -B "$tmp/build" -DCMAKE_BUILD_TYPE=Debug -DZKP_BUILD_TESTS=OFF -DZKP_BUILD_TOOLS=OFF \
    "-DCMAKE_C_FLAGS=-O1 -g $san" "-DCMAKE_SHARED_LINKER_FLAGS=$san" \
    -DCMAKE_INSTALL_PREFIX="$tmp/prefix" >/dev/null
  cmake --build "$tmp/build" -j "$jobs" >"$tmp/build.log" 2>&1 || { tail -40 "$tmp/build.log"; exit 1; }
  cmake --install "$tmp/build" >/dev/null
fi

pcdir=$(ls -d "$tmp"/prefix/lib*/pkgconfig | head -1)
libdir=$(dirname "$pcdir")
# The prefix is redefined because an installed build tree
# (ZKPRIM_MISUSE_BUILD) was configured for another prefix; a relocated
# install is what pkg-config's --define-variable is for.
# A build without the shared library (make test's stages configure
# -DZKP_SHARED=OFF) installs only libzkprim.a: link it as pkg-config says
# for static linking.
static=
[ -e "$libdir/libzkprim.so" ] || static=--static
# shellcheck disable=SC2046,SC2086
cc -std=c11 -O1 -g -Wall -Wextra -Werror $san "$root/tests/misuse/probe.c" -o "$tmp/probe" \
  $(PKG_CONFIG_PATH=$pcdir pkg-config $static --define-variable=prefix="$tmp/prefix" --cflags --libs zkprim) -Wl,-rpath,"$libdir"

# No LeakSanitizer exemptions: the probe frees what it allocates, and a
# table the library refused to free (a corrupted header) is never allocated.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
unset ZKPRIM_CPU
"$tmp/probe" >"$tmp/rows.md"
if [ "${1:-}" = "--print" ]; then cat "$tmp/rows.md"; exit 0; fi

# The table in the doc: the lines between the two markers.
doc=docs/reliability.md
sed -n '/<!-- misuse-table:begin -->/,/<!-- misuse-table:end -->/p' "$doc" | sed '1d;$d' >"$tmp/doc.md"
if ! diff -u "$tmp/doc.md" "$tmp/rows.md"; then
  echo "misuse table in $doc differs from the probe's observations (- doc, + probe);"
  echo "fix the library, or after a deliberate change paste: scripts/check-misuse.sh --print"
  exit 1
fi

# ZKPRIM_CPU goes through the same parser as zkp_cpu_force; an empty value
# counts as unset.
bad=0
for v in 'avx2+' '+avx2' 'avx2++bmi2' 'AVX2' ' avx2' 'avx2 ' 'portable+' 'no-such'; do
  got=$(ZKPRIM_CPU="$v" "$tmp/probe" --env)
  if [ "$got" != ZKP_ERR_PARAM ]; then echo "ZKPRIM_CPU='$v': $got, want ZKP_ERR_PARAM"; bad=1; fi
done
for v in '' 'portable' 'native'; do
  got=$(ZKPRIM_CPU="$v" "$tmp/probe" --env)
  if [ "$got" != ZKP_OK ]; then echo "ZKPRIM_CPU='$v': $got, want ZKP_OK"; bad=1; fi
done
[ $bad = 0 ]
echo "misuse check passed: $(grep -c '^| [a-z_0-9]* | `' "$tmp/rows.md") functions probed under ASan+UBSan against the installed library"
