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


def test_mb_6_max_draws_is_at_most_three() -> None:
    """MB-6: ``max_draws`` runs 0…3 (docs/banking.md); 3 is allowed, 4 is refused."""
    assert macao(max_draws=3).max_draws == 3
    assert macao(max_draws=0).max_draws == 0
    with pytest.raises(SetupError, match=r"max_draws must be 0…3, not 4"):
        macao(max_draws=4)


def test_mb_9_rounds_may_be_one_hundred_and_no_more() -> None:
    """MB-9: ``rounds`` is at most 100 (docs/banking.md), whatever the constant says."""
    assert macao(rounds=100).rounds == 100
    with pytest.raises(SetupError, match=r"rounds must be 1…100, not 101"):
        macao(rounds=101)


def test_mb_3_a_fixed_stake_must_lie_within_the_table_limits() -> None:
    """MB-3: the fixed stake is one of the agreed stakes, so min_stake ≤ fixed ≤ max_stake."""
    assert macao(min_stake=5, max_stake=20, fixed_stake=5).fixed_stake == 5
    assert macao(min_stake=5, max_stake=20, fixed_stake=20).fixed_stake == 20
    for bad in (4, 21):
        with pytest.raises(SetupError, match=r"fixed_stake must be 5…20"):
            macao(min_stake=5, max_stake=20, fixed_stake=bad)


def test_mb_3_the_smallest_stake_is_one_and_a_balance_may_be_zero() -> None:
    """MB-3: a stake is a positive amount (min_stake ≥ 1); a starting balance of 0 is a
    player who can neither bank nor stake: every bank passes and the game ends."""
    assert macao(min_stake=1).min_stake == 1
    with pytest.raises(SetupError, match=r"min_stake must be at least 1, not 0"):
        macao(min_stake=0)
    game = BankingGame(2, macao(starting_balance=0), seed=1)
    assert game.is_over and game.balances == (0, 0)
    with pytest.raises(SetupError, match=r"starting_balance must be at least 0, not -1"):
        macao(starting_balance=-1)


@pytest.mark.parametrize("text", ["stake\t10", "stake   10", " Stake 010 "])
def test_mb_3_a_stake_may_be_written_with_any_spacing(text: str) -> None:
    """MB-3: ``stake N`` reads any run of spaces or tabs between the word and the amount."""
    assert parse_move(text) == Stake(10)


def test_mb_2_a_seed_must_be_a_whole_number_not_a_bool() -> None:
    """MB-2: the seed driving the cut and the shuffles is an int; True is refused."""
    for seed in (True, 1.5, "7"):
        with pytest.raises(SetupError, match="seed"):
            BankingGame(2, seed=seed)  # type: ignore[arg-type]


def test_mb_4_mb_6_no_buying_takes_no_cards_even_with_redraw() -> None:
    """MB-4, MB-6: with ``max_draws=0`` a coup needs only the dealt cards, ``redraw`` or not."""
    for options in (victoria(redraw=True), macao(max_draws=0, redraw=True)):
        assert options.draw_cards == 0
        assert options.coup_cards(3) == 3 * options.cards_dealt
    game = BankingGame(2, victoria(redraw=True, fixed_stake=10), seed=2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.card_count() == 104


def test_mb_3_a_stake_text_reads_at_most_18_digits_after_its_leading_zeros() -> None:
    """MB-3: a stake's text holds at most 18 significant digits (the most a balance can
    hold); leading zeros do not count towards them."""
    assert parse_move("stake " + "9" * 18) == Stake(10**18 - 1)
    assert parse_move("stake " + "0" * 40 + "5") == Stake(5)
    with pytest.raises(InvalidMoveError, match="too large"):
        parse_move("stake 1" + "0" * 18)


@pytest.mark.parametrize(
    "data", [None, ["payout"], "payout", 3], ids=["none", "list", "text", "int"]
)
def test_mb_3_options_from_what_is_no_mapping_are_a_setup_error(data: Any) -> None:
    """MB-3: options are rebuilt only from a mapping; anything else is a `SetupError`
    (a list of names reached the constructor as a TypeError)."""
    with pytest.raises(SetupError, match="options must be a mapping"):
        BankingOptions.from_dict(data)
