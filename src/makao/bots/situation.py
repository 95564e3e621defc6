"""[`Situation`][makao.bots.policy.Situation], what a scoring policy knows about the player
to decide for (re-exported by [`makao.bots.policy`][makao.bots.policy]).

A module of its own so that the policy can be compiled without it: the compiled build
(docs/builds.md) compiles `makao.bots.policy`, and mypyc would drop the docstrings of a
named tuple's class methods (`of_view`, `of_game`), which are public API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from makao._text import shown
from makao.cards import Card
from makao.errors import SetupError
from makao.view import View

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.rules.base import Effect
    from makao.tables import RuleSet

__all__ = ["Situation"]


class Situation(NamedTuple):
    """What a scoring policy knows about the player to decide for."""

    hand: Sequence[Card]
    effect: Effect | None
    closest: int
    """The fewest cards any other active player holds."""
    compiled: RuleSet
    """The variant's compiled rule set ([`Variant.compiled`][makao.variant.Variant.compiled])."""

    @classmethod
    def of_view(cls, view: View) -> Situation:
        """The situation of ``view.seat`` (a [`SetupError`][makao.errors.SetupError] if
        ``view`` is no [`View`][makao.view.View])."""
        if not isinstance(view, View):
            raise SetupError(f"a situation is read from a View, not {shown(view, 40)}")
        return cls(
            view.hand, view.effect, _closest(view.hand_sizes, view.seat), view.variant.compiled
        )

    @classmethod
    def of_game(cls, game: Game, seat: int) -> Situation:
        """The situation of ``seat`` in ``game`` (reads only public facts and ``seat``'s hand;
        a [`SeatError`][makao.errors.SeatError] for a seat not at the table)."""
        hand = game.hand(seat)
        sizes = list(map(len, game.hands))
        return cls(hand, game.effect, _closest(sizes, seat), game.compiled)


def _closest(sizes: Sequence[int], seat: int) -> int:
    """The fewest cards another seat still holding cards has (99 if none).

    Inline loops here, not comprehensions: on CPython 3.11 a comprehension is a function
    made and called each time, and the policy runs in every step of a search's rollouts."""
    closest = None
    for other, size in enumerate(sizes):
        if size and other != seat and (closest is None or size < closest):
            closest = size
    return 99 if closest is None else closest
