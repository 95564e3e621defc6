"""The statistics of experiments checked against independent references.

Reference numbers come from SciPy 1.17 (``binomtest(...).proportion_ci(method="wilson")``,
``norm.interval``, ``chi2_contingency(correction=False)``), computed outside the project.
"""

from __future__ import annotations

import csv
import json
import math
import re
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

import makao
from makao import Game, _core, variants
from makao.bots import HeuristicBot, RandomBot
from makao.errors import SetupError
from makao.events import Event, Penalised
from makao.moves import Move
from makao.seeding import derive_seed
from makao.sim import Comparison, SimResult, play_game, simulate
from makao.sim.play import GameRecord
from makao.sim.results import LEGEND, legend
from makao.sim.spec import describe, parse_bot, parse_spec, parse_variant
from makao.sim.stats import Z95, Difference, difference, mean, rate
from makao.view import View

POLISH = variants.polish()


# ---------------------------------------------------------------- rates: Wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (50, 100, 0.4038315303659956, 0.5961684696340044),
        (0, 10, 0.0, 0.27753279986288926),
        (10, 10, 0.7224672001371109, 1.0),
        (1, 1, 0.20654931437723745, 1.0),
        (0, 1, 0.0, 0.7934506856227626),
        (3, 7, 0.1582198552514697, 0.7495416354723428),
        (512, 1000, 0.48103255440609083, 0.5428756033902556),
        (1, 10**9, 1.765245549569633e-10, 5.664934243297439e-09),
        (5 * 10**8, 10**9, 0.4999690102484443, 0.5000309897515557),
    ],
)
def test_rate_is_the_wilson_interval(successes: int, n: int, low: float, high: float) -> None:
    estimate = rate(successes, n)
    assert estimate.value == successes / n and estimate.n == n
    assert estimate.low == pytest.approx(low, rel=1e-9, abs=1e-15)
    assert estimate.high == pytest.approx(high, rel=1e-9, abs=1e-15)
    assert pytest.approx(1.959963984540054, rel=1e-15) == Z95


def test_rate_ends_are_exact_at_none_and_all() -> None:
    for n in (1, 3, 10, 49, 1000):
        assert rate(0, n).low == 0.0
        assert rate(n, n).high == 1.0  # was 0.9999999999999999 for n = 10


def test_rate_of_no_games_says_nothing() -> None:
    estimate = rate(0, 0)
    assert (estimate.value, estimate.low, estimate.high, estimate.n) == (0.0, 0.0, 1.0, 0)


# ---------------------------------------------------------------- means


def test_mean_is_the_normal_interval() -> None:
    estimate = mean([3.0, 9.0, 27.0, 1.0, 0.5])
    assert estimate.value == pytest.approx(8.1)
    assert estimate.sd == pytest.approx(11.092790451459903)
    assert estimate.low == pytest.approx(-1.6230808685972793)
    assert estimate.high == pytest.approx(17.82308086859728)


def test_a_mean_bounded_both_ways_is_the_normal_interval_of_its_logit() -> None:
    """A share of the game in [0, 1]: the 95 % normal interval of ``logit(mean)``, its
    standard error by the delta method, ``se / (p (1 - p))``, back on the share's scale."""
    values = [0.2, 0.5, 0.9, 0.4, 0.7]
    p, se = statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))
    half = 1.959963984540054 * se / (p * (1 - p))
    logit = math.log(p / (1 - p))
    estimate = mean(values, low=0.0, high=1.0)
    assert estimate.low == pytest.approx(1 / (1 + math.exp(-(logit - half))))
    assert estimate.high == pytest.approx(1 / (1 + math.exp(-(logit + half))))
    assert 0.0 < estimate.low < p < estimate.high < 1.0


def test_mean_of_constant_values_has_no_spread() -> None:
    estimate = mean([5.0, 5.0, 5.0])
    assert (estimate.value, estimate.low, estimate.high, estimate.sd) == (5.0, 5.0, 5.0, 0.0)


def test_mean_of_one_value_has_no_interval() -> None:
    estimate = mean([7.0])
    assert estimate.value == 7.0 and estimate.n == 1
    assert (estimate.low, estimate.high) == (-math.inf, math.inf)
    assert math.isnan(estimate.sd)


def test_mean_of_no_values_is_unknown() -> None:
    estimate = mean([])
    assert math.isnan(estimate.value) and estimate.n == 0
    assert (estimate.low, estimate.high) == (-math.inf, math.inf)


# ---------------------------------------------------------------- differences


def test_rate_difference_is_the_pooled_two_proportion_z_test() -> None:
    diff = difference(rate(50, 100), rate(70, 100))
    assert diff.value == pytest.approx(0.2)
    assert diff.low < 0.2 < diff.high  # the interval: see the Newcombe tests below
    assert diff.p_value == pytest.approx(0.003892417122778637, rel=1e-9)  # chi² test
    small = difference(rate(0, 10), rate(3, 10))
    assert small.p_value == pytest.approx(0.060289173990602164, rel=1e-9)
    same = difference(rate(120, 400), rate(90, 300))
    assert same.p_value == pytest.approx(1.0) and not same.significant


