"""Paired comparisons: game ``i`` of A against game ``i`` of B (the same seed and seats).

`paired_difference` is checked against a computation by the `statistics` module; the
per-game values every metric is drawn from against the former direct definitions of the
metrics (bit for bit); `Comparison.paired_rows` against hand-built results.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import makao
from makao.errors import SetupError
from makao.sim import Comparison, PerGame, SimResult, simulate
from makao.sim.play import GameRecord
from makao.sim.stats import (
    Z95,
    Difference,
    Estimate,
    mean,
    paired_difference,
    paired_rate_difference,
    rate,
)

# ------------------------------------------------------------ paired_difference


def _reference(a: list[float], b: list[float]) -> tuple[float, float, float, float]:
    """The paired normal interval and p-value, computed with the `statistics` module."""
    deltas = [y - x for x, y in zip(a, b, strict=True)]
    centre = statistics.fmean(deltas)
    se = statistics.stdev(deltas) / math.sqrt(len(deltas))
    p_value = 2 * (1 - statistics.NormalDist().cdf(abs(centre) / se))
    return centre, centre - Z95 * se, centre + Z95 * se, p_value


def test_paired_difference_is_the_normal_interval_of_the_per_pair_differences() -> None:
    a, b = [3.0, 5.0, 2.0, 8.0, 6.0, 4.0], [4.0, 7.0, 2.0, 9.0, 9.0, 4.5]
    found = paired_difference(a, b)
    # by hand: d = 1, 2, 0, 1, 3, 0.5; mean 1.25; sd = sqrt(5.875 / 5)
    assert found.value == pytest.approx(1.25)
    half = Z95 * math.sqrt(5.875 / 5) / math.sqrt(6)
    assert (found.low, found.high) == pytest.approx((1.25 - half, 1.25 + half))
    assert (found.value, found.low, found.high, found.p_value) == pytest.approx(_reference(a, b))
    assert found.significant


_VALUES = st.lists(st.integers(-50, 50), min_size=2, max_size=30)


@given(_VALUES, st.data())
def test_paired_difference_agrees_with_the_statistics_module(
    a: list[int], data: st.DataObject
) -> None:
    b = data.draw(st.lists(st.integers(-50, 50), min_size=len(a), max_size=len(a)))
    found = paired_difference(a, b)
    deltas = {y - x for x, y in zip(a, b, strict=True)}
    if len(deltas) == 1:  # every pair differs alike: no spread
        assert found.low == found.high == found.value == deltas.pop()
        return
    expected = _reference([float(x) for x in a], [float(y) for y in b])
    assert (found.value, found.low, found.high) == pytest.approx(expected[:3], abs=1e-9)
    assert found.p_value == pytest.approx(expected[3], abs=1e-9)


def test_paired_difference_of_one_difference_throughout_has_no_width() -> None:
    """Every pair differs by the same amount: the interval is that amount, p = 0 (or 1 for
    no difference at all)."""
    assert paired_difference([1, 2, 3], [2, 3, 4]) == Difference(1.0, 1.0, 1.0, 0.0)
    assert paired_difference([1, 5, 3], [1, 5, 3]) == Difference(0.0, 0.0, 0.0, 1.0)


def test_paired_difference_of_fewer_than_two_pairs_is_unknown() -> None:
    one = paired_difference([1.0], [3.0])
    assert (one.value, one.low, one.high, one.p_value) == (2.0, -math.inf, math.inf, 1.0)
    none = paired_difference([], [])
    assert math.isnan(none.value) and (none.low, none.high, none.p_value) == (
        -math.inf,
        math.inf,
        1.0,
    )


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ([1, 2], [1, 2, 3], "one b value per a value, not 2 a values and 3 b values"),
        ("12", [1, 2], "two sequences of numbers, not '12'"),
        ([1, 2], None, "two sequences of numbers, not None"),
        ([1, "2"], [1, 2], "needs numbers, not '2'"),
        ([1, 2], [1, 10**400], "too large for a float"),
    ],
)
def test_paired_difference_refuses_what_is_no_pair_of_number_sequences(
    a: Any, b: Any, message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        paired_difference(a, b)


# ------------------------------------------------------------------ per-game values


def _former_metrics(result: SimResult) -> Iterator[tuple[str, Estimate]]:
    """The metrics as `SimResult` defined them before they were drawn from per-game values."""
    records, n, done = result.records, len(result.records), result.finished()
    for j, label in enumerate(result.bots):
        yield f"win rate {label}", rate(result.wins(j), n)
    for j, label in enumerate(result.bots):
        places = [r.places[j] for r in done if r.places]
        yield f"mean place {label}", mean(places, low=1, high=result.players)
    for seat in range(result.players):
        won = sum(1 for r in done if r.places and r.seats[r.places.index(1)] == seat)
        yield f"win rate seat {seat}", rate(won, n)
    yield "first player wins", rate(sum(1 for r in done if r.places and r.places[r.first] == 1), n)
    yield "moves per game", mean([r.actions for r in records], low=0)
    yield "turns per game", mean([r.turns for r in records], low=0)
    yield "rounds per game", mean([r.turns / result.players for r in records], low=0)
    yield "blocked", rate(sum(r.blocked for r in records), n)
    yield "truncated", rate(sum(r.truncated for r in records), n)
    yield "lead changes", mean([r.lead_changes for r in records], low=0)
    decided = [r.decided_at for r in done if r.decided_at is not None]
    yield "decided at", mean(decided, low=0, high=1)
    for j, label in enumerate(result.bots):
        yield f"penalty cards {label}", mean([r.penalties[j] for r in records], low=0)
    scored = [r for r in done if r.scores is not None]
    for j, label in enumerate(result.bots if scored else ()):
        yield f"score {label}", mean([r.scores[j] for r in scored if r.scores])
    for kind in sorted({name for r in records for name, _ in r.events}):
        yield f"events {kind}", mean([dict(r.events).get(kind, 0) for r in records], low=0)


@pytest.mark.parametrize(
    ("variant", "bots", "games", "cap"),
    [
        ("polish", ["heuristic", "random"], 30, 80),  # some games truncated
        ("russian", ["random", "random"], 12, None),  # scores
        ("mao", ["random"] * 3, 10, 150),
        ("polish", ["random", "random"], 0, None),  # no games
    ],
)
def test_metrics_from_per_game_values_are_bit_identical_to_the_former_definitions(
    variant: str, bots: list[str], games: int, cap: int | None
) -> None:
    result = simulate(variant, bots, games=games, seed=3, max_actions=cap)
    assert repr(result.metrics()) == repr(dict(_former_metrics(result)))  # repr: NaN == NaN
    for name, metric in result.per_game().items():
        assert repr(metric.estimate()) == repr(result.metrics()[name])
        assert len(metric.values) == games


def test_per_game_values_leave_a_truncated_game_without_a_place() -> None:
    a = _result(_record(0, (1, 2), 10), _record(1, None, 40), _record(2, (2, 1), 30))
    per_game = a.per_game()
    assert per_game["mean place a"] == PerGame("mean place a", "mean", (1, None, 2), 1, 2)
    assert per_game["win rate b"].values == (0, 0, 1)
    assert per_game["truncated"] == PerGame("truncated", "rate", (0, 1, 0))
    assert per_game["decided at"].values == (0.5, None, 0.5)
    assert "events DemandSet" not in a.per_game(events=False)


# ---------------------------------------------------------------- paired comparisons


def _record(
    game: int,
    places: tuple[int, int] | None,
    actions: int,
    *,
    seed: int | None = None,
    seats: tuple[int, int] | None = None,
    events: tuple[tuple[str, int], ...] = (("DemandSet", 1),),
) -> GameRecord:
    """A two-player game's record (``places=None``: truncated)."""
    return GameRecord(
        game=game,
        seed=game if seed is None else seed,
        seats=(game % 2, (game + 1) % 2) if seats is None else seats,
        first=game % 2,
        places=places,
        actions=actions,
        turns=actions,
        truncated=places is None,
        blocked=False,
        penalties=(0, 0),
        events=events,
        lead_changes=1,
        decided_at=None if places is None else 0.5,
        scores=None,
    )


