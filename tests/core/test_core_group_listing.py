"""The kept listings of plays (`makao._movegen._cached_group`, PL-7, and the one-card
rows) tell apart everything the listed plays depend on: the rule that answers the effect
in force (which a user's effect may make give every answer a choice, or keep every card's
own rule from acting), and for groups the other cards held and the hand size
(`RuleSet.group_slots`)."""

from __future__ import annotations

import attrs

from makao import Card, Game, Rank, Suit, variants
from makao.moves import Play
from makao.rules import CardRule, Effect, Table


@attrs.frozen
class _SuitOnEveryAnswer(Effect):
    """A user's effect that any card answers, and whose answer rule -- the Polish ace's,
    which names a suit (PL-26) -- takes every play made on it (`answer_overrides`)."""

    rule: CardRule

    def allows(self, game: Table, card: Card) -> bool:
        return True

    @property
    def answer_rule(self) -> CardRule | None:
        return self.rule

    @property
    def answer_overrides(self) -> bool:
        return True

    def to_text(self) -> str:
        return "suit on every answer"


def _pairs(game: Game) -> list[Play]:
    return [move for move in game.legal_moves() if isinstance(move, Play) and len(move.cards) > 1]


def _plays_of(game: Game, rank: Rank) -> list[Play]:
    return [
        move for move in game.legal_moves() if isinstance(move, Play) and move.cards[0].rank is rank
    ]


def test_pl_7_pl_26_group_plays_are_kept_apart_per_answer_rule() -> None:
    """The same pair of sevens, the same hand size, one deck: listed first with no effect
    (no choice), then under the effect, where each play names a suit -- not the plays kept
    from the first listing."""
    variant = variants.polish()
    position = {"hands": ["7h 7s 9c", "5d 6d"], "pile": "7d", "stock": "2c 3c 4c", "to_move": 0}
    plain = _pairs(Game.from_position(variant, **position))  # type: ignore[arg-type]
    assert plain and all(move.choice is None for move in plain)

    game = Game.from_position(variant, **position)  # type: ignore[arg-type]
    ace = game.rule_for(Card.parse("Ah"))
    assert ace is not None
    game.set_effect(_SuitOnEveryAnswer(ace))
    answered = _pairs(game)
    assert {move.cards for move in answered} == {move.cards for move in plain}
    assert {move.choice for move in answered} == set(Suit)


@attrs.frozen
class _NoCardRuleActs(Effect):
    """A user's effect that any card answers and whose answer rule -- none -- takes every
    play made on it (`answer_overrides`): no card's own rule acts on it."""

    def allows(self, game: Table, card: Card) -> bool:
        return True

    @property
    def answer_overrides(self) -> bool:
        return True

    def to_text(self) -> str:
        return "no card rule acts"


def test_pl_21_an_effect_whose_missing_answer_rule_takes_every_play_keeps_its_own_listing() -> None:
    """Listed first under a named suit (no answer rule: a jack's own rule acts, its plays
    demand a rank, PL-21), then under an effect with no answer rule that takes every play:
    there the jack demands nothing -- not the plays kept from the first listing."""
    variant = variants.polish()
    position = {"hands": ["Js 5c", "6d 7d"], "pile": "As", "stock": "2c 3c 4c", "to_move": 0}
    named = Game.from_position(variant, effect="suit s", **position)  # type: ignore[arg-type]
    jacks = _plays_of(named, Rank.JACK)
    assert len(jacks) > 1 and any(move.choice is not None for move in jacks)

    game = Game.from_position(variant, **position)  # type: ignore[arg-type]
    game.set_effect(_NoCardRuleActs())
    jacks = _plays_of(game, Rank.JACK)
    assert jacks and {move.choice for move in jacks} == {None}


def test_pl_7_group_slots_tell_apart_mates_and_hand_sizes_up_to_the_left_cap() -> None:
    """`RuleSet.group_slots`: one key part below 256 per other cards held (four bits) and
    hand size, the same for every size from ``mates + 1 + left_cap`` on (the plays then
    leave `left_cap` or more cards), distinct otherwise."""
    rules = variants.polish().compiled
    seen: set[int] = set()
    for mates in range(16):
        row = rules.group_slots[mates]
        most = bin(mates).count("1") + 1 + rules.left_cap
        assert len(row) == 16 and all(0 <= slot < 256 for slot in row)
        assert set(row[most:]) == {row[most]}
        assert len(set(row[: most + 1])) == most + 1
        assert seen.isdisjoint(row)
        seen.update(row)