def test_mean_difference_is_welchs_z() -> None:
    diff = difference(mean([1.0, 2.0, 3.0, 4.0, 10.0]), mean([2.0, 5.0, 7.0, 7.0, 9.0, 12.0]))
    assert diff.value == pytest.approx(3.0)
    assert diff.low == pytest.approx(-1.1267986912873056)
    assert diff.high == pytest.approx(7.126798691287306)
    assert diff.p_value == pytest.approx(0.15421297794615474, rel=1e-9)


def test_differences_of_equal_or_constant_samples() -> None:
    assert difference(rate(0, 10), rate(0, 10)).p_value == 1.0
    assert difference(mean([2.0, 2.0]), mean([2.0, 2.0])).p_value == 1.0
    assert difference(mean([2.0, 2.0]), mean([3.0, 3.0])).p_value == 0.0


def test_a_difference_of_single_games_is_not_significant() -> None:
    diff = difference(mean([3.0]), mean([4.0]))
    assert diff.value == 1.0 and diff.p_value == 1.0 and not diff.significant
    assert (diff.low, diff.high) == (-math.inf, math.inf)
    assert not difference(mean([3.0]), mean([4.0, 5.0, 6.0])).significant


def test_rate_difference_interval_is_not_degenerate_at_zero_and_all() -> None:
    """Newcombe's hybrid score interval (reference: 0/10 vs 10/10 gives [0.6075, 1])."""
    diff = difference(rate(0, 10), rate(10, 10))
    assert diff.low == pytest.approx(0.60751, abs=1e-5) and diff.high == pytest.approx(1.0)


def test_rate_difference_interval_matches_newcombe() -> None:
    """Newcombe (1998), method 10, worked example: 56/70 against 48/80 gives
    [0.0524, 0.3339]; for 0/10 against 3/10 the interval includes 0, agreeing with the
    pooled test (p = 0.06)."""
    diff = difference(rate(48, 80), rate(56, 70))
    assert diff.low == pytest.approx(0.0524, abs=1e-4)
    assert diff.high == pytest.approx(0.3339, abs=1e-4)
    assert difference(rate(0, 10), rate(3, 10)).low < 0


# ---------------------------------------------------------------- turns and the tracker


def _traced_games(
    monkeypatch: pytest.MonkeyPatch, players: int, games: int
) -> list[tuple[list[tuple[int, ...]], GameRecord]]:
    """Play games, with the hand sizes after every turn found from the engine itself: a
    turn ended when a move ended the game or called the engine's ``_end_turn`` (through
    which the engine, and the ``end_turn`` service rules call, end every turn)."""
    ended = [0]
    trace: list[tuple[int, ...]] = []
    end_turn, play = _core._end_turn, _core.Core.play

    def counting_end_turn(game: _core.Core, seat: int, *rest: object) -> None:
        ended[0] += 1
        end_turn(game, seat, *rest)  # type: ignore[arg-type]

    def tracing_play(self: _core.Core, move: Move | str) -> tuple[Event, ...]:
        before = ended[0]
        events = play(self, move)
        if ended[0] > before or self.over:
            trace.append(tuple(len(hand) for hand in self.hands))
        return events

    monkeypatch.setattr(_core, "_end_turn", counting_end_turn)
    monkeypatch.setattr(_core.Core, "play", tracing_play)  # the loop calls `Core.play`
    out: list[tuple[list[tuple[int, ...]], GameRecord]] = []
    for index in range(games):
        trace.clear()
        bots = [HeuristicBot()] + [RandomBot() for _ in range(players - 1)]
        record = play_game(
            POLISH, bots, derive_seed(1, index), index=index, rotation=index % players
        )
        out.append((list(trace), record))
    return out


def _reference_lead_changes(trace: Sequence[tuple[int, ...]]) -> int:
    sole = [s.index(min(s)) for s in trace if s.count(min(s)) == 1]
    return sum(1 for before, after in pairwise(sole) if before != after)


def _reference_decided_at(trace: Sequence[tuple[int, ...]], winner: int) -> float:
    turns = len(trace)

    def leads(turn: int) -> bool:  # turn 0 is the deal: everybody level
        return turn == 0 or trace[turn - 1][winner] == min(trace[turn - 1])

    first = next(k for k in range(turns + 1) if all(leads(t) for t in range(k, turns + 1)))
    return first / turns


