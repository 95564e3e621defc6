"""Events: the typed, frozen record of everything that happens in a banking game.

[`BankingGame.play`][makao.banking.BankingGame.play] returns a tuple of events.
[`redact`][makao.banking.redact] hides what one seat may not see: cards dealt or drawn face down to
others, and the banker's own card, which nobody — the banker included — sees before the showdown
(MB-4).
"""

from __future__ import annotations

import typing
from typing import TypeAlias

import attrs

from makao.cards import Card
from makao.events import _json_forms

__all__ = [
    "BankOpened",
    "BankPassed",
    "BankingEvent",
    "CardDealt",
    "CardDrawn",
    "CoupEnded",
    "CoupStarted",
    "GameOver",
    "HandDiscarded",
    "HandShown",
    "SatOut",
    "SeatsCut",
    "Settled",
    "StakePlaced",
    "Stood",
    "redact",
]


@attrs.frozen
class SeatsCut:
    """Each arriving player cut ``cuts[i]`` (re-cuts after ties included); ``order`` lists the
    arriving players by seat, lowest cut first: seat 0 is the first banker (MB-2)."""

    cuts: tuple[tuple[Card, ...], ...]
    order: tuple[int, ...]


@attrs.frozen
class BankOpened:
    """``banker`` put ``amount`` into the bank from their balance (MB-3)."""

    banker: int
    amount: int


@attrs.frozen
class CoupStarted:
    """Coup number ``coup`` (counted from 1 over the game) begins with ``banker`` dealing."""

    coup: int
    banker: int


@attrs.frozen
class StakePlaced:
    """``seat`` staked ``amount`` on this coup (MB-3)."""

    seat: int
    amount: int


@attrs.frozen
class SatOut:
    """``seat`` cannot stake this coup: ``reason`` is ``"balance"`` or ``"bank"``."""

    seat: int
    reason: str


@attrs.frozen
class CardDealt:
    """``seat`` was dealt ``card`` face down (``None`` in a view that may not see it)."""

    seat: int
    card: Card | None


@attrs.frozen
class CardDrawn:
    """``seat`` bought ``card`` face down (``None`` in a view that may not see it)."""

    seat: int
    card: Card | None


@attrs.frozen
class HandDiscarded:
    """``seat`` discarded their hand face down for a redraw (MB-6, option ``redraw``)."""

    seat: int
    cards: tuple[Card | None, ...]


@attrs.frozen
class Stood:
    """``seat`` stands on their hand."""

    seat: int


@attrs.frozen
class HandShown:
    """At the showdown ``seat`` turned ``cards``, worth ``points`` (MB-7)."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@attrs.frozen
class Settled:
    """``seat`` received ``amount`` from the bank (negative: paid it), MB-8; ``reason`` says
    why: ``"natural 9"``, ``"higher"``, ``"lower"``, ``"equal"``, ``"bust"``…"""

    seat: int
    amount: int
    reason: str


@attrs.frozen
class CoupEnded:
    """The coup is settled; ``bank`` is what the bank now holds."""

    coup: int
    bank: int


@attrs.frozen
class BankPassed:
    """``banker`` took back ``returned`` from the bank (``reason``: ``"shoe_empty"``,
    ``"every_coup"``, ``"no_stakes"`` or ``"cannot_bank"``); ``to`` banks next, MB-9."""

    banker: int
    returned: int
    reason: str
    to: int | None


@attrs.frozen
class GameOver:
    """Every player has held the bank (or the shoe ran out); final ``balances`` by seat."""

    balances: tuple[int, ...]


BankingEvent: TypeAlias = (
    SeatsCut
    | BankOpened
    | CoupStarted
    | StakePlaced
    | SatOut
    | CardDealt
    | CardDrawn
    | HandDiscarded
    | Stood
    | HandShown
    | Settled
    | CoupEnded
    | BankPassed
    | GameOver
)
"""Any event of the banking game."""


def redact(event: BankingEvent, seat: int, banker: int) -> BankingEvent:
    """``event`` as ``seat`` may see it while ``banker`` holds the bank (MB-4, MB-10).
    ``banker`` is the seat that held the bank when the event happened, as the last
    `CoupStarted` before it names it: one play may pass the bank and start the next coup."""
    if isinstance(event, (CardDealt, CardDrawn)):
        if event.seat != seat or event.seat == banker:
            return attrs.evolve(event, card=None)
    elif isinstance(event, HandDiscarded) and event.seat != seat:
        return HandDiscarded(event.seat, tuple(None for _ in event.cards))
    return event


_json_forms(*typing.get_args(BankingEvent))
