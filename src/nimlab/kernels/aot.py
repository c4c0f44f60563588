"""Compiling the kernels ahead of time, into the extension ``nimlab.kernels._aot``.

``pip install`` does it (``setup.py`` calls :func:`build`); in a source checkout,
``python -m nimlab.kernels.aot --inplace`` builds the extension beside the sources (again after
editing a kernel: an extension built from other sources is not used, see
:func:`nimlab.kernels.jit.aot_status`).

Every :class:`~nimlab.kernels.jit.Kernel` of :data:`~nimlab.kernels.jit.AOT_MODULES` that
declares argument types (``@njit(aot=[...])``) is compiled by Numba's ``pycc`` for each of them,
under the name :func:`~nimlab.kernels.jit.export_name` gives (the module, the kernel, the
arguments' type codes), beside a function ``fingerprint()`` returning the digest of the sources
it was built from.  The return type of each is Numba's own inference (the kernel is typed once
just in time first).  The code is compiled for this machine's processor (``host``), as Numba's
just-in-time code is; ``NIMLAB_AOT_CPU`` names another (``generic``, ``x86-64-v2``, ...) for an
extension meant for other machines.

The extension does not need Numba at run time (only NumPy): a process that runs only
ahead-of-time kernels never imports Numba.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import time
import warnings
from pathlib import Path

from nimlab.kernels.jit import (AOT_EXTENSION, AOT_MODULES, Kernel, array_code, export_name,
                                fingerprint, numba_module)


def declared() -> list[tuple[Kernel, str]]:
    """Every kernel compiled ahead of time, with each argument-type string it declares."""
    found = []
    for short in AOT_MODULES:
        module = importlib.import_module(f"nimlab.kernels.{short}")
        for value in vars(module).values():
            if isinstance(value, Kernel) and value.module == module.__name__:
                found.extend((value, spec) for spec in value.aot)
    return found


def normalize(spec: str) -> tuple:
    """Numba's argument types of a declared argument-type string."""
    from numba.core.sigutils import normalize_signature

    argtypes, _ = normalize_signature(f"void({spec})")
    return tuple(argtypes)


def type_key(argtypes) -> tuple[str, ...]:
    """The type codes (:func:`nimlab.kernels.jit.type_code`) of Numba argument types."""
    from numba.core import types

    key = []
    for t in argtypes:
        code = None
        if isinstance(t, types.Array):
            code = array_code(str(t.dtype), t.ndim, t.layout == "C")
        elif isinstance(t, types.Boolean):
            code = "b"
        elif isinstance(t, types.Integer):
            code = "i"
        elif isinstance(t, types.Float):
            code = "f"
        if code is None:
            raise ValueError(f"no ahead-of-time form for arguments of type {t}")
        key.append(code)
    return tuple(key)


def build(target: Path, log=print) -> list[str]:
    """Compile every declared kernel into the extension file ``target`` (its name ends with the
    interpreter's extension suffix); the exported names."""
    numba = numba_module()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending deprecation
        from numba.pycc import CC
    name = AOT_EXTENSION.rsplit(".", 1)[-1]
    cc = CC(name)
    cc.output_dir = str(target.parent)
    cc.output_file = target.name
    cc.target_cpu = os.environ.get("NIMLAB_AOT_CPU", "host")
    cc.verbose = False
    names = []
    free = set()  # the functions whose wrappers let go of Python's lock (``nogil`` kernels)
    for kernel, spec in declared():
        argtypes = normalize(spec)
        dispatcher = kernel.compiled()
        dispatcher.compile(argtypes)  # Numba's inference of the return type
        returns = dispatcher.overloads[argtypes].signature.return_type
        exported = export_name(kernel.module, kernel.py_func.__name__, type_key(argtypes))
        cc.export(exported, returns(*argtypes))(dispatcher.py_func)
        if kernel.options.get("nogil"):
            free.add(dispatcher.py_func)
        names.append(exported)
    digest = fingerprint()
    scope: dict = {}
    exec(f"def fingerprint():\n    return {digest}\n", scope)  # a constant the build carries
    cc.export("fingerprint", "i8()")(scope["fingerprint"])
    target.parent.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    with warnings.catch_warnings(), releasing_gil(free):
        warnings.simplefilter("ignore")
        cc.compile()
    log(f"nimlab: compiled {len(names)} kernels ahead of time into {target} "
        f"({time.perf_counter() - began:.0f} s, Numba {numba.__version__}, "
        f"processor {cc.target_cpu})")
    return names


@contextlib.contextmanager
def releasing_gil(functions: set):
    """Inside, ``pycc`` compiles the exports of ``functions`` with Numba's ``nogil`` flag, so
    that their wrappers release Python's global lock while the compiled code runs (the workers
    of :mod:`nimlab.kernels.workers`, called on several threads at once).  ``pycc`` compiles
    every export with one set of flags and has no option for it, so its call of Numba's
    compiler is wrapped for the moment."""
    import numba.pycc.compiler as pycc

    compile_extra = pycc.compile_extra

    def compile_export(typingctx, targetctx, func, args, return_type, flags, *more, **options):
        if func in functions:
            flags = flags.copy()
            flags.release_gil = True
        return compile_extra(typingctx, targetctx, func, args, return_type, flags, *more,
                             **options)

    pycc.compile_extra = compile_export
    try:
        yield
    finally:
        pycc.compile_extra = compile_extra


def inplace_target() -> Path:
    """Where the extension goes in a source checkout: beside :mod:`nimlab.kernels`."""
    import sysconfig

    return Path(__file__).resolve().parent / f"_aot{sysconfig.get_config_var('EXT_SUFFIX')}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nimlab.kernels.aot",
                                     description="Compile nimlab's kernels ahead of time.")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--inplace", action="store_true",
                       help="beside the sources (a source checkout)")
    where.add_argument("--out", type=Path, help="this extension file")
    args = parser.parse_args(argv)
    build(inplace_target() if args.inplace else args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
