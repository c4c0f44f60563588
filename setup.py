"""Builds the package with its kernels compiled ahead of time (``nimlab.kernels._aot``).

The metadata is in ``pyproject.toml``; this file only adds the extension, which Numba's ``pycc``
compiles from the kernels' own Python sources (:mod:`nimlab.kernels.aot`).  If that fails (no C
compiler, a Numba without ``pycc``), the package is built without it, with a warning, and
compiles its kernels on first use instead.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCES = Path(__file__).resolve().parent / "src"


class BuildKernels(build_ext):
    """Builds ``nimlab.kernels._aot`` by compiling the kernels with Numba."""

    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name))
        sys.path.insert(0, str(SOURCES))
        os.environ.setdefault("NIMLAB_COMPILE_NOTICE", "0")
        try:
            from nimlab.kernels.aot import build

            build(target)
        except Exception as error:  # the package works without it, only slower to start
            print(f"nimlab: warning: the kernels were not compiled ahead of time ({error}); "
                  "they will be compiled on first use", file=sys.stderr)
        finally:
            sys.path.remove(str(SOURCES))


setup(ext_modules=[Extension("nimlab.kernels._aot", sources=[])],
      cmdclass={"build_ext": BuildKernels})
