"""Build of the zkprim Python package.

The extension zkprim._zkprim is plain C (csrc/) linked against the
library's own static build: build_ext first runs the project's CMake (the
repository root is this directory's parent) for the position-independent
target zkprim_static, so the package carries every kernel and the same
run-time dispatch as the C library. Needs cmake and a C compiler; no network.

  python3 -m pip install --no-build-isolation ./python

The package's metadata is in pyproject.toml (setuptools backend, no build
dependency beyond setuptools itself, so it builds offline).

ZKPRIM_CMAKE_BUILD_DIR=DIR reuses an existing CMake build directory (the
test stage points it at build-native); otherwise a Release build without
tests and tools goes under the build_ext temporary directory.
"""
import os
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class CMakeStaticLib(build_ext):
    def run(self):
        if not os.path.exists(os.path.join(ROOT, "CMakeLists.txt")):
            raise RuntimeError(
                "zkprim: the C sources are not next to this setup.py (%s); build from a checkout of the "
                "repository (pip builds in place: pip install --no-build-isolation ./python)" % ROOT)
        bdir = os.environ.get("ZKPRIM_CMAKE_BUILD_DIR") or os.path.join(os.path.abspath(self.build_temp), "cmake")
        if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "-S", ROOT, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release",
                                   "-DZKP_BUILD_TESTS=OFF", "-DZKP_BUILD_TOOLS=OFF"])
        jobs = os.environ.get("ZKPRIM_JOBS") or str(os.cpu_count() or 2)
        subprocess.check_call(["cmake", "--build", bdir, "--target", "zkprim_static", "-j", jobs])
        lib = os.path.join(bdir, "libzkprim.a")
        for ext in self.extensions:
            ext.extra_objects = [lib]
            ext.include_dirs.append(os.path.join(ROOT, "include"))
            ext.depends.append(lib)
        super().run()


# The test stage builds with ZKPRIM_PY_WERROR=1, as the C stages use ZKP_WERROR.
werror = ["-Werror"] if os.environ.get("ZKPRIM_PY_WERROR") == "1" else []
csrc = sorted(os.path.join("csrc", f) for f in os.listdir(os.path.join(HERE, "csrc")) if f.endswith(".c"))

# Name, version and the package list are in pyproject.toml; setup.py keeps
# what needs code: the extension and its CMake step.
setup(
    ext_modules=[Extension(
        "zkprim._zkprim", csrc,
        define_macros=[("ZKP_STATIC", "1")],
        extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-fvisibility=hidden", "-pthread"] + werror,
        extra_link_args=["-pthread"],
        depends=[os.path.join("csrc", h) for h in ("helpers.h", "parts.h")],
    )],
    cmdclass={"build_ext": CMakeStaticLib},
)