@pytest.mark.skipif(
    makao.compiled,
    reason="the reference counts turn ends by patching makao._core._end_turn, which the "
    "compiled engine calls directly (the tracker is the same source on both builds)",
)
@pytest.mark.parametrize("players", [2, 3])
def test_turns_lead_changes_and_decisiveness_follow_every_turn(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    for trace, record in _traced_games(monkeypatch, players, 4):
        assert not record.truncated and record.places is not None
        # the last turn and the turns of a player who moves again count too
        assert record.turns == len(trace)
        assert record.lead_changes == _reference_lead_changes(trace)
        winner = record.seats[record.places.index(1)]
        assert record.decided_at == pytest.approx(_reference_decided_at(trace, winner))


# ---------------------------------------------------------------- semantics of results


def test_wins_seats_and_first_player_add_up() -> None:
    result = simulate(POLISH, [RandomBot(), HeuristicBot(), RandomBot()], games=6, seed=3)
    metrics = result.metrics()
    n = result.games
    done = result.finished()
    by_bot = sum(result.wins(j) for j in range(3))
    by_seat = sum(round(metrics[f"win rate seat {s}"].value * n) for s in range(3))
    assert by_bot == by_seat == len(done)
    for record in result.records:
        assert record.seats == tuple((j + record.game) % 3 for j in range(3))
    first = sum(1 for r in done if r.places is not None and r.places[r.first] == 1)
    assert round(metrics["first player wins"].value * n) == first
    assert metrics["first player wins"].n == n
    for j in range(3):
        assert sum(result.places(j).values()) == len(done)
    assert metrics["rounds per game"].value == pytest.approx(metrics["turns per game"].value / 3)


def test_seat_win_rates_count_the_seat_the_winner_sat_at() -> None:
    """``win rate seat s``: the share of all games won from seat ``s``, whoever sat there.
    Bot ``j`` sits at seat ``(j + game) % players``; the heuristic bot wins most games
    from both seats, so by seat the rates are far from its own."""
    result = simulate(POLISH, [HeuristicBot(), RandomBot()], games=20, seed=3)
    metrics = result.metrics()
    won = [0, 0]
    for record in result.records:
        assert record.places is not None
        won[(record.places.index(1) + record.game) % 2] += 1
    for seat in range(2):
        assert metrics[f"win rate seat {seat}"].value == won[seat] / 20
        assert metrics[f"win rate seat {seat}"].value < metrics["win rate heuristic"].value


def test_first_player_and_seat_win_rates_count_truncated_games_too() -> None:
    """Win rates are shares of all games: a truncated game is won by nobody, from no seat,
    and by no first player, but it counts."""
    result = simulate(POLISH, [HeuristicBot(), RandomBot()], games=12, seed=1, max_actions=60)
    metrics = result.metrics()
    done = result.finished()
    assert 0 < result.truncated() < 12
    first = sum(1 for r in done if r.places is not None and r.places[r.first] == 1)
    assert metrics["first player wins"].n == 12
    assert metrics["first player wins"].value == first / 12
    for seat in range(2):
        assert metrics[f"win rate seat {seat}"].n == 12
    by_seat = sum(metrics[f"win rate seat {s}"].value for s in range(2))
    assert by_seat == pytest.approx(len(done) / 12)


def test_a_comparison_gives_b_minus_a() -> None:
    """Each row's difference is B - A: all of A's games truncated and none of B's is a
    difference of -100 points, with an interval below 0."""
    capped = simulate(POLISH, [RandomBot(), RandomBot()], games=6, seed=1, max_actions=3)
    whole = simulate(POLISH, [RandomBot(), RandomBot()], games=6, seed=1)
    rows = {name: (x, y, diff) for name, x, y, diff in Comparison(capped, whole).rows()}
    x, y, diff = rows["truncated"]
    assert (x.value, y.value, diff.value) == (1.0, 0.0, -1.0) and diff.high < 0
    x, y, diff = rows["moves per game"]
    assert diff.value == pytest.approx(y.value - x.value) and diff.value > 0


def test_all_games_truncated_are_won_by_nobody_and_leave_places_unknown() -> None:
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=4, seed=1, max_actions=3)
    metrics = result.metrics()
    assert metrics["truncated"].value == 1.0 and metrics["truncated"].low < 1.0
    for label in result.bots:
        assert metrics[f"win rate {label}"].value == 0.0
        assert metrics[f"win rate {label}"].n == 4
        place = metrics[f"mean place {label}"]
        assert place.n == 0 and math.isnan(place.value)  # was "0 [0, 0]"
        assert (place.low, place.high) == (1, 2)  # no data: anything from first to last
    assert metrics["decided at"].n == 0
    assert metrics["first player wins"].value == 0.0
    assert "nan" in result.table()
    comparison = Comparison(result, result)
    assert comparison.significant() == []


def test_to_json_writes_standard_json_with_null_for_unknown_values(tmp_path: Path) -> None:
    """An all-truncated run has NaN means and unbounded intervals: `to_json` writes them as
    null, so strict JSON parsers read the file."""
    result = simulate(variants.polish(), ["random", "random"], games=2, seed=1, max_actions=3)
    path = tmp_path / "r.json"
    result.to_json(path)
    text = path.read_text(encoding="utf-8")
    assert "NaN" not in text and "Infinity" not in text
    data = json.loads(text, parse_constant=lambda name: pytest.fail(f"non-standard {name}"))
    assert any(v is None for m in data["metrics"].values() for v in m.values())


class _Recorder(RandomBot):
    """A random bot that notes every move it makes, in order, in a shared list."""

    def __init__(self, played: list[Move]) -> None:
        super().__init__()
        self.played = played

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        move = super().choose(view, moves)
        self.played.append(move)
        return move

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        move = super().respond(view, moves)
        if move is not None:
            self.played.append(move)
        return move


@pytest.mark.parametrize("players", [2, 3])
def test_a_records_event_counts_are_the_engines_events(players: int) -> None:
    """`GameRecord.events`: every event the engine gave, by kind -- the commonest kinds,
    which the loop counts apart, as well as the rest -- against the same moves replayed."""
    for index in range(3):
        played: list[Move] = []
        record = play_game(POLISH, [_Recorder(played) for _ in range(players)], 7 + index)
        game = Game.new(POLISH, players, seed=7 + index)
        counted: Counter[str] = Counter()
        for move in played:
            counted.update(type(event).__name__ for event in game.play(move))
        assert game.is_over and dict(record.events) == dict(counted)
        assert {"CardsPlayed", "CardsDrawn", "GameOver"} <= set(counted)


