"""The one place the kernels get their compiler from: ``from nimlab.kernels.jit import njit,
prange, intrinsic``.

A kernel is a :class:`Kernel`: a plain Python function written for Numba, which runs in one of
two compiled forms.

* **Ahead of time.**  When the package is built (``pip install``), ``setup.py`` compiles the
  kernels that declare argument types (``@njit(aot=[...])``: the sequential kernels of every
  game, and Wythoff's parallel worker, :mod:`nimlab.kernels.workers`) into one extension
  module, ``nimlab.kernels._aot``, with Numba's ``pycc`` (:mod:`nimlab.kernels.aot`).  A call
  whose arguments have one of the declared types runs that code at once: no compilation, and
  not even an import of Numba (about half a second a process).
  The extension carries a fingerprint of the kernel sources it was built from; if the sources
  have changed since (a source checkout edited after its build), it is not used.
* **Just in time.**  Any other call (the ``prange`` kernels of Sharing Nim and Fibonacci Nim,
  other argument types, no extension, or ``NIMLAB_AOT=0``) goes to Numba's dispatcher, made on
  first use: Numba is imported then, and the kernel compiled once and kept in Numba's disk cache
  (``cache=True``: the package's ``__pycache__``, or ``NUMBA_CACHE_DIR``).

Numba needs its own names in a kernel's globals (the dispatchers of the kernels it calls,
``prange``, the intrinsics), while Python callers of the module should keep reaching the
:class:`Kernel` objects (so that they run the ahead-of-time code).  So Numba compiles a copy of
each function bound to a *view* of its module's globals (:func:`_view`) in which every kernel
and intrinsic is replaced by its Numba form; the module itself is never changed.

Importing Numba: when it first sets up its typing of NumPy functions, Numba imports SciPy's BLAS
bindings (``scipy.linalg.cython_blas``, with all of ``scipy.linalg``) whenever SciPy is
installed, to know whether ``np.dot`` and friends may call BLAS.  That costs a tenth to a fifth
of a second, and no kernel of nimlab uses BLAS.  So, unless SciPy's ``linalg`` is loaded already,
Numba's NumPy typing is imported with those bindings hidden for the moment; they are visible
again right after, and Numba still loads them when a function it compiles needs them (``np.dot``
in a user's own ``@njit`` code checks for them when it is compiled).

A first run that compiles says so.  Numba announces each real compilation, after its cache
missed, as a ``numba:compile`` event (a kernel loaded from the cache sends none); the listener
registered with Numba's import turns the first such event of a nimlab kernel into one
:class:`~nimlab.errors.NimlabNotice` per process, before the compilation starts: "compiling the
Sharing Nim kernel (first run only, about 8 s)".  The library prints nothing; the command line
shows it as one ``nimlab: note:`` line on standard error.  ``NIMLAB_COMPILE_NOTICE=0`` leaves it
out (the test suite does, in its own processes, where the commands' whole output is compared).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import os
import sys
import threading
import types
import warnings
from pathlib import Path
from typing import Any, Callable

__all__ = ["njit", "prange", "intrinsic", "Kernel", "numba_module", "aot_status", "COMPILING",
           "announce", "AOT_MODULES"]

#: The kernel modules compiled ahead of time, and fingerprinted (with :mod:`atomics`, whose
#: functions they inline, and this module): a change to any of them makes an extension built
#: before it stale.
AOT_MODULES = ("atomics", "sharing", "wythoff", "fibonacci", "endnim", "graphnim", "cash",
               "automata", "octal", "octal_sparse", "repeats")
#: The extension module built from them.
AOT_EXTENSION = "nimlab.kernels._aot"

#: ``prange`` in Python: kernels run as plain Python never (they are compiled), but the name
#: must exist; in the view Numba compiles it is ``numba.prange``.
prange = range

#: What a first run compiles, by the module of the first kernel it compiles: its name and about
#: how many seconds compiling it takes on an idle 2-core machine (measured under load, where it
#: took about 1.5 times as long: Sharing Nim 12 s, Wythoff 6 s, Fibonacci Nim 3 to 3.5 s, the
#: others 1 to 1.5 s; the kernels a command goes on to use may add to it).
COMPILING: dict[str, tuple[str, int]] = {
    "nimlab.kernels.sharing": ("the Sharing Nim kernel", 8),
    "nimlab.kernels.wythoff": ("the Wythoff kernel", 4),
    "nimlab.kernels.fibonacci": ("the Fibonacci Nim kernel", 2),
    "nimlab.kernels.endnim": ("the End-Nim kernel", 1),
    "nimlab.kernels.graphnim": ("the Graph Nim kernel", 1),
    "nimlab.kernels.cash": ("the NIM(A) kernel", 1),
    "nimlab.kernels.automata": ("the automaton kernel", 1),
    "nimlab.kernels.pace": ("the kernels' step runner", 1),
}
_OTHER = ("nimlab's compiled kernels", 5)

_announced = False
_HIDDEN = "scipy.linalg.cython_blas"


def numba_module():
    """Numba, imported on first need (SciPy's BLAS bindings hidden meanwhile, the first-compile
    notice registered)."""
    if "numba" in sys.modules and getattr(numba_module, "_ready", False):
        return sys.modules["numba"]
    if "numba.np.arraymath" not in sys.modules and "scipy.linalg" not in sys.modules:
        sys.modules[_HIDDEN] = None  # an import of it fails at once, without loading scipy.linalg
        try:
            import numba.np.arraymath  # noqa: F401
        finally:
            if sys.modules.get(_HIDDEN, 0) is None:
                del sys.modules[_HIDDEN]
    import numba
    from numba.core import event

    if not getattr(numba_module, "_ready", False):
        event.register("numba:compile", _first_compile_listener(event))
        numba_module._ready = True
    return numba


def announce(module: str) -> bool:
    """Issue the notice that a kernel of ``module`` is being compiled, the first time only in
    this process; whether it was issued now."""
    global _announced
    if _announced or os.environ.get("NIMLAB_COMPILE_NOTICE") == "0":
        return False
    _announced = True
    name, seconds = COMPILING.get(module, _OTHER)
    from nimlab.errors import NimlabNotice

    try:
        warnings.warn(f"compiling {name} (first run only, about {seconds} s)", NimlabNotice,
                      stacklevel=2)
    except Warning:  # warnings made errors: the compilation goes on regardless
        pass
    return True


def _first_compile_listener(event):
    class FirstCompile(event.Listener):
        """Announces the first compilation of a nimlab kernel (Numba's own and a user's
        functions are not ours to announce)."""

        def on_start(self, happening) -> None:
            if _announced:
                return
            compiled = getattr(happening.data.get("dispatcher"), "py_func", None)
            module = getattr(compiled, "__module__", "") or ""
            if module.startswith("nimlab."):
                announce(module)

        def on_end(self, happening) -> None:
            pass

    return FirstCompile()


# ---------------------------------------------------------------------------------------------
# the compiled forms

#: Module name -> its globals as Numba sees them (kernels and intrinsics in their Numba form).
_views: dict[str, dict] = {}


def _view(module_name: str) -> dict:
    """The globals Numba compiles ``module_name``'s kernels with: a copy of the module's, with
    every :class:`Kernel` replaced by its dispatcher, every :class:`Intrinsic` by Numba's
    intrinsic, and ``prange`` by Numba's."""
    view = _views.get(module_name)
    if view is not None:
        return view
    numba = numba_module()
    module = sys.modules[module_name]
    view = dict(module.__dict__)
    _views[module_name] = view  # before the kernels below, which are bound to it
    for name, value in module.__dict__.items():
        view[name] = _numba_form(value)
    if view.get("prange") is range:
        view["prange"] = numba.prange
    return view


