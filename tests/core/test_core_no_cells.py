"""The engine's functions make no closure cells, but for a few that do not run at every
action (interpreted build; compiled functions have no code objects to look at).

A comprehension or generator expression that reads a local of its function makes that
local a cell, allocated at every call of the function, not only when the comprehension
runs: about 580 instructions per call of `Core.legal_moves` when its seat filter was one
(docs/builds.md). No timing here: the check is on the code objects."""

from __future__ import annotations

from types import ModuleType

import pytest

import makao
from _code import functions
from makao import _core, _movegen

#: Functions that may make cells, each with why it does not matter.
ALLOWED = {
    "unfinished_by_cards",  # once, at the end of a game
    "_group_cards",  # when a group's plays are first cached
    "_call_sets",  # when a play that may carry calls is first cached
    "explain",  # the message of an illegal move
}


@pytest.mark.skipif(makao.compiled, reason="compiled functions have no code objects")
@pytest.mark.parametrize("module", [_core, _movegen], ids=lambda module: module.__name__)
def test_the_engines_functions_make_no_cells(module: ModuleType) -> None:
    found = dict(functions(module))
    assert "Core.legal_moves" in found or module is not _core  # the walk sees the methods
    with_cells = {
        name: function.__code__.co_cellvars
        for name, function in found.items()
        if function.__code__.co_cellvars and name.rsplit(".", 1)[-1] not in ALLOWED
    }
    assert with_cells == {}