@pytest.mark.parametrize("players", [2, 3])
def test_pl_30_a_records_penalties_are_the_cards_each_bot_was_charged(players: int) -> None:
    """`GameRecord.penalties`: per bot, the penalty cards the engine charged it (the
    ``amount`` of each `Penalised` event: 5 cards for a "stop makao", PL-30), against the
    same moves replayed, with the seats rotated."""
    charged = 0
    for index in range(6):
        played: list[Move] = []
        bots = [_Recorder(played) for _ in range(players)]
        record = play_game(POLISH, bots, 7 + index, rotation=index % players)
        game = Game.new(POLISH, players, seed=7 + index)
        by_seat = [0] * players
        for move in played:
            for event in game.play(move):
                if isinstance(event, Penalised):
                    by_seat[event.seat] += event.amount
        assert game.is_over
        assert record.penalties == tuple(by_seat[seat] for seat in record.seats)
        charged += sum(by_seat)
    assert charged >= 5


# ---------------------------------------------------------------- results of given records


def _given(
    game: int,
    places: tuple[int, int] | None,
    *,
    blocked: bool = False,
    penalties: tuple[int, int] = (0, 0),
    events: tuple[tuple[str, int], ...] = (),
    scores: tuple[float, float] | None = None,
) -> GameRecord:
    """A two-player game's record, as the loop would give it (``places=None``: truncated)."""
    return GameRecord(
        game=game,
        seed=game,
        seats=(game % 2, (game + 1) % 2),
        first=game % 2,
        places=places,
        actions=10,
        turns=6,
        truncated=places is None,
        blocked=blocked,
        penalties=penalties,
        events=events,
        lead_changes=1,
        decided_at=None if places is None else 0.5,
        scores=scores,
    )


def _result(*records: GameRecord) -> SimResult:
    return SimResult("polish", ("a", "b"), 0, records, max_actions=10)


def test_pl_36_blocked_counts_the_blocked_games_and_their_first_player_wins() -> None:
    """``blocked`` is the share of blocked games (PL-36); a blocked game's ranking has a winner."""
    result = _result(_given(0, (1, 2), blocked=True), _given(1, (2, 1)), _given(2, (1, 2)))
    metrics = result.metrics()
    assert metrics["blocked"].value == pytest.approx(1 / 3)
    assert metrics["truncated"].value == 0.0
    assert result.wins(0) == 2


def test_penalty_cards_count_truncated_games_too() -> None:
    """Penalty cards are per game over all games, a truncated one included."""
    result = _result(_given(0, None, penalties=(5, 0)), _given(1, (1, 2), penalties=(1, 0)))
    assert result.metrics()["penalty cards a"].value == 3.0


def test_ru_16_each_bots_score_is_its_own() -> None:
    """``score <bot>``: the mean of that bot's scores over the games that ended (RU-16)."""
    result = _result(
        _given(0, (1, 2), scores=(0.0, 7.0)),
        _given(1, (2, 1), scores=(4.0, 0.0)),
        _given(2, None),
    )
    metrics = result.metrics()
    assert metrics["score a"].value == 2.0 and metrics["score b"].value == 3.5
    assert metrics["score a"].n == 2


def test_event_counts_are_per_game_over_every_game() -> None:
    """``events <Type>``: a game without that event counts as 0, not left out."""
    result = _result(_given(0, (1, 2), events=(("DemandSet", 3),)), _given(1, (2, 1)))
    estimate = result.metrics()["events DemandSet"]
    assert (estimate.value, estimate.n) == (1.5, 2)
    assert result.to_dict()["metrics"]["events DemandSet"]["value"] == 1.5
    assert result.events_per_game("DemandSet") == estimate
    never = result.events_per_game("WaitRaised")  # no game had one: 0 over both games
    assert (never.value, never.n) == (0.0, 2)


def test_a_comparison_counts_an_event_seen_in_one_experiment_only_as_0_in_the_other() -> None:
    """A kind of event that happened in A only (a rule B lacks) is a row, B at 0 per game:
    the difference is the effect, not a row left out."""
    a = _result(_given(0, (1, 2), events=(("DemandSet", 3),)), _given(1, (2, 1)))
    b = _result(_given(0, (1, 2), events=(("WaitRaised", 2),)), _given(1, (2, 1)))
    rows = {name: (x, y, diff) for name, x, y, diff in Comparison(a, b).rows()}
    x, y, diff = rows["events DemandSet"]
    assert (x.value, y.value, y.n, diff.value) == (1.5, 0.0, 2, -1.5)
    x, y, diff = rows["events WaitRaised"]
    assert (x.value, x.n, y.value, diff.value) == (0.0, 2, 1.0, 1.0)
    names = [name for name, *_ in Comparison(a, b).rows()]
    assert names[-2:] == ["events DemandSet", "events WaitRaised"]
    assert set(Comparison(a, b).to_dict()["differences"]) >= {
        "events DemandSet",
        "events WaitRaised",
    }


