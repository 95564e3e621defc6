"""A rule's table a view reaches (`view.variant.rules`: `BattleCards.penalty_table`) is
read-only, so changing it in place cannot change the games that share it. (A view is no
sandbox: code in the same process can reach shared state by other ways, docs/limits.md.)"""

from __future__ import annotations

import pickle

import attrs
import pytest

from makao import Card, Game, variants
from makao.rules.attack import BattleCards

TWO_HEARTS = Card.parse("2h")


def _battle_cards(game: Game) -> BattleCards:
    return next(rule for rule in game.view(0).variant.rules if type(rule) is BattleCards)


@pytest.mark.parametrize(
    "change",
    [
        lambda table: table.__setitem__(TWO_HEARTS, 40),
        lambda table: table.pop(TWO_HEARTS),
        lambda table: table.update({TWO_HEARTS: 40}),
        lambda table: table.setdefault(Card.parse("5h"), 40),
        lambda table: table.clear(),
        lambda table: table.popitem(),
        lambda table: table.__delitem__(TWO_HEARTS),
        lambda table: table.__ior__({TWO_HEARTS: 40}),
    ],
)
def test_pl_12_the_penalty_table_a_view_reaches_is_read_only(change: object) -> None:
    """PL-12: a two attacks for 2 cards. Changing the penalty table a view reaches
    (`view.variant.rules`) is refused: it is the table every game of an equal variant reads
    (the rule set is shared), so a change made a new, equal `variants.polish()` attack for
    40 cards."""
    game = Game.from_position(variants.polish(), hands=["2h 6c", "7d 8d"], pile="5h")
    table = _battle_cards(game).penalty_table
    with pytest.raises(TypeError, match="read-only"):
        change(table)  # type: ignore[operator]
    assert table[TWO_HEARTS] == 2
    fresh = Game.from_position(variants.polish(), hands=["2h 6c", "7d 8d"], pile="5h")
    fresh.play("2h")
    assert fresh.pending.amount == 2


def test_pl_12_a_read_only_penalty_table_pickles_copies_and_evolves() -> None:
    """The read-only table pickles and copies as a table equal to the rule's, and a rule
    made anew with `attrs.evolve` gets a table of its own (PL-12's penalties)."""
    rule = BattleCards({"2h": 2, "Kh": 5})
    loaded = pickle.loads(pickle.dumps(rule))
    assert loaded == rule and loaded.penalty_table == {TWO_HEARTS: 2, Card.parse("Kh"): 5}
    evolved = attrs.evolve(rule, penalties={"2h": 3})
    assert evolved.penalty_table == {TWO_HEARTS: 3} and rule.penalty_table[TWO_HEARTS] == 2
