"""Finishing rules beyond the default: a deal that ends when the first player goes out,
after a finishing penalty card has been answered or paid (RU-15)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Integral, Rational, Real

import attrs

from makao._text import is_too_long_to_write, shown
from makao.cards import Card
from makao.errors import SetupError
from makao.events import AttackAccepted
from makao.moves import Choice
from makao.rules.attack import AttackEffect, BattleCards
from makao.rules.base import CardRule, Effect, Events, FinishRule, Pending, Table
from makao.variants.russian.scoring import RUSSIAN_POINTS, Points, deal_scores

__all__ = ["DEFAULT_MATCH_LIMIT", "ClosingAnswer", "DealEnd", "FinalAttack"]

DEFAULT_MATCH_LIMIT = 500
"""The loss total that ends a match unless the players agree another (RU-18)."""


def checked_match_limit(value: object) -> int | float:
    """``value`` as a match limit (RU-18): any positive real number but a `bool` (a NumPy
    integer, a `fractions.Fraction`), as the plain `int` or `float` a save writes (``inf``
    for a whole number too long to write, which no total reaches); else a
    [`SetupError`][makao.errors.SetupError]. The one check of a limit, for the variant's
    option and for [`Match`][makao.match.Match]."""
    # ``value != value``: NaN, which no total reaches
    if isinstance(value, bool) or not isinstance(value, Real) or value <= 0 or value != value:
        raise SetupError(f"match_limit must be a positive number, not {shown(value, 200)}")
    if isinstance(value, Integral):
        # one too long to write as text would break the save, the variant's repr and its
        # events: no total reaches it, as no total reaches infinity
        return math.inf if is_too_long_to_write(int(value)) else int(value)
    if isinstance(value, Rational) and value.denominator == 1:  # Fraction(100)
        return int(value.numerator)
    try:
        return float(value)
    except OverflowError:  # a fraction beyond any float: no total reaches it
        return math.inf


@attrs.frozen
class DealEnd(FinishRule):
    """The deal ends when a player plays their last card (RU-15). If that card raised an
    attack (a penalty card), the next player still answers it or draws the penalty, and
    then the deal ends; an answering penalty card is not passed on.

    The finishing card's effect must act for this (``last_card_effect_applies``, the
    default here); the other players are ranked by fewest cards (see
    [`Game.end_game`][makao.engine.Game.end_game]).
    """

    play_for_places: bool = False
    last_card_effect_applies: bool = True
    points: Points = attrs.field(default=RUSSIAN_POINTS, converter=Points)
    """The points of each card left in hand (RU-2): the one table that both
    [`Game.scores`][makao.engine.Game.scores] and [`Match`][makao.match.Match] use."""
    match_limit: float = DEFAULT_MATCH_LIMIT
    """The loss total that ends a match of deals (RU-18), read by
    [`Match`][makao.match.Match]."""

    def scores(self, game: Table) -> tuple[int, ...]:
        """The points of the cards left in each hand (RU-16, the `points` table)."""
        return deal_scores(game, self.points)

    def on_finish(self, game: Table, seat: int, events: Events) -> None:
        """Record the winner; end the deal now, or after the answer to a finishing attack."""
        game.record_finish(seat, events)
        effect = game.effect
        # the finisher is already counted out: one player left (two at the table) still pays
        if isinstance(effect, AttackEffect) and game.active_count >= 1:
            game.set_effect(FinalAttack(effect))
        else:
            game.end_game(events)


@attrs.frozen
class ClosingAnswer(CardRule):
    """A play answering a [`FinalAttack`][makao.variants.russian.rules.FinalAttack] ends the
    deal (RU-15).

    Given the variant's ``battle`` cards and placed among its rules, it also reads a final
    attack's text (``final attack 2 by 0``) for
    [`Game.from_position`][makao.engine.Game.from_position] and saved games.
    """

    battle: BattleCards | None = None

    def covers(self, card: Card) -> bool:
        """It gives no card an effect of its own; final attacks hand plays to it."""
        return False

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The answer is the deal's last play: end the game."""
        game.end_game(events)

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``final attack N [by S]`` with the ``battle`` cards' attack."""
        if self.battle is None or not words or words[0] != "final":
            return None
        attack = self.battle.parse_effect(words[1:])
        return FinalAttack(attack) if isinstance(attack, AttackEffect) else None

    def effect_forms(self) -> tuple[str, ...]:
        """``final`` and the ``battle`` cards' attack (``final attack N by S``)."""
        return (
            ()
            if self.battle is None
            else tuple(f"final {form}" for form in self.battle.effect_forms())
        )


_CLOSING = ClosingAnswer(ids=("RU-15",))


@attrs.frozen
class FinalAttack(Effect):
    """The attack of a finishing penalty card (RU-15): the player it reaches answers it
    (by the rules of ``attack``) or draws it, and either way the deal ends."""

    attack: AttackEffect

    def allows(self, game: Table, card: Card) -> bool:
        """The answers the attack allows (RU-11)."""
        return self.attack.allows(game, card)

    def answers(self, top: Card) -> frozenset[Card] | None:
        """As the attack."""
        return self.attack.answers(top)

    def allows_extra(self, game: Table, card: Card) -> bool:
        """As the attack."""
        return self.attack.allows_extra(game, card)

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Drawing the penalty is always allowed (RU-13)."""
        return True

    @property
    def answer_rule(self) -> CardRule:
        """Every answer ends the deal
        ([`ClosingAnswer`][makao.variants.russian.rules.ClosingAnswer])."""
        return _CLOSING

    @property
    def answer_overrides(self) -> bool:
        """Even penalty cards answering here do not pass the attack on."""
        return True

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        """Draw the accumulated penalty; the deal ends."""
        events.append(AttackAccepted(seat, self.attack.total))
        game.draw_cards(seat, self.attack.total, "attack", events)
        game.end_game(events)

    def pending(self) -> Pending:
        """The attack's: answered or drawn, it ends the deal."""
        return self.attack.pending()

    def to_text(self) -> str:
        """``final attack N by S``."""
        return "final " + self.attack.to_text()