def test_a_comparison_of_unequal_runs_says_how_many_games_each_side_played() -> None:
    """The title says "N games each" only when both sides played N games."""
    a = _result(_given(0, (1, 2)), _given(1, (2, 1)))
    b = _result(_given(0, (1, 2)), _given(1, (2, 1)), _given(2, (1, 2)))
    assert "A 2 games, B 3 games" in Comparison(a, b).table().splitlines()[0]
    assert "2 games each" in Comparison(a, a).table().splitlines()[0]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("variant", 3, "SimResult.variant must be text"),
        ("bots", "ab", "SimResult.bots must be a tuple of different labels"),
        ("bots", ("a", "a"), "SimResult.bots must be a tuple of different labels"),
        ("bots", ("a", "b", "c"), r"records\[0\] \(game 0\) must give .* for 3 bots \(a, b, c\)"),
        ("seed", "1", "seed must be a whole number"),
        ("records", [], "SimResult.records must be a tuple of GameRecords"),
        ("records", ("junk",), r"SimResult.records\[0\] must be a GameRecord, not 'junk'"),
        ("records", (_given(0, (1, 2)), _given(1, (1,))), r"records\[1\] \(game 1\)"),  # type: ignore[arg-type]
        ("records", (_given(0, (1, 2), scores=(1.0,)),), "for 2 bots"),  # type: ignore[arg-type]
        ("max_actions", 0, "SimResult.max_actions must be None or a whole number ≥ 1"),
        ("max_actions", True, "SimResult.max_actions must be None"),
    ],
)
def test_a_sim_result_of_bad_parts_is_a_setup_error(
    field: str, value: object, message: str
) -> None:
    """A `SimResult` built from parts that do not fit (records of another table, a record
    that is none) is a `SetupError` saying which part, when built. Was: accepted, and then
    an ``IndexError`` or ``AttributeError`` from `metrics`, `table` or `to_csv`."""
    parts: dict[str, Any] = {
        "variant": "polish",
        "bots": ("a", "b"),
        "seed": 0,
        "records": (_given(0, (1, 2)),),
        "max_actions": 10,
    }
    with pytest.raises(SetupError, match=message):
        SimResult(**(parts | {field: value}))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("bots", (), "SimResult.bots must be a tuple of different labels, not \\(\\)"),
        ("bots", ("a", 2), "SimResult.bots must be a tuple of different labels"),
        ("records", (_given(0, (1, 2))._replace(seats=(0,)),), r"records\[0\] .* for 2 bots"),
        (
            "records",
            (_given(0, (1, 2))._replace(penalties=(0, 0, 0)),),
            r"records\[0\] .* for 2 bots",
        ),
    ],
    ids=["no bots", "a label no text", "seats of one bot", "penalties of three bots"],
)
def test_a_sim_result_without_bots_or_with_a_records_seats_or_penalties_unfit_is_refused(
    field: str, value: object, message: str
) -> None:
    """A `SimResult` has a text label per bot, at least one, and each record gives its
    seats and penalties per bot, as its places and scores: else a `SetupError` when built,
    not a misread CSV (``seat <bot>``, ``penalties <bot>`` shifted) or an ``IndexError``."""
    parts: dict[str, Any] = {
        "variant": "polish",
        "bots": ("a", "b"),
        "seed": 0,
        "records": (_given(0, (1, 2)),) if field == "records" else (),
        "max_actions": 10,
    }
    with pytest.raises(SetupError, match=message):
        SimResult(**(parts | {field: value}))


def test_a_comparison_of_different_tables_names_each_sides_bots() -> None:
    """A `Comparison` of two results played by other bots (a table of two against one of
    three) names the bots of each side in its title. Was: A's bots only, as if B had been
    played by them too."""
    two = simulate(POLISH, [HeuristicBot(), RandomBot()], games=2, seed=1)
    three = simulate(POLISH, [RandomBot(), HeuristicBot(), RandomBot()], games=2, seed=1)
    title = Comparison(two, three).table().splitlines()[0]
    assert "A bots heuristic, random, B bots random1, heuristic, random2;" in title
    assert "2 games each, bots heuristic, random;" in Comparison(two, two).table()


@pytest.mark.parametrize("side", [None, "polish", 3])
def test_a_comparison_of_what_is_no_result_is_a_setup_error(side: Any) -> None:
    """`Comparison` takes two `SimResult`s: anything else is refused when built, not an
    `AttributeError` at the first table."""
    result = _result(_given(0, (1, 2)))
    with pytest.raises(SetupError, match=r"Comparison\.a must be a SimResult"):
        Comparison(side, result)
    with pytest.raises(SetupError, match=r"Comparison\.b must be a SimResult"):
        Comparison(result, side)


def test_places_are_listed_in_order() -> None:
    """`places` and the JSON's ``"places"`` are ordered by place, whatever the games' order."""
    result = _result(_given(0, (2, 1)), _given(1, (1, 2)), _given(2, (2, 1)))
    assert list(result.places(0).items()) == [(1, 1), (2, 2)]
    data = result.to_dict()
    assert list(data["places"]["a"]) == [1, 2] and list(data["places"]["b"]) == [1, 2]


