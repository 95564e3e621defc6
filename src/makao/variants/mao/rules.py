"""Ultimate Mao's card effects (UM-8…UM-17, UM-20) beyond the core building blocks.

The ace reverses with [`ReverseCards`][makao.rules.direction.ReverseCards]; threes are
[`BattleCards`][makao.rules.attack.BattleCards] with ``answer="same_rank"``, fours
[`FourCards`][makao.variants.mao.rules.FourCards] (the same, but the player who draws their
penalty may still play). This module adds the rest:
[`AgainCards`][makao.variants.mao.rules.AgainCards] (two),
[`HitPrevious`][makao.variants.mao.rules.HitPrevious] (six, queen),
[`SevenCards`][makao.variants.mao.rules.SevenCards],
[`NineCards`][makao.variants.mao.rules.NineCards],
[`HeldJacks`][makao.variants.mao.rules.HeldJacks] with
[`JackRelease`][makao.variants.mao.rules.JackRelease], and
[`Multiplex`][makao.variants.mao.rules.Multiplex].
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from makao.cards import Card, Rank, Suit
from makao.errors import SetupError
from makao.events import (
    AttackAccepted,
    AttackRaised,
    DemandEnded,
    Penalised,
    SuitNamed,
)
from makao.moves import Choice, Move
from makao.rules._util import (
    card_set,
    cards_of_ranks,
    one_of,
    seat_after_by,
    whole_number,
    words_known,
)
from makao.rules.attack import Answer, AttackEffect, BattleCards, penalty_pairs
from makao.rules.base import CardRule, CardSetRule, Effect, Events, Pending, Table, TurnRule
from makao.variants.mao.moves import Release

__all__ = [
    "AgainCards",
    "FourCards",
    "FreeSuit",
    "HeldJack",
    "HeldJacks",
    "HitPrevious",
    "JackRelease",
    "Multiplex",
    "MultiplexEffect",
    "NineCards",
    "OpenAttack",
    "SevenAttack",
    "SevenCards",
    "pending_penalty",
]


def _again(game: Table, seat: int) -> None:
    """``seat`` moves again, unless that was their last card."""
    if game.hands[seat]:
        game.send_turn_to(seat)


@attrs.frozen
class AgainCards(CardSetRule):
    """Again cards (the Mao two): the same player moves again (UM-9)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.TWO), converter=card_set)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The turn comes straight back to ``seat``."""
        _again(game, seat)


@attrs.frozen
class HitPrevious(CardSetRule):
    """The previous player (against the direction of play) draws ``amount`` cards: the
    Mao six draws 2 (UM-12), the queen 1 (UM-17)."""

    cards: frozenset[Card] = attrs.field(converter=card_set)
    amount: int = attrs.field(validator=whole_number(0))

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The previous player still in the game draws."""
        target = game.effect_target(seat, -game.direction)
        if target is not None:
            game.draw_cards(target, self.amount, "attack", events)


def _penalty_then_play(game: Table, seat: int, drawn: Sequence[Card], events: Events) -> None:
    """After drawing a penalty that does not end the turn (UM-11, UM-13): as after any
    draw (UM-5) the player may play a legal card or end the move, but not draw again;
    with nothing to play, or nothing drawn (stock and pile empty, UM-26), the move is over."""
    if drawn and game.playable_cards(seat):
        game.keep_turn_open(drawn[-1])  # the turn stays open for a play or a pass
    else:
        game.end_turn(seat, None, events)


@attrs.frozen
class OpenAttack(AttackEffect):
    """A pending four (or seven): drawn like any attack; unless the rule's
    ``accept_ends_turn``, the player then plays a legal card or ends the move (UM-5)."""

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        """Draw the total; then play or end the move (or lose the turn, per the option)."""
        if self.rule.accept_ends_turn:
            super().on_draw(game, seat, events)
            return
        events.append(AttackAccepted(seat, self.total))
        game.set_effect(None)
        drawn = game.draw_cards(seat, self.total, "attack", events)
        _penalty_then_play(game, seat, drawn, events)


@attrs.frozen
class FourCards(BattleCards):
    """Fours (UM-11): battle cards answered by a four (+4 each); the player who draws the
    penalty may still play a card or end the move (``accept_ends_turn=False``)."""

    penalties: tuple[tuple[Card, int], ...] = attrs.field(
        default=tuple((card, 4) for card in sorted(cards_of_ranks(Rank.FOUR))),
        converter=penalty_pairs,  # checked and read as `BattleCards` reads them
    )
    answer: Answer = attrs.field(default="same_rank", validator=one_of(Answer))
    accept_ends_turn: bool = False

    def attack(self, total: int, seat: int, backwards: bool) -> AttackEffect:
        """A pending four: an [`OpenAttack`][makao.variants.mao.rules.OpenAttack]."""
        return OpenAttack(total, seat, backwards, self)