def _numba_form(value: Any) -> Any:
    """What Numba must see in place of ``value`` (a kernel's dispatcher, Numba's intrinsic)."""
    return value.compiled() if isinstance(value, (Kernel, Intrinsic)) else value


class Intrinsic:
    """A Numba intrinsic (LLVM code for one operation), made when a kernel using it is first
    compiled; see :func:`intrinsic`."""

    def __init__(self, func: Callable):
        self.func = func
        self._made = None
        functools.update_wrapper(self, func)

    def compiled(self):
        if self._made is None:
            from numba.extending import intrinsic as make

            self._made = make(self.func)
        return self._made


def intrinsic(func: Callable) -> Intrinsic:
    """``numba.extending.intrinsic``, made on first need (the intrinsic's body may import
    llvmlite and Numba inside: it runs only when a kernel is compiled)."""
    return Intrinsic(func)


class Kernel:
    """A function compiled by Numba: ahead of time for the argument types it declares (``aot``:
    Numba signature strings of the arguments, e.g. ``"i2[:, ::1], i8, b1"``), else just in time
    (``options``: :func:`numba.njit`'s).  Calling it runs the ahead-of-time code when the
    arguments' types are declared ones and the extension is current, else Numba's dispatcher;
    other attributes are the dispatcher's."""

    def __init__(self, func: Callable, options: dict, aot: tuple[str, ...] = ()):
        self.py_func = func
        self.options = options
        self.aot = tuple(aot)
        self._dispatcher = None
        self._compiled_for: dict[tuple, Callable | None] = {}
        functools.update_wrapper(self, func)

    @property
    def module(self) -> str:
        return self.py_func.__module__

    def compiled(self):
        """Numba's dispatcher of this kernel (made on first need; Numba compiles on its first
        call, or loads from its disk cache)."""
        if self._dispatcher is None:
            view = _view(self.module)
            if self._dispatcher is None:  # (made by _view for this module's kernels)
                func = self.py_func
                closure = func.__closure__ and tuple(
                    types.CellType(_numba_form(cell.cell_contents)) for cell in func.__closure__)
                bound = types.FunctionType(func.__code__, view, func.__name__,
                                           func.__defaults__, closure)
                bound.__qualname__ = func.__qualname__
                bound.__module__ = func.__module__
                bound.__doc__ = func.__doc__
                bound.__kwdefaults__ = func.__kwdefaults__
                self._dispatcher = numba_module().njit(**self.options)(bound)
        return self._dispatcher

    def ahead_of_time(self, args: tuple) -> Callable | None:
        """The ahead-of-time function for these arguments, or ``None`` (also with
        ``NIMLAB_AOT=0``)."""
        if not self.aot or os.environ.get("NIMLAB_AOT") == "0":
            return None
        key = tuple(type_code(a) for a in args)
        if key in self._compiled_for:
            return self._compiled_for[key]
        found = None
        extension = _extension()
        if extension is not None and None not in key:
            found = getattr(extension, export_name(self.module, self.py_func.__name__, key),
                            None)
        self._compiled_for[key] = found
        return found

    def __call__(self, *args, **kwargs):
        if not kwargs:
            ahead = self.ahead_of_time(args)
            if ahead is not None:
                return ahead(*args)
        if getattr(_mode, "loading_only", False):
            self._refuse_compiling(args)
        return self.compiled()(*args, **kwargs)

    def _refuse_compiling(self, args: tuple) -> None:
        """Inside :func:`loading_only`: :class:`NeedsCompiling` unless Numba's code for these
        arguments is at hand.  Asked only about this process (``disk=False``), a kernel Numba
        has made nothing of yet is not, and the question does not import Numba."""
        if not _mode.disk and self._dispatcher is None:
            raise NeedsCompiling(self, None)
        if not self.load(args, _mode.disk):
            raise NeedsCompiling(self, self.argument_types(args))

    def prepare(self, args: tuple) -> None:
        """Make a call with these arguments run without compiling, on this thread, before other
        threads make it (:func:`nimlab.kernels.workers.run_workers`): the ahead-of-time code, or
        Numba's, loaded or compiled now; inside :func:`loading_only` (which holds for this
        thread only) :class:`NeedsCompiling` instead of a compilation."""
        if self.ahead_of_time(args) is not None:
            return
        if getattr(_mode, "loading_only", False):
            self._refuse_compiling(args)
            return
        self.compiled().compile(self.argument_types(args))

    def argument_types(self, args: tuple) -> tuple:
        """Numba's types of these arguments."""
        dispatcher = self.compiled()
        return tuple(dispatcher.typeof_pyval(a) for a in args)

    def load(self, args: tuple, disk: bool = True) -> bool:
        """Whether Numba's code for these arguments is at hand without compiling: made in this
        process, or (``disk``) now loaded from Numba's disk cache."""
        dispatcher = self.compiled()
        argtypes = self.argument_types(args)
        if argtypes in dispatcher.overloads:
            return True
        if not disk:
            return False
        try:  # what Dispatcher.compile does before it compiles
            result = dispatcher._cache.load_overload(argtypes, dispatcher.targetctx)
            if result is None:
                return False
            dispatcher._cache_hits[argtypes] += 1
            dispatcher.targetctx.insert_user_function(result.entry_point, result.fndesc,
                                                      [result.library])
            dispatcher.add_overload(result)
        except Exception:  # a Numba whose dispatcher differs: say it is not at hand
            return False
        return True

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_dispatcher", "_compiled_for", "py_func"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    @property
    def name(self) -> str:
        """The kernel's name in its module (``f = njit(...)(g)`` binds it as ``f``)."""
        return next(key for key, value in vars(sys.modules[self.module]).items()
                    if value is self)

    def __reduce__(self):  # pickled by reference (Dask sends tasks that hold kernels)
        return (_kernel_named, (self.module, self.name))

    def __repr__(self) -> str:
        return f"<nimlab kernel {self.module}.{self.py_func.__qualname__}>"