def test_to_csv_writes_one_full_row_per_game(tmp_path: Path) -> None:
    """One row per game as wide as the header; a truncated game's places are empty cells."""
    result = _result(_given(0, None, penalties=(2, 0)), _given(1, (2, 1), blocked=True))
    path = tmp_path / "r.csv"
    result.to_csv(path)
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [len(row) for row in rows] == [15, 15] and None not in rows[0]
    assert [row["truncated"] for row in rows] == ["True", "False"]
    assert [row["blocked"] for row in rows] == ["False", "True"]
    assert (rows[0]["place a"], rows[0]["place b"], rows[0]["penalties a"]) == ("", "", "2")
    assert (rows[1]["place a"], rows[1]["place b"], rows[1]["first"]) == ("2", "1", "1")


_OLD_CSV_COLUMNS = [
    *("game", "seed", "actions", "turns", "truncated", "blocked", "first"),
    *("place a", "place b", "penalties a", "penalties b"),
]


def test_ru_16_to_csv_appends_seats_lead_changes_decided_at_scores_and_events(
    tmp_path: Path,
) -> None:
    """The CSV has every per-game figure the metrics are drawn from, in columns after those
    of earlier versions (kept first, in their order): each bot's seat, the lead changes,
    "decided at", each bot's score (RU-16) and the count of each kind of event (0 where a
    game had none); a truncated game's "decided at" and scores are empty cells. Was: none of
    them, so that a Russian game's scores, the seat win rates, lead changes, decisiveness and
    events could not be worked out from the CSV."""
    result = _result(
        _given(0, (1, 2), scores=(0.0, 70.0), events=(("DemandSet", 2),)),
        _given(1, None, events=(("AttackRaised", 1), ("DemandSet", 1))),
    )
    path = tmp_path / "r.csv"
    result.to_csv(path)
    with path.open(newline="", encoding="utf-8") as handle:
        header, *rows = list(csv.reader(handle))
    assert header == [
        *_OLD_CSV_COLUMNS,
        *("seat a", "seat b", "lead changes", "decided at", "score a", "score b"),
        *("events AttackRaised", "events DemandSet"),
    ]
    assert rows[0][11:] == ["0", "1", "1", "0.5", "0.0", "70.0", "0", "2"]
    assert rows[1][11:] == ["1", "0", "1", "", "", "", "1", "1"]


def test_to_csv_has_no_score_columns_where_no_game_was_scored(tmp_path: Path) -> None:
    """A variant that scores nothing (Polish, PL-34) gets no ``score <bot>`` columns, and an
    experiment without events no ``events <Type>`` column."""
    path = tmp_path / "r.csv"
    _result(_given(0, (2, 1))).to_csv(path)
    header = path.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header == [*_OLD_CSV_COLUMNS, "seat a", "seat b", "lead changes", "decided at"]


def test_ru_16_every_metric_of_a_russian_experiment_follows_from_its_csv(tmp_path: Path) -> None:
    """The CSV can be analysed on its own: each metric's value, worked out from its rows
    alone, is the metric's (scores, RU-16; seats; lead changes; "decided at"; events)."""
    result = simulate("russian", ["heuristic", "random"], games=12, seed=1, max_actions=80)
    assert 0 < result.truncated() < result.games  # some games cut short, some scored
    path = tmp_path / "r.csv"
    result.to_csv(path)
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    metrics = result.metrics()

    def mean_of(column: str) -> float:
        return statistics.fmean(float(row[column]) for row in rows if row[column] != "")

    for label in result.bots:
        assert mean_of(f"score {label}") == pytest.approx(metrics[f"score {label}"].value)
    for seat in range(result.players):
        won = sum(
            1
            for row in rows
            for label in result.bots
            if row[f"place {label}"] == "1" and row[f"seat {label}"] == str(seat)
        )
        assert won / len(rows) == metrics[f"win rate seat {seat}"].value
    for name in ("lead changes", "decided at"):
        assert mean_of(name) == pytest.approx(metrics[name].value)
    kinds = [name for name in metrics if name.startswith("events ")]
    assert kinds and all(mean_of(kind) == pytest.approx(metrics[kind].value) for kind in kinds)


# ---------------------------------------------------------------- edges of the estimates


def test_a_large_mean_is_shown_whole_from_ten_to_the_digits() -> None:
    """`Estimate.format`: from ``10**digits`` on a number is written whole, not as ``1e+03``."""
    assert mean([1000.0, 1000.0]).format() == "1000 [1000, 1000]"
    assert mean([999.0, 999.0]).format() == "999 [999, 999]"


def test_a_rates_sd_is_that_of_a_proportion() -> None:
    """`Estimate.sd` of a rate is ``√(p(1-p))``."""
    assert rate(3, 10).sd == pytest.approx(math.sqrt(0.3 * 0.7))
    assert rate(0, 10).sd == 0.0


def test_a_mean_of_constant_bounded_values_has_exactly_no_spread() -> None:
    """Equal values: the interval is the mean itself, bounded or not (was 1 ulp off, high only)."""
    for low, high in ((0.0, 1.0), (0.0, None), (None, 1.0), (1.0, 1.0)):
        estimate = mean([0.3, 0.3, 0.3] if low != 1.0 else [1.0, 1.0], low=low, high=high)
        assert estimate.low == estimate.value == estimate.high