@attrs.frozen
class SevenCards(BattleCards):
    """Sevens (UM-13): the next player plays a seven or draws 2; a seven played on a
    pending seven cancels it and lies as a plain card. Sevens do not stack."""

    penalties: tuple[tuple[Card, int], ...] = attrs.field(
        default=tuple((card, 2) for card in sorted(cards_of_ranks(Rank.SEVEN))),
        converter=penalty_pairs,  # checked and read as `BattleCards` reads them
    )
    answer: Answer = attrs.field(default="same_rank", validator=one_of(Answer))

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Cancel a pending seven, or send a new one on."""
        if isinstance(previous, SevenAttack):
            return  # "as if no seven were on top"
        target = game.effect_target(seat, game.direction)
        if target is None:
            return
        total = self.penalty(cards[-1])
        game.set_effect(SevenAttack(total, seat, False, self))
        game.send_turn_to(target)
        events.append(AttackRaised(seat, target, total))

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``seven by S``."""
        if not words or words[0] != "seven" or not words_known(words, 1):
            return None
        return SevenAttack(2, seat_after_by(words), False, self)

    def effect_forms(self) -> tuple[str, ...]:
        """``seven by S``."""
        return ("seven by S",)


@attrs.frozen
class SevenAttack(OpenAttack):
    """A pending seven: play a seven (cancelling it) or draw its penalty."""

    def to_text(self) -> str:
        """``seven by S``."""
        return f"seven by {self.seat}"


@attrs.frozen
class NineCards(CardSetRule):
    """Nines (UM-14): every other player, in turn order, draws one card; then the nine's
    player moves again, unless it was their last card. ``player_draws_too``: the nine's
    player draws one as well (after the others)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.NINE), converter=card_set)
    player_draws_too: bool = False

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Everyone else still in the game draws one, in turn order (a seat that has gone
        out draws nothing: a choice, the spec is silent); then ``seat`` moves again."""
        last_card = not game.hands[seat]
        for offset in range(1, game.players):
            other = (seat + offset * game.direction) % game.players
            if not game.done[other]:
                game.draw_cards(other, 1, "attack", events)
        if self.player_draws_too and not last_card:
            game.draw_cards(seat, 1, "attack", events)
        _again(game, seat)


@attrs.frozen
class HeldJacks(CardSetRule):
    """Held jacks (UM-16): the player names the suit of the next card and holds the jack
    until a card of that suit is played ([`HeldJack`][makao.variants.mao.rules.HeldJack]). A
    jack played on a held jack costs its holder ``penalty`` card(s). Wildness comes from a
    [`Wild`][makao.rules.wild.Wild] rule with ``under_effects``."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.JACK), converter=card_set)
    penalty: int = attrs.field(default=1, validator=whole_number(0))

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """The four suits."""
        return tuple(Suit)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Charge the holder of a jack played on (unless they have gone out: a choice, as
        for the nine), then hold this one on the named suit."""
        if isinstance(previous, HeldJack) and not game.done[previous.seat]:
            events.append(
                Penalised(previous.seat, "UM-16", "a jack was played on their jack", self.penalty)
            )
            game.draw_cards(previous.seat, self.penalty, "penalty", events)
        suit = choice if isinstance(choice, Suit) else cards[-1].suit
        events.append(SuitNamed(seat, suit))
        game.set_effect(HeldJack(suit, seat, self))

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``jack X by S`` or ``free``."""
        if list(words) == ["free"]:
            return FreeSuit()
        if len(words) < 2 or words[0] != "jack" or not words_known(words, 2):
            return None
        return HeldJack(Suit.parse(words[1]), seat_after_by(words), self)

    def effect_forms(self) -> tuple[str, ...]:
        """``jack X by S`` and ``free``."""
        return ("jack X by S (X: c d h s)", "free")


@attrs.frozen
class HeldJack(Effect):
    """A jack held by ``seat`` on the named ``suit``: cards match by that suit (or are
    jacks) until one of that suit is played."""

    suit: Suit
    seat: int
    rule: HeldJacks = attrs.field(repr=False)

    @property
    def suit_override(self) -> Suit:
        """The named suit replaces the jack's."""
        return self.suit

    @property
    def blocks_wilds(self) -> bool:
        """Jacks stay wild on a held jack (UM-16)."""
        return False

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Drawing is always a move (UM-5)."""
        return game.can_draw()

    def pending(self) -> Pending:
        """The named ``suit``."""
        return Pending.named_suit(self.suit, self.seat)

    def to_text(self) -> str:
        """``jack X by S``."""
        return f"jack {self.suit.letter} by {self.seat}"


@attrs.frozen
class FreeSuit(Effect):
    """A released jack: the next player may play any card (UM-16)."""

    def allows(self, game: Table, card: Card) -> bool:
        """Any card."""
        return True

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Drawing is always a move (UM-5)."""
        return game.can_draw()

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """The freedom lasts one turn."""
        return None

    def to_text(self) -> str:
        """``free``."""
        return "free"


