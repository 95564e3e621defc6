"""Core v2's proof that the rule contract is open: two house rules written as user code
(examples/house_rules.py, outside src/), composed into Polish with Variant operations,
pass the conformance suite and do what they say."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from makao import Game, IllegalMoveError, InvalidMoveError, Rank, Seat, parse_move
from makao.events import CardsPlayed, HandsSwapped
from makao.testing import check_variant

PATH = Path(__file__).resolve().parents[2] / "examples" / "house_rules.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("house_rules", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["house_rules"] = module
    spec.loader.exec_module(module)
    return module


house = _load()
HOUSE = house.HOUSE


def test_the_house_rules_live_outside_the_library() -> None:
    assert "src" not in PATH.parts
    assert type(house.JumpInRule()).__module__ == "house_rules"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_house_variant_passes_the_conformance_suite(players: int) -> None:
    report = check_variant(HOUSE, players=(players,), games=3, seed=players)
    assert report.finished == 3 and not report.unfinished


def test_jump_in_a_copy_of_the_top_card_is_played_out_of_turn_and_play_goes_on() -> None:
    game = Game.from_position(HOUSE, hands=["9d 7d 5c", "6s 5d", "9d 8s 6h"], pile="9c")
    game.play("9d")
    assert game.to_move == 1
    assert "2: jump 9d" in game.legal_moves_text(2)
    assert game.legal_moves_text(0) == []  # seat 0 holds no 9d
    events = game.play("2: jump 9d")
    assert events == (CardsPlayed(2, (house.Card.parse("9d"),), None),)
    assert game.hand(2) == tuple(house.Card.parse(c) for c in ("8s", "6h"))
    assert game.to_move == 0  # play goes on from the jumper
    assert game.record[-1] == house.JumpIn(2, house.Card.parse("9d"))
    assert Game.from_json(game.to_json(), variant=HOUSE) == game


def test_pl_30_a_jump_in_is_a_move_that_closes_the_stop_makao_chance() -> None:
    """PL-30: a jump-in is the next move at the table: "stop makao" can no longer be called."""
    hands = ["9d 5c", "6s 5d", "9d 8s 6h"]
    game = Game.from_position(HOUSE, hands=hands, pile="9c", stock="5h 6h 7h 8h")
    game.play("9d")
    assert {"0: say makao", "1: stop 0"} <= set(game.legal_moves_text())
    game.play("2: jump 9d")
    assert game.legal_moves_text() == ["draw"]


def test_jump_in_is_closed_under_an_effect_and_for_cards_with_effects() -> None:
    game = Game.from_position(HOUSE, hands=["2d 5c", "6s 5d", "2d 8s"], pile="9d")
    game.play("2d")  # a battle card: an attack is in force
    assert not any("jump" in move for move in game.legal_moves_text())
    with pytest.raises(IllegalMoveError):
        game.play("2: jump 2d")


def test_jump_in_text_reads_back_and_bad_text_is_refused() -> None:
    assert str(parse_move("2: jump 9d")) == "2: jump 9d"
    with pytest.raises(InvalidMoveError):
        parse_move("jump 9d")


def test_sevens_swap_lists_each_opponent_and_swaps_hands() -> None:
    game = Game.from_position(HOUSE, hands=["7d 5c", "6s 5d 4h", "8s 6h"], pile="9d", to_move=0)
    assert {"7d:@1", "7d:@2"} <= set(game.legal_moves_text(0))
    assert not any(move.startswith("7d:@0") for move in game.legal_moves_text(0))
    events = game.play("7d:@2")
    assert HandsSwapped(0, 2) in events
    assert [len(game.hand(seat)) for seat in range(3)] == [2, 3, 1]
    assert parse_move("7d:@2").choice == Seat(2)  # type: ignore[attr-defined]


def test_sevens_swap_skips_finished_opponents_and_needs_a_seat() -> None:
    game = Game.from_position(
        HOUSE, hands=["7d 5c", "", "8s 6h"], pile="9d", finished=[1], to_move=0
    )
    assert [m for m in game.legal_moves_text(0) if m.startswith("7d")] == ["7d:@2", "7d:@2 +makao"]
    before = game.clone()
    with pytest.raises(IllegalMoveError):
        game.play("7d")
    assert game == before


def test_random_games_exercise_both_house_rules() -> None:
    """The conformance runs above are meaningful: random play does jump in and swap."""
    import random

    jumps = swaps = 0
    for seed in range(12):
        game = Game.new(HOUSE, 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(3_000):
            if game.is_over:
                break
            move = rng.choice(game.legal_moves())
            jumps += isinstance(move, house.JumpIn)
            swaps += isinstance(getattr(move, "choice", None), Seat)
            game.play(move)
    assert jumps > 0 and swaps > 0


def test_pl_23_sevens_swap_leaves_a_demand_for_sevens_in_force() -> None:
    """PL-23: a seven played on a demand for sevens swaps hands and the demand lasts its
    round, as under a plain seven (the engine clears the effect in force for the seven's
    rule, which must put it back; the example once ended the demand with no event)."""
    game = Game.from_position(
        HOUSE, hands=["Jh 5c 6c", "7d 9s 4c", "7h 8s Kc", "5h 9h 7c"], pile="9h", to_move=0
    )
    game.play("Jh:7")
    game.play("7d:@3")
    assert (game.to_move, game.pending.kind, game.pending.rank) == (2, "demand", Rank.SEVEN)
    assert game.legal_moves_text() == ["7h:@0", "7h:@1", "7h:@3"]  # 8s, Kc follow no demand
