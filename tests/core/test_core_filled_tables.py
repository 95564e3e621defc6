"""The move tables of plain positions (no effect in force) are filled at a rule set's
first game (`makao._movegen.fill_plain_tables`), for its deck count: the plays of each
card alone and with the other cards of its rank (PL-7), per number of cards left that the
call rules tell apart (PL-29, PL-31). Filled ahead or as play meets them, the tables list the
same plays in the same order."""

from __future__ import annotations

import random

import attrs
import pytest

from makao import Card, Game, variants
from makao._movegen import _plain_moves, fill_plain_tables
from makao.cards import ALL_CARDS
from makao.errors import InvalidMoveError
from makao.moves import Choice, Move
from makao.rules import CardRule
from makao.tables import RuleSet
from makao.variant import Variant

#: Plays of several cards (Polish), of one card (Russian, Switch), a 32-card pack (Mau-Mau).
VARIANTS = {
    "polish": variants.polish(),
    "russian": variants.russian(),
    "switch": variants.switch(),
    "mau_mau": variants.mau_mau(),
}


def _fresh(variant: Variant) -> RuleSet:
    """A rule set of ``variant``'s rules that no game has filled (not the shared one)."""
    return RuleSet.compile(variant.rules)


def _plain_positions(variant: Variant, players: int, seed: int) -> list[Game]:
    """Every position of a seeded random game with no effect in force and no card drawn
    (clones, in order)."""
    game = Game.new(variant, players, seed=seed)
    choose = random.Random(seed).choice
    found = []
    while not game.is_over:
        if game.effect is None and game.drawn is None:
            found.append(game.clone())
        game.play(choose(game.legal_moves()))
    return found


def _listing(game: Game, rules: RuleSet) -> list[tuple[object, ...]]:
    """The plain listing of ``game``'s seat to move under ``rules``, by value."""
    game.compiled = rules
    moves: tuple[Move, ...] = _plain_moves(game, game.hands[game.to_move])
    return [
        (
            type(move),
            getattr(move, "cards", None),
            getattr(move, "choice", None),
            getattr(move, "calls", None),
        )
        for move in moves
    ]


def _kept_groups(rules: RuleSet) -> int:
    """How many groups' plays ``rules`` keeps: by key, and by slot with no effect."""
    by_slot = sum(plays is not None for kept in rules.plain_group_plays for plays in kept)
    return sum(map(len, rules.group_plays)) + by_slot


def _tables() -> list[tuple[str, int]]:
    """Each variant at 2 and 4 seats and at its most seats up to 8 (two decks in Polish)."""
    found = []
    for name, variant in sorted(VARIANTS.items()):
        most = variant.compiled.start.max_players or 8
        found += [(name, players) for players in sorted({2, 4, min(most, 8)})]
    return found


@pytest.mark.parametrize(("name", "players"), _tables())
def test_pl_7_pl_29_pl_31_filled_tables_list_what_tables_filled_in_play_list(
    name: str, players: int
) -> None:
    """Seeded random games of one and two decks: at every plain position, the listing
    from tables filled ahead equals the listing from tables filled as play meets them."""
    variant = VARIANTS[name]
    filled, lazy = _fresh(variant), _fresh(variant)
    repeats = variant.compiled.start.decks_for(players) - 1
    fill_plain_tables(filled, repeats)
    assert filled.plain_filled == 1 << repeats
    positions = [p for seed in range(6) for p in _plain_positions(variant, players, seed)]
    assert len(positions) > 100
    for position in positions:
        assert _listing(position.clone(), filled) == _listing(position.clone(), lazy)


def test_pl_7_after_the_fill_a_one_deck_game_adds_no_plain_entry() -> None:
    """One deck: every plain listing reads what the fill made, for any hand (the kept
    rows and groups with no effect in force do not grow as games are played)."""
    variant = VARIANTS["polish"]
    rules = _fresh(variant)
    fill_plain_tables(rules, 0)
    rows = [list(row) for row in rules.single_plays[0]]
    groups = [dict(kept) for kept in rules.group_plays]
    plain_groups = [list(kept) for kept in rules.plain_group_plays]
    assert rules.plain_single_plays is rules.single_plays[0]  # what `_plain_moves` reads
    plays = len(rules.interned_plays)
    assert plays > 1000 and _kept_groups(rules) > 1000
    for seed in range(6):
        for position in _plain_positions(variant, 4, seed):
            _listing(position, rules)
    assert [list(row) for row in rules.single_plays[0]] == rows
    assert [dict(kept) for kept in rules.group_plays] == groups
    assert [list(kept) for kept in rules.plain_group_plays] == plain_groups
    assert len(rules.interned_plays) == plays


def test_ru_after_the_fill_a_game_of_one_card_plays_adds_no_plain_entry() -> None:
    """Plays of one card (Russian): the one-card rows, filled for every number of cards
    left, are all a listing reads (no group fills them on the side, as in Polish)."""
    variant = VARIANTS["russian"]
    rules = _fresh(variant)
    fill_plain_tables(rules, 0)
    rows = [list(row) for row in rules.single_plays[0]]
    assert all(
        row[card.index] is not None for row in rows[: rules.left_cap + 1] for card in ALL_CARDS
    )
    for seed in range(6):
        for position in _plain_positions(variant, 4, seed):
            _listing(position, rules)
    assert [list(row) for row in rules.single_plays[0]] == rows


def test_a_rule_sets_first_game_fills_its_tables_once_per_deck_count() -> None:
    rules = _fresh(VARIANTS["polish"])
    fill_plain_tables(rules, 0)
    groups = _kept_groups(rules)
    fill_plain_tables(rules, 0)  # filled already: nothing more
    assert _kept_groups(rules) == groups
    fill_plain_tables(rules, 1)  # two decks: the patterns with a card held twice
    assert rules.plain_filled == 3
    assert _kept_groups(rules) > groups
    variant = variants.polish()
    Game.new(variant, 2, seed=1)
    assert variant.compiled.plain_filled & 1


@attrs.frozen
class _BadChoiceOnFiveOfHearts(CardRule):
    """A user's rule whose choices for 5♥ are not choices (a float)."""

    def covers(self, card: Card) -> bool:
        return card == Card.parse("5h")

    def choices(self, card: Card) -> tuple[Choice, ...]:
        return (1.5,)  # type: ignore[return-value]  # not a choice: what is tested


def test_a_rules_bad_choice_is_raised_where_a_listing_meets_it_not_at_the_fill() -> None:
    """The fill raises nothing: a new game deals, and the listing that would play 5♥
    raises the rule's error, as before the tables were filled ahead."""
    variant = variants.polish().with_rules(_BadChoiceOnFiveOfHearts())
    game = Game.new(variant, 2, seed=1)
    assert variant.compiled.plain_filled == 1 and not game.is_over
    position = Game.from_position(variant, hands=["5h 9d", "6d 7d"], pile="5c", stock="8c 9c")
    with pytest.raises(InvalidMoveError, match="choice"):
        position.legal_moves()
    alone = Game.from_position(variant, hands=["9c 9d", "6d 7d"], pile="5c", stock="8c 9c")
    assert alone.legal_moves()  # the other cards' plays were filled
