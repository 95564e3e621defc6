"""Ultimate Mao's extra moves and their text notation.

* [`Release`][makao.variants.mao.moves.Release] -- ``"1: release"``: seat 1 takes their
  finger off the jack they hold (UM-16).
* [`HostReport`][makao.variants.mao.moves.HostReport] -- ``"host: timeout 2"``,
  ``"host: touched-cards 1"``, ``"host: touched-stock 3"``: the host reports what the engine cannot
  see (UM-3, UM-6, UM-7). The engine keeps no clock.
* [`Misplay`][makao.variants.mao.moves.Misplay] -- ``"misplay 5h"``: an illegal card that
  was put down, taken back and charged (option ``illegal_play="penalize"``, UM-27).
  [`makao.Game.play`][makao.engine.Game.play] records a refused-but-penalised play as this move.

Talk (UM-21, UM-22) uses the core [`Say`][makao.moves.Say]: ``"2: say question"``,
``"2: say end-of-questions"``, ``"2: say remark"``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from makao._text import shown
from makao.cards import Card
from makao.errors import InvalidMoveError
from makao.moves import Move, _cards, _check_seat, register_move_parser

__all__ = ["HOST_REPORTS", "HostReport", "Misplay", "Release"]

HOST_REPORTS = ("timeout", "touched-cards", "touched-stock")
"""The kinds of host report: a move time-out (UM-6), cards touched during the deal (UM-3),
a touched stock (UM-7)."""


@attrs.frozen
class Release(Move):
    """Seat ``seat`` releases the jack they hold: the next player may play any card."""

    seat: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"{self.seat}: release"


def _kind(_: object, __: object, value: str) -> None:
    if not isinstance(value, str) or value not in HOST_REPORTS:
        raise InvalidMoveError(
            f"unknown host report {shown(value, 40)}; known: {', '.join(HOST_REPORTS)}"
        )


@attrs.frozen
class HostReport(Move):
    """The host reports ``kind`` (one of `HOST_REPORTS`) about seat ``seat``."""

    by_host: ClassVar[bool] = True

    kind: str = attrs.field(validator=_kind)
    seat: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"host: {self.kind} {self.seat}"


def _some_cards(_: object, __: object, value: tuple[Card, ...]) -> None:
    if not value:
        raise InvalidMoveError("a misplay names at least one card: 'misplay 5h'")


@attrs.frozen
class Misplay(Move):
    """The player to move put down ``cards`` (at least one) illegally; they take them
    back (UM-27)."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards, validator=_some_cards)

    def __str__(self) -> str:
        return "misplay " + " ".join(str(card) for card in self.cards)


def _parse_release(seat: int | None, words: list[str]) -> Release:
    if seat is None or seat < 0 or words:
        raise InvalidMoveError("'release' is said by a seat, alone: '1: release'")
    return Release(seat)


def _is_seat_text(text: str) -> bool:
    """ASCII digits, at most nine of them (``"²"`` and ``"١"`` are digits to Python)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _parse_host(seat: int | None, words: list[str]) -> HostReport:
    if seat is not None and seat >= 0:
        raise InvalidMoveError("host reports are written 'host: timeout 2'")
    if len(words) != 2 or not _is_seat_text(words[1]):
        raise InvalidMoveError("a host report names its kind and a seat: 'host: timeout 2'")
    return HostReport(words[0].lower(), int(words[1]))


def _parse_misplay(seat: int | None, words: list[str]) -> Misplay:
    if seat is not None or not words:
        raise InvalidMoveError("a misplay names the cards of the player to move: 'misplay 5h'")
    return Misplay(" ".join(words))


register_move_parser("release", _parse_release)
register_move_parser("host", _parse_host)
register_move_parser("misplay", _parse_misplay)
