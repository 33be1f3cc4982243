#!/usr/bin/env python3
"""Strict readers of `zkprim bench` output, used by bench_test.sh.

usage: bench_formats.py KIND FILE [NAME=STATUS ...]

KIND is json, tsv, table (bench's text table) or compare (bench compare's
report). Every row must be well formed: a timed row carries finite, positive
figures; an unavailable / not-compared row carries none. Each NAME=STATUS
must match one row: STATUS is ok or unavailable (json, tsv, table), or for
compare: scored, or text the row's "not compared: ..." reason must contain
("B missing", "A unavailable"). Exits 1 with a message on the first problem.
"""
import json
import math
import re
import sys

TIME = r"([0-9]+\.[0-9]+) (ns|us|ms)"


def fail(msg):
    sys.exit(f"bench_formats: {msg}")


def positive(x, what):
    if not isinstance(x, (int, float)) or isinstance(x, bool) or not math.isfinite(x) or x <= 0:
        fail(f"{what}: not a finite positive number: {x!r}")


def read_json(path):
    def reject(c):
        fail(f"JSON constant {c} is not JSON")
    d = json.load(open(path), parse_constant=reject)
    if d.get("clock") not in ("wall", "process-cpu"):
        fail(f"clock is {d.get('clock')!r}, not 'wall' or 'process-cpu'")
    rows = {}
    for r in d["results"]:
        name, status = r["name"], r["status"]
        if not isinstance(r["kernel"], str):
            fail(f"{name}: kernel is not a string")
        if status == "ok":
            for k in ("median_ns", "min_ns", "max_ns", "q1_ns", "q3_ns"):
                positive(r[k], f"{name} {k}")
            if not r["min_ns"] <= r["median_ns"] <= r["max_ns"]:
                fail(f"{name}: median outside [min, max]")
            if "bytes_per_op" in r:
                positive(r["mb_per_s"], f"{name} mb_per_s")
        elif status == "unavailable":
            if not r.get("reason"):
                fail(f"{name}: unavailable without a reason")
            figures = [k for k in r if k.endswith("_ns") or k in ("mb_per_s", "iters")]
            if figures:
                fail(f"{name}: unavailable row carries figures {figures}")
        else:
            fail(f"{name}: unknown status {status!r}")
        rows[name] = status
    return rows


def read_tsv(path):
    rows = {}
    for n, line in enumerate(open(path), 1):
        f = line.rstrip("\n").split("\t")
        if len(f) != 6:
            fail(f"line {n}: {len(f)} columns, want 6: {line!r}")
        name, status = f[0], f[5]
        if status == "ok":
            med, lo, hi = (float(x) for x in f[2:5])
            for x in (med, lo, hi):
                positive(x, f"{name} figure")
            if not lo <= med <= hi:
                fail(f"{name}: median outside [min, max]")
        elif status.startswith("unavailable: ") and len(status) > 13:
            if f[2:5] != ["-", "-", "-"]:
                fail(f"{name}: unavailable row carries figures {f[2:5]}")
            status = "unavailable"
        else:
            fail(f"{name}: bad status column {status!r}")
        rows[name] = status
    return rows


def body(path, header):
    """Lines after the table header (the line starting with `header`)."""
    lines = open(path).read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(header):
            return [l for l in lines[i + 1:] if l.strip()]
    fail(f"no header line starting with {header!r}")


TIMED = re.compile(rf"^(.+?) +(\S+) +{TIME}  \[{TIME} \.\. {TIME}\]  iqr +([0-9.]+)%(?: +([0-9.]+) MB/s)? *$")
UNAVAILABLE = re.compile(r"^(.+?) +(\S+) +unavailable  \((.+)\)$")


def read_rows(path, timed, figures, ok, other, other_status):
    """Rows after the table header: a `timed` match (whose `figures` groups,
    when present, must be positive numbers) is `ok`; an `other` match gets
    other_status(match); anything else is malformed."""
    rows = {}
    for line in body(path, "case "):
        m = timed.match(line)
        if m:
            for i in figures:
                if m.group(i) is not None:
                    positive(float(m.group(i)), f"{m.group(1)} figure {i}")
            rows[m.group(1)] = ok
            continue
        m = other.match(line)
        if not m:
            fail(f"malformed row: {line!r}")
        rows[m.group(1)] = other_status(m)
    return rows


def read_table(path):
    return read_rows(path, TIMED, (3, 5, 7, 10), "ok", UNAVAILABLE, lambda m: "unavailable")


NUM = r"[+-]?[0-9.]+(?:e[+-]?[0-9]+)?"
SCORED = re.compile(rf"^(.+?) +(\S+) +(\S+) +({NUM}) +({NUM}) +({NUM}) +({NUM})% +(\d+)/(\d+) +({NUM}) +({NUM}) +"
                    r"(B faster \(.*\)|B slower \(.*\)|no significant change)$")
NOT_COMPARED = re.compile(r"^(.+?) +(\S+) +(\S+) +not compared: (.+)$")


def read_compare(path):
    rows = read_rows(path, SCORED, (4, 5), "scored", NOT_COMPARED, lambda m: m.group(4))
    text = open(path).read()
    if "per-round medians" in text:
        per = text.split("per-round medians", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
        names = {l.split()[0] for l in per}
        if names != set(rows):
            fail(f"per-round rows {sorted(names)} differ from the table's {sorted(rows)}")
    return rows


def main():
    kind, path, wants = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = {"json": read_json, "tsv": read_tsv, "table": read_table, "compare": read_compare}[kind](path)
    for want in wants:
        name, status = want.split("=", 1)
        if name not in rows:
            fail(f"{kind}: no row {name} (rows: {sorted(rows)})")
        got = rows[name]
        ok = got == status if kind != "compare" or status == "scored" else status in got
        if not ok:
            fail(f"{kind}: {name} is {got!r}, want {status!r}")


main()
