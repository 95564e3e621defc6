"""Draw-penalty cards ("battle cards"): attacks that add up and pass on (PL-10…PL-16,
RU-10…RU-13, and the family's "draw two" cards)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

import attrs

from makao._text import shown
from makao.cards import ALL_CARDS, Card, Rank
from makao.errors import CardParseError, SetupError
from makao.events import Interned
from makao.moves import Choice
from makao.rules._util import (
    Cache,
    ReadOnlyDict,
    card_set,
    effect_table,
    one_of,
    seat_after_by,
    words_known,
)
from makao.rules.base import CardRule, Effect, Events, Pending, Table

__all__ = ["Answer", "AttackEffect", "BattleCards"]

Answer = Literal["match", "same_rank"]
"""Which battle cards answer an attack: any that ``"match"`` the top card by suit or rank
(PL-12), or only those of the ``"same_rank"`` (RU-11)."""


def penalty_pairs(
    value: Mapping[Card, int] | Mapping[str, int] | Iterable[tuple[Card | str, int]],
) -> tuple[tuple[Card, int], ...]:
    """Each battle card with its penalty, a whole number of cards ≥ 1 (PL-12), in card
    order; anything else is a `SetupError` naming the card."""
    try:
        items = value.items() if isinstance(value, Mapping) else value
        pairs = [(c if isinstance(c, Card) else Card.parse(c), n) for c, n in items]
    except CardParseError:
        raise
    except (TypeError, ValueError):  # not pairs
        raise SetupError(
            f"penalties must map battle cards to their penalties, not {shown(value, 60)}"
        ) from None
    for card, penalty in pairs:
        if isinstance(penalty, bool) or not isinstance(penalty, int) or penalty < 1:
            raise SetupError(
                f"{card}'s penalty must be a whole number of cards ≥ 1, not {shown(penalty, 40)}"
            )
    return tuple(sorted((card, int(penalty)) for card, penalty in pairs))


@attrs.frozen
class BattleCards(CardRule):
    """Battle cards start an attack: the next player defends with a battle card or draws
    the accumulated penalty.

    ``penalties`` maps each battle card to its penalty. ``backwards`` cards send the attack
    to the previous player (K♠, PL-14). ``answer`` says which cards defend: ``"match"`` --
    any battle card matching the top card by suit or rank (PL-12); ``"same_rank"`` -- a
    battle card of the top card's rank (RU-11). ``extra_answers`` may also answer a
    same-rank attack, adding nothing (RU-11 ``any_king_answers_king``). When
    ``accept_ends_turn`` is false, a player who drew the penalty goes on with their turn.
    """

    penalties: tuple[tuple[Card, int], ...] = attrs.field(converter=penalty_pairs)
    backwards: frozenset[Card] = attrs.field(default=frozenset(), converter=card_set)
    answer: Answer = attrs.field(default="match", validator=one_of(Answer))
    extra_answers: frozenset[Card] = attrs.field(default=frozenset(), converter=card_set)
    accept_ends_turn: bool = True
    penalty_table: dict[Card, int] = attrs.field(init=False, repr=False, eq=False, hash=False)
    """``penalties`` as a dict (what the engine's standard attack reads), read-only: every
    game of an equal variant reads it (a change raises `TypeError`)."""
    _answer_sets: Cache[Card, frozenset[Card]] = attrs.field(
        init=False, repr=False, eq=False, hash=False, factory=Cache
    )
    _attacks: Interned[AttackEffect] = effect_table(lambda: AttackEffect)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "penalty_table", ReadOnlyDict(self.penalties))

    def covers(self, card: Card) -> bool:
        """Battle cards are those with a penalty."""
        return card in self.penalty_table

    def effect_class(self, card: Card) -> object:
        """Penalty and direction tell battle cards apart (K♥ vs K♠)."""
        return (self.penalty_table.get(card), card in self.backwards)

    def penalty(self, card: Card) -> int:
        """The penalty ``card`` adds (0 for an extra answer)."""
        return self.penalty_table.get(card, 0)

    def answers(self, top: Card, card: Card) -> bool:
        """Does ``card`` defend against an attack whose top card is ``top``?"""
        if self.answer == "match":
            return card in self.penalty_table and (card.suit is top.suit or card.rank is top.rank)
        # same rank: a battle card, or an extra answer (under an attack the top card is
        # always a battle card or an extra answer that passed one on)
        return card.rank is top.rank and (card in self.penalty_table or card in self.extra_answers)

    def answer_set(self, top: Card) -> frozenset[Card]:
        """Every card that [`answers`][makao.rules.attack.BattleCards.answers] an attack whose
        top card is ``top`` (computed once per top card)."""
        found = self._answer_sets.get(top)
        if found is None:
            found = self._answer_sets[top] = self._answering(top)
        return found

    def _answering(self, top: Card) -> frozenset[Card]:
        """`answer_set`'s cards, worked out (a method of its own: the comprehension's
        cells are made only when the set is computed, not at every lookup)."""
        return frozenset(card for card in ALL_CARDS if self.answers(top, card))

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Raise the attack by the penalties played and send it on (PL-12, PL-14, PL-16,
        PL-19): the engine's standard attack
        ([`Table.raise_attack`][makao.rules.base.Table.raise_attack])."""
        game.raise_attack(self, seat, cards, choice, previous, events)

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``attack N [by S] [back] [of R]``; ``of R`` picks, in a variant with
        several battle-card rules, the one whose cards are of rank ``R`` (Mao's fours);
        ``back`` only where some of the cards attack backwards (PL-15: K♠)."""
        if len(words) < 2 or words[0] != "attack" or not words[1].isdigit():
            return None
        if not words_known(words, 2, ("by", "of"), ("back",) if self.backwards else ()):
            return None
        if "of" in words:
            position = list(words).index("of")
            rank = _rank(words[position + 1]) if position + 1 < len(words) else None
            if rank is None or rank != self.single_rank:
                return None
        total = int(words[1])
        if total < 1:  # every penalty is a card or more (PL-12)
            raise SetupError(f"an attack is of 1 card or more, not {total}")
        return self.attack(total, seat_after_by(words), "back" in words)

    def effect_forms(self) -> tuple[str, ...]:
        """``attack N by S``, with ``[back]`` when some cards attack backwards and ``of R``
        when the battle cards share rank ``R``."""
        rank = self.single_rank
        return (
            "attack N by S"
            + (" [back]" if self.backwards else "")
            + ("" if rank is None else f" of {rank.text}"),
        )

    def attack(self, total: int, seat: int, backwards: bool) -> AttackEffect:
        """The effect these cards raise: an attack of ``total`` by ``seat`` (a rule that
        answers a drawn penalty differently returns its own
        [`AttackEffect`][makao.rules.attack.AttackEffect]). Equal attacks of this rule are
        one shared object ([`Interned`][makao.events.Interned])."""
        return self._attacks[total, seat, backwards]

    @property
    def single_rank(self) -> Rank | None:
        """The rank of all the battle cards, if they share one (Mao's threes); else None."""
        ranks = {card.rank for card, _ in self.penalties}
        return ranks.pop() if len(ranks) == 1 else None


@attrs.frozen
class AttackEffect(Effect):
    """An attack of ``total`` cards, last raised by ``seat`` (``backwards`` for K♠)."""

    total: int
    seat: int
    backwards: bool
    rule: BattleCards = attrs.field(repr=False)

    def allows(self, game: Table, card: Card) -> bool:
        """Only a defending battle card may be played (PL-12, RU-11)."""
        return self.rule.answers(game.pile[-1], card)

    def answers(self, top: Card) -> frozenset[Card]:
        """The battle cards that defend on ``top`` (PL-12, RU-11)."""
        return self.rule.answer_set(top)

    def allows_extra(self, game: Table, card: Card) -> bool:
        """A defence consists of battle cards only (PL-16)."""
        return self.rule.covers(card)

    @property
    def answer_rule(self) -> CardRule:
        """Answers without an effect of their own (RU-11's kings) pass the attack on."""
        return self.rule

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Accepting is always allowed, even holding a defence (RU-13)."""
        return True

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        """Accept: draw the total (what can be had, PL-35) and lose the turn (PL-13);
        after a backwards attack, play resumes after the attacker (PL-15): the engine's
        standard acceptance ([`Table.accept_attack`][makao.rules.base.Table.accept_attack])."""
        game.accept_attack(self, seat, events)

    def pending(self) -> Pending:
        """An attack of ``total`` cards, accepted by drawing them."""
        return Pending.attack(self.total, self.seat)

    def to_text(self) -> str:
        """``attack N by S`` (``back`` when sent backwards; ``of R`` when the battle cards
        are all of rank ``R``, so that a variant with several such rules reads it back)."""
        rank = self.rule.single_rank
        return (
            f"attack {self.total} by {self.seat}"
            + (" back" if self.backwards else "")
            + ("" if rank is None else f" of {rank.text}")
        )


def _rank(text: str) -> Rank | None:
    try:
        return Rank.parse(text)
    except ValueError:
        return None
