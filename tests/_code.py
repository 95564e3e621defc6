"""The functions of a module, for the tests that look at the engine's code objects
(closure cells, names read from other modules): interpreted build only."""

from __future__ import annotations

import types
from collections.abc import Iterator
from types import ModuleType


def functions(module: ModuleType) -> Iterator[tuple[str, types.FunctionType]]:
    """The functions defined in ``module``: its own and its classes' methods."""
    for name, value in vars(module).items():
        members = [(name, value)]
        if isinstance(value, type) and value.__module__ == module.__name__:
            members = [(f"{name}.{key}", item) for key, item in vars(value).items()]
        for qualified, member in members:
            function = member.__func__ if isinstance(member, staticmethod) else member
            function = function.fget if isinstance(function, property) else function
            if isinstance(function, types.FunctionType) and function.__module__ == module.__name__:
                yield qualified, function
