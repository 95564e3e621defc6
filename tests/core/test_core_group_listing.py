"""The kept listings of multi-card plays (`makao._movegen._cached_group`, PL-7) tell apart
everything the listed plays depend on: here, the rule that answers the effect in force,
which a user's effect may make give every answer a choice."""

from __future__ import annotations

import attrs

from makao import Card, Game, Suit, variants
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
