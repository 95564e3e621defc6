"""Which build of makao is running: pure Python, or compiled with mypyc.

`COMPILED_MODULES` is the one list of the modules the compiled build compiles: the build
hook (``hatch_build.py``, switched on by ``MAKAO_COMPILE=1``) reads it from this file, and
[`compiled_modules`][makao._build.compiled_modules] checks it at run time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final, TypeVar

_T = TypeVar("_T")

__all__ = ["COMPILED_MODULES", "compiled_modules", "describe", "mypyc_attr"]

COMPILED_MODULES: Final = (
    "makao._card",
    "makao._random",
    "makao._movegen",
    "makao.state",
    "makao._core",
    "makao.engine",
    "makao.tables",
    "makao.bots.policy",
    "makao.sim.play",
)
"""The modules a compiled build compiles with mypyc: the hot path. Move generation and the
game's random generator (plain functions); the state, the engine (`makao._core.Core`:
`Game.play` and the rules' services; `makao.engine.Game`, whose entry points take raw
input typed so that the compiled code checks it itself) and the rule set's tables,
whose classes become mypyc native classes; and the bots' move scoring (`HeuristicBot`,
the `MCTSBot` rollouts), whose `Situation` lives in an interpreted module of its own.
Every other module (attrs classes, every rule class users subclass) stays interpreted
in both builds; docs/builds.md says why, module by module."""


def compiled_modules() -> tuple[str, ...]:
    """The modules of `COMPILED_MODULES` that this installation runs compiled (none in the
    pure-Python build)."""
    found = []
    for name in COMPILED_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return tuple(found)


def describe() -> str:
    """Which build this is, in words: ``"pure Python"`` or ``"compiled with mypyc (…)"``."""
    found = compiled_modules()
    return f"compiled with mypyc ({', '.join(found)})" if found else "pure Python"


if TYPE_CHECKING:  # the compiler sees mypyc's own (compiled modules import it from here)
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(**options: object) -> Callable[[type[_T]], type[_T]]:
        """``mypy_extensions.mypyc_attr`` for the interpreted build: the compiled modules'
        classes declare their mypyc options with it (``allow_interpreted_subclasses``),
        which only the compiler reads; interpreted, it leaves the class as it is (and makao
        needs no ``mypy_extensions`` at run time)."""
        return _unchanged

    def _unchanged(cls: type[_T]) -> type[_T]:
        return cls