def _result(*records: GameRecord, bots: tuple[str, str] = ("a", "b")) -> SimResult:
    return SimResult("polish", bots, 0, records, max_actions=1000)


def _lengths(*actions: int) -> SimResult:
    return _result(*(_record(i, (1, 2), n) for i, n in enumerate(actions)))


def test_a_small_change_in_every_game_is_significant_paired_but_not_independent() -> None:
    """Game lengths that vary a lot between games but grow by 1 or 2 moves in each game
    under B: lost in the spread as independent samples, plain when paired."""
    lengths = [12, 95, 40, 160, 33, 71, 18, 120, 55, 88, 25, 140]
    a = _lengths(*lengths)
    b = _lengths(*(n + 1 + i % 2 for i, n in enumerate(lengths)))
    comparison = Comparison(a, b)
    assert "moves per game" not in comparison.significant()
    assert "moves per game" in comparison.significant(paired=True)
    paired = {name: d for name, _, _, d in comparison.paired_rows()}["moves per game"]
    assert paired == paired_difference(a.lengths(), b.lengths())
    assert paired.value == pytest.approx(1.5) and paired.low > 0


def test_a_rarely_firing_rule_is_significant_paired_only() -> None:
    """Polish with and without PL-33 (a finishing function card acts) between three
    heuristic bots: the 4s played as a last card raise a few more waits, seen only paired."""
    comparison = makao.compare(
        "polish", "polish:last_card_effect_applies=true", ["heuristic"] * 3, games=100, seed=1
    )
    assert comparison.significant() == []
    assert comparison.significant(paired=True) == ["events WaitRaised"]


