"""The public Outcome of a game (PL-32, PL-34, PL-36, RU-16, RU-18): finishing order,
blocked or not, scores, and its returns; one point table for games and matches."""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import pytest

from makao import Game, Outcome, SeatError, SetupError, variants
from makao.adapters.driver import point_rewards, rank_rewards
from makao.match import Match
from makao.outcome import place_reward
from makao.rules import StartRule
from makao.variants.russian.rules import DealEnd
from makao.variants.russian.scoring import RUSSIAN_POINTS, Points, hand_points, point_table

PL = variants.polish()
RU = variants.russian()


def test_pl_32_the_outcome_is_none_while_the_game_goes_on_then_the_finishing_order() -> None:
    game = Game.from_position(PL, hands=["5h", "Kc 9d", "8c"], pile="6h", stock="2c 3c")
    assert game.outcome is None
    game.play("5h +po-makale")
    assert game.outcome is None  # the others play on for the places
    standing = game.standings()
    assert standing == Outcome((0, 2, 1), over=False)  # fewer cards first
    assert standing.returns() == (1.0, -1.0, 0.0)


def test_pl_34_a_finished_polish_game_has_an_order_and_no_scores() -> None:
    game = Game.from_position(PL, hands=["5h", "Kc 9d"], pile="6h")
    game.play("5h +po-makale")
    outcome = game.outcome
    assert outcome == Outcome((0, 1)) == game.standings()
    assert (outcome.winner, outcome.players, outcome.places()) == (0, 2, (1, 2))
    assert (outcome.place(0), outcome.place(1)) == (1, 2)
    assert outcome.returns() == rank_rewards(game) == (1.0, -1.0)
    with pytest.raises(SetupError, match="scores no points"):
        outcome.returns("points")
    with pytest.raises(SetupError, match="'rank' or 'points'"):
        outcome.returns("money")  # type: ignore[arg-type]


