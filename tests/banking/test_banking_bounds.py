"""Bounded work on hostile input to the banking game (issue 14): wide stake limits, long
runs of idle banks, and saves whose moves do not replay (MB-3, MB-9, MB-10)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from makao.banking import (
    BankingGame,
    BankPassed,
    GameOver,
    Stake,
    hand_result,
    macao,
    play_out,
)
from makao.banking.bots import Bot, DrawBelow, OptimalPunter
from makao.banking.odds import (
    FULL_SHOE,
    MAX_SHOE_CARDS,
    coup_odds,
    decision_values,
    shoe_counts,
)
from makao.banking.options import MAX_BALANCE, MAX_ROUNDS, MAX_STAKE_CHOICES
from makao.banking.scoring import (
    HandResult,
    compare,
    describe,
    natural_multiplier,
    payoff,
    result_of,
)
from makao.banking.seating import cut_for_seats, new_shoe
from makao.cards import ALL_CARDS, parse_cards
from makao.errors import GameOverError, IllegalMoveError, SetupError, StateError


def test_mb_3_stake_limits_wider_than_the_bound_are_refused_at_construction() -> None:
    with pytest.raises(SetupError, match="max_stake - min_stake must be below 10000"):
        macao(max_stake=10**10, starting_balance=10**12)
    with pytest.raises(SetupError, match="max_stake - min_stake"):
        macao(min_stake=5, max_stake=5 + MAX_STAKE_CHOICES)


def test_mb_3_the_widest_allowed_limits_list_every_stake() -> None:
    options = macao(min_stake=3, max_stake=2 + MAX_STAKE_CHOICES, starting_balance=10**12)
    game = BankingGame(2, options, seed=1)
    assert len(game.legal_moves()) == MAX_STAKE_CHOICES


def test_mb_3_a_wrong_move_while_staking_is_refused_without_listing_the_stakes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = BankingGame(2, macao(max_stake=9_000, starting_balance=10**12), seed=1)
    before = game.to_json()

    def refuse(self: BankingGame) -> tuple[object, ...]:
        raise AssertionError("legal_moves was listed to refuse a move")

    monkeypatch.setattr(BankingGame, "legal_moves", refuse)
    with pytest.raises(IllegalMoveError, match=r"may play stake 1…9000"):
        game.play("draw")
    assert game.to_json() == before


def test_mb_9_rounds_above_the_bound_are_refused() -> None:
    with pytest.raises(SetupError, match=f"rounds must be 1…{MAX_ROUNDS}"):
        macao(rounds=MAX_ROUNDS + 1)


@pytest.mark.parametrize("passes", ["when_shoe_empty", "every_coup"])
def test_mb_9_a_long_run_of_banks_nobody_can_open_ends_without_recursion(passes: str) -> None:
    rounds = MAX_ROUNDS if passes == "when_shoe_empty" else 1
    options = macao(rounds=rounds, bank_passes=passes, min_stake=50)
    game = BankingGame(7, options, seed=3, balances=[10] * 7)  # too poor to bank or stake
    assert game.is_over
    passed = [e for e in game.opening_events if isinstance(e, BankPassed)]
    assert len(passed) == (7 * rounds if passes == "when_shoe_empty" else 7)
    assert isinstance(game.opening_events[-1], GameOver)
    assert game.balances == (10,) * 7


@pytest.mark.parametrize("passes", ["when_shoe_empty", "every_coup"])
def test_mb_9_a_bank_that_never_ends_the_game_fails_fast_instead_of_passing_for_ever(
    monkeypatch: pytest.MonkeyPatch, passes: str
) -> None:
    """MB-9, the engine's own bound: with the game's end test broken (as a bug would break
    it), a table nobody can bank at stops with an error after ``players × rounds`` banks
    instead of passing the bank for ever -- so the suite fails in a moment, not at its
    timeout."""
    monkeypatch.setattr(BankingGame, "_game_ends", lambda self, reason: False)
    rounds = 3 if passes == "when_shoe_empty" else 1
    options = macao(rounds=rounds, bank_passes=passes, min_stake=50)
    with pytest.raises(RuntimeError, match=f"passed {4 * rounds} times with no seat to act"):
        BankingGame(4, options, seed=3, balances=[10] * 4)


def _played(moves: int) -> BankingGame:
    game = BankingGame(3, macao(max_stake=10), seed=5)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def test_mb_10_a_save_whose_moves_its_replay_refuses_is_refused_at_load() -> None:
    saved = json.loads(_played(4).to_json())
    saved["moves"] = ["stand", *saved["moves"][1:]]
    with pytest.raises(StateError, match="moves do not replay"):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_whose_moves_replay_to_another_position_is_refused() -> None:
    game = _played(4)
    saved = json.loads(game.to_json())
    saved["moves"] = saved["moves"][:-1]
    with pytest.raises(StateError, match="differs from the replay"):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_every_loaded_save_replays_to_its_own_public_position() -> None:
    for moves in range(12):
        game = _played(moves)
        loaded = BankingGame.from_json(game.to_json())
        assert loaded.record.replay().to_json() == game.to_json()


def _after_one_coup() -> dict[str, object]:
    game = _played(0)
    while game.coup < 2:
        game.play(game.legal_moves()[0])
    saved: dict[str, object] = json.loads(game.to_json())
    return saved


def test_mb_10_a_save_with_other_shown_cards_is_refused() -> None:
    """MB-10: the cards already shown are public; a save that claims other ones does not
    match the replay of its moves."""
    saved = _after_one_coup()
    seen = str(saved["seen"]).split()
    assert seen
    saved["seen"] = " ".join(seen[1:])
    with pytest.raises(StateError, match="seen differs from the replay"):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_with_a_card_moved_between_piles_is_refused() -> None:
    """MB-10: the number of cards in the shoe, the discards and every hand is public; a save
    that moves a card from the shoe to the discards is refused."""
    saved = _after_one_coup()
    shoe = str(saved["shoe"]).split()
    saved["shoe"] = " ".join(shoe[1:])
    saved["discards"] = " ".join([*str(saved["discards"]).split(), shoe[0]])
    with pytest.raises(StateError, match="piles differ in size"):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_nested_too_deep_for_the_parser_is_a_state_error() -> None:
    """MB-10: JSON nested beyond the parser's recursion limit is refused with StateError."""
    with pytest.raises(StateError, match="bad JSON"):
        BankingGame.from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("gauss", ["x", 1, [0.5]])
