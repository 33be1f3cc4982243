#!/usr/bin/env bash
# Renames the internal types and helpers that use the public prefix: every
# zkp_X in the sources that include/zkprim/ does not declare becomes zkpi_X
# (docs/api.md, rule 1; issue 26). The names are found, not listed, by
# scripts/check-internal-names.py --list over the C sources of src/ tools/
# bench/ tests/ python/csrc; each is replaced with sed on word boundaries in
# the text files of those directories and of gen/ (the generators write some
# of them) and docs/. Idempotent: a second run finds nothing to rename.
# Stops, renaming nothing, when a zkpi_X already exists for a zkp_X.
#
# usage: scripts/rename-internal.sh [ROOT]     (default: this checkout)
# Afterwards ctest internal-names passes; rebuild (the generated constant
# files under src/ are renamed with their generator).
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root"
dirs="src tools bench tests python/csrc"
names=$(python3 scripts/check-internal-names.py --root "$root" --list $dirs)
if [ -z "$names" ]; then
  echo "rename-internal: no internal zkp_ names in $dirs; nothing to do"
  exit 0
fi
# Text files only (the fuzz corpora and vector files are data).
files=$(find $dirs gen docs -type f \( -name '*.[chS]' -o -name '*.inc' -o -name '*.cpp' -o -name '*.py' \
          -o -name '*.sh' -o -name '*.cmake' -o -name 'CMakeLists.txt' -o -name '*.md' \) \
          -not -path '*/fuzz/corpus/*' -not -path 'build*' | sort)
script=""
clash=""
for n in $names; do
  new="zkpi_${n#zkp_}"
  # A clash is the new name already used as a name; as the stem of pasted
  # names (TMPL_NAME(zkpi_X), zkpi_X##N) or a pattern in prose (zkpi_X<N>) it
  # is not one.
  if grep -hw -- "$new" $files | grep -v -E "TMPL_NAME\($new\)|$new(##|<)" | grep -qw -- "$new"; then
    clash="$clash $new"
  fi
  script="$script s/\\b$n\\b/$new/g;"
done
if [ -n "$clash" ]; then
  echo "rename-internal: these names exist already; rename by hand first:$clash"
  exit 1
fi
echo "rename-internal: $(echo $names | wc -w) names: $(echo $names | tr '\n' ' ')"
changed=$(grep -lw -E -- "$(echo $names | tr ' ' '|')" $files || true)
for f in $changed; do
  sed -i -E "$script" "$f"
done
echo "rename-internal: $(echo "$changed" | wc -w) files changed"
python3 scripts/check-internal-names.py --root "$root" $dirs