def test_paired_rows_pair_the_per_game_values_of_each_metric() -> None:
    """Same metrics and estimates as `rows`; each difference over the per-game values: rates
    as 0/1 indicators over every game, places over the games both sides ended."""
    a = _result(_record(0, (1, 2), 10), _record(1, None, 40), _record(2, (2, 1), 30))
    b = _result(_record(0, (2, 1), 14), _record(1, (1, 2), 44), _record(2, (2, 1), 35))
    comparison = Comparison(a, b)
    rows, paired = comparison.rows(), comparison.paired_rows()
    assert [row[:3] for row in paired] == [row[:3] for row in rows]
    found = {name: d for name, _, _, d in paired}
    assert found["win rate a"] == paired_rate_difference([1, 0, 0], [0, 1, 0])
    # games 0 and 2; places of two seats differ by at most 1: the interval stays inside
    assert found["mean place a"] == paired_difference([1, 2], [2, 2], low=1, high=2)
    assert found["mean place a"].low >= -1 and found["mean place a"].high == 1
    assert found["moves per game"] == paired_difference([10, 40, 30], [14, 44, 35])
    assert found["truncated"] == paired_rate_difference([0, 1, 0], [0, 0, 0])


def test_an_event_seen_on_one_side_only_pairs_with_0_on_the_other() -> None:
    a = _result(_record(0, (1, 2), 10, events=(("DemandSet", 3),)), _record(1, (2, 1), 10))
    b = _result(_record(0, (1, 2), 10, events=()), _record(1, (2, 1), 10, events=()))
    found = {name: d for name, _, _, d in Comparison(a, b).paired_rows()}
    assert found["events DemandSet"] == paired_difference([3, 1], [0, 0])


def test_the_same_games_on_both_sides_pair() -> None:
    result = simulate("polish", ["random", "random"], games=6, seed=2)
    comparison = Comparison(result, result)
    assert comparison.significant(paired=True) == []
    assert all(d.value == 0 and d.p_value == 1 for *_, d in comparison.paired_rows())


@pytest.mark.parametrize(
    ("variant_b", "same"),
    [
        ("polish:last_card_effect_applies=true", True),
        ("polish:decks=2", False),
    ],
)
def test_the_same_seed_deals_the_same_hands_only_from_the_same_deck(
    variant_b: str, same: bool
) -> None:
    """What docs/experiments.md says of common random numbers: game ``i`` of each side is
    dealt the same seed, which gives the same hands where both variants deal from the same
    deck, and other cards from another deck."""
    comparison = makao.compare("polish", variant_b, ["random", "random"], games=3, seed=4)
    for a, b in zip(comparison.a.records, comparison.b.records, strict=True):
        assert a.seed == b.seed and a.seats == b.seats
        hands = [
            makao.Game.new(makao.sim.parse_variant(spec), 2, seed=a.seed).hands
            for spec in ("polish", variant_b)
        ]
        assert (hands[0] == hands[1]) is same


_UNPAIRED = [
    (
        _result(_record(0, (1, 2), 10), _record(1, (1, 2), 10)),
        _result(_record(0, (1, 2), 10), _record(1, (1, 2), 10, seed=7)),
        "game 1 was dealt seed 1 in A and seed 7 in B",
    ),
    (
        _result(_record(0, (1, 2), 10), _record(1, (1, 2), 10)),
        _result(_record(0, (1, 2), 10)),
        "A played 2 games and B 1",
    ),
    (
        _result(_record(0, (1, 2), 10)),
        _result(_record(0, (1, 2), 10, seats=(1, 0))),
        r"game 0 seated the bots at \(0, 1\) in A and at \(1, 0\) in B",
    ),
    (
        _result(_record(0, (1, 2), 10)),
        _result(_record(0, (1, 2), 10), bots=("b", "a")),
        "A's bots are a, b and B's b, a",
    ),
]


