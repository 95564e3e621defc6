"""The moves of the banking game and their one text notation.

A move carries no seat: it is always made by the seat to act
([`BankingGame.to_act`][makao.banking.BankingGame.to_act]). ``stake 10`` (a punter's stake, MB-3),
``draw`` (buy one card, MB-6), ``redraw`` (discard the whole hand for as many new cards, option
``redraw``) and ``stand``. ``parse_move(str(m)) == m`` for every move.
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from makao._text import shown
from makao.errors import InvalidMoveError

__all__ = ["Draw", "Move", "Redraw", "Stake", "Stand", "parse_move"]

_MAX_AMOUNT_DIGITS = 18


def _positive(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidMoveError(f"a stake must be a positive whole number, not {shown(value, 200)}")


@attrs.frozen
class Stake:
    """A punter stakes ``amount`` before the deal (MB-3). Text: ``stake 10``."""

    amount: int = attrs.field(validator=_positive)

    def __str__(self) -> str:
        return f"stake {self.amount}"


@attrs.frozen
class Draw:
    """A punter buys one more card (MB-6). Text: ``draw``."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Redraw:
    """A punter discards the whole hand for as many new cards (option ``redraw``, MB-6)."""

    def __str__(self) -> str:
        return "redraw"


@attrs.frozen
class Stand:
    """A punter keeps the hand and buys no more (MB-6). Text: ``stand``."""

    def __str__(self) -> str:
        return "stand"


Move: TypeAlias = Stake | Draw | Redraw | Stand
"""Any move of the banking game."""

_WORDS: dict[str, Move] = {"draw": Draw(), "redraw": Redraw(), "stand": Stand()}
_STAKE = re.compile(r"stake\s+([0-9]+)", re.ASCII)


def parse_move(text: str | Move) -> Move:
    """Read a move from its text (case and surrounding spaces ignored); pass moves through.

    Raises [`InvalidMoveError`][makao.errors.InvalidMoveError] for anything else.
    """
    if isinstance(text, (Stake, Draw, Redraw, Stand)):
        return text
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be a string or a move, not {type(text).__name__}")
    words = text.strip().lower()
    move = _WORDS.get(words)
    if move is not None:
        return move
    match = _STAKE.fullmatch(words)
    if match is None:
        raise InvalidMoveError(
            f"unknown move {shown(text, 200)}: expected 'stake N', 'draw', 'redraw' or 'stand'"
        )
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > _MAX_AMOUNT_DIGITS:
        raise InvalidMoveError(f"stake amount too large in {shown(text, 200)}")
    return Stake(int(digits))
