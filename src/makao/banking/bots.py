"""Punter bots that decide from a [`BankingView`][makao.banking.BankingView] alone.

[`DrawBelow`][makao.banking.DrawBelow] buys while its hand is worth less than a threshold;
[`OptimalPunter`][makao.banking.OptimalPunter] buys exactly when the exact odds (MB-11) over the
cards it has not seen say buying is worth more than standing: every card out of the shoe that its
view shows ([`known_cards`][makao.banking.BankingView.known_cards]), its own redraw discards
included. Both stake the smallest allowed amount unless given a ``stake``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from makao._text import shown
from makao.banking.events import BankingEvent
from makao.banking.game import BankingGame
from makao.banking.moves import Move, Stake, Stand
from makao.banking.odds import decision_values, shoe_counts
from makao.banking.scoring import hand_result
from makao.banking.view import BankingView
from makao.errors import IllegalMoveError, SetupError

__all__ = ["Bot", "DrawBelow", "OptimalPunter", "play_out"]


class Bot(Protocol):
    """Anything that picks a legal move from a view."""

    def choose(self, view: BankingView) -> Move:
        """Return one of ``view.legal_moves``."""
        ...


def _stake(view: BankingView, wanted: int | None) -> Move:
    amounts = [m.amount for m in view.legal_moves if isinstance(m, Stake)]
    if wanted is None:
        return Stake(min(amounts))
    return Stake(max(min(wanted, max(amounts)), min(amounts)))


def _choose(view: BankingView, buy: bool) -> Move:
    if view.phase == "draw" and not buy and Stand() in view.legal_moves:
        return Stand()
    return next(m for m in view.legal_moves if not isinstance(m, Stand))


def _check(view: BankingView) -> None:
    if not isinstance(view, BankingView):
        raise SetupError(f"a bot chooses from a BankingView, not {shown(view, 60)}")
    if not view.legal_moves:
        raise IllegalMoveError(f"seat {view.seat} has no move to make now")


def _check_number(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(f"{name} must be a whole number, not {shown(value, 60)}")


@attrs.frozen
class DrawBelow:
    """Buy while the hand is worth fewer than ``threshold`` points, else stand."""

    threshold: int
    stake: int | None = None

    def __attrs_post_init__(self) -> None:
        """A `SetupError` unless ``threshold`` and ``stake`` are whole numbers (or no stake)."""
        _check_number("threshold", self.threshold)
        if self.stake is not None:
            _check_number("stake", self.stake)

    def choose(self, view: BankingView) -> Move:
        """Stake, then buy below the threshold."""
        _check(view)
        if view.phase == "stake":
            return _stake(view, self.stake)
        hand = hand_result(view.own_cards, view.options, first_hand=view.draws[view.seat] == 0)
        return _choose(view, hand.points < self.threshold)


@attrs.frozen
class OptimalPunter:
    """Buy exactly when buying has the higher exact expected return (ties: stand)."""

    stake: int | None = None

    def __attrs_post_init__(self) -> None:
        """A `SetupError` unless ``stake`` is a whole number (or no stake)."""
        if self.stake is not None:
            _check_number("stake", self.stake)

    def choose(self, view: BankingView) -> Move:
        """Stake, then compare the exact values of standing and buying."""
        _check(view)
        if view.phase == "stake":
            return _stake(view, self.stake)
        unseen = shoe_counts(without=view.known_cards)
        stand, buy = decision_values(view.options, view.own_cards, view.draws[view.seat], unseen)
        return _choose(view, buy > stand)


def play_out(game: BankingGame, bots: Sequence[Bot]) -> tuple[BankingEvent, ...]:
    """Let ``bots`` (one per seat) play ``game`` to the end; return the events. Bots that
    are no list, or a seat holding no bot (nothing with a ``choose`` method), are a
    [`SetupError`][makao.errors.SetupError], and so is a ``game`` that is no `BankingGame`."""
    if not isinstance(game, BankingGame):
        raise SetupError(f"game must be a BankingGame, not {shown(game, 60)}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SetupError(f"bots must list one bot per seat, not {shown(bots, 40)}")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise SetupError(f"each bot must have a choose(view) method, not {shown(bot, 40)}")
    if len(bots) != game.players:
        raise IllegalMoveError(f"need {game.players} bots, one per seat, not {len(bots)}")
    events: list[BankingEvent] = []
    while game.to_act is not None:
        events.extend(game.play(bots[game.to_act].choose(game.view(game.to_act))))
    return tuple(events)
