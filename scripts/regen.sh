#!/usr/bin/env bash
# Re-runs every constant/table generator in gen/ (python3 standard library
# only). Each generator is `gen/<name>.py ROOT` and writes its files under
# ROOT with the same relative paths they have in the repository.
#   scripts/regen.sh           rewrite the checked-in files
#   scripts/regen.sh --check   generate into a temp dir and fail on any diff
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1
gens=(gen/*.py)
[ -e "${gens[0]}" ] || { echo "no generators"; exit 0; }
root=.
if [ $check = 1 ]; then root=$(mktemp -d); trap 'rm -rf "$root"' EXIT; fi
status=0
for g in "${gens[@]}"; do
  case $(basename "$g") in _*) continue ;; esac   # helpers, not generators
  echo "running $g"
  python3 "$g" "$root"
done
if [ $check = 1 ]; then
  while IFS= read -r -d '' f; do
    rel=${f#"$root"/}
    if ! cmp -s "$f" "$rel"; then
      echo "STALE: $rel differs from what its generator produces now"
      diff -u "$rel" "$f" | head -20 || true
      status=1
    else
      echo "up to date: $rel"
    fi
  done < <(find "$root" -type f -print0)
fi
exit $status