def test_mb_10_a_save_with_a_bad_random_generator_state_is_refused(gauss: object) -> None:
    """MB-10: the saved generator state is checked; a non-float Gaussian slot is refused."""
    saved = json.loads(_played(2).to_json())
    saved["rng"][2] = gauss
    with pytest.raises(StateError, match="random-generator"):
        BankingGame.from_json(json.dumps(saved))


def _with_word(index: int, value: object) -> Callable[[dict[str, Any]], None]:
    def edit(saved: dict[str, Any]) -> None:
        saved["rng"][1][index] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda saved: saved["rng"].__setitem__(0, 2), "version 2"),
        (_with_word(0, 2**40), "a word over 32 bits"),
        (_with_word(-1, 625), "an index past 624"),
        (lambda saved: saved["rng"][1].pop(), "not 624 words and an index"),
        (lambda saved: saved["rng"].append(0), "bad random-generator state"),
    ],
    ids=["version-2", "wide-word", "index", "short", "four-parts"],
)
def test_mb_10_a_save_with_an_edited_generator_state_is_refused(
    edit: Callable[[dict[str, Any]], None], said: str
) -> None:
    """MB-10: the generator state is the one `random.Random.getstate` gives; an older
    version or a word too wide loaded (`setstate` converts the one and cuts the other to
    32 bits), so the game drew other cards than the save's generator would."""
    saved = json.loads(_played(2).to_json())
    edit(saved)
    with pytest.raises(StateError, match=said):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_with_a_key_no_save_writes_is_refused() -> None:
    """MB-10: a key no banking save writes is an edit, refused by name, as in a game save."""
    saved = json.loads(_played(2).to_json())
    saved["comment"] = "edited"
    with pytest.raises(StateError, match="a saved banking game has no key 'comment'"):
        BankingGame.from_json(json.dumps(saved))
    del saved["comment"]
    assert BankingGame.from_json(json.dumps(saved)).to_json() == _played(2).to_json()


