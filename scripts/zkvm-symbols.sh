#!/bin/sh
# The freestanding archive's contract (cmake/freestanding.cmake): the only
# symbols it needs from outside itself are memcpy, memset and memcmp, the
# compiler runtime (libgcc's __*di3/__*si2 helpers) and the Keccak hook
# zkp_keccakf1600_external. Prints the outside symbols; exits 1 on others.
# usage: scripts/zkvm-symbols.sh NM ARCHIVE
set -eu
NM=$1 AR=$2
defined=$(mktemp) undef=$(mktemp)
trap 'rm -f "$defined" "$undef"' EXIT
"$NM" -g --defined-only "$AR" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u > "$defined"
"$NM" -u "$AR" 2>/dev/null | awk 'NF == 2 {print $2}' | sort -u > "$undef"
outside=$(comm -23 "$undef" "$defined")
bad=$(printf '%s\n' $outside | grep -v -E '^(memcpy|memset|memcmp|zkp_keccakf1600_external|__[a-z0-9]+[sdt]i[0-9])$' || true)
echo "$(basename "$AR") needs from outside: $(echo $outside)"
if [ -n "$bad" ]; then
  echo "not allowed in a freestanding build: $(echo $bad)"
  exit 1
fi
