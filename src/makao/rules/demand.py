"""Demands: a jack demanding a rank for a round (PL-21…PL-25), an ace or other suit
changer naming a suit (PL-26…PL-28, RU-7, RU-8)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal

import attrs

from makao._text import shown
from makao.cards import ALL_CARDS, Card, Rank, Suit
from makao.errors import SetupError
from makao.events import DemandEnded, Interned
from makao.moves import Choice
from makao.rules._util import (
    Cache,
    card_set,
    cards_of_ranks,
    effect_table,
    one_of,
    seat_after_by,
    words_known,
)
from makao.rules.base import CardSetRule, Effect, Events, Pending, Table

__all__ = [
    "Binds",
    "RankDemand",
    "RankDemandCards",
    "SuitDemand",
    "SuitDemandCards",
    "leave_as_plain_card",
]

Binds = Literal["next", "until_covered"]
"""How long a named suit binds: the ``"next"`` player only (PL-27), or ``"until_covered"``
by a card (RU-8)."""

#: A demand's end, each made once ([`Interned`][makao.events.Interned]), in two tables, by
#: rank and by suit (equal as ints, they must not meet); the engine's standard demands
#: (`makao._core`) end a demand they replace with them too.
_RANK_ENDED: Final = Interned(DemandEnded)
_SUIT_ENDED: Final = Interned(DemandEnded)

_ORDINARY = (Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)


def _rank_tuple(value: object) -> tuple[Rank, ...]:
    """The demandable ranks: `Rank` values or their texts (``"5"``, read by `Rank.parse`, a
    `CardParseError` if bad); anything else is a `SetupError`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise SetupError(f"ranks must be a sequence of ranks, not {shown(value, 40)}")
    ranks = tuple(value)
    for rank in ranks:
        if not isinstance(rank, (Rank, str)):
            raise SetupError(f"ranks must be Rank values or their texts, not {shown(rank, 40)}")
    return tuple(rank if isinstance(rank, Rank) else Rank.parse(rank) for rank in ranks)


@attrs.frozen
class RankDemandCards(CardSetRule):
    """Rank demanders (the Polish jack): the player names a rank, or none; every player
    in turn, through the demander, plays that rank or a demander (PL-21…PL-25)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.JACK), converter=card_set)
    ranks: tuple[Rank, ...] = attrs.field(default=_ORDINARY, converter=_rank_tuple)
    may_decline: bool = False
    _answer_sets: Cache[Rank, frozenset[Card]] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=Cache
    )
    _demands: Interned[RankDemand] = effect_table(lambda: RankDemand)

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """No demand, or one of the demandable ranks (PL-21)."""
        return (None, *self.ranks)

    def answer_set(self, rank: Rank) -> frozenset[Card]:
        """The cards of ``rank`` and the demanding cards (computed once per rank)."""
        found = self._answer_sets.get(rank)
        if found is None:
            found = self._answer_sets[rank] = self._answering(rank)
        return found

    def _answering(self, rank: Rank) -> frozenset[Card]:
        """`answer_set`'s cards, worked out (a method of its own: the comprehension's
        cells are made only when the set is computed, not at every lookup)."""
        return frozenset(c for c in ALL_CARDS if c.rank is rank or c in self.cards)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Set (or with no choice, cancel) the demand; a new round starts here (PL-21,
        PL-23): the engine's standard demand
        ([`Table.demand_rank`][makao.rules.base.Table.demand_rank])."""
        game.demand_rank(self, seat, cards, choice, previous, events)

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``demand R [by S]``, ``R`` one of the rule's ``ranks`` (PL-21: a demand of
        another rank is none this rule makes)."""
        if len(words) < 2 or words[0] != "demand" or not words_known(words, 2):
            return None
        try:
            rank = Rank.parse(words[1])
        except ValueError:
            return None
        if rank not in self.ranks:
            return None
        return RankDemand(rank, seat_after_by(words), self)

    def effect_forms(self) -> tuple[str, ...]:
        """``demand R by S``, ``R`` one of the rule's ``ranks``."""
        return (f"demand R by S (R: {' '.join(rank.text for rank in self.ranks)})",)


