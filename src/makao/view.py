"""A player's view: what one seat may know. Bots receive views, never games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from makao.cards import Card
from makao.rules.base import Effect

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.variant import Variant

__all__ = ["View", "make_view"]


@attrs.frozen
class View:
    """What ``seat`` may know: their own hand, the public pile and effects, the sizes of
    the other hands and of the stock -- never another hand or the stock order."""

    variant: Variant = attrs.field(repr=False)
    seat: int
    players: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int
    effect: Effect | None
    waits: tuple[int, ...]
    finished: tuple[int, ...]
    direction: int
    drawn: Card | None
    public: tuple[tuple[str, object], ...]
    is_over: bool

    @property
    def top(self) -> Card:
        """The top card of the pile."""
        return self.pile[-1]


def make_view(game: Game, seat: int) -> View:
    """Build ``seat``'s view of ``game``."""
    return View(
        variant=game.variant,
        seat=seat,
        players=game.players,
        hand=tuple(game.hands[seat]),
        pile=tuple(game.pile),
        hand_sizes=tuple(len(hand) for hand in game.hands),
        stock_size=len(game.stock),
        to_move=game.to_move,
        effect=game.effect,
        waits=tuple(game.waits),
        finished=tuple(game.finished),
        direction=game.direction,
        drawn=game.drawn if seat == game.to_move else None,
        public=tuple(sorted(game.ext.items())),
        is_over=game.over,
    )