def _kernel_named(module: str, name: str) -> Kernel:
    return getattr(importlib.import_module(module), name)


def njit(*args, aot: tuple[str, ...] | list[str] = (), **options):
    """``@njit(cache=True, ...)`` or ``@njit``: a :class:`Kernel`; ``aot``: the argument types
    it is compiled for ahead of time (kernels called from Python: sequential ones, and the
    workers of parallel ones, with ``nogil=True``: :mod:`nimlab.kernels.workers`)."""
    if args and callable(args[0]) and not options and not aot:
        return Kernel(args[0], {})
    return lambda func: Kernel(func, options, tuple(aot))


# ---------------------------------------------------------------------------------------------
# compiling out of the way

_mode = threading.local()


@contextlib.contextmanager
def loading_only(disk: bool = True):
    """Inside, a kernel whose Numba code is not at hand (:meth:`Kernel.load`: in this process,
    or with ``disk`` in Numba's disk cache) raises :class:`NeedsCompiling` instead of compiling
    (ahead-of-time kernels run as always)."""
    before = getattr(_mode, "loading_only", False), getattr(_mode, "disk", True)
    _mode.loading_only, _mode.disk = True, disk
    try:
        yield
    finally:
        _mode.loading_only, _mode.disk = before


class NeedsCompiling(Exception):
    """A kernel would have to be compiled for these argument types (:func:`loading_only`;
    ``None``: not looked at, the kernel not being made in this process)."""

    def __init__(self, kernel: Kernel, argtypes: tuple):
        super().__init__(f"{kernel!r} is not compiled for {argtypes}" if argtypes is not None
                         else f"{kernel!r} is not loaded in this process")
        self.kernel = kernel
        self.argtypes = argtypes

    def compile_elsewhere(self):
        """Start a process that compiles the kernel for these types into Numba's disk cache, at
        a low priority, and ends (a few seconds; it outlives this process if need be, and is
        bounded by the one compilation); the :class:`subprocess.Popen`."""
        import base64
        import pickle
        import subprocess

        order = base64.b64encode(pickle.dumps((self.kernel.module, self.kernel.name,
                                               self.argtypes)))
        env = {**os.environ, "NIMLAB_COMPILE_NOTICE": "0"}
        return subprocess.Popen([sys.executable, "-m", "nimlab.kernels.jit", order.decode()],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env, start_new_session=True)