def test_mb_5_mb_10_a_save_with_a_busted_punter_to_buy_is_refused() -> None:
    """MB-5, MB-10: a busted punter cannot buy; a save with one to buy is refused."""
    game = BankingGame(
        2, macao(fixed_stake=10, cards_dealt=2, over_nine="bust"), seed=1, stack="2h Kc 3d Qs"
    )
    game.play("stake 10")
    assert game.phase == "draw" and game.to_act == 1 and game.can_buy(1)
    saved = json.loads(game.to_json())
    shoe = str(saved["shoe"]).split()
    nines = [i for i, card in enumerate(shoe) if card.startswith("9")][:2]
    saved["hands"][1] = " ".join(shoe[i] for i in nines)
    shoe[nines[0]], shoe[nines[1]] = "2h", "3d"
    saved["shoe"] = " ".join(shoe)
    with pytest.raises(StateError, match="bad drawing position"):
        BankingGame.from_json(json.dumps(saved))


@pytest.mark.parametrize("players", [105, 10**6, 10**400])
def test_mb_1_a_table_larger_than_the_shoe_is_refused_before_any_seat_is_named(
    players: int,
) -> None:
    """MB-1: every seat needs a card of the 104-card shoe; a larger count is refused at once
    (it named every seat first: 10**400 players never ended)."""
    with pytest.raises(SetupError, match="players need more than 104 cards for one coup"):
        BankingGame(players, seed=1)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("ab", "bots must list one bot per seat"),
        (None, "bots must list one bot per seat"),
        ([1, 2], "each bot must have a choose"),
    ],
)
def test_mb_2_play_out_refuses_what_is_no_list_of_bots(bots: object, message: str) -> None:
    """MB-2: ``play_out`` seats one bot per seat: anything else is a `SetupError`."""
    game = BankingGame(2, seed=1)
    with pytest.raises(SetupError, match=message):
        play_out(game, bots)  # type: ignore[arg-type]
    assert game.record.moves == ()


def test_mb_5_hand_result_needs_banking_options() -> None:
    """MB-5: a hand is scored under the game's options: no options is a `SetupError`."""
    with pytest.raises(SetupError, match="options must be BankingOptions, not NoneType"):
        hand_result(parse_cards("7h 8h"), None, first_hand=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("option", ["rounds", "min_stake", "max_stake", "cards_dealt"])
def test_mb_9_an_option_too_long_to_write_is_refused_with_a_short_message(option: str) -> None:
    with pytest.raises(SetupError) as caught:
        macao(**{option: 10**5000})
    assert "5,001 digits" in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("balances", [list(range(1000)), [-(10**5000), 1]], ids=["long", "huge"])
def test_mb_10_bad_balances_are_refused_with_a_short_message(balances: Any) -> None:
    with pytest.raises(SetupError) as caught:
        BankingGame(2, seed=1, balances=balances)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("players", [10**6, 105, 1, 0, -1, 2.5, "3", None, True])
def test_mb_2_cut_for_seats_refuses_a_bad_table_size_at_once(players: Any) -> None:
    """MB-2: the cut seats 2…104 players, as a `BankingGame` does; anything else is a
    `SetupError` at once (10**6 players ran past the shoe, ``"3"`` was a TypeError)."""
    with pytest.raises(SetupError, match="players must be 2…104"):
        cut_for_seats(players, random.Random(1))


@pytest.mark.parametrize("rng", [None, 3, "x", object()])
def test_mb_1_cut_and_shoe_refuse_what_is_no_random_generator(rng: Any) -> None:
    """MB-1, MB-2: the cut and the shoe draw from a `random.Random`; anything else is a
    `SetupError` naming it (it was an AttributeError)."""
    with pytest.raises(SetupError, match=r"rng must be a random\.Random"):
        cut_for_seats(3, rng)
    with pytest.raises(SetupError, match=r"rng must be a random\.Random"):
        new_shoe(rng)


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        (5, "stack must be a sequence of Cards"),
        ("7h", "stack must be a sequence of Cards"),
        (b"7h", "stack must be a sequence of Cards"),
        ([None], "stack must hold Card values"),
        (["7h"], "stack must hold Card values"),
    ],
)
def test_mb_1_new_shoe_refuses_a_stack_that_is_no_cards(stack: Any, message: str) -> None:
    """MB-1: a stacked shoe is 104 cards; a stack of texts or ``None`` was put on top of it
    as they were, and a number was a TypeError."""
    with pytest.raises(SetupError, match=message):
        new_shoe(random.Random(1), stack)


