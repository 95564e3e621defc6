"""Checking a variant factory's keyword options before it builds anything.

Every built-in factory is wrapped with `checked_options`: an option of the wrong type
(``play_for_places="no"`` would otherwise count as true) or out of its range
(``hand_size=0``) raises [`SetupError`][makao.errors.SetupError] naming the option, and so does
any ``ValueError`` or ``TypeError`` the factory itself raises.
"""

from __future__ import annotations

import functools
import inspect
import math
import typing
from collections.abc import Callable
from typing import Any, TypeVar, cast

from makao._text import is_too_long_to_write, shown
from makao.deck import MAX_DECKS
from makao.errors import SetupError
from makao.variant import Variant

__all__ = ["checked_options"]

_Factory = TypeVar("_Factory", bound=Callable[..., Variant])

#: How each annotated kind of option is checked (``bool`` is not taken for a number).
_KINDS: dict[str, Callable[[object], bool]] = {
    "None": lambda value: value is None,
    "bool": lambda value: isinstance(value, bool),
    "int": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "float": lambda value: (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and not (isinstance(value, float) and math.isnan(value))
    ),
    "str": lambda value: isinstance(value, str),
}

#: Ranges of numeric options, by name: (least, most); ``None`` leaves that end open.
_RANGES: dict[str, tuple[float | None, float | None]] = {
    "hand_size": (1, None),
    "decks": (1, MAX_DECKS),
    "max_draws": (1, None),
    "penalty": (0, None),
    "po_makale_penalty": (0, None),
    "missing_call_penalty": (0, None),
    # A seat of the largest Mao table: two decks (104 cards) deal six each to 17 players.
    "oldest_player": (0, 16),
}


#: Options whose variant checks a narrower range itself, with its own message, which the
#: range above must not pre-empt (PL-1: Polish makao deals one deck or two). Mao's
#: ``move_time_limit`` has no range here: it is more than 0, which Mao checks itself
#: (UM-6; "at least 0" would be untrue of 0).
_OWN_RANGES: frozenset[tuple[str, str]] = frozenset({("polish", "decks")})


def checked_options(build: _Factory) -> _Factory:
    """Wrap the variant factory ``build`` so that its options are checked first."""
    signature = inspect.signature(build)
    name = build.__name__.replace("_", "-")  # as the variant is registered: crazy-eights
    hints = typing.get_type_hints(build)

    @functools.wraps(build)
    def checked(*args: Any, **options: Any) -> Variant:
        try:
            bound = signature.bind(*args, **options)
        except TypeError as error:
            raise SetupError(f"bad options for variant {shown(name, 200)}: {error}") from None
        for key, value in bound.arguments.items():
            check_choice(name, key, hints.get(key), value)
            check_option(name, signature.parameters[key], value)
        try:
            return build(*args, **options)
        except SetupError:
            raise
        except (TypeError, ValueError) as error:
            raise SetupError(f"bad options for variant {shown(name, 200)}: {error}") from None

    return cast(_Factory, checked)


def check_choice(variant: str, option: str, hint: object, value: object) -> None:
    """Refuse ``value`` for an option typed with a ``Literal`` of strings (``hint``) that is
    not one of them; other options pass."""
    if typing.get_origin(hint) is not typing.Literal:
        return
    allowed = typing.get_args(hint)
    if not isinstance(value, str) or value not in allowed:
        raise SetupError(
            f"bad options for variant {shown(variant, 200)}: {option} must be "
            f"one of {', '.join(map(repr, allowed))}, not {shown(value, 60)}"
        )


def check_option(variant: str, parameter: inspect.Parameter, value: object) -> None:
    """Refuse ``value`` for ``parameter`` if its annotated type or its range excludes it."""
    annotation = parameter.annotation
    if annotation is not inspect.Parameter.empty:
        written = (
            annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)
        )
        kinds = [part.strip() for part in written.split("|")]
        if all(kind in _KINDS for kind in kinds) and not any(_KINDS[k](value) for k in kinds):
            # a NaN is a float, but no number an option may be ("must be float, not nan")
            wanted = (
                "a number" if "float" in kinds and isinstance(value, float) else " or ".join(kinds)
            )
            raise SetupError(
                f"bad options for variant {shown(variant, 200)}: {parameter.name} must be "
                f"{wanted}, not {shown(value, 60)}"
            )
        if "float" not in kinds and isinstance(value, int) and is_too_long_to_write(value):
            # a count Python cannot write as text would break the variant's repr, its
            # events and its saves (a float option, a number of seconds, still takes one)
            raise SetupError(
                f"bad options for variant {shown(variant, 200)}: {parameter.name} must be a "
                f"whole number of at most 4,300 digits, not {shown(value)}"
            )
    least, most = _RANGES.get(parameter.name, (None, None))
    if (variant, parameter.name) in _OWN_RANGES:
        least = most = None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return
    if (least is not None and value < least) or (most is not None and value > most):
        bounds = f"at least {least}" if most is None else f"{least}…{most}"
        raise SetupError(
            f"bad options for variant {shown(variant, 200)}: {parameter.name} must be {bounds}, "
            f"not {shown(value)}"
        )
