"""A rule's table a view reaches (`view.variant.rules`: `BattleCards.penalty_table`) is
read-only, so changing it in place cannot change the games that share it. (A view is no
sandbox: code in the same process can reach shared state by other ways, docs/limits.md.)"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from makao import Card, Game, Suit, variants
from makao.bots.sampling import Determinizer
from makao.rules.attack import BattleCards
from makao.rules.demand import SuitDemand, SuitDemandCards

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


def test_a_positions_description_read_through_one_game_does_not_change_another() -> None:
    """`Beginning` is one object, shared by a game, its clones and the games a search
    samples from one position (`Determinizer`): its position description (`how`) is read
    as a copy, so a change made to what one game reads leaves every other's origin, and
    so its saves and take-backs, as they were."""
    game = Game.from_position(
        variants.polish(), hands=["2h 5c", "3h 9d"], pile="7h", stock="Kd 5s", to_move=0
    )
    origin = game.origin
    clone = game.clone()
    how = clone.beginning.how
    assert isinstance(how, dict) and how == origin
    how["pile"] = "As"
    how["hands"][0] = "Ah"  # type: ignore[index]
    assert game.origin == origin and clone.origin == origin
    assert Game.from_json(clone.to_json()) == game
    determinizer = Determinizer(game.view(0))
    first, second = (determinizer.sample(random.Random(seed)) for seed in (1, 2))
    described, base = first.beginning.how, determinizer.base.beginning.how
    assert isinstance(described, dict) and described == base
    described["waits"].append(3)  # type: ignore[attr-defined]
    assert second.beginning.how == determinizer.base.beginning.how == base


@pytest.mark.parametrize(
    "change",
    [
        lambda table: table.__setitem__((Suit.SPADES,), table[Suit.HEARTS,]),
        lambda table: table.update({(Suit.SPADES,): table[Suit.HEARTS,]}),
        lambda table: table.setdefault((Suit.CLUBS,), table[Suit.HEARTS,]),
        lambda table: table.__ior__({(Suit.SPADES,): table[Suit.HEARTS,]}),
    ],
)
def test_pl_26_the_effect_table_a_view_reaches_fills_itself_only(change: object) -> None:
    """PL-26: an ace names a suit. A rule's table of the effects it makes
    (`makao.events.Interned`, here the named suits of `SuitDemandCards`) is reached from a
    view (its effect's rule) and shared by every game of an equal variant. Changing it
    by hand is refused; before, a heart put in place of a spade made another game's ace
    that named spades ask for hearts. (Emptying it is allowed: its objects are made again,
    as when it is full.)"""
    game = Game.from_position(variants.polish(), hands=["Ah 5c", "3h 9d"], pile="7h")
    game.play("Ah:s")
    view = game.view(1)
    assert isinstance(view.effect, SuitDemand)
    rule = view.effect.rule  # the rule set's, which every equal variant's games share
    assert isinstance(rule, SuitDemandCards)
    table = rule._named
    assert table[Suit.SPADES,] is view.effect
    with pytest.raises(TypeError, match="read-only"):
        change(table)  # type: ignore[operator]
    assert table[Suit.SPADES,] is view.effect
    other = Game.from_position(variants.polish(), hands=["Ah 5c", "3h 9d"], pile="7h")
    other.play("Ah:s")
    assert other.pending.suit is Suit.SPADES