@pytest.mark.parametrize(
    "balances", [[10**5000, 1], [MAX_BALANCE + 1, 1]], ids=["too-long-to-write", "19-digits"]
)
def test_mb_3_a_balance_beyond_18_digits_is_refused_with_a_short_message(
    balances: list[int],
) -> None:
    """MB-3: balances are bounded as stake amounts are (18 digits): 10**5000 was taken and
    ``to_json`` then failed with a bare ValueError."""
    with pytest.raises(SetupError, match="balances must be at most") as caught:
        BankingGame(2, seed=1, balances=balances)
    assert len(str(caught.value)) < 300
    with pytest.raises(SetupError, match="starting_balance must be at most"):
        macao(starting_balance=balances[0])
    game = BankingGame(2, seed=1, balances=[MAX_BALANCE, 1])
    assert BankingGame.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("option", ["min_stake", "max_stake", "bank"])
@pytest.mark.parametrize("amount", [10**5000, MAX_BALANCE + 1], ids=["too-long", "19-digits"])
def test_mb_3_a_stake_limit_or_bank_beyond_18_digits_is_refused(option: str, amount: int) -> None:
    """MB-3: stake limits and the bank are bounded as balances are (18 digits): a limit or
    bank of 10**5000 was taken and ``to_json`` then failed with a bare ValueError."""
    with pytest.raises(SetupError, match=f"{option} must be"):
        macao(**{option: amount})
    game = BankingGame(2, seed=1, options=macao(min_stake=MAX_BALANCE, max_stake=MAX_BALANCE))
    assert BankingGame.from_json(game.to_json()).to_json() == game.to_json()


HAND = HandResult(9, False, 1, True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((None, HAND, macao()), "punter must be a HandResult"),
        (((9, False, 1, True), HAND, macao()), "punter must be a HandResult"),
        ((HAND, "9", macao()), "banker must be a HandResult"),
        ((HAND, HAND, None), "options must be BankingOptions"),
        ((HAND, HAND, {"payout": "even"}), "options must be BankingOptions"),
    ],
)
@pytest.mark.parametrize("settle", [payoff, compare, describe])
def test_mb_8_settlement_refuses_what_is_no_hand_or_no_options(
    settle: Callable[..., object], args: tuple[object, ...], message: str
) -> None:
    """MB-5, MB-8: ``payoff``, ``compare`` and ``describe`` take two `HandResult` values
    and the options; anything else was an AttributeError."""
    with pytest.raises(SetupError, match=message):
        settle(*args)


@pytest.mark.parametrize(
    "points", [None, "9", 9.0, True, 6, 10, pytest.param(-(10**5000), id="huge")]
)
def test_mb_8_natural_multiplier_takes_only_a_naturals_points(points: Any) -> None:
    """MB-8: only a natural (7, 8, 9) multiplies; other points are a `SetupError`."""
    assert [natural_multiplier(p) for p in (7, 8, 9)] == [1, 2, 3]
    with pytest.raises(SetupError, match="a natural has 7, 8 or 9 points"):
        natural_multiplier(points)


@pytest.mark.parametrize("players", [None, "3", 2.5, True, 0, -1])
def test_mb_1_coup_cards_refuses_what_is_no_table_size(players: Any) -> None:
    """MB-1: ``coup_cards`` counts for a table of one or more players."""
    assert macao().coup_cards(3) == 5
    with pytest.raises(SetupError, match="players must be"):
        macao().coup_cards(players)


@pytest.mark.parametrize("game", [None, "game", 2])
def test_mb_2_play_out_refuses_what_is_no_banking_game(game: Any) -> None:
    """MB-2: ``play_out`` plays a `BankingGame`; anything else was an AttributeError."""
    with pytest.raises(SetupError, match="game must be a BankingGame"):
        play_out(game, [DrawBelow(5), DrawBelow(5)])


@pytest.mark.parametrize("view", [None, 5, "view"])
@pytest.mark.parametrize("bot", [DrawBelow(5), OptimalPunter()], ids=["draw-below", "optimal"])
def test_mb_6_a_bot_refuses_what_is_no_view(bot: Bot, view: Any) -> None:
    """MB-6: a bot chooses from a `BankingView`; anything else was an AttributeError."""
    with pytest.raises(SetupError, match="a bot chooses from a BankingView"):
        bot.choose(view)


