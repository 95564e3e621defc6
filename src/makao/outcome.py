"""The result of a game: [`Outcome`][makao.outcome.Outcome], with its rewards.

[`Game.outcome`][makao.engine.Game.outcome] gives the outcome of a game that is over (``None``
while it goes on); [`Game.standings`][makao.engine.Game.standings] gives the same value for any
game, ranking the seats still holding cards as the end of a game would (PL-36), so that a
game cut short (an adapter's step limit) can be scored the same way.

```pycon
>>> from makao import Game, variants
>>> game = Game.from_position(variants.polish(), ["5h", "Kc 9d"], pile="6h")
>>> _ = game.play("5h")
>>> game.outcome
Outcome(order=(0, 1), blocked=False, scores=None, over=True)
>>> game.outcome.returns()
(1.0, -1.0)

```
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from makao._text import shown
from makao.errors import SeatError, SetupError

__all__ = ["Outcome", "RewardKind", "place_reward"]

RewardKind = Literal["rank", "points"]
"""How [`Outcome.returns`][makao.outcome.Outcome.returns] rewards a seat: by its ``"rank"`` in
the finishing order, or minus its ``"points"`` (scoring variants, RU-16)."""


def place_reward(place: int, players: int) -> float:
    """The reward of ``place`` (0 = first) among ``players``: +1 down to -1, linearly;
    opposite places get exactly opposite rewards, so a table's rewards sum to exactly 0.
    A table of one (a custom ``StartRule(min_players=1)``) gets 0, as `MCTSBot` scores it.
    ``players`` must be a whole number ≥ 1 and ``place`` one of 0…players-1 (a `SetupError`
    otherwise)."""
    if not _is_int(players) or players < 1:
        raise SetupError(f"players must be a whole number ≥ 1, not {shown(players, 60)}")
    if not _is_int(place) or not 0 <= place < players:
        raise SetupError(f"place must be 0…players-1, not {shown(place, 60)}")
    return _place_reward(place, players)


def _place_reward(place: int, players: int) -> float:
    """`place_reward` unchecked: `Outcome.returns` calls it with places it made itself."""
    return (players - 1 - 2 * place) / max(players - 1, 1)


def _listed(name: str, value: object) -> tuple[object, ...]:
    """``value`` as a tuple, if it lists something (not a text); else a `SetupError`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise SetupError(f"{name} must list integers, not {shown(value, 60)}")
    return tuple(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(value: Iterable[int]) -> tuple[int, ...]:
    return _listed("order", value)  # type: ignore[return-value]  # checked: `_check_order`


def _scores(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else _listed("scores", value)  # type: ignore[return-value]


def _check_order(_: object, __: object, order: tuple[int, ...]) -> None:
    """The finishing order names every seat 0…n-1 once (a `SetupError` otherwise)."""
    if not all(map(_is_int, order)) or sorted(order) != list(range(len(order))):
        raise SetupError(
            f"order must list every seat 0…{len(order) - 1} once, not {shown(order, 60)}"
        )


def _check_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise SetupError(f"{attribute.name} must be True or False, not {shown(value, 40)}")


def _check_scores(outcome: Outcome, _: object, scores: tuple[int, ...] | None) -> None:
    """Scores, if any, are one integer per seat of the order (a `SetupError` otherwise)."""
    if scores is not None and (not all(map(_is_int, scores)) or len(scores) != len(outcome.order)):
        raise SetupError(
            f"scores must give {len(outcome.order)} integers (one per seat), "
            f"not {shown(scores, 60)}"
        )


@attrs.frozen
class Outcome:
    """How a game ended: the finishing ``order`` (first = winner, every seat once),
    whether the game was ``blocked`` (nobody could move, PL-36), each seat's ``scores``
    in a scoring variant (the points left in hand, RU-16; ``None`` in a variant that
    scores nothing, PL-34), and ``over``: ``False`` for the standings of a game cut short
    ([`Game.standings`][makao.engine.Game.standings]).

    Each field is checked: a [`SetupError`][makao.errors.SetupError] names the one that is
    wrong (an order that is not the seats 0…n-1 each once, scores not one integer per
    seat, a ``blocked`` or ``over`` that is not a ``bool``)."""

    order: tuple[int, ...] = attrs.field(converter=_seats, validator=_check_order)
    blocked: bool = attrs.field(default=False, validator=_check_flag)
    scores: tuple[int, ...] | None = attrs.field(
        default=None, converter=_scores, validator=_check_scores
    )
    over: bool = attrs.field(default=True, validator=_check_flag)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.order)

    @property
    def winner(self) -> int:
        """The seat in first place ([`SeatError`][makao.errors.SeatError] for an outcome that
        ranks no seat)."""
        if not self.order:
            raise SeatError("no seat in first place: this outcome ranks no seat")
        return self.order[0]

    def place(self, seat: int) -> int:
        """``seat``'s place: 1 for the winner, `players` for the last; raises
        [`SeatError`][makao.errors.SeatError] for a seat the outcome does not rank."""
        if not _is_int(seat) or seat not in self.order:  # a bool or 1.0 is no seat
            raise SeatError(
                f"no seat {shown(seat, 20)} in this outcome: it ranks {list(self.order)}"
            )
        return self.order.index(seat) + 1

    def places(self) -> tuple[int, ...]:
        """Each seat's [`place`][makao.outcome.Outcome.place], by seat."""
        places = [0] * len(self.order)
        for place, seat in enumerate(self.order, start=1):
            places[seat] = place
        return tuple(places)

    def returns(self, kind: RewardKind = "rank") -> tuple[float, ...]:
        """One reward per seat, by seat. ``"rank"``: +1 for the winner down to -1 for
        the last, linearly ([`place_reward`][makao.outcome.place_reward]; they sum to
        zero). ``"points"``: minus each seat's `scores` (0 for the player who went out);
        raises [`SetupError`][makao.errors.SetupError] if the variant scores nothing."""
        if kind == "points":
            if self.scores is None:
                raise SetupError("this variant scores no points (PL-34): use the 'rank' returns")
            return tuple(0.0 - points for points in self.scores)  # 0.0 (not -0.0) for none
        if kind != "rank":
            raise SetupError(f"returns are 'rank' or 'points', not {shown(kind, 40)}")
        players = len(self.order)
        rewards = [0.0] * players
        for place, seat in enumerate(self.order):
            rewards[seat] = _place_reward(place, players)
        return tuple(rewards)
