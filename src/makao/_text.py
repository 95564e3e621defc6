"""How a value the caller passed is shown in an error message: short, and always shown.

A message names the bad value, but a value can be long (a whole file's text) or an integer
too long for ``str`` (Python refuses to write one of more than 4,300 digits, raising a bare
``ValueError``), and a message must not fail while it is being written.
"""

from __future__ import annotations

import math
from typing import Final

__all__ = ["is_too_long_to_write", "shown"]

#: Python writes no integer of this many digits or more as decimal text (its default
#: limit, ``sys.get_int_max_str_digits()``, is 4,300 digits).
_TOO_LONG_TO_WRITE: Final = 10**4300


def is_too_long_to_write(value: int) -> bool:
    """Whether Python, at its default limit, refuses to write ``value`` as decimal text."""
    return not -_TOO_LONG_TO_WRITE < value < _TOO_LONG_TO_WRITE


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
