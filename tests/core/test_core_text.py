"""How bad values are shown in error messages (`makao._text.shown`): short, and always
shown, whatever the value: a long text, an integer too long to write as decimal text
(Python refuses more than 4,300 digits), or a container holding one (PL-1's counts)."""

from __future__ import annotations

import pytest

from makao._text import is_too_long_to_write, shown
from makao.cards import Card

HUGE = 10**5000


def test_pl_1_a_text_of_exactly_the_limit_is_shown_whole() -> None:
    """A text of up to ``limit`` characters is its ``repr``; one more is cut and counted."""
    assert shown("x" * 24) == repr("x" * 24)
    assert shown("x" * 25) == f"{'x' * 24!r}… (25 characters)"
    assert shown("ab", 2) == "'ab'" and shown("abc", 2) == "'ab'… (3 characters)"


def test_pl_1_the_longest_integer_python_writes_is_shown_and_the_next_is_counted() -> None:
    """4,300 digits is Python's limit: ``10**4300 - 1`` is written (cut), ``10**4300`` (4,301
    digits) is told by its length, on both sides of zero."""
    assert not is_too_long_to_write(10**4300 - 1) and not is_too_long_to_write(-(10**4300) + 1)
    assert is_too_long_to_write(10**4300) and is_too_long_to_write(-(10**4300))
    assert shown(10**4300 - 1) == "9" * 24 + "…"
    assert shown(10**4300) == "an integer of about 4,301 digits"
    assert shown(-(10**4300)) == "a negative integer of about 4,301 digits"


def test_pl_1_a_huge_integer_tells_its_sign() -> None:
    """A number too long to write is named as negative when it is."""
    assert shown(HUGE) == "an integer of about 5,001 digits"
    assert shown(-HUGE) == "a negative integer of about 5,001 digits"


@pytest.mark.parametrize(
    "value",
    [list(range(1000)), tuple(range(1000)), {"key": "v" * 1000}, [Card.parse("7h")] * 100],
)
def test_pl_1_a_long_container_is_cut_to_the_limit(value: object) -> None:
    """A container whose ``repr`` is long is cut to about ``limit`` characters."""
    assert shown(value) == repr(value)[:24] + "…"
    assert len(shown(value, 200)) == 201


@pytest.mark.parametrize("value", [[HUGE], (0, -HUGE), {"seat": HUGE}, [[HUGE]]])
def test_pl_1_a_container_holding_a_huge_integer_is_named_by_its_kind(value: object) -> None:
    """A container holding a number too long to write cannot be written: named by its type."""
    assert shown(value) == f"a value of type {type(value).__name__} too long to show"


def test_pl_1_a_short_value_is_its_repr() -> None:
    assert shown(None) == "None" and shown(-5) == "-5" and shown((1, "a")) == "(1, 'a')"
    assert shown(True) == "True" and shown(2.5) == "2.5"