@pytest.mark.parametrize(("a", "b", "reason"), _UNPAIRED)
def test_a_comparison_of_different_games_refuses_paired_differences(
    a: SimResult, b: SimResult, reason: str
) -> None:
    comparison = Comparison(a, b)
    comparison.rows()  # the independent analysis stands
    comparison.table()
    for paired in (
        comparison.paired_rows,
        lambda: comparison.significant(paired=True),
        lambda: comparison.table(paired=True),
        lambda: comparison.to_dict(paired=True),
    ):
        with pytest.raises(SetupError, match="paired differences need the same games") as error:
            paired()
        assert error.match(reason)


def test_runs_of_two_seeds_are_no_pair() -> None:
    one = simulate("polish", ["random", "random"], games=3, seed=1)
    two = simulate("polish", ["random", "random"], games=3, seed=2)
    with pytest.raises(SetupError, match="game 0 was dealt seed"):
        Comparison(one, two).paired_rows()


def test_the_paired_table_says_it_is_paired() -> None:
    a = _lengths(10, 30, 20)
    b = _lengths(11, 32, 21)
    comparison = Comparison(a, b)
    plain, paired = comparison.table(), comparison.table(paired=True)
    assert "paired" not in plain
    assert "B - A paired [95 % CI]" in paired
    assert "\n  paired: B - A from the differences of game i of A and game i of B" in paired
    assert paired.endswith("*: the difference is significant at the 5 % level")
    moves = next(line for line in paired.splitlines() if line.startswith("moves per game"))
    assert moves.endswith(paired_difference([10, 30, 20], [11, 32, 21]).format())


def test_paired_differences_round_trip_through_json(tmp_path: Path) -> None:
    """``to_dict(paired=True)`` adds ``"paired_differences"`` (the default dict is as it
    was); ``to_json(path, paired=True)`` writes them as standard JSON (null for ±∞)."""
    a = _result(_record(0, (1, 2), 10), _record(1, None, 40), _record(2, (2, 1), 30))
    b = _result(_record(0, (2, 1), 14), _record(1, (1, 2), 44), _record(2, (2, 1), 35))
    comparison = Comparison(a, b)
    assert set(comparison.to_dict()) == {"a", "b", "differences"}
    data = comparison.to_dict(paired=True)
    assert {key: data[key] for key in ("a", "b", "differences")} == comparison.to_dict()
    path = tmp_path / "paired.json"
    comparison.to_json(path, paired=True)
    written = json.loads(path.read_text(encoding="utf-8"))
    expected = {name: d for name, _, _, d in comparison.paired_rows()}
    assert list(written["paired_differences"]) == list(expected)
    for name, entry in written["paired_differences"].items():
        ends = {"low": -math.inf, "high": math.inf}
        read = {key: ends[key] if value is None else value for key, value in entry.items()}
        assert Difference(**read) == expected[name]
    assert written["differences"] == json.loads(json.dumps(written["differences"]))
    comparison.to_json(path)
    assert "paired_differences" not in json.loads(path.read_text(encoding="utf-8"))