@attrs.frozen
class RankDemand(Effect):
    """A demand for ``rank`` made by ``demander``, lasting through the demander's turn."""

    rank: Rank
    demander: int
    rule: RankDemandCards = attrs.field(repr=False)

    def allows(self, game: Table, card: Card) -> bool:
        """The demanded rank (any suit) or a demanding card (PL-23)."""
        return card.rank is self.rank or card in self.rule.cards

    def answers(self, top: Card) -> frozenset[Card]:
        """The cards of the demanded rank and the demanding cards (PL-23)."""
        return self.rule.answer_set(self.rank)

    def allows_extra(self, game: Table, card: Card) -> bool:
        """Further cards of the demanded rank (or demanders) may follow."""
        return card.rank is self.rank or card in self.rule.cards

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Only a player who cannot follow draws (PL-24), unless declining is allowed."""
        return (not can_follow or self.rule.may_decline) and game.can_draw()

    def on_covered(self, game: Table, events: Events) -> Effect | None:
        """The demand outlives the cards played on it -- except a demanding card played
        without its effect (a finishing jack, PL-33), which is a jack with no demand and so
        cancels the demand (PL-21, PL-23)."""
        if game.pile[-1] in self.rule.cards:
            events.append(_RANK_ENDED[(self.rank,)])
            return None
        return self

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """The demand ends with the demander's own turn (PL-22, PL-25)."""
        if seat == self.demander:
            events.append(_RANK_ENDED[(self.rank,)])
            return None
        return self

    def pending(self) -> Pending:
        """A demand for ``rank``."""
        return Pending.demand(self.rank, self.demander)

    def to_text(self) -> str:
        """``demand R by S``."""
        return f"demand {self.rank.text} by {self.demander}"


#: The four suits, made once: iterating an enum class runs a Python-level generator.
_SUITS: Final[tuple[Choice, ...]] = tuple(Suit)


@attrs.frozen
class SuitDemandCards(CardSetRule):
    """Suit changers (the Polish ace): the player names a suit, which binds the next
    player only (``binds="next"``, PL-27) or until a card is played on it
    (``binds="until_covered"``, RU-8)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.ACE), converter=card_set)
    binds: Binds = attrs.field(default="next", validator=one_of(Binds))
    may_decline: bool = False
    wilds_under_demand: bool = False
    _named: Interned[SuitDemand] = effect_table(lambda: SuitDemand)

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """The four suits (PL-26)."""
        return _SUITS

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Name the suit; the next player who can receive it is bound (PL-19, PL-26,
        PL-27, RU-8): the engine's standard named suit
        ([`Table.name_suit`][makao.rules.base.Table.name_suit])."""
        game.name_suit(self, seat, cards, choice, previous, events)

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``suit X`` (a word that is no suit: none)."""
        if len(words) != 2 or words[0] != "suit":
            return None
        try:
            return SuitDemand(Suit.parse(words[1]), self)
        except ValueError:  # a CardParseError
            return None

    def effect_forms(self) -> tuple[str, ...]:
        """``suit X``, ``X`` a suit's letter."""
        return ("suit X (X: c d h s)",)


@attrs.frozen
class SuitDemand(Effect):
    """A named ``suit``: cards match by it (or by the top card's rank, an ace)."""

    suit: Suit
    rule: SuitDemandCards = attrs.field(repr=False)

    @property
    def suit_override(self) -> Suit:
        """The named suit replaces the top card's suit."""
        return self.suit

    @property
    def blocks_wilds(self) -> bool:
        """Polish queens are not wild under an ace (PL-9); Russian changers are."""
        return not self.rule.wilds_under_demand

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """A player who can follow must (PL-27) unless declining is allowed."""
        return (not can_follow or self.rule.may_decline) and game.can_draw()

    def on_covered(self, game: Table, events: Events) -> Effect | None:
        """A card played on the named suit ends the demand (PL-28, RU-8)."""
        events.append(_SUIT_ENDED[(self.suit,)])
        return None

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """A next-player demand is over after that player's turn (PL-28)."""
        if self.rule.binds == "next":
            events.append(_SUIT_ENDED[(self.suit,)])
            return None
        return self

    def pending(self) -> Pending:
        """The named ``suit``."""
        return Pending.named_suit(self.suit)

    def to_text(self) -> str:
        """``suit X``."""
        return f"suit {self.suit.letter}"


def leave_as_plain_card(game: Table, previous: Effect | None, events: Events) -> None:
    """Put back what a plain card leaves of the effect that was in force, for a card rule
    (`CardRule.on_play`) whose cards otherwise act as plain cards on it: the engine cleared
    it for the rule. A demand for a rank lasts its round (PL-23); a named suit is left out,
    as the engine ends that itself after the rule, as under a plain card (PL-28)."""
    if previous is not None and not isinstance(previous, SuitDemand):
        game.set_effect(previous.on_covered(game, events))
