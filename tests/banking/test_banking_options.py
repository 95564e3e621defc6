"""Options (every MB option, typed errors), move notation and setup errors."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from makao.banking import (
    BankingGame,
    BankingOptions,
    Draw,
    Redraw,
    Stake,
    Stand,
    macao,
    parse_move,
    victoria,
)
from makao.errors import InvalidMoveError, SetupError


def test_defaults_follow_the_source() -> None:
    options = macao()
    assert (options.cards_dealt, options.max_draws, options.payout) == (1, 1, "classic")
    assert options.over_nine == "mod10" and options.must_draw_below is None
    assert options.fixed_stake is None and not options.redraw
    assert options.banker_naturals_multiply and options.rounds == 1
    assert options.bank_passes == "when_shoe_empty"
    assert victoria(payout="even").payout == "even"


@pytest.mark.parametrize(
    "bad",
    [
        {"fixed_stake": 0},
        {"fixed_stake": 500},
        {"cards_dealt": 4},
        {"cards_dealt": "2"},
        {"over_nine": "wrap"},
        {"must_draw_below": 0},
        {"max_draws": -1},
        {"redraw": 1},
        {"payout": "double"},
        {"banker_naturals_multiply": None},
        {"rounds": 0},
        {"bank_passes": "never"},
        {"bank_passes": "every_coup", "rounds": 2},
        {"min_stake": 5, "max_stake": 4},
        {"bank": 0},
        {"colour": "red"},
    ],
)
def test_bad_option_values_raise_setup_error(bad: dict[str, Any]) -> None:
    with pytest.raises(SetupError):
        macao(**bad)


def test_options_are_frozen_and_round_trip_as_dicts() -> None:
    options = victoria(payout="even")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        options.payout = "classic"  # type: ignore[misc]
    assert BankingOptions.from_dict(options.to_dict()) == options
    with pytest.raises(SetupError):
        BankingOptions.from_dict({"nope": 1})


def test_setup_errors() -> None:
    for players in (0, 1, "ab", ["x"], ["a", "a"], 2.5):
        with pytest.raises(SetupError):
            BankingGame(players)  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        BankingGame(2, seed=1, stack="9h 9h 9h")
    with pytest.raises(SetupError):
        BankingGame(2, seed=1, balances=(10,))
    with pytest.raises(SetupError):
        BankingGame(30, macao(cards_dealt=3, max_draws=3))


@pytest.mark.parametrize("move", [Stake(1), Stake(250), Draw(), Redraw(), Stand()])
def test_move_notation_round_trips(move: Any) -> None:
    assert parse_move(str(move)) == move
    assert parse_move(f"  {str(move).upper()} ") == move


@pytest.mark.parametrize("text", ["", "stake", "stake -1", "stake 1.5", "hit", "stake 0", "9h"])
def test_bad_move_text_raises_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(text)