def _compile_order(order: str) -> None:
    """The process :meth:`NeedsCompiling.compile_elsewhere` starts."""
    import base64
    import pickle

    try:
        os.nice(10)
    except OSError:
        pass
    module, name, argtypes = pickle.loads(base64.b64decode(order))
    getattr(importlib.import_module(module), name).compiled().compile(argtypes)


# ---------------------------------------------------------------------------------------------
# the ahead-of-time extension

def type_code(value: Any) -> str | None:
    """How an argument's type is named in an export's name: ``i2x2c`` for a C-contiguous 2-d
    ``int16`` array (``a``: any layout), ``i`` an integer, ``b`` a truth value, ``f`` a float;
    ``None``: no ahead-of-time form takes it (read-only or non-native arrays, other objects)."""
    import numpy as np

    if isinstance(value, np.ndarray):
        if not (value.flags.writeable and value.flags.aligned and value.dtype.isnative):
            return None
        return array_code(value.dtype, value.ndim, value.flags.c_contiguous)
    if isinstance(value, (bool, np.bool_)):
        return "b"
    if isinstance(value, (int, np.integer)):
        return "i" if -2**63 <= int(value) < 2**63 else None
    if isinstance(value, (float, np.floating)):
        return "f"
    return None


def array_code(dtype: Any, ndim: int, c_contiguous: bool) -> str | None:
    """The type code of an array (``i2x2c``), the same for a NumPy array and for Numba's type
    of one; ``None`` for a dtype with no such code."""
    import numpy as np

    kind = np.dtype(dtype).str[1:]
    if not kind[1:].isdigit():
        return None
    return f"{kind}x{ndim}{'c' if c_contiguous else 'a'}"


