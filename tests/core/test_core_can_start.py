"""`can_start`, the engine's quick "can this seat play at all?", agrees with the cards that
may start a play (`Table.playable_cards`) for every seat of every position met in random
games of every variant: it decides whether a drawn card must be played (RU-9) and whether
any card may follow a draw (UM-5)."""

from __future__ import annotations

import attrs
import pytest

from _positions import random_positions
from makao import Card, Game, variants
from makao._movegen import can_start
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
