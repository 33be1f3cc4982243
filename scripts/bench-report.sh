#!/usr/bin/env bash
# Runs `zkprim bench` and writes the results as a markdown table (used for
# docs/benchmarks.md).  Usage: scripts/bench-report.sh [FILTER] [--runs N] > table.md
set -euo pipefail
cd "$(dirname "$0")/.."
Z=${ZKPRIM:-./build/zkprim}
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$Z" bench "$@" --json "$json" >&2
python3 - "$json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(f"zkprim {d['version']} on {d['cpu']} (features: {d['features']}), {d['runs']} timed batches per case.\n")
print("| case | kernel | median | min .. max | IQR | throughput |")
print("|---|---|---:|---|---:|---:|")
def t(ns):
    return f"{ns/1e6:.3f} ms" if ns >= 1e6 else f"{ns/1e3:.2f} µs" if ns >= 1e4 else f"{ns:.1f} ns"
for r in d["results"]:
    if r.get("status", "ok") != "ok":  # no figures: say why instead
        print(f"| {r['name']} | {r['kernel']} | unavailable: {r['reason']} | | | |")
        continue
    iqr = 100 * (r["q3_ns"] - r["q1_ns"]) / r["median_ns"] if r["median_ns"] else 0
    thr = f"{r['mb_per_s']:.1f} MB/s" if "mb_per_s" in r else ""
    print(f"| {r['name']} | {r['kernel']} | {t(r['median_ns'])} | {t(r['min_ns'])} .. {t(r['max_ns'])} | {iqr:.1f}% | {thr} |")
PY