def export_name(module: str, name: str, key: tuple) -> str:
    """The extension's name for a kernel compiled for the argument types ``key``."""
    return f"{module.rsplit('.', 1)[-1]}__{name.lstrip('_')}__{'_'.join(key)}"


def fingerprint() -> int:
    """A digest of the sources of :data:`AOT_MODULES` (an int64), which an extension built from
    them carries."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in AOT_MODULES + ("jit",):
        digest.update((here / f"{name}.py").read_bytes())
    return int(digest.hexdigest()[:15], 16)


_extension_state: list = []  # [module or None, status]


def _extension():
    if not _extension_state:
        try:
            extension = importlib.import_module(AOT_EXTENSION)
        except ImportError:
            _extension_state[:] = [None, "absent"]
        else:
            try:
                current = extension.fingerprint() == fingerprint()
            except (AttributeError, OSError):
                current = False
            _extension_state[:] = ([extension, "current"] if current else [None, "stale"])
    return _extension_state[0]


def aot_status() -> str:
    """``"current"`` (the ahead-of-time kernels are used), ``"stale"`` (built from other
    sources: rebuild with ``pip install .``, or ``python -m nimlab.kernels.aot --inplace`` in a
    source checkout), ``"absent"`` (not built: Numba compiles on first use), or ``"off"``
    (``NIMLAB_AOT=0``)."""
    if os.environ.get("NIMLAB_AOT") == "0":
        return "off"
    _extension()
    return _extension_state[1]


if __name__ == "__main__":
    _compile_order(sys.argv[1])