@pytest.mark.parametrize(
    ("threshold", "stake"), [(None, None), ("5", None), (5, "10"), (True, None)]
)
def test_mb_6_draw_below_refuses_a_threshold_or_stake_that_is_no_number(
    threshold: Any, stake: Any
) -> None:
    """MB-6: ``DrawBelow(None)`` was made, and its first buy was a TypeError."""
    with pytest.raises(SetupError, match="must be a whole number"):
        DrawBelow(threshold, stake)


@pytest.mark.parametrize("stake", ["10", 2.5, True])
def test_mb_6_optimal_punter_refuses_a_stake_that_is_no_number(stake: Any) -> None:
    """MB-6: ``OptimalPunter("10")`` was made, and its first stake was a TypeError."""
    with pytest.raises(SetupError, match="stake must be a whole number"):
        OptimalPunter(stake)


@pytest.mark.parametrize("balances", [[True, 1000], [1000, False]], ids=["true", "false"])
def test_mb_3_a_bool_balance_is_refused(balances: Any) -> None:
    """MB-3: a starting balance is a whole number, and ``True``/``False`` are none (as for
    every other amount of money); the bool used to be taken as 1 or 0."""
    with pytest.raises(SetupError, match="balances must be 2 whole numbers"):
        BankingGame(2, seed=1, balances=balances)


@pytest.mark.parametrize("bot", [DrawBelow(5), OptimalPunter()], ids=["draw_below", "optimal"])
def test_mb_6_a_bot_asked_for_a_seat_not_to_act_is_an_illegal_move_error(bot: Bot) -> None:
    """MB-6: a bot chooses only for the seat to act; a view with no legal move (another
    seat's turn, or the game over) is an `IllegalMoveError`, not a ValueError."""
    game = BankingGame(3, macao(), seed=2)
    waiting = next(seat for seat in range(3) if seat != game.to_act)
    with pytest.raises(IllegalMoveError, match="has no move to make now"):
        bot.choose(game.view(waiting))
    play_out(game, [DrawBelow(5)] * 3)
    with pytest.raises(IllegalMoveError, match="has no move to make now"):
        bot.choose(game.view(0))


@pytest.mark.parametrize("count", [1, 3])
def test_mb_1_play_out_needs_exactly_one_bot_per_seat(count: int) -> None:
    """MB-1: ``play_out`` takes one bot per seat; too few or too many is an
    `IllegalMoveError` before any move (too few was an IndexError mid-game)."""
    game = BankingGame(2, macao(), seed=4)
    with pytest.raises(IllegalMoveError, match="need 2 bots, one per seat"):
        play_out(game, [DrawBelow(5)] * count)
    assert game.moves == ()


def test_mb_10_a_save_with_a_seats_own_card_swapped_for_a_shoe_card_is_refused() -> None:
    """MB-10: every seat sees its own cards; a save that swaps one of them with a card of
    the shoe replays to another view of that seat and is refused (it loaded)."""
    game = BankingGame(3, macao(fixed_stake=10), seed=1, stack="2h 3h 4h")
    game.play("stake 10")
    game.play("stake 10")
    assert game.phase == "draw" and game.to_act == 1 and game.hand(1) == parse_cards("2h")
    saved = json.loads(game.to_json())
    shoe = saved["shoe"].split()
    shoe[-1], saved["hands"][1] = saved["hands"][1], shoe[-1]
    saved["shoe"] = " ".join(shoe)
    with pytest.raises(StateError, match="in what seat 1 sees: its view's hands"):
        BankingGame.from_json(json.dumps(saved))


@pytest.mark.parametrize("moves", [[], ["stake 5", "stake 5"]], ids=["staking", "drawing"])
def test_mb_3_a_stake_too_long_to_write_is_an_illegal_move_with_a_short_message(
    moves: list[str],
) -> None:
    """MB-3: ``Stake(10**5000)`` is refused with an `IllegalMoveError` that tells the
    amount's length, and the game is unchanged (writing the message raised a ValueError)."""
    game = BankingGame(3, seed=1)
    for move in moves:
        game.play(move)
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="an integer of about 5,001 digits") as caught:
        game.play(Stake(10**5000))
    assert len(str(caught.value)) < 300 and game.to_json() == before


