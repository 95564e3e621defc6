"""`can_start`, the engine's quick "can this seat play at all?", agrees with the cards that
may start a play (`Table.playable_cards`) for every seat of every position met in random
games of every variant: it decides whether a drawn card must be played (RU-9) and whether
any card may follow a draw (UM-5)."""

from __future__ import annotations

import attrs
import pytest

from _positions import random_positions
from makao import Card, Game, Variant, variants
from makao._movegen import can_start
from makao.cards import ALL_CARDS
from makao.rules import Table, Wild


@attrs.frozen
class ShortHandWild(Wild):
    """A user's wild rule: the wild cards are wild only in a hand of two cards or fewer."""

    def allows(self, game: Table, seat: int, card: Card, has_match: bool) -> bool:
        """Wild only in a short hand."""
        return len(game.hands[seat]) <= 2


@pytest.mark.parametrize("name", variants.names())
@pytest.mark.parametrize("players", [3, 4])
def test_can_start_agrees_with_playable_cards_in_random_games(name: str, players: int) -> None:
    answers: set[bool] = set()
    for game in random_positions(name, players, seeds=4, steps=300):
        for seat in range(players):
            expected = bool(game.playable_cards(seat))
            assert can_start(game, seat) is expected, (game.seed, seat, game.top, game.effect)
            answers.add(expected)
    assert answers == {True, False}  # both answers were met


def test_ru_7_a_changer_alone_can_start_with_no_match() -> None:
    # Russian changers (nines, aces) are wild only for a player who cannot match (RU-7)
    game = Game.from_position(variants.russian(), ["7s 9c", "7s 8d", "5s 9c"], pile="5h")
    assert game.playable_cards(0) == [Card.parse("9c")] and can_start(game, 0)
    assert not game.playable_cards(1) and not can_start(game, 1)
    assert game.playable_cards(2) == [Card.parse("5s")] and can_start(game, 2)


def test_pl_9_a_wild_card_its_rule_refuses_does_not_start() -> None:
    # Polish queens are wild (PL-9); this house rule lets them be wild in short hands only
    polish = variants.polish()
    queens = next(rule for rule in polish.rules if isinstance(rule, Wild))
    variant = polish.replace(
        Wild, ShortHandWild(ids=("HOUSE-9",), cards=queens.cards), name="polish-short-queens"
    )
    game = Game.from_position(variant, ["7s Qc 8d", "7s Qc"], pile="5h")
    assert not game.playable_cards(0) and not can_start(game, 0)
    assert game.playable_cards(1) == [Card.parse("Qc")] and can_start(game, 1)


def _short_queens() -> Variant:
    """Polish with `ShortHandWild` queens (a user's `allows`)."""
    polish = variants.polish()
    queens = next(rule for rule in polish.rules if isinstance(rule, Wild))
    return polish.replace(
        Wild, ShortHandWild(ids=("HOUSE-9",), cards=queens.cards), name="polish-short-queens"
    )


def test_pl_9_a_users_allows_decides_the_listed_plays_and_a_drawn_card() -> None:
    # the rule set keeps the built-in `allows`' answers (`RuleSet.wild_answers`), but a
    # rule with its own `allows` is asked: for the listing, and for a drawn card (PL-8)
    variant = _short_queens()
    assert all(answer is None for answer in variant.compiled.wild_answers)
    game = Game.from_position(variant, ["7s Qc 8d", "7s Qc"], pile="5h", stock="2s")
    assert game.legal_moves_text() == ["draw"]
    drawn = Game.from_position(variant, ["7s 8d", "7s"], pile="5h", stock="Qc 2s")
    drawn.play("draw")
    assert drawn.to_move == 1 and drawn.hand(0)[-1] == Card.parse("Qc")  # not playable
    short = Game.from_position(variant, ["7s", "7s 8d"], pile="5h", stock="Qc 2s")
    short.play("draw")
    assert short.legal_moves_text() == ["Qc", "Qc +makao", "pass"]


@pytest.mark.parametrize("name", variants.names())
def test_pl_9_ru_7_wild_answers_are_what_the_built_in_rules_answer(name: str) -> None:
    # each kept answer is the wild rule's own, asked with a real table (PL-9, RU-7)
    variant = variants.get(name)
    rules = variant.compiled
    game = Game.new(variant, 4, seed=1)
    for card, answer in zip(ALL_CARDS, rules.wild_answers, strict=True):
        rule = rules.wild[card.index]
        if answer is not None:
            assert rule is not None
            assert answer == (rule.allows(game, 0, card, False), rule.allows(game, 0, card, True))
    if name in {"polish", "russian"}:  # their wild rules' `allows` is the built-in one
        kept = [answer for answer in rules.wild_answers if answer is not None]
        assert len(kept) == len(rules.wild_cards) > 0