def test_pl_36_a_blocked_game_says_so() -> None:
    game = Game.from_position(PL, hands=["5c 6c", "7c", "8c 9c 10c"], pile="Kh")
    while not game.is_over:
        game.play("pass")
    assert game.outcome is not None and game.outcome.blocked
    assert game.outcome.order == (1, 0, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rank_returns_run_from_plus_one_to_minus_one_and_sum_to_zero(players: int) -> None:
    order = tuple(random.Random(players).sample(range(players), players))
    returns = Outcome(order).returns()
    assert math.fsum(returns) == 0.0  # opposite places get exactly opposite returns
    assert sorted(returns) == [-r for r in sorted(returns, reverse=True)]
    assert returns[order[0]] == 1.0 and returns[order[-1]] == -1.0
    assert sorted(returns, reverse=True) == [returns[seat] for seat in order]


def test_ru_16_a_russian_deal_scores_the_hands_left_and_its_points_returns() -> None:
    game = Game.from_position(RU, hands=["5h", "Ah 9c", "Kh 2s 10d"], pile="7h", stock="6c 6d")
    game.play("5h")
    outcome = game.outcome
    assert outcome is not None and outcome.scores == game.scores == (0, 90, 80)
    assert outcome.returns("points") == point_rewards(game) == (0.0, -90.0, -80.0)


def test_ru_2_one_point_table_the_game_and_the_match_score_with_the_variants_table() -> None:
    cheap = point_table({}, {"Ah": 1})
    custom = RU.replace(DealEnd, DealEnd(points=cheap, match_limit=3), name="russian-cheap")
    game = Game.from_position(custom, hands=["5h", "Ah 9c"], pile="7h", stock="6c 6d")
    game.play("5h")
    assert game.scores == (0, 1)
    match = Match(custom, players=2, seed=3)
    assert match.match_limit == 3
    rng = random.Random(3)
    deal = match.game
    while match.deal == 1 and not match.is_over:
        match.play(rng.choice(match.legal_moves()))
    assert deal.is_over and match.scores[0] == deal.scores
    assert deal.scores == tuple(hand_points(hand, cheap) for hand in deal.hands)


def test_ru_18_the_match_limit_option_is_held_by_the_deal_end_rule() -> None:
    variant = variants.russian(match_limit=250)
    finish = variant.compiled.finish
    assert isinstance(finish, DealEnd) and finish.match_limit == 250
    assert Match(variant, players=2, seed=1).match_limit == 250
    assert Match(variant, players=2, seed=1, match_limit=99).match_limit == 99


def test_a_variant_that_scores_nothing_cannot_be_a_match() -> None:
    with pytest.raises(SetupError, match="scores no deals"):
        Match(PL, players=2, seed=1)
    with pytest.raises(SetupError, match="scores no deals"):
        Match(PL, players=2, seed=1, match_limit=100)


def test_a_point_table_is_a_hashable_picklable_value() -> None:
    assert isinstance(RUSSIAN_POINTS, Points)
    assert pickle.loads(pickle.dumps(RUSSIAN_POINTS)) == RUSSIAN_POINTS
    assert hash(Points(RUSSIAN_POINTS)) == hash(RUSSIAN_POINTS)
    assert dict(RUSSIAN_POINTS) == RUSSIAN_POINTS
    assert hand_points("Ah Kh 9c", point_table({}, {"Ah": 7})) == 7
    assert pickle.loads(pickle.dumps(RU)) == RU
    with pytest.raises(KeyError):
        RUSSIAN_POINTS["Ah"]  # type: ignore[index]


def test_pl_32_seats_finished_before_a_position_rank_first_in_its_standings() -> None:
    """PL-32: a position's ``finished`` seats are out, in the order given, ahead of the
    seats still playing (ranked by fewest cards, PL-36)."""
    game = Game.from_position(
        PL, hands=["5h 6h 7h", "", "9d", ""], pile="6c", stock="2c 3c", finished=[3, 1]
    )
    assert game.finished == (3, 1)
    assert game.standings() == Outcome((3, 1, 2, 0), over=False)
    assert game.legal_moves_text(1) == [] and game.legal_moves_text(3) == []


def test_ru_16_scores_are_none_until_the_deal_is_over() -> None:
    """RU-16: the points of the cards left are counted only once the deal ends."""
    game = Game.from_position(RU, hands=["5h", "Kc 9d"], pile="6h", stock="2c 3c")
    assert game.scores is None and game.outcome is None
    game.play("5h")
    assert game.is_over
    assert game.scores is not None and game.scores[0] == 0 and game.scores[1] > 0


def test_places_and_place_follow_the_finishing_order_seat_by_seat() -> None:
    """PL-32: ``places()`` is each seat's place in ``order``, by seat, as ``place`` gives it."""
    outcome = Outcome((2, 0, 3, 1))
    assert outcome.places() == (2, 4, 1, 3)
    assert outcome.places() == tuple(outcome.place(seat) for seat in range(4))
    assert outcome.returns() == (1 / 3, -1.0, 1.0, -1 / 3)


def test_an_outcome_keeps_its_order_and_scores_as_tuples() -> None:
    """RU-16: an outcome made from lists holds tuples: equal to the tuple form, and hashable."""
    made = Outcome([1, 0], scores=[30, 0])
    assert made == Outcome((1, 0), scores=(30, 0))
    assert type(made.order) is tuple and type(made.scores) is tuple
    assert hash(made) == hash(Outcome((1, 0), scores=(30, 0)))
    assert made.returns("points") == (-30.0, -0.0)


@pytest.mark.parametrize("seat", [4, -1, True, "0"])
def test_pl_32_place_refuses_a_seat_the_outcome_does_not_rank(seat: object) -> None:
    """PL-32: ``place`` of a seat not in the finishing order is a `SeatError` naming it."""
    with pytest.raises(SeatError, match="in this outcome: it ranks \\[2, 0, 3, 1\\]"):
        Outcome((2, 0, 3, 1)).place(seat)  # type: ignore[arg-type]


def test_pl_1_a_table_of_one_is_rewarded_nothing_and_ends_in_first_place() -> None:
    """PL-1, PL-32: a custom start rule may seat one player; their game's returns are 0."""
    solo = PL.replace(StartRule, StartRule(min_players=1))
    game = Game.new(solo, 1, seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.outcome == Outcome((0,))
    assert game.outcome.returns() == (0.0,) and place_reward(0, 1) == 0.0
    assert Game.new(solo, 1, seed=1).standings().returns() == (0.0,)


def test_ru_16_an_empty_score_table_stays_a_score_table_not_none() -> None:
    """Scores given as an empty sequence are kept as scores (``()``), not read as a variant
    that scores nothing."""
    outcome = Outcome(order=(), scores=[])
    assert outcome.scores == ()
    assert outcome.returns("points") == ()


@pytest.mark.parametrize(
    "order", [(0, 2), (0, 0), (1,), (1, 2, 3), (0, True), (0, 1.0), (0, -1), (0, 1, 10**30)]
)
def test_pl_32_an_outcome_refuses_an_order_that_is_not_every_seat_once(order: object) -> None:
    """PL-32: the finishing order ranks every seat 0…n-1 once; anything else is refused
    when the outcome is made (a `SetupError` naming the order), not later by a bare
    `IndexError` of ``places()`` or ``returns()``."""
    with pytest.raises(SetupError, match=r"^order must list every seat 0…\d once, not \("):
        Outcome(order)  # type: ignore[arg-type]


@pytest.mark.parametrize("order", [5, "01", b"\x00\x01", None, 1.5])
def test_pl_32_an_outcome_refuses_an_order_that_lists_no_seats(order: object) -> None:
    """PL-32: an order that is not a list of seats (a number, a text) is a `SetupError`."""
    with pytest.raises(SetupError, match=r"^order must list integers, not "):
        Outcome(order)  # type: ignore[arg-type]


@pytest.mark.parametrize("scores", [(5,), (0, 1, 2), (0, True), (0, 1.5), "01", 7])
def test_ru_16_an_outcome_refuses_scores_that_are_not_one_integer_per_seat(
    scores: object,
) -> None:
    """RU-16: ``scores`` are each seat's points: one integer per seat of the order."""
    with pytest.raises(SetupError, match=r"^scores must"):
        Outcome((1, 0), scores=scores)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["blocked", "over"])
@pytest.mark.parametrize("value", [1, 0, None, "yes"])
def test_pl_36_an_outcome_refuses_blocked_or_over_that_is_not_a_bool(
    field: str, value: object
) -> None:
    """PL-36: ``blocked`` and ``over`` are flags: anything but ``True``/``False`` is a
    `SetupError` that names the field."""
    with pytest.raises(SetupError, match=rf"^{field} must be True or False, not "):
        Outcome((1, 0), **{field: value})  # type: ignore[arg-type]


def test_pl_32_a_checked_outcome_keeps_every_valid_field() -> None:
    """PL-32, PL-36, RU-16: the checks let every valid outcome through, unchanged."""
    made = Outcome([2, 0, 1], blocked=True, scores=(0, -5, 10**30), over=False)
    assert made.order == (2, 0, 1) and made.blocked is True and made.over is False
    assert made.scores == (0, -5, 10**30)
    assert made.places() == (2, 3, 1)


@pytest.mark.parametrize("seat", [1.0, 0.0])
def test_pl_32_place_refuses_a_float_for_a_seat(seat: float) -> None:
    """PL-32: a seat is an integer; ``1.0`` is no seat (as for `Game`), a `SeatError`."""
    with pytest.raises(SeatError, match=rf"^no seat {seat!r} in this outcome"):
        Outcome((1, 0)).place(seat)  # type: ignore[arg-type]


def test_pl_32_the_winner_of_an_outcome_that_ranks_no_seat_is_a_seat_error() -> None:
    """PL-32: an empty outcome has no winner: a `SeatError` (also an `IndexError`)."""
    with pytest.raises(SeatError, match="ranks no seat"):
        Outcome(()).winner  # noqa: B018


@pytest.mark.parametrize(
    ("place", "players", "message"),
    [
        (10**400, 2, "place must be 0…players-1"),
        (2, 2, "place must be 0…players-1"),
        (-1, 2, "place must be 0…players-1"),
        (1.5, 2, "place must be 0…players-1"),
        ("0", 2, "place must be 0…players-1"),
        (None, 2, "place must be 0…players-1"),
        (True, 2, "place must be 0…players-1"),
        (0, "2", "players must be a whole number"),
        (0, 0, "players must be a whole number"),
        (0, 2.0, "players must be a whole number"),
    ],
)
def test_place_reward_refuses_a_place_off_the_table(place: Any, players: Any, message: str) -> None:
    """A place is 0…players-1 of a table of one or more: others were a TypeError, an
    OverflowError (10**400) or a reward outside -1…+1."""
    assert place_reward(0, 10**5000) == 1.0 and place_reward(0, 1) == 0.0
    with pytest.raises(SetupError, match=message):
        place_reward(place, players)


def test_ru_16_points_returns_of_no_points_are_zero_not_negative_zero() -> None:
    """RU-16: the player who went out scores 0, and its "points" return is 0.0, not -0.0
    (which prints as ``-0.0`` in tables, JSON and logs)."""
    returns = Outcome([1, 0], scores=[30, 0]).returns("points")
    assert returns == (-30.0, 0.0)
    assert math.copysign(1.0, returns[1]) == 1.0
