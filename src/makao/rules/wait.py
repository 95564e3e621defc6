"""Wait cards: the next player skips turns unless they pass the wait on (PL-17…PL-19),
and plain skip cards (the family's "miss a turn")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from makao.cards import Card, Rank
from makao.errors import SetupError
from makao.events import Interned, TurnSkipped
from makao.moves import Choice
from makao.rules._util import card_set, cards_of_ranks, effect_table, seat_after_by, words_known
from makao.rules.base import CardSetRule, Effect, Events, Pending, Table

__all__ = ["SkipCards", "WaitCards", "WaitEffect"]

#: The skips of `SkipCards`, each made once ([`Interned`][makao.events.Interned]).
_SKIPPED: Final = Interned(TurnSkipped)


@attrs.frozen
class WaitCards(CardSetRule):
    """Wait cards (the Polish 4): the next player either plays one (the wait grows by a
    turn per card) or accepts and skips that many of their own turns (PL-17, PL-18).
    With ``stacks=False`` a wait is always one turn, however many wait cards passed it
    on (the Czech prší ace)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.FOUR), converter=card_set)
    stacks: bool = True
    _waits: Interned[WaitEffect] = effect_table(lambda: WaitEffect)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Add one turn per card and send the wait to the next player who can take it
        (PL-17, PL-19): the engine's standard wait
        ([`Table.raise_wait`][makao.rules.base.Table.raise_wait])."""
        game.raise_wait(self, seat, cards, choice, previous, events)

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``wait N [by S]``."""
        if (
            len(words) < 2
            or words[0] != "wait"
            or not words[1].isdigit()
            or not words_known(words, 2)
        ):
            return None
        turns = int(words[1])
        if turns < 1:  # every wait card adds a turn (PL-17)
            raise SetupError(f"a wait is of 1 turn or more, not {turns}")
        return WaitEffect(turns, seat_after_by(words), self)

    def effect_forms(self) -> tuple[str, ...]:
        """``wait N by S``."""
        return ("wait N by S",)


@attrs.frozen
class WaitEffect(Effect):
    """A wait of ``turns`` turns, last passed on by ``seat``."""

    turns: int
    seat: int
    rule: WaitCards = attrs.field(repr=False)

    def allows(self, game: Table, card: Card) -> bool:
        """Only a wait card of any suit passes the wait on (PL-17)."""
        return card in self.rule.cards

    def answers(self, top: Card) -> frozenset[Card]:
        """The wait cards, whatever the top card (PL-17)."""
        return self.rule.cards

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """A waiting player neither plays nor draws (PL-18)."""
        return False

    def may_pass(self, game: Table, seat: int) -> bool:
        """Accepting the wait is a pass."""
        return True

    def on_pass(self, game: Table, seat: int, events: Events) -> None:
        """Accept: this turn is the first skipped one; the rest follow (PL-18, PL-20): the
        engine's standard acceptance
        ([`Table.accept_wait`][makao.rules.base.Table.accept_wait])."""
        game.accept_wait(self, seat, events)

    def pending(self) -> Pending:
        """A wait of ``turns`` turns, accepted by passing."""
        return Pending.wait(self.turns, self.seat)

    def to_text(self) -> str:
        """``wait N by S``."""
        return f"wait {self.turns} by {self.seat}"


@attrs.frozen
class SkipCards(CardSetRule):
    """Skip cards: the next player misses their turn at once, with no answer (the
    family's "miss a turn" eights)."""

    cards: frozenset[Card] = attrs.field(converter=card_set)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Skip the next player (one turn per card played)."""
        current = seat
        for _ in cards:
            target = game.effect_target(current, game.direction)
            if target is None:
                return
            events.append(_SKIPPED[(target,)])
            current = target
        game.send_turn_to(game.advance(current, events))