def test_mb_10_a_game_seeded_too_long_to_write_cannot_be_saved() -> None:
    """MB-10: a seed of any length is taken, but a save writes it as decimal text: one of
    more than 4,300 digits is a `StateError` naming the seed (it was a bare ValueError)."""
    game = BankingGame(3, seed=10**5000)
    with pytest.raises(StateError, match="the seed, an integer of about 5,001 digits, cannot be"):
        game.to_json()


def test_mb_3_a_stake_too_long_to_write_after_the_game_is_over_is_a_short_game_over_error() -> None:
    """MB-3: ``Stake(10**5000)`` played once the game is over is a `GameOverError` that
    tells the amount's length (writing the stake in the message raised a ValueError)."""
    game = BankingGame(3, macao(), seed=2)
    play_out(game, [DrawBelow(5)] * 3)
    with pytest.raises(
        GameOverError, match="tried stake an integer of about 5,001 digits"
    ) as caught:
        game.play(Stake(10**5000))
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("balances", [{0: 500, 1: 500, 2: 500}, iter([500, 500, 500])])
def test_mb_3_balances_that_are_no_sequence_are_refused(balances: Any) -> None:
    """MB-3: balances are a sequence, one per seat; a mapping (its keys were taken as the
    balances) or another iterable is a `SetupError`, as ``players`` given as a mapping is."""
    with pytest.raises(SetupError, match="balances must be a sequence of 3 whole numbers"):
        BankingGame(3, seed=1, balances=balances)


@pytest.mark.parametrize(
    "hand",
    [
        HandResult("9", False, 1, True),  # type: ignore[arg-type]
        HandResult(None, None, None, None),  # type: ignore[arg-type]
        HandResult(float("nan"), False, 1, False),  # type: ignore[arg-type]
        HandResult(5, False, "1", False),  # type: ignore[arg-type]
        HandResult(5, "no", 1, False),  # type: ignore[arg-type]
        HandResult(8, False, 2, "yes"),  # type: ignore[arg-type]
        HandResult(99, False, 3, False),
        HandResult(5, True, 2, False),
        HandResult(5, False, 2, True),
        HandResult(-1, False, 1, False),
        HandResult(5, False, 0, False),
    ],
    ids=[
        "text",
        "none",
        "nan",
        "text-cards",
        "text-bust",
        "text-natural",
        "over-nine-not-bust",
        "bust-under-ten",
        "natural-of-five",
        "negative",
        "no-cards",
    ],
)
@pytest.mark.parametrize("settle", [payoff, compare, describe])
def test_mb_5_mb_8_a_hand_result_without_whole_number_points_or_cards_is_refused(
    hand: HandResult, settle: Callable[[HandResult, HandResult, Any], object]
) -> None:
    """MB-5, MB-8: a `HandResult` is one a hand can have: whole points ≥ 0 and cards ≥ 1,
    ``bust`` and ``natural`` true or false, bust exactly over nine points, a natural
    only of 7, 8 or 9 points. Text or ``None`` (a bare TypeError), NaN (settled as
    "equal"), ``bust="no"`` (described as bust, paid as a win) are a `SetupError`."""
    plain = HandResult(5, False, 1, False)
    options = macao(over_nine="bust")
    with pytest.raises(SetupError, match=r"^punter's hand "):
        settle(hand, plain, options)
    with pytest.raises(SetupError, match=r"^banker's hand "):
        settle(plain, hand, options)


@pytest.mark.parametrize("field", ["points", "cards"])
def test_mb_5_mb_8_a_hand_result_with_a_bool_for_a_number_is_refused(field: str) -> None:
    """MB-5, MB-8: ``True`` is no number of points or cards (a bool is an int to Python)."""
    hand = HandResult(5, False, 1, False)._replace(**{field: True})
    with pytest.raises(SetupError, match=f"its {field} must be a whole number, not True"):
        payoff(hand, HandResult(5, False, 1, False), macao())


def test_mb_8_a_first_hand_flag_given_as_a_number_gives_a_bool_natural() -> None:
    """MB-8: `result_of` with ``first_hand=0`` (a falsy number, not ``False``) gives
    ``natural=False``, a `HandResult` the settling functions take (not a natural of
    ``0``, which they refuse)."""
    hand = result_of(8, 2, 0)  # type: ignore[arg-type]
    assert hand.natural is False
    assert payoff(hand, HandResult(5, False, 1, False), macao()) > 0


