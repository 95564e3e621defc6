"""The answer rules of effects (`Effect.answer_rule`) as keys of a rule set's move tables
(`makao.tables.answer_key`): the plays listed under an effect are kept per answer rule,
under a key of its own (equal rules share one), found by the rule's id only where it is
that very rule, kept alive by the rule set."""

from __future__ import annotations

import random

import attrs

from makao import Card, Game, Suit, variants
from makao.events import Event
from makao.moves import Choice
from makao.rules.base import CardRule, CardSetRule, Effect, Table
from makao.tables import MOST_ANSWER_RULES

PL = variants.polish()


@attrs.frozen
class NamesHearts(CardRule):
    """A user's answer rule: a play answering the effect names hearts (``5h:h``)."""

    def covers(self, card: Card) -> bool:
        """No card of its own."""
        return False

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """Hearts."""
        return (Suit.HEARTS,)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """Nothing."""


@attrs.frozen
class NamesNothing(NamesHearts):
    """The same, naming nothing (``5h``)."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """None to make."""
        return (None,)


@attrs.frozen
class Asking(Effect):
    """A user's effect that allows every card and whose `answer_rule` is a rule made anew
    at each call, as a property written ``return NamesHearts()`` gives."""

    hearts: bool = True

    def allows(self, game: Table, card: Card) -> bool:
        """Every card."""
        return True

    @property
    def answer_rule(self) -> CardRule:
        """A new rule at each call."""
        return NamesHearts() if self.hearts else NamesNothing()

    def to_text(self) -> str:
        """Its name."""
        return "asking"


def position(effect: Effect, hand: str = "5h 6c") -> Game:
    """A Polish position: seat 0 to move holding ``hand`` on a 9h, ``effect`` in force."""
    return Game.from_position(PL, hands=[hand, "7s"], pile="9h", effect=effect)


def listed(effect: Effect) -> list[str]:
    """The legal moves of a Polish `position` with ``effect`` in force."""
    return [str(move) for move in position(effect).legal_moves()]


def answer_keys_name_kept_rules(game: Game) -> None:
    """Every answer-rule key of the rule set's tables names a rule it keeps (under that
    rule's own id), one rule a key."""
    rules = game.variant.compiled
    assert all(id(rule) == number for number, (rule, _) in rules.answer_rules.items())
    keys = [key for _, key in rules.answer_rules.values()]
    assert len(set(keys)) == len(keys)
    fixed = {0, -id(None)}

    def kept(answer: int) -> bool:
        return answer in fixed or abs(answer) in keys

    assert all(kept(key) for key in rules.single_plays)
    assert all(kept(key[-1]) for key in rules.play_cache)
    assert all(kept(key // 4096) for by_card in rules.group_plays for key in by_card)


def test_effects_whose_answer_rules_are_made_anew_list_their_own_plays() -> None:
    """The plays under an effect were kept by its answer rule's id alone: a rule made
    anew at each listing was freed after it, and the next effect's new rule, taking the
    same address, got the first one's plays (``5h:h`` listed under a rule that names
    nothing, one listing in two, in both builds)."""
    hearts, nothing = position(Asking(hearts=True)), position(Asking(hearts=False))
    for _ in range(50):
        assert [str(move) for move in hearts.clone().legal_moves()][:2] == ["5h:h", "5h:h +makao"]
        assert [str(move) for move in nothing.clone().legal_moves()][:2] == ["5h", "5h +makao"]


@attrs.frozen
class Numbered(NamesHearts):
    """An answer rule with a field: equal when their numbers are."""

    number: int = 0


@attrs.frozen
class AskingNumbered(Asking):
    """An effect whose answer rule is a `Numbered` made anew at each call."""

    number: int = 0

    @property
    def answer_rule(self) -> CardRule:
        """A new rule at each call."""
        return Numbered(self.number)


def test_an_answer_rule_made_anew_but_equal_shares_the_first_ones_plays() -> None:
    """An equal rule (a rule is its fields) takes the key of the first, so the tables do
    not grow at each listing (they grew by a table of the plays per listing, about 6 kB,
    without end)."""
    rules = PL.compiled
    before = len(rules.single_plays)
    for _ in range(30):
        assert listed(AskingNumbered(number=7))[0] == "5h:h"
    assert len(rules.single_plays) <= before + 1
    assert sum(type(rule) is Numbered for rule, _ in rules.answer_rules.values()) <= 1


def test_the_answer_rules_kept_are_bounded_and_listings_stay_right() -> None:
    """Rules of yours that give distinct rules without end fill the tables up to
    `MOST_ANSWER_RULES`, which then drops them and the plays kept under them."""
    rules = PL.compiled
    for number in range(3 * MOST_ANSWER_RULES):
        assert listed(AskingNumbered(number=number))[0] == "5h:h"
        # a pair, whose plays are kept by group (`RuleSet.group_plays`) under the answer
        paired = position(AskingNumbered(number=number), "5h 5c 9d")
        assert "5h 5c:h" in [str(move) for move in paired.legal_moves()]
        assert len(rules.single_plays) <= MOST_ANSWER_RULES + 1  # and no effect's (0)
        assert len(rules.answer_rules) <= MOST_ANSWER_RULES
        answer_keys_name_kept_rules(paired)
    assert len(rules.answer_keys) <= len(rules.answer_rules)


@attrs.frozen
class Unhashable(NamesHearts):
    """An answer rule with a field that does not hash (a list)."""

    notes: list[str] = attrs.field(factory=list)


@attrs.frozen
class UnhashableNothing(Unhashable):
    """The same, naming nothing."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """None to make."""
        return (None,)


class Opaque:
    """A value whose hash fails with another error than `TypeError`."""

    def __hash__(self) -> int:
        raise NotImplementedError("no hash for Opaque")


@attrs.frozen
class OpaqueHearts(NamesHearts):
    """An answer rule with such a field."""

    opaque: Opaque = attrs.field(factory=Opaque)


@attrs.frozen
class AskingUnhashable(Asking):
    """An effect whose answer rule does not hash: one of the three above, made anew."""

    kind: str = "hearts"

    @property
    def answer_rule(self) -> CardRule:
        """A new rule that does not hash, at each call."""
        if self.kind == "opaque":
            return OpaqueHearts()
        return Unhashable(notes=["x"]) if self.kind == "hearts" else UnhashableNothing()


def test_an_answer_rule_that_does_not_hash_is_kept_by_itself() -> None:
    """A rule that cannot be a key by value is kept by its id alone (its plays listed
    right, each new one a key of its own, within the bound), whatever its hash raises
    (an `Opaque` field's `NotImplementedError` failed the listing)."""
    for number in range(3 * MOST_ANSWER_RULES):
        kind = ("hearts", "nothing", "opaque")[number % 3]
        game = position(AskingUnhashable(kind=kind))
        first = str(game.legal_moves()[0])
        assert first == ("5h" if kind == "nothing" else "5h:h")
        assert len(PL.compiled.single_plays) <= MOST_ANSWER_RULES + 1
        answer_keys_name_kept_rules(game)


@attrs.frozen
class Overriding(Asking):
    """An effect whose answer rule takes every play, even of cards with a rule of their
    own (`Effect.answer_overrides`, as RU-15's closing answer)."""

    @property
    def answer_overrides(self) -> bool:
        """Every play."""
        return True


def test_an_answer_rule_taking_every_play_keeps_its_plays_apart_from_the_same_rule_not() -> None:
    """The same (equal) answer rule keeps the plays of an effect it takes every play of
    apart from those of an effect it answers only the cards without a rule for: a two
    attacks under the one (PL-12, its own rule) and names hearts under the other."""
    for _ in range(3):
        plain, taken = position(Asking(), "2h 5h"), position(Overriding(), "2h 5h")
        assert [str(move) for move in plain.legal_moves()][::2] == ["2h", "5h:h"]
        assert [str(move) for move in taken.legal_moves()][::2] == ["2h:h", "5h:h"]


@attrs.frozen
class AskingHearts(AskingNumbered):
    """The same, allowing hearts only: a seat with none draws, and may play a heart drawn."""

    def allows(self, game: Table, card: Card) -> bool:
        """Hearts."""
        return card.suit is Suit.HEARTS


@attrs.frozen
class FivesAsk(CardSetRule):
    """A user's card rule: a five puts in force an effect whose answer rule is made anew
    at each call, one of three values (allowing hearts, until a card covers it)."""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The effect, by the five's suit."""
        game.set_effect(AskingHearts(number=cards[-1].suit.value % 3))


def test_every_answer_key_kept_names_a_rule_kept_alive_in_random_games() -> None:
    """Played out at random, with the effects' answer rules made anew at each call: the
    plays listed under them, a drawn card's among them, are kept by keys of rules kept."""
    fives = FivesAsk(frozenset(Card.parse(f"5{suit}") for suit in "hdcs"))
    variant = PL.with_rules(fives)
    for seed in range(12):
        game = Game.new(variant, 2 + seed % 3, seed=seed)
        choose = random.Random(seed).choice
        for _ in range(300):
            if game.is_over:
                break
            game.play(choose(game.legal_moves()))
            answer_keys_name_kept_rules(game)