def test_a_mean_bounded_above_only_is_the_normal_interval_of_the_log_distance() -> None:
    """A mean with only ``high``: the normal interval of ``log(high - mean)``, mapped back."""
    values = [1.0, 2.0, 4.0, 5.0]
    m, se = statistics.fmean(values), statistics.stdev(values) / 2
    d = 10.0 - m
    estimate = mean(values, high=10.0)
    assert estimate.low == pytest.approx(10.0 - d * math.exp(Z95 * se / d))
    assert estimate.high == pytest.approx(10.0 - d * math.exp(-Z95 * se / d))
    assert estimate.low < m < estimate.high < 10.0


def test_a_mean_place_of_three_players_is_the_logit_interval_of_its_position() -> None:
    """A mean in ``[1, 3]``: the logit interval of its position, ``se`` scaled by the width."""
    values = [1.0, 2.0, 3.0, 1.0, 1.0]
    m, se = statistics.fmean(values), statistics.stdev(values) / math.sqrt(5)
    p = (m - 1) / 2
    centre, half = math.log(p / (1 - p)), Z95 * (se / 2) / (p * (1 - p))
    estimate = mean(values, low=1, high=3)
    assert estimate.low == pytest.approx(1 + 2 / (1 + math.exp(-(centre - half))))
    assert estimate.high == pytest.approx(1 + 2 / (1 + math.exp(-(centre + half))))


def test_a_p_value_of_exactly_five_percent_is_not_significant() -> None:
    """Significant means ``p < 0.05``."""
    assert not Difference(0.1, -0.01, 0.2, 0.05).significant
    assert Difference(0.1, 0.01, 0.2, 0.0499).significant


def test_a_rate_difference_of_single_games_has_an_interval() -> None:
    """A rate needs one game for a difference (a mean needs two for its sd)."""
    diff = difference(rate(0, 1), rate(1, 1))
    assert diff.value == 1.0 and math.isfinite(diff.low) and math.isfinite(diff.high)
    assert diff.p_value == pytest.approx(math.erfc(1.0))  # z = 1 / √(½·½·2) = √2


def test_rate_difference_p_value_pools_unequal_samples() -> None:
    """The pooled z-test weighs each rate by its games: the 2×2 table's chi-square test."""
    a, b, c, d = 30, 70, 25, 25  # 30/100 against 25/50
    chi2 = (a + b + c + d) * (a * d - b * c) ** 2 / ((a + b) * (c + d) * (a + c) * (b + d))
    diff = difference(rate(30, 100), rate(25, 50))
    assert diff.p_value == pytest.approx(math.erfc(math.sqrt(chi2 / 2)), rel=1e-9)


def test_a_difference_and_its_reverse_have_the_same_p_value() -> None:
    """The p-value is two-sided: B - A and A - B are as significant."""
    up, down = difference(rate(50, 100), rate(70, 100)), difference(rate(70, 100), rate(50, 100))
    assert down.value == -up.value and down.p_value == up.p_value < 0.05
    up, down = (
        difference(mean([1.0, 2.0, 3.0]), mean([5.0, 6.0, 7.0])),
        difference(mean([5.0, 6.0, 7.0]), mean([1.0, 2.0, 3.0])),
    )
    assert down.p_value == up.p_value < 0.05


def test_a_comparison_table_shows_rate_differences_in_points_and_others_as_numbers() -> None:
    """`Comparison.table`: rates differ in points, means as numbers; each side's truncations."""
    capped = simulate(POLISH, [RandomBot(), RandomBot()], games=4, seed=1, max_actions=3)
    whole = simulate(POLISH, [RandomBot(), RandomBot()], games=4, seed=1)
    comparison = Comparison(capped, whole)
    rows = {name: diff for name, _, _, diff in comparison.rows()}
    lines = {line.split("  ")[0]: line for line in comparison.table().splitlines()}
    assert lines["truncated"].endswith(rows["truncated"].format(percent=True))
    assert "-100.0 [" in lines["truncated"]
    assert lines["moves per game"].endswith(rows["moves per game"].format())
    title = comparison.table().splitlines()[0]
    assert "A 4 truncated at 3 actions, B 0 truncated at 10000 actions" in title


def test_a_comparison_legend_names_each_sides_cap_when_they_differ() -> None:
    """`Comparison.table`'s legend names the action cap of both sides when they differ
    (it named A's alone, so B's games read as capped at A's cap), and one cap when equal."""
    capped = simulate(POLISH, [RandomBot(), RandomBot()], games=2, seed=1, max_actions=3)
    whole = simulate(POLISH, [RandomBot(), RandomBot()], games=2, seed=1)
    notes = Comparison(capped, whole).table().split("\n\n")[-1]
    assert "(A cap 3, B cap 10000)" in notes
    same = Comparison(whole, whole).table().split("\n\n")[-1]
    assert "(cap 10" in same
    assert "A cap" not in same


def test_a_rate_and_a_mean_are_no_pair_to_compare() -> None:
    """``difference`` of a rate and a mean is a `SetupError` naming both kinds."""
    with pytest.raises(SetupError, match="cannot compare a rate with a mean"):
        difference(rate(1, 2), mean([1.0, 2.0]))