def test_per_game_is_frozen() -> None:
    metric = PerGame("truncated", "rate", (0, 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        metric.values = ()  # type: ignore[misc]
    assert metric.estimate() == rate(1, 2)


def _outcomes(both: int, only_a: int, only_b: int, neither: int) -> tuple[list[int], list[int]]:
    """Paired 0/1 outcomes with the given counts of each kind of pair."""
    a = [1] * both + [1] * only_a + [0] * only_b + [0] * neither
    b = [1] * both + [0] * only_a + [1] * only_b + [0] * neither
    return a, b


def test_paired_rate_difference_is_newcombes_method_10_on_altmans_example() -> None:
    """Altman et al., Statistics with Confidence (2000), table 6.2 (Newcombe 1998, method
    10): 14 pairs both positive, 5 only the first, none only the second, 22 neither; the
    difference 5/41 = 12.2 points, 95 % interval 1.1 to 22.6 points. Here b is the first."""
    a, b = _outcomes(14, 0, 5, 22)
    found = paired_rate_difference(a, b)
    assert found.value == pytest.approx(5 / 41)
    assert (round(found.low, 3), round(found.high, 3)) == (0.011, 0.226)
    assert found.p_value == pytest.approx(2 * 0.5**5)  # McNemar's exact test: 5 of 5 one way


@pytest.mark.parametrize(
    "counts", [(30, 4, 9, 57), (0, 0, 3, 0), (10, 10, 10, 10), (50, 0, 0, 50), (0, 7, 0, 0)]
)
def test_paired_rate_difference_agrees_with_the_formula_written_out(
    counts: tuple[int, int, int, int],
) -> None:
    """The interval written out from Newcombe's formula (the two Wilson intervals, the
    correlation phi with its continuity correction) and McNemar's p, counted here apart."""
    both, only_a, only_b, neither = counts
    a, b = _outcomes(*counts)
    n = len(a)
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    w1, w2 = rate(both + only_a, n), rate(both + only_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    cross = both * neither - only_a * only_b
    corrected = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0)
    phi = corrected / math.sqrt(margins) if margins else 0.0
    below = math.sqrt(
        max(0, (p2 - w2.low) ** 2 - 2 * phi * (p2 - w2.low) * (w1.high - p1) + (w1.high - p1) ** 2)
    )
    above = math.sqrt(
        max(0, (w2.high - p2) ** 2 - 2 * phi * (w2.high - p2) * (p1 - w1.low) + (p1 - w1.low) ** 2)
    )
    found = paired_rate_difference(a, b)
    assert found.value == pytest.approx(p2 - p1)
    assert found.low == pytest.approx(max(-1, p2 - p1 - below))
    assert found.high == pytest.approx(min(1, p2 - p1 + above))
    discordant, fewer = only_a + only_b, min(only_a, only_b)
    tail = sum(math.comb(discordant, k) for k in range(fewer + 1)) / 2**discordant
    assert found.p_value == pytest.approx(min(1.0, 2 * tail))  # McNemar's exact test


def test_paired_rate_difference_keeps_a_width_where_no_outcome_changed() -> None:
    """Every game kept its outcome: the difference is 0, p = 1, and the interval still
    has a width (a mean of per-game differences would say [0, 0]); no pairs: [-1, 1]."""
    a, b = _outcomes(40, 0, 0, 60)
    found = paired_rate_difference(a, b)
    assert (found.value, found.p_value) == (0.0, 1.0)
    assert found.low < 0 < found.high
    assert paired_rate_difference([], []) == Difference(0.0, -1.0, 1.0, 1.0)


@pytest.mark.parametrize("bad", [[2], [0.5], [-1]])
def test_paired_rate_difference_refuses_what_is_no_outcome(bad: list[float]) -> None:
    with pytest.raises(SetupError, match="outcomes of 0 or 1"):
        paired_rate_difference(bad, [1])


def test_paired_difference_of_bounded_values_stays_within_their_reach() -> None:
    """Values bounded by ``low`` and ``high`` differ by at most ``high - low``: the paired
    interval stays inside ``±(high - low)`` (a share in [0, 1] "decided at" differs by at
    most 1), and with too few pairs it is that whole range, not (-∞, ∞)."""
    unbounded = paired_difference([0.0, 1.0, 0.0], [1.0, 0.0, 1.0])
    assert unbounded.high > 1  # the plain normal interval: 1/3 ± 1.31
    wide = paired_difference([0.0, 1.0, 0.0], [1.0, 0.0, 1.0], low=0, high=1)
    assert (wide.value, wide.low, wide.p_value) == (
        unbounded.value,
        unbounded.low,
        unbounded.p_value,
    )
    assert wide.high == 1
    assert paired_difference([0.5], [0.25], low=0, high=1) == Difference(-0.25, -1, 1, 1.0)


def test_mcnemars_exact_p_keeps_a_few_games_one_way_from_being_significant() -> None:
    """Four games changed their outcome, all one way, in 1,000: the exact test gives
    p = 2 · 0.5⁴ = 0.125, not significant, as the interval (which includes 0) says; the
    normal approximation gave 0.046 and starred it."""
    a = [0] * 1000
    b = [1] * 4 + [0] * 996
    found = paired_rate_difference(a, b)
    assert found.p_value == pytest.approx(0.125) and not found.significant
    assert found.low < 0 < found.high


@pytest.mark.parametrize(
    ("a", "b", "low", "high", "said"),
    [
        ([0, 0], [5, 6], 0, 1, "within their bounds 0 to 1"),
        ([0, 0], [0, 0], 2, 1, "low <= high"),
        ([0, 0], [0, 0], math.nan, 1, "low <= high, not nan and 1"),
        ([0, 0], [0, 0], "0", 1, "bound is a number or None"),
    ],
)
def test_paired_difference_refuses_bounds_its_values_break(
    a: list[float], b: list[float], low: object, high: object, said: str
) -> None:
    """Bounds are a promise about the values: values outside them, bounds the wrong way
    round, NaN or no number are a `SetupError` (an inverted or NaN interval before)."""
    with pytest.raises(SetupError, match=said):
        paired_difference(a, b, low=low, high=high)  # type: ignore[arg-type]
    assert paired_difference([0, 1], [1, 1], low=0, high=1).high == 1.0