def test_mb_10_a_save_with_the_last_seats_own_card_swapped_is_refused() -> None:
    """MB-10: as above for the last seat: every seat's view is checked, the last one's
    too."""
    game = BankingGame(3, macao(fixed_stake=10), seed=1, stack="2h 3h 4h")
    game.play("stake 10")
    game.play("stake 10")
    saved = json.loads(game.to_json())
    assert saved["hands"][2]
    shoe = saved["shoe"].split()
    shoe[-1], saved["hands"][2] = saved["hands"][2], shoe[-1]
    saved["shoe"] = " ".join(shoe)
    with pytest.raises(StateError, match="in what seat 2 sees: its view's hands"):
        BankingGame.from_json(json.dumps(saved))


def _huge(digits: int) -> Any:
    """A sequence too long to copy (of no cards, no names, no balances)."""
    return range(10**digits)


def _endless() -> Any:
    """An endless iterable of cards."""
    return itertools.repeat(parse_cards("Kh")[0])


@pytest.mark.parametrize("digits", [9, 30])
def test_mb_1_a_huge_sequence_of_players_is_refused_without_copying_it(digits: int) -> None:
    """MB-1: a sequence of names longer than the shoe is refused having read 105 of them
    (``range(10**9)`` ran out of memory; ``range(10**30)`` was an OverflowError)."""
    with pytest.raises(SetupError, match="more than 104 players need more than 104 cards"):
        BankingGame(_huge(digits), seed=1)


def test_mb_3_a_huge_sequence_of_balances_is_refused_without_copying_it() -> None:
    """MB-3: one balance per seat; a sequence of 10**9 was copied whole before the check."""
    with pytest.raises(SetupError, match="balances must be 3 whole numbers"):
        BankingGame(3, seed=1, balances=_huge(9))


def test_mb_1_an_endless_stack_is_refused_having_read_one_shoe_and_a_card() -> None:
    """MB-1: a stack lies on a 104-card shoe; an endless iterable of cards never ended."""
    with pytest.raises(SetupError, match="a stack holds at most the shoe's 104 cards"):
        BankingGame(2, seed=1, stack=_endless())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: shoe_counts(without=_huge(9)), "without must hold Card values, not 0"),
        (lambda: shoe_counts(without=_endless()), "without must hold at most 104"),
        (lambda: shoe_counts(cards=_endless()), "cards must hold at most 52000 cards"),
        (lambda: coup_odds(hand=_endless()), "hand must hold at most 8 cards"),
        (lambda: coup_odds(hand=_huge(9)), "hand must hold Card values, not 0"),
        (lambda: decision_values(macao(), _huge(9), 0, FULL_SHOE), "hand must hold Card"),
    ],
)
def test_mb_11_odds_read_no_more_cards_than_a_shoe_or_hand_holds(
    call: Callable[[], object], message: str
) -> None:
    """MB-11: what is removed from a shoe, or a punter's hand, is read no further than the
    shoe or the largest hand: a huge or endless iterable never ended (or ran out of
    memory) before the check."""
    with pytest.raises(SetupError, match=message):
        call()


def test_mb_11_a_shoe_of_max_shoe_cards_is_counted() -> None:
    """MB-11: ``shoe_counts`` takes up to `MAX_SHOE_CARDS` cards (a thousand decks)."""
    counts = shoe_counts(cards=itertools.islice(_endless(), MAX_SHOE_CARDS))
    assert sum(counts) == MAX_SHOE_CARDS and counts[0] == MAX_SHOE_CARDS  # kings count 0


def test_mb_1_names_and_a_stack_may_fill_the_whole_shoe() -> None:
    """MB-1: the bounds are the shoe's 104 cards, not one less: 104 names at a table whose
    coup needs one card a seat (no draws), and a stack of both decks, are taken."""
    names = [f"P{number}" for number in range(104)]
    assert BankingGame(names, macao(max_draws=0), seed=1).players == 104
    with pytest.raises(SetupError, match=r"^more than 104 players need more than 104 cards"):
        BankingGame([*names, "one more"], macao(max_draws=0), seed=1)
    whole = [card for card in ALL_CARDS for _ in range(2)]
    game = BankingGame(2, seed=1, stack=whole)
    assert game.stack == tuple(whole)
