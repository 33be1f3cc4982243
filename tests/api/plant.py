"""Helpers of the planted-failure tests in this directory (planted.py,
binding_planted.py): edits of a scratch copy."""
import sys


def sub(path, old, new, count=1):
    """Replaces `old` in the file, which must contain it (else the planted
    case would test nothing: the test stops and says which file to update)."""
    with open(path) as f:
        s = f.read()
    if old not in s:
        sys.exit("planted: %r not found in %s (update the planted test in tests/api/)" % (old, path))
    with open(path, "w") as f:
        f.write(s.replace(old, new, count))


def append(path, text):
    with open(path, "a") as f:
        f.write(text)
