"""Reverse cards: playing one turns the direction of play around (the Switch jack, the
"change direction" card of the family).

A reverse card puts no effect in force: it only flips `Game.direction`
(a [`DirectionChanged`][makao.events.DirectionChanged] event). An effect in force when it
is played fares as under a plain card: a demand for its rank lasts its round (PL-23), a
named suit it follows is over (PL-28). Several reverse cards in one play
flip it once each, so two of them cancel out. With only two players still in the game a
reversal changes nothing by itself; ``two_player_again=True`` then gives the player who
played it another turn, as the family's sources describe ("if there are only two
players, you can play another card").
"""

from __future__ import annotations

import attrs

from makao.cards import Card, Rank
from makao.events import DirectionChanged
from makao.moves import Choice
from makao.rules._util import card_set, cards_of_ranks
from makao.rules.base import CardSetRule, Effect, Events, Table
from makao.rules.demand import leave_as_plain_card

__all__ = ["ReverseCards"]


@attrs.frozen
class ReverseCards(CardSetRule):
    """Reverse cards: the direction of play turns around (once per card played)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.JACK), converter=card_set)
    two_player_again: bool = False
    """With two players left, the player who reversed moves again."""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Flip the direction once per reverse card; heads-up, maybe move again. The
        effect in force fares as under a plain card (a named suit the engine ends itself)."""
        leave_as_plain_card(game, previous, events)
        flips = sum(map(self.cards.__contains__, cards))  # one per reverse card
        if flips % 2:
            events.append(DirectionChanged(game.reverse()))
        if self.two_player_again and game.active_count == 2 and game.hands[seat]:
            game.send_turn_to(seat)