@pytest.mark.parametrize(
    ("successes", "n"),
    [(5, 3), (-1, 3), (1, -1), (0, -1), (True, 3), (1.5, 3), ("1", 3), (1, "3"), (1, math.nan)],
)
def test_a_rate_of_no_count_of_successes_in_n_games_is_a_setup_error(
    successes: object, n: object
) -> None:
    """A rate counts successes 0 to ``n`` out of ``n`` whole games: anything else is a
    `SetupError` (5 of 3 raised a bare ValueError, a math domain error; 1.5 of 3 was a rate)."""
    with pytest.raises(SetupError, match="a rate needs whole numbers"):
        rate(successes, n)  # type: ignore[arg-type]


def test_a_mean_of_values_whose_spread_overflows_has_an_unbounded_interval() -> None:
    """Finite values whose squared distances from the mean overflow a float give an
    infinite sd and the interval (-inf, inf) (the square raised a bare OverflowError)."""
    estimate = mean([1e200, -1e200])
    assert (estimate.value, estimate.sd) == (0.0, math.inf)
    assert (estimate.low, estimate.high) == (-math.inf, math.inf)


#: `mean` and `difference` as untyped callables, to be given what their types refuse.
untyped_mean: Any = mean
untyped_difference: Any = difference


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: untyped_mean(["a", "b"]), "a mean needs numbers, not 'a'"),
        (lambda: untyped_mean("12"), "a mean needs a sequence of numbers"),
        (lambda: untyped_mean(None), "a mean needs a sequence of numbers"),
        (lambda: untyped_mean([1, 2], low="0"), "a mean's low bound is a number or None"),
        (lambda: untyped_mean([1, 2], high=[1]), "a mean's high bound is a number or None"),
        (lambda: untyped_difference(1, rate(1, 2)), "a difference is of two estimates, not 1"),
        (lambda: untyped_difference(rate(1, 2), "x"), "a difference is of two estimates, not 'x'"),
    ],
)
def test_a_mean_or_difference_of_what_is_no_number_is_a_setup_error(
    call: Callable[[], object], message: str
) -> None:
    """`mean` takes numbers and `difference` two estimates: anything else is a `SetupError`
    naming it (a bare TypeError or AttributeError)."""
    with pytest.raises(SetupError, match=re.escape(message)):
        call()


def test_a_difference_of_spreads_too_large_to_square_is_unbounded() -> None:
    """Two means whose sds square past a float: the difference's interval is unbounded and
    its p-value 1 (the square raised a bare OverflowError)."""
    wide = mean([1e200, -1e200, 0.0])
    diff = difference(wide, wide)
    assert (diff.value, diff.low, diff.high, diff.p_value) == (0.0, -math.inf, math.inf, 1.0)
    assert difference(mean([1.0, 2.0, 3.0]), mean([2.0, 3.0, 4.0])).value == 1.0


@pytest.mark.parametrize(
    "text",
    [None, 5, b"polish", ["polish"], object()],
    ids=["none", "int", "bytes", "list", "object"],
)
def test_specs_must_be_text(text: Any) -> None:
    for parse in (parse_spec, parse_variant, parse_bot):
        with pytest.raises(SetupError, match="must be text"):
            parse(text)


@pytest.mark.parametrize("extra", [5, "decks=2", {"decks": 2}, {1: "2"}], ids=repr)
def test_parse_variant_refuses_extra_options_that_are_no_texts(extra: Any) -> None:
    with pytest.raises(SetupError, match="extra"):
        parse_variant("polish", extra)


@pytest.mark.parametrize("variant", [None, "polish", Game.new(variants.polish(), 2, seed=1)])
def test_describe_needs_a_variant(variant: Any) -> None:
    with pytest.raises(SetupError, match="Variant"):
        describe(variant)


@pytest.mark.parametrize(
    "call",
    [
        lambda: rate(1, 10**5000),  # n
        lambda: mean([1.0, 2.0], low=-(10**5000)),
        lambda: mean([1.0, 2.0], high=10**5000),
        lambda: mean([10**5000, 1]),
    ],
)
def test_numbers_too_large_for_a_float_are_refused(call: Callable[[], object]) -> None:
    with pytest.raises(SetupError, match="too large"):
        call()


@pytest.mark.parametrize(
    ("names", "max_actions"), [(5, None), ("wins", None), ([1], None), (["wins"], 1.5)], ids=repr
)
def test_legend_refuses_bad_arguments(names: Any, max_actions: Any) -> None:
    with pytest.raises(SetupError):
        legend(names, max_actions)


def test_legend_shows_a_cap_too_long_to_write() -> None:
    assert legend(list(LEGEND), 10**5000) == legend(list(LEGEND), 10**5000)
    assert "5,001 digits" in legend(list(LEGEND), 10**5000)


def test_pl_36_the_blocked_legend_holds_for_every_variant() -> None:
    """PL-36: the blocked-game end is the engine's, the same in every variant; the legend,
    printed under the tables of Russian, Mao and family games too, says so rather than
    citing the Polish rule as the one of the game played."""
    text = legend(["blocked"])
    assert "(PL-36)" not in text
    assert "the same in every variant: PL-36 in Polish makao" in text


def test_legend_names_a_cap_of_0_actions_as_a_cap() -> None:
    """A cap of 0 actions is a cap (every game stopped at once), not "no cap"."""
    assert "(cap 0)" in legend(["truncated"], 0)
    assert "(no cap)" in legend(["truncated"], None)
