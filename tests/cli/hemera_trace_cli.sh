#!/usr/bin/env bash
# End-to-end checks of `zkprim hash -a hemera --trace FILE`: the digest line
# equals the plain command's, the JSON holds one permutation per 56-byte
# block plus one (hash), the first permutation of "hello" is the
# sponge_trace vector's (tests/vectors/hemera.json), keyed and derive-key
# digests match the plain command, and misuse is a usage error (exit 2).
# Usage: hemera_trace_cli.sh ZKPRIM
set -uo pipefail
Z=$1
. "$(dirname "$0")/lib.sh"

printf hello > "$tmp/hello"
expect 0 "hash --trace hello" "$Z" hash -a hemera --trace "$tmp/t.json" "$tmp/hello"
check "digest line" "$("$Z" hash -a hemera "$tmp/hello")" "$(cat "$tmp/out")"
expect_grep '"input": \["0000016f6c6c6568", "0000000000000000"' "$tmp/t.json" "hello: the vector's state_before"
expect_grep '"output": \["9f3e4435829bb1e1", "66de03126a1d8fac"' "$tmp/t.json" "hello: the vector's state_after"
expect_grep '"digest": "e1b19b8235443e9fac8f1d6a1203de66e9a58c53e36cbbc1f71a031c3d13ce77"' "$tmp/t.json" "hello digest"

head -c 1000 /dev/urandom > "$tmp/r"
expect 0 "hash --trace 1000 bytes" "$Z" hash -a hemera --trace "$tmp/t2.json" "$tmp/r" "$tmp/hello"
check "two files: digest lines" "$("$Z" hash -a hemera "$tmp/r" "$tmp/hello")" "$(cat "$tmp/out")"
check "1000 bytes (17 blocks + final) + hello (final): 19 permutations" 19 "$(grep -c '"input"' "$tmp/t2.json")"
if command -v python3 >/dev/null; then
  check "valid JSON" ok "$(python3 -c "import json,sys; json.load(open(sys.argv[1])); print('ok')" "$tmp/t2.json")"
fi

# a file name that is not UTF-8 (byte 0xff), one with a valid 2-byte
# character and a control byte: still valid JSON, and the name's bytes come
# back through Python's surrogateescape
bad=$'\xffname' good=$'caf\xc3\xa9\x01'
printf hi > "$tmp/$bad"; printf hi > "$tmp/$good"
expect 0 "hash --trace of a non-UTF-8 file name" "$Z" hash -a hemera --trace "$tmp/t6.json" "$tmp/$bad" "$tmp/$good"
if command -v python3 >/dev/null; then
  check "non-UTF-8 name: valid JSON, exact bytes" ok "$(python3 -c "
import json, os, sys
files = json.load(open(sys.argv[1], encoding='utf-8'))['files']
want = [os.fsencode(a) for a in sys.argv[2:]]
got = [f['file'].encode('utf-8', 'surrogateescape') for f in files]
print('ok' if got == want else 'got %r, want %r' % (got, want))" "$tmp/t6.json" "$tmp/$bad" "$tmp/$good" 2>&1)"
fi

head -c 32 /dev/urandom > "$tmp/key"
expect 0 "keyed --trace" "$Z" hash -a hemera --keyed --trace "$tmp/t3.json" "$tmp/r" < "$tmp/key"
check "keyed digest" "$("$Z" hash -a hemera --keyed "$tmp/r" < "$tmp/key")" "$(cat "$tmp/out")"
expect_grep '"mode": "keyed"' "$tmp/t3.json" "keyed mode named"
expect 0 "derive-key --trace" "$Z" hash -a hemera --derive-key "ctx 1" --trace "$tmp/t4.json" "$tmp/r"
check "derive-key digest" "$("$Z" hash -a hemera --derive-key "ctx 1" "$tmp/r")" "$(cat "$tmp/out")"
check "derive-key: 1 + 1 + 18 permutations" 20 "$(grep -c '"input"' "$tmp/t4.json")"

expect 2 "--trace without a file" "$Z" hash -a hemera --trace
expect 2 "--trace with another algorithm" "$Z" hash -a sha3-256 --trace "$tmp/x" "$tmp/hello"
expect 2 "--trace with --length" "$Z" hash -a hemera --length 64 --trace "$tmp/x" "$tmp/hello"
expect 2 "--trace with --check" "$Z" hash -a hemera --check --trace "$tmp/x" "$tmp/hello"
expect 1 "--trace into a directory" "$Z" hash -a hemera --trace "$tmp" "$tmp/hello"
expect 1 "--trace of a missing file" "$Z" hash -a hemera --trace "$tmp/t5.json" "$tmp/missing"
finish hemera_trace_cli
