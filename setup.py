"""The build: the pure-Python package by default; with ``GINRUMMY_COMPILE=1`` the modules of
``ginrummy.compiled.COMPILED`` compiled by mypyc (``make compiled``; bench/README.md, section
"The compiled build").

Everything else about the package is in pyproject.toml. The compiled build needs mypy (which ships
mypyc) where the build runs: ``GINRUMMY_COMPILE=1 pip install --no-build-isolation .`` from an
environment with mypy and ``setuptools>=77`` (``make compiled`` installs them first); without mypy
it stops and says so. It needs a C compiler and Python 3.12 or newer too: without either it says so
and builds the pure package.
"""

from __future__ import annotations

import os
import runpy
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
COMPILE = os.environ.get("GINRUMMY_COMPILE", "") not in ("", "0")
MIN_COMPILED_PYTHON = (3, 12)


def _compiler_works() -> bool:
    """Whether a C compiler builds a trivial extension source here."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CompileError, DistutilsExecError, DistutilsPlatformError
    from setuptools._distutils.sysconfig import customize_compiler

    try:
        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "probe.c")
            source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
            from sysconfig import get_paths

            compiler.compile([str(source)], output_dir=tmp, include_dirs=[get_paths()["include"]])
    except (CompileError, DistutilsExecError, DistutilsPlatformError, OSError):
        return False
    return True


def _ext_modules() -> list[Extension]:
    if not COMPILE:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        raise SystemExit(
            f"GINRUMMY_COMPILE=1 needs mypy (which ships mypyc) where the package is built ({exc}): "
            "pip install 'mypy>=1.10' 'setuptools>=77' wheel, then GINRUMMY_COMPILE=1 pip install "
            "--no-build-isolation . (make compiled does both)"
        ) from None
    if sys.version_info < MIN_COMPILED_PYTHON:
        # mypyc gives a compiled class with a Python base (the hand states' Generic) a weak
        # reference slot it never clears when the object is freed, on Python 3.11 only (mypyc issue
        # 1102): a weak reference to a hand state would crash the process. From 3.12 on, such a
        # class refuses weak references (a TypeError) instead.
        print(
            "GINRUMMY_COMPILE: the compiled build needs Python 3.12 or newer "
            f"(this is {sys.version.split()[0]}); building the pure-Python package",
            file=sys.stderr,
        )
        return []
    if not _compiler_works():
        print("GINRUMMY_COMPILE: no working C compiler; building the pure-Python package", file=sys.stderr)
        return []
    compiled = runpy.run_path(str(HERE / "src" / "ginrummy" / "compiled.py"))["COMPILED"]
    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in compiled]
    # Packages whose __init__ is in the group: a compiled module name maps onto its package's file.
    paths = [p if Path(p).exists() else str(Path(p).with_suffix("") / "__init__.py") for p in paths]
    return list(mypycify(paths, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3")))


class BuildPy(build_py):
    """``build_py`` that first removes the extension modules an earlier build left in the build
    folder: a wheel packs the whole folder, and a module compiled for another group (or a pure build
    after a compiled one) would be installed beside the new ones: a mixed, crashing installation."""

    def run(self) -> None:
        root = Path(self.build_lib)
        for pattern in ("*__mypyc.*", "ginrummy/**/*.so", "ginrummy/**/*.pyd"):
            for path in root.glob(pattern):
                path.unlink()
        super().run()


setup(
    cmdclass={"build_py": BuildPy},
    ext_modules=_ext_modules(),
)
