#!/bin/sh
# Prints the first interpreter that can build the zkprim package offline
# (`pip install --no-build-isolation ./python`): Python >= 3.10 with its
# headers (Python.h), pip, setuptools >= 61 and wheel. `make python` uses it.
#   python/find-python.sh [CANDIDATE...]   (default: python3 /usr/bin/python3)
# None can: exit 1, saying what each lacks and exactly what to install.
set -u
[ $# -gt 0 ] || set -- python3 /usr/bin/python3
CHECK='
import importlib.metadata, importlib.util, os, sys, sysconfig
missing = []
if sys.version_info < (3, 10):
    missing.append("Python >= 3.10 (this is %d.%d)" % sys.version_info[:2])
if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
    missing.append("the Python headers (Python.h)")
for mod in ("pip", "setuptools", "wheel"):
    if importlib.util.find_spec(mod) is None:
        missing.append(mod)
    elif mod == "setuptools" and int(importlib.metadata.version(mod).split(".")[0]) < 61:
        missing.append("setuptools >= 61 (this is %s)" % importlib.metadata.version(mod))
print(", ".join(missing))
'
report=""
for py in "$@"; do
    path=$(command -v "$py" 2>/dev/null) || { report="$report
  $py: not found"; continue; }
    lacks=$("$path" -c "$CHECK" 2>/dev/null) || lacks="a working interpreter"
    if [ -z "$lacks" ]; then
        echo "$path"
        exit 0
    fi
    report="$report
  $py ($path): lacks $lacks"
done
cat >&2 <<MSG
make python: no interpreter here can build the zkprim package offline:$report
Install the build tools for Debian's python3 (the one the tests use):
  apt-get install python3-dev python3-pip python3-setuptools python3-wheel
then run: make python PYTHON=/usr/bin/python3 PIP_FLAGS=--target=DIR   (or a venv; see docs/python.md)
Or, for another interpreter PY: PY -m pip install wheel 'setuptools>=61' (with network), then make python PYTHON=PY
MSG
exit 1