@attrs.frozen
class JackRelease(TurnRule):
    """The holder of a jack may release it at any time (``"1: release"``, UM-16)."""

    handles = (Release,)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """The release, while a jack is held by a player still in the game."""
        effect = game.effect
        if isinstance(effect, HeldJack) and not game.done[effect.seat]:
            return (Release(effect.seat),)
        return ()

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """A release per seat."""
        return tuple(Release(seat) for seat in range(players))

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """The jack's suit is over; the player to move may play any card."""
        effect = game.effect
        assert isinstance(effect, HeldJack)
        events.append(DemandEnded(effect.suit))
        game.set_effect(FreeSuit())


@attrs.frozen
class Multiplex(CardRule):
    """Multiplex (UM-20): a card identical to the top card starts a count; every player
    in turn plays that rank ("three", "four", …) or draws the last number said. With
    ``suspends_effects`` the cards' own effects do not act meanwhile; otherwise the own
    effects that leave nothing in force (reverse, again, hits, nines) still act.
    ``named_suit_cards`` keep their choice (a jack names a suit) so that plays read the
    same inside and outside a multiplex."""

    suspends_effects: bool = True
    named_suit_cards: frozenset[Card] = cards_of_ranks(Rank.JACK)

    def covers(self, card: Card) -> bool:
        """No card by itself: the rule claims plays
        ([`claims`][makao.variants.mao.rules.Multiplex.claims])."""
        return False

    def claims(self, game: Table, cards: tuple[Card, ...]) -> bool:
        """A card of the running multiplex's rank, or one identical to the top card."""
        effect = game.effect
        if isinstance(effect, MultiplexEffect):
            return cards[0].rank is effect.rank
        return cards[0] is game.pile[-1]

    def count_after(self, game: Table, cards: tuple[Card, ...]) -> int | None:
        """The number a play of ``cards`` must say, if it is a multiplex play."""
        if not self.claims(game, cards):
            return None
        effect = game.effect
        return effect.count + 1 if isinstance(effect, MultiplexEffect) else 2

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """As the card's own rule: a suit for a jack, else none."""
        return tuple(Suit) if card in self.named_suit_cards else (None,)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Raise the count and pass the multiplex on."""
        count = previous.count + 1 if isinstance(previous, MultiplexEffect) else 2
        card = cards[-1]
        own = game.rule_for(card)
        target: int | None = None
        if not self.suspends_effects and own is not None:
            before = game.effect
            told: Events = []
            own.on_play(game, seat, cards, choice, None, told)
            if game.effect is before:  # an effect left in force (attack, jack) does not act
                events.extend(told)
            if isinstance(own, (AgainCards, NineCards)) and game.hands[seat]:
                target = seat  # a two or nine: its player moves again, into the multiplex
        if target is None:
            target = game.effect_target(seat, game.direction)
        if target is None:
            game.set_effect(None)
            return
        game.set_effect(MultiplexEffect(card.rank, count, seat, self))
        events.append(AttackRaised(seat, target, count))

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read ``multiplex R N by S``."""
        if len(words) < 3 or words[0] != "multiplex" or not words[2].isdigit():
            return None
        if not words_known(words, 3):
            return None
        count = int(words[2])
        if count < 2:  # the first card of the rank on its twin says "two" (UM-20)
            raise SetupError(f"a multiplex counts 2 or more, not {count}")
        return MultiplexEffect(Rank.parse(words[1]), count, seat_after_by(words), self)

    def effect_forms(self) -> tuple[str, ...]:
        """``multiplex R N by S``."""
        return ("multiplex R N by S",)


@attrs.frozen
class MultiplexEffect(Effect):
    """A running multiplex of ``rank``, last counted ``count`` by ``seat``."""

    rank: Rank
    count: int
    seat: int
    rule: Multiplex = attrs.field(repr=False)

    def allows(self, game: Table, card: Card) -> bool:
        """Any card of the rank, any suit."""
        return card.rank is self.rank

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Only a player holding no card of the rank draws (UM-20)."""
        return all(card.rank is not self.rank for card in game.hands[seat])

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        """Draw the last number said; the next player then plays normally."""
        events.append(AttackAccepted(seat, self.count))
        game.set_effect(None)
        game.draw_cards(seat, self.count, "attack", events)
        game.end_turn(seat, None, events)

    def pending(self) -> Pending:
        """An attack of the last number said, answered by a card of ``rank``."""
        return Pending.attack(self.count, self.seat, self.rank)

    def to_text(self) -> str:
        """``multiplex R N by S``."""
        return f"multiplex {self.rank.text} {self.count} by {self.seat}"


def pending_penalty(effect: Effect | None) -> int:
    """The cards a player facing ``effect`` would draw by not answering (0 if none)."""
    pending = Pending.of(effect)
    return pending.amount if pending.kind == "attack" else 0
