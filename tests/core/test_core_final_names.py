"""The engine's functions read the names of other modules as final names, but for a few
that do not run at every action (interpreted build: the check is on the code objects,
which compiled functions do not have).

Compiled, a final name of a compiled module is read from a C static, and a final int or
string of any module is written into the code; any other name imported from another
module is looked up in the importing module's dict at each use (about 80 instructions).
`makao._movegen` and `makao._core` so keep aliases (``_PLAY_CLASS: Final = Play``) for
what they use as they play (docs/builds.md, twenty-fourth session). No timing here."""

from __future__ import annotations

import builtins
import dis
import sys
import types
from collections.abc import Iterator

import pytest

import makao
from _code import functions
from makao import _core, _movegen
from makao._build import COMPILED_MODULES

#: Functions that may read other modules' names, each with why it does not matter.
ALLOWED = {
    "Core._seat",  # the error for a bad seat
    "Core._admitted",  # a move not taken from the listing, or an error
    "as_move",  # the same: a move's text, or an error (and `Game.is_legal`, `Game.actor`)
    "Core.swap_hands",  # a rule's service (Mao's sevens, the house rules)
    "Core.add_wait",  # a rule's service (the engine adds waits itself): its error
    "Core.effect_target",  # a rule's service: its error for a bad direction
    "_service_seat",  # a rule service's seat: its error
    "_service_count",  # a rule service's count: its error
    "Core.raise_attack",  # the services a rule calls: `cast` (no code compiled) ...
    "Core.raise_wait",
    "Core.demand_rank",
    "Core.name_suit",
    "Core.accept_attack",
    "Core.accept_wait",  # ... the engine applies the mechanics without them
    "Core.record_finish",  # once a seat
    "Core.end_game",  # once a game
    "_reshuffle",  # when the stock runs out
    "fill_plain_tables",  # once per rule set and deck count, at its first game
    "_passed",  # seats past those kept (`_KEPT_SEATS`)
    "_with_required_calls",  # variants with calls a play must carry
    "actor",  # a listing of one seat's moves (hosts), out-of-turn actions
    "canonical",  # a move in another order, or an error
    "listed",  # `Game.is_legal`
    "_reason",  # an illegal move's message
    "_why_not_played",  # the same
    "_state_index",  # a rule's state asked for by an equal rule object, or an error
    "_call_names",  # a call rule's answer, when a move table is filled: or an error
    "_choice_list",  # a card rule's choices that are no tuple: a list, or an error
    "_check_held",  # a rule's `play_cards` service: its errors
    "_wrong_argument",  # a rule service's error
    "_unheld",  # the error for a rule's play of cards not held
    "_unhandled",  # the error for a rule's move no rule carries out
    "_effect_given",  # what an effect's hook leaves in force (not its own turn end): or an error
    "_extra_list",  # a rule's out-of-turn moves that are no tuple: a tuple, or an error
}


def _is_final(module: types.ModuleType, name: str) -> bool:
    """Whether ``name`` is a final name of ``module`` itself."""
    annotation = vars(module).get("__annotations__", {}).get(name, "")
    return isinstance(annotation, str) and annotation.startswith("Final")


def _read_without_lookup(module: types.ModuleType, name: str) -> bool:
    """Whether compiled code of ``module`` reads the global ``name`` without a dict
    lookup: a builtin, a module, a class or function of a compiled module, a final name
    of ``module``, of the compiled module it was imported from, or a final int or str."""
    if name not in vars(module):
        return hasattr(builtins, name)
    value = vars(module)[name]
    if isinstance(value, types.ModuleType) or _is_final(module, name):
        return True
    if getattr(value, "__module__", None) in COMPILED_MODULES:
        return True  # a class or function of a compiled module: called or read directly
    for other in map(sys.modules.get, COMPILED_MODULES):
        if other is not None and _is_final(other, name) and vars(other).get(name) is value:
            return True  # a final of the compiled module it comes from
    return isinstance(value, (int, str)) and any(
        _is_final(other, name)
        for other in list(sys.modules.values())
        if getattr(other, "__name__", "").startswith("makao") and vars(other).get(name) is value
    )


def _looked_up(module: types.ModuleType, function: types.FunctionType) -> Iterator[str]:
    """The globals ``function`` reads that compiled code would look up by name."""
    for instruction in dis.get_instructions(function):
        if instruction.opname == "LOAD_GLOBAL":
            name = str(instruction.argval)
            if not _read_without_lookup(module, name):
                yield name


@pytest.mark.skipif(makao.compiled, reason="compiled functions have no code objects")
@pytest.mark.parametrize("module", [_core, _movegen], ids=lambda module: module.__name__)
def test_the_engines_functions_read_other_modules_names_as_finals(
    module: types.ModuleType,
) -> None:
    found = dict(functions(module))
    assert "_listed_play" in found or module is not _movegen  # the walk sees the functions
    looked_up = {
        name: sorted(set(_looked_up(module, function)))
        for name, function in found.items()
        if name not in ALLOWED
    }
    assert {name: names for name, names in looked_up.items() if names} == {}


def _function(source: str) -> types.FunctionType:
    """The function ``f`` that ``source`` defines (its globals are only read by name)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "<check>", "exec"), namespace)
    function = namespace["f"]
    assert isinstance(function, types.FunctionType)
    return function


@pytest.mark.skipif(makao.compiled, reason="compiled functions have no code objects")
def test_the_check_sees_a_name_imported_from_another_module() -> None:
    """The check itself, on functions read as `makao._movegen`'s: an imported class is
    found, its final alias is not, nor a final int of an interpreted module, a builtin, or
    a function of the module."""
    imported = _function("def f(move):\n    return isinstance(move, Play)\n")
    assert list(_looked_up(_movegen, imported)) == ["Play"]
    final = _function(
        "def f(move, effect):\n"
        "    return isinstance(move, _PLAY_CLASS) and effect._kept & KEEPS_MAY_PASS\n"
    )
    assert list(_looked_up(_movegen, final)) == []
    own = _function("def f(game):\n    return len(first_cards(game, 0))\n")
    assert list(_looked_up(_movegen, own)) == []
