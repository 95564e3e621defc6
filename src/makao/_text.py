"""How a value the caller passed is shown in an error message: short, and always shown.

A message names the bad value, but a value can be long (a whole file's text) or an integer
too long for ``str`` (Python refuses to write one of more than 4,300 digits, raising a bare
``ValueError``), and a message must not fail while it is being written.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from contextlib import suppress
from typing import Final, TypeVar

__all__ = ["MAX_ITEMS", "add_note", "is_too_long_to_write", "shown", "taken"]

_T = TypeVar("_T")

MAX_ITEMS: Final = 1_000_000
"""The most items the library reads from one iterable it takes whole (cards, a play's
calls, a position's public pairs, an encoder's call names): more, or an endless iterable,
is refused after that many, in bounded time and memory."""

#: Python writes no integer of this many digits or more as decimal text (its default
#: limit, ``sys.get_int_max_str_digits()``, is 4,300 digits).
_TOO_LONG_TO_WRITE: Final = 10**4300


def is_too_long_to_write(value: int) -> bool:
    """Whether Python, at its default limit, refuses to write ``value`` as decimal text."""
    return not -_TOO_LONG_TO_WRITE < value < _TOO_LONG_TO_WRITE


def taken(items: Iterable[_T], most: int = MAX_ITEMS) -> tuple[_T, ...] | None:
    """``items`` as a tuple, or ``None`` if they are more than ``most``: at most ``most + 1``
    are read, so an endless iterable is told in bounded time (the caller raises its own
    error). A tuple is not copied."""
    if type(items) is tuple:
        return items if len(items) <= most else None
    found = tuple(itertools.islice(items, most + 1))
    return found if len(found) <= most else None


def shown(value: object, limit: int = 24) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters: a long text
    keeps its start and tells its length, and a huge integer tells its number of digits."""
    if isinstance(value, str):
        if len(value) > limit:
            return f"{value[:limit]!r}… ({len(value)} characters)"
        return repr(value)
    if isinstance(value, int) and is_too_long_to_write(value):
        digits = math.floor(value.bit_length() * math.log10(2)) + 1
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of about {digits:,} digits"
    try:
        text = repr(value)
    except ValueError:  # a container holding a huge integer
        return f"a value of type {type(value).__name__} too long to show"
    return text if len(text) <= limit else f"{text[:limit]}…"


def add_note(error: Exception, note: str) -> None:
    """Add ``note`` to ``error`` (PEP 678: `add_note` from Python 3.11; on 3.10 the same
    ``__notes__`` list, which a traceback there does not print)."""
    # an error whose ``__notes__`` is no list refuses a note (`TypeError`): it keeps its own
    with suppress(AttributeError, TypeError):
        method = getattr(error, "add_note", None)
        if method is not None:
            method(note)
            return
        notes = getattr(error, "__notes__", None)
        if notes is None:
            setattr(error, "__notes__", [note])  # noqa: B010
        elif isinstance(notes, list):  # as `add_note`: any other is left as it is
            notes.append(note)
