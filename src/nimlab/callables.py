"""Modules that are also functions: ``nimlab.play`` and ``nimlab.prove`` are modules of the
package and, called, the API's :func:`nimlab.lab.play` and :func:`nimlab.lab.prove`
(``nimlab.discover`` likewise, once that module exists).

Python sets ``nimlab.play`` to the module when ``nimlab.play`` is imported, which would hide a
function of the same name; so the module itself becomes callable (its class is switched to
:class:`CallableModule`, a supported use of ``module.__class__``) and forwards the call to the
function, named by a dotted string and imported only when called.  The switch happens when the
import sets the attribute on the package (:class:`Package`, the class of ``nimlab`` itself), so
it holds whatever imports the module first, and the modules need not know.
:func:`lazy_names` gives a package names that load on first use (PEP 562).  This module imports nothing of nimlab.

>>> import nimlab.play
>>> callable(nimlab.play)
True
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

#: module name -> the function a call of the module runs (``"module:attribute"``).
TARGETS = {"nimlab.play": "nimlab.lab:play", "nimlab.prove": "nimlab.lab:prove",
           "nimlab.discover": "nimlab.discover:discover"}


class CallableModule(types.ModuleType):
    """A module that, called, runs the function :data:`TARGETS` names for it.  Its ``__doc__``
    (what ``help(nimlab.prove)`` shows first) is the call's: its signature and docstring, then
    the module's own."""

    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        import inspect

        own = self.__dict__.get("__doc__") or ""
        module_name, _, attribute = TARGETS[self.__name__].partition(":")
        try:
            function = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError):
            return own
        if isinstance(function, types.ModuleType) or function is self:
            return own
        name = self.__name__
        summary, _, rest = (inspect.getdoc(function) or "").partition("\n")
        return (f"{summary}\n\n{name}{inspect.signature(function)}\n{rest}\n\n"
                f"The module {name} (called, it is the function above):\n\n"
                f"{inspect.cleandoc(own)}")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module_name, _, attribute = TARGETS[self.__name__].partition(":")
        function = getattr(importlib.import_module(module_name), attribute)
        if isinstance(function, types.ModuleType):
            raise TypeError(f"{self.__name__} has no function {attribute!r} to call")
        if module_name == "nimlab.lab":  # its errors name keyword arguments, not options
            function = importlib.import_module("nimlab.errors").python_errors(function)
        return function(*args, **kwargs)


class Package(types.ModuleType):
    """The class of the ``nimlab`` package: a submodule of :data:`TARGETS` set on it (as every
    import of the submodule does) is made callable on the way."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and f"{self.__name__}.{name}" in TARGETS \
                and not isinstance(value, CallableModule):
            value.__class__ = CallableModule
        super().__setattr__(name, value)


def make_callable(name: str) -> types.ModuleType:
    """Make the loaded module ``name`` callable (see the module docstring); returns it."""
    module = sys.modules[name]
    if name in TARGETS and not isinstance(module, CallableModule):
        module.__class__ = CallableModule
    return module


def lazy_names(package: str, homes: dict[str, str], namespace: dict[str, Any]):
    """``__getattr__`` and ``__dir__`` for a package whose names load on first use (PEP 562):
    ``homes`` maps each name to the submodule of ``package`` holding it."""
    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        found = getattr(importlib.import_module(f"{package}.{homes[name]}"), name)
        namespace[name] = found
        return found

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(homes))

    return __getattr__, __dir__
