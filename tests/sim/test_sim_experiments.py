"""Experiments: simulate, compare, statistics, parallel runs (issue 6)."""

from __future__ import annotations

import enum
import io
import math
import multiprocessing
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import pytest

from _processes import POSIX, run_python
from makao import Game, IllegalMoveError, Move, Play, Rank, variants
from makao.bots import BaseBot, HeuristicBot, RandomBot
from makao.errors import SetupError, StateError
from makao.moves import Say, Stop, move_seat
from makao.seeding import derive_seed
from makao.sim import Comparison, compare, play_game, simulate
from makao.sim.play import _ask
from makao.sim.run import max_workers
from makao.sim.stats import difference, mean, rate
from makao.view import View

POLISH = variants.polish()


class ForgetfulBot(BaseBot):
    """Plays like HeuristicBot but never says a call."""

    name = "forgetful"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        silent = [m for m in moves if not (isinstance(m, Play) and m.calls)]
        return HeuristicBot().choose(view, silent or moves)


def test_same_seed_same_results_for_any_workers_and_executor() -> None:
    bots = [RandomBot(), HeuristicBot()]
    one = simulate(POLISH, bots, games=12, seed=7, workers=1, chunk_size=5)
    two = simulate(POLISH, bots, games=12, seed=7, workers=2)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(POLISH, bots, games=12, seed=7, executor=pool, chunk_size=2)
    assert one.records == two.records == threads.records
    assert simulate(POLISH, bots, games=12, seed=8).records != one.records


def test_workers_started_afresh_give_the_same_results() -> None:
    """Processes that import makao anew (``spawn``; Python 3.14 starts workers with
    ``forkserver`` by default on Linux, not ``fork``) get the experiment by pickle and
    play the same games."""
    bots = [RandomBot(), HeuristicBot()]
    here = simulate(POLISH, bots, games=6, seed=7)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        spawned = simulate(POLISH, bots, games=6, seed=7, executor=pool, chunk_size=3)
    assert spawned.records == here.records


def test_seats_are_swapped_game_by_game() -> None:
    result = simulate(POLISH, [RandomBot(), HeuristicBot()], games=4, seed=1)
    assert [r.seats for r in result.records] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [r.first for r in result.records] == [0, 1, 0, 1]


class _SeatNoter(HeuristicBot):
    """A heuristic bot that notes the seat of every view it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: set[int] = set()

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        self.seats.add(view.seat)
        return super().choose(view, moves)


def test_each_bot_sits_at_the_seat_its_record_names_for_every_rotation() -> None:
    """Bot ``j`` sits at seat ``(j + rotation) % players``, where `GameRecord.seats` puts
    it: with three players too, where rotating one way or the other differs."""
    for rotation in range(3):
        bots = [_SeatNoter() for _ in range(3)]
        record = play_game(POLISH, bots, seed=rotation, rotation=rotation)
        assert record.seats == tuple((j + rotation) % 3 for j in range(3))
        assert [bot.seats for bot in bots] == [{seat} for seat in record.seats]


class _Reseeded(RandomBot):
    """A random bot that notes every seed it is reset with."""

    def __init__(self) -> None:
        super().__init__()
        self.seeds: list[int] = []

    def reset(self, seed: int) -> None:
        self.seeds.append(seed)
        super().reset(seed)


def test_each_bot_is_reseeded_from_its_games_seed_and_seat() -> None:
    """A bot's seed comes from its game's seed and its seat (`derive_seed`): new in every
    game, so a bot never replays its choices of an earlier game."""
    bots = [_Reseeded(), _Reseeded()]
    for seed in (1, 2):
        play_game(POLISH, bots, seed)
    assert bots[0].seeds == [derive_seed(1, 0), derive_seed(2, 0)]
    assert bots[1].seeds == [derive_seed(1, 1), derive_seed(2, 1)]


def test_heuristic_beats_random() -> None:
    result = simulate(POLISH, [HeuristicBot(), RandomBot()], games=60, seed=3)
    assert result.metrics()["win rate heuristic"].value > 0.7
    assert result.wins(0) + result.wins(1) == 60


def test_wins_and_places_take_a_bot_by_index_or_label_and_refuse_others() -> None:
    """A bot of a result is named as in its table ("random2") or by its index; any other
    value is a `SetupError` listing the labels, not a raw TypeError, an IndexError or,
    for -1, the last bot's count."""
    result = simulate(POLISH, ["heuristic", "random", "random"], games=6, seed=1)
    assert result.bots == ("heuristic", "random1", "random2")
    for j, label in enumerate(result.bots):
        assert result.wins(label) == result.wins(j)
        assert result.places(label) == result.places(j)
    for bad in ("random", "HEURISTIC", 3, -1, True, None, 0.0):
        for ask in (result.wins, result.places):
            with pytest.raises(SetupError, match=r"no bot .*heuristic, random1, random2"):
                ask(bad)  # type: ignore[arg-type]


def test_wins_and_places_take_a_bot_index_of_any_whole_number_type() -> None:
    """An index that is a whole number of another type -- NumPy's (``np.argmax`` of a
    table), an `IntEnum` -- is taken as its number, as everywhere an index is (it was
    refused as "no bot" when the label lookup came in)."""
    np = pytest.importorskip("numpy")

    class Seat(enum.IntEnum):
        SECOND = 1

    result = simulate(POLISH, ["heuristic", "random"], games=6, seed=1)
    for index in (np.int64(1), np.intp(1), Seat.SECOND):
        assert result.wins(index) == result.wins(1)
        assert result.places(index) == result.places(1)
    with pytest.raises(SetupError, match=r"no bot .*2.* in this result: give an index 0…1"):
        result.wins(np.int64(2))


def test_pl_30_the_loop_lets_others_call_stop_on_a_silent_player() -> None:
    result = simulate(POLISH, [ForgetfulBot(), HeuristicBot()], games=30, seed=2)
    metrics = result.metrics()
    assert metrics["penalty cards forgetful"].value > 0
    assert metrics["penalty cards heuristic"].value == 0


class _OfferedBot(RandomBot):
    """A random bot that reads its view and notes every move it is offered, by its seat."""

    reads_view = True

    def __init__(self, offered: list[tuple[int, Move]]) -> None:
        super().__init__()
        self.offered = offered

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        self.offered += [(view.seat, move) for move in moves]
        return super().choose(view, moves)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        self.offered += [(view.seat, move) for move in moves]
        return super().respond(view, moves)


def test_pl_29_pl_30_each_bot_is_offered_its_own_actions_only() -> None:
    """Out of turn, a late "makao" is offered to the silent player and "stop" to each other
    player, as theirs (PL-29, PL-30): the loop hands every seat the actions it names."""
    offered: list[tuple[int, Move]] = []
    for seed in range(8):
        play_game(POLISH, [_OfferedBot(offered), _OfferedBot(offered)], seed, index=seed)
    actions = [(seat, move) for seat, move in offered if move_seat(move) is not None]
    assert {type(move) for _, move in actions} == {Say, Stop}
    assert all(move_seat(move) == seat for seat, move in actions)


def test_pl_29_pl_30_other_seats_are_asked_in_turn_order_from_the_seat_after_the_mover() -> None:
    """Seat 0 plays down to one card without "makao"; seat 1 is to move. Seat 0 may still
    say it (PL-29) and seats 1 and 2 may call "stop makao" (PL-30). The loop asks the other
    seats in turn order from the seat after the one to move: seat 2, whose "stop" comes
    before seat 0's late "makao"."""
    game = Game.from_position(POLISH, hands=["5h 9c", "6c 7c 8d", "6s 7s 8s"], pile="5c", to_move=0)
    game.play("5h")
    legal = game.legal_moves()
    assert {Say(0, "makao"), Stop(1, 0), Stop(2, 0)} <= set(legal)
    bots = [HeuristicBot() for _ in range(3)]  # each takes any action it is offered
    move = _ask(game, bots, [bot.choose for bot in bots], [False] * 3, legal, game.to_move)
    assert move == Stop(2, 0)


def test_capped_games_are_truncated_not_won() -> None:
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=6, seed=1, max_actions=5)
    metrics = result.metrics()
    assert all(r.truncated and r.places is None and r.actions == 5 for r in result.records)
    assert metrics["truncated"].value == 1.0
    assert metrics["win rate random1"].value == metrics["win rate random2"].value == 0.0


def test_a_game_that_ends_on_its_last_allowed_action_is_not_truncated() -> None:
    """Only a game cut at ``max_actions`` before it ended is truncated: one that ends with
    its last allowed action has its places like any other."""
    bots = [RandomBot(), HeuristicBot()]
    whole = play_game(POLISH, bots, seed=3)
    assert not whole.truncated and whole.places is not None
    assert play_game(POLISH, bots, seed=3, max_actions=whole.actions) == whole
    cut = play_game(POLISH, bots, seed=3, max_actions=whole.actions - 1)
    assert cut.truncated and cut.places is None and cut.actions == whole.actions - 1


def test_results_hold_every_statistic() -> None:
    result = simulate("polish", ["random", "random", "heuristic"], games=9, seed=4)
    metrics = result.metrics()
    assert result.bots == ("random1", "random2", "heuristic")
    for name in (
        "first player wins",
        "moves per game",
        "rounds per game",
        "blocked",
        "lead changes",
        "decided at",
        "win rate seat 2",
        "mean place heuristic",
        "events AttackRaised",
    ):
        assert name in metrics
    assert sum(metrics[f"win rate seat {s}"].value for s in range(3)) == pytest.approx(1.0)
    assert sum(result.places(2).values()) == 9
    assert "win rate heuristic" in result.table()
    assert result.to_dict()["games"] == 9


def test_compare_sets_variants_side_by_side() -> None:
    same = compare(POLISH, POLISH, [RandomBot(), RandomBot()], games=8, seed=1)
    assert all(diff.value == 0 and not diff.significant for _, _, _, diff in same.rows())
    other = compare("polish", "polish:last_card_effect_applies=true", ["heuristic"] * 2, games=8)
    assert other.b.variant == "polish:last_card_effect_applies=true"
    assert "first player wins" in [name for name, *_ in other.rows()]
    assert "B - A" in other.table()


def test_every_registered_variant_can_be_simulated() -> None:
    for name in variants.names():
        seats = max(2, variants.get(name).compiled.start.min_players)
        bots = [HeuristicBot()] + [RandomBot() for _ in range(seats - 1)]
        result = simulate(name, bots, games=2, seed=1, max_actions=400)
        assert result.games == 2


def test_play_game_rotates_seats() -> None:
    record = play_game(POLISH, [RandomBot(), HeuristicBot()], seed=5, rotation=1)
    assert record.seats == (1, 0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SetupError):
        simulate(POLISH, [RandomBot()], games=2)
    with pytest.raises(SetupError):
        simulate(POLISH, [RandomBot(), RandomBot()], games=-1)
    with pytest.raises(SetupError):
        simulate("polish:decks=lots", ["random", "random"], games=1)
    with pytest.raises(SetupError):
        simulate(POLISH, ["random", "oracle"], games=1)


def test_an_experiment_of_no_games_is_empty_not_an_error() -> None:
    """``games=0`` is within the API's bounds (the command refuses it): no records, and
    every estimate says it knows nothing."""
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=0)
    assert result.games == 0 and result.records == ()
    metrics = result.metrics()
    win = metrics["win rate random1"]
    assert (win.n, win.low, win.high) == (0, 0.0, 1.0)
    assert math.isnan(metrics["moves per game"].value) and metrics["moves per game"].n == 0


@pytest.mark.parametrize("chunk_size", [0, -3, True, 2.0])
def test_a_chunk_size_below_one_is_refused(chunk_size: int) -> None:
    """A chunk size is a whole number of games (``True`` is not 1)."""
    with pytest.raises(SetupError, match=f"chunk_size must be .*, not {chunk_size!r}"):
        simulate(POLISH, [RandomBot(), RandomBot()], games=2, chunk_size=chunk_size)


@pytest.mark.parametrize("cap", [0, -1, True, False, "5", 5.0])
def test_an_action_cap_that_is_no_whole_number_from_one_is_refused(cap: object) -> None:
    """``max_actions`` is ``None`` or a whole number from 1: ``True`` is no cap of one action
    (it was taken as one, and the result read "truncated at True actions")."""
    with pytest.raises(SetupError, match=f"max_actions must be .*, not {cap!r}"):
        simulate(POLISH, ["random", "random"], games=2, max_actions=cap)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="max_actions"):
        compare(POLISH, POLISH, ["random", "random"], games=2, max_actions=cap)  # type: ignore[arg-type]


def test_wilson_interval_and_differences() -> None:
    half = rate(50, 100)
    assert (round(half.low, 3), round(half.high, 3)) == (0.404, 0.596)
    assert rate(0, 0).high == 1.0
    values = mean([1.0, 2.0, 3.0, 4.0])
    assert values.value == 2.5 and values.low < 2.5 < values.high
    diff = difference(rate(50, 100), rate(70, 100))
    assert diff.value == pytest.approx(0.2) and diff.significant
    assert not difference(rate(50, 100), rate(52, 100)).significant
    with pytest.raises(ValueError):
        difference(half, values)


def test_runs_on_a_dask_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    bots = [RandomBot(), HeuristicBot()]
    here = simulate(POLISH, bots, games=6, seed=9)
    with distributed.Client(processes=False, n_workers=1, dashboard_address=None) as client:
        there = simulate(POLISH, bots, games=6, seed=9, executor=client.get_executor())
    assert there.records == here.records


def test_ru_16_simulate_reports_the_russian_deal_scores_per_bot() -> None:
    result = simulate("russian", ["random", "random"], games=6, seed=2)
    scores = {name for name in result.metrics() if name.startswith("score")}
    assert scores == {"score random1", "score random2"}
    assert all(record.scores is not None and 0 in record.scores for record in result.records)


def test_each_game_is_dealt_with_the_seed_derived_from_the_master_seed_and_its_number() -> None:
    """Game ``i`` gets ``derive_seed(seed, i)``, whatever the chunks."""
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=3, seed=11, chunk_size=2)
    assert [r.seed for r in result.records] == [derive_seed(11, i) for i in range(3)]


def test_progress_reports_each_chunk_of_a_quarter_of_the_games() -> None:
    """The default chunk is a quarter of a worker's share: 8 games are reported 2 at a time."""
    calls: list[tuple[int, int]] = []
    simulate(
        POLISH, [RandomBot(), RandomBot()], games=8, seed=1, progress=lambda *c: calls.append(c)
    )
    assert calls == [(2, 8), (4, 8), (6, 8), (8, 8)]


def test_compare_reports_progress_over_both_runs() -> None:
    """`compare`'s progress counts the games of both variants against twice the games."""
    calls: list[tuple[int, int]] = []
    compare(POLISH, POLISH, ["random", "random"], games=4, progress=lambda *c: calls.append(c))
    assert calls == [(k, 8) for k in range(1, 9)]


class _Unpicklable(RandomBot):
    """A random bot that can be copied but not pickled (no other process can run it)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Unpicklable:
        return _Unpicklable()

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("not picklable")


def test_one_worker_plays_in_this_process() -> None:
    """``workers=1`` (and no executor) plays here: a bot no other process can take works."""
    result = simulate(POLISH, [_Unpicklable(), _Unpicklable()], games=2, seed=1, workers=1)
    assert result.games == 2


@pytest.mark.parametrize(
    ("option", "value"),
    [("seed", "1"), ("seed", True), ("seed", 1.0), ("games", True), ("workers", 0)],
)
def test_a_seed_or_count_of_the_wrong_type_or_range_is_refused(option: str, value: object) -> None:
    """A seed is a whole number and counts are whole numbers in range (``True`` is neither)."""
    with pytest.raises(SetupError, match=f"{option} must be a whole number"):
        simulate(POLISH, ["random", "random"], **{option: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("option", ["seed", "index", "rotation", "max_actions"])
@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_play_game_refuses_a_number_that_is_no_whole_number(option: str, value: object) -> None:
    """`play_game` checks its numbers itself, so that both builds raise the same
    `SetupError`: the compiled build raised mypyc's `TypeError` for ``1.0``, and took
    ``True`` as a seed of 1 where the interpreted build refused it (``max_actions=None``
    is no cap)."""
    if option == "max_actions" and value is None:
        return
    arguments: dict[str, Any] = {"seed": 1, option: value}
    with pytest.raises(SetupError, match=f"{option} must be a whole number, not {value!r}"):
        play_game(POLISH, [RandomBot(), RandomBot()], **arguments)


def test_play_game_records_an_int_enum_seed_and_index_as_plain_ints() -> None:
    """An `IntEnum` member is a whole number; the record keeps its number, as the compiled
    build always did (the interpreted one kept the member)."""
    record = play_game(
        POLISH, [RandomBot(), RandomBot()], Rank.FIVE, index=Rank.FIVE, max_actions=9
    )
    assert type(record.seed) is int and type(record.game) is int
    assert record == play_game(POLISH, [RandomBot(), RandomBot()], 5, index=5, max_actions=9)


def test_counts_at_their_upper_bound_are_accepted() -> None:
    """``workers`` may be `max_workers()` itself, 4 per CPU (here with no games to run)."""
    assert max_workers() == 4 * (os.cpu_count() or 1)
    assert simulate(POLISH, ["random", "random"], games=0, workers=max_workers()).games == 0


def test_a_variant_that_is_neither_a_variant_nor_a_name_is_refused() -> None:
    """Anything but a `Variant` or its name is a `SetupError`, not an `AttributeError`."""
    with pytest.raises(SetupError, match="variant must be a Variant or its name, not 42"):
        simulate(42, ["random", "random"], games=1)  # type: ignore[arg-type]


def test_an_experiment_without_bots_says_it_needs_one_per_seat() -> None:
    """No bots at all is refused with what `simulate` needs, not the table's size."""
    with pytest.raises(SetupError, match="one bot per seat"):
        simulate(POLISH, [], games=1)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random", "bots must list one bot .* per seat, not 'random'"),
        (b"ab", "bots must list one bot .* per seat, not b'ab'"),
        (7, "bots must list one bot .* per seat, not 7"),
        (iter(["random", "random"]), "bots must list one bot .* per seat"),
        ([1, 2], "each bot must be a Bot or its spec .*, not 1"),
        (["random", object()], "each bot must be a Bot or its spec .*, not <object"),
    ],
)
def test_bots_that_are_no_list_of_bots_are_refused(bots: object, message: str) -> None:
    """Only a list of bots (or specs) seats a table: a bare spec, bytes, a number, a one-off
    iterator or a seat holding no bot is a `SetupError`, not an `AttributeError`."""
    with pytest.raises(SetupError, match=message):
        simulate(POLISH, bots, games=1)  # type: ignore[arg-type]


def test_a_bot_class_given_for_a_bot_is_refused_before_any_game() -> None:
    """A class has a bot's methods (``isinstance(HeuristicBot, Bot)`` holds), but unbound:
    ``HeuristicBot`` where ``HeuristicBot()`` was meant is a `SetupError` that says so."""
    # Was: TypeError: BaseBot.reset() missing 1 required positional argument: 'seed'.
    with pytest.raises(SetupError, match=r"a class: give a bot, HeuristicBot\(\)") as refused:
        simulate(POLISH, [HeuristicBot, RandomBot()], games=1)  # type: ignore[list-item]
    assert str(refused.value).startswith("each bot must be a Bot or its spec ('random'), not ")


class _LockedBot(RandomBot):
    """A bot holding what cannot be copied (a lock, as of a program it talks to)."""

    name = "locked"

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_cannot_be_copied_is_refused_before_any_game(
    workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every chunk of games plays with its own copy of the bots (`copy.deepcopy`): a bot
    that cannot be copied is a `SetupError` naming it, before any game or worker, not the
    copy's `TypeError` (one process) or advice to run with one process (several)."""
    # Was: TypeError: cannot pickle '_thread.lock' object (workers=1); with workers=2,
    # "... cannot be sent to worker processes ...: ... or run with workers=1", which fails too.
    from makao.sim import run

    monkeypatch.setattr(run, "play_game", _no_game)
    with pytest.raises(SetupError, match=r"^bot 'locked' \(_LockedBot\) cannot be copied \("):
        simulate(POLISH, [_LockedBot(), "random"], games=2, workers=workers)


def _no_game(*args: object, **kwargs: object) -> None:
    raise AssertionError("a game was played")


@pytest.mark.parametrize(
    ("variant_b", "bots", "message"),
    [
        ("mao", 2, "variant mao cannot seat 2 bots: this variant needs at least 3 players"),
        (
            "mao:oldest_player=3",
            3,
            "variant mao:oldest_player=3 cannot seat 3 bots: oldest_player 3 is not a seat",
        ),
        (
            "polish:dealer=5",
            2,
            "variant polish:dealer=5 cannot seat 2 bots: the dealer option of 'polish'",
        ),
    ],
)
def test_compare_names_the_variant_that_cannot_seat_the_bots_before_any_game(
    variant_b: str, bots: int, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each side's table is checked as `Game.new` would deal it -- the player range, a
    seat a rule names (Mao's oldest player), the dealer option -- before the first game of
    either side, and the refusal names the variant (of two, which one cannot seat them)."""
    # Was: "this variant needs at least 3 players, not 2" (which of the two?); and a
    # table the rules or the dealer option refuse let through until B's first game, after
    # every game of A.
    from makao.sim import run

    monkeypatch.setattr(run, "play_game", _no_game)
    variant_a = "mao" if bots == 3 else POLISH
    with pytest.raises(SetupError, match=f"^{re.escape(message)}"):
        compare(variant_a, variant_b, ["random"] * bots, 4)


def test_a_table_too_large_is_refused_before_any_bot_is_built() -> None:
    """PL-1: the table's size is checked first: a thousand bot specs are not parsed."""
    with pytest.raises(SetupError, match="cannot deal 5 cards to 1000 players"):
        simulate(POLISH, ["nope"] * 1000, games=1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"progress": 5}, "progress must be callable"),
        ({"executor": 5}, "executor must be a concurrent.futures.Executor"),
        ({"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_a_progress_or_executor_that_cannot_serve_is_refused_before_any_game(
    options: dict[str, object], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``progress`` must be callable and ``executor`` able to ``submit``: anything else is a
    `SetupError` before a game is played (a bare TypeError or AttributeError once the games
    had run), for `simulate` and for `compare`."""
    from makao.sim import run

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(run, "play_game", no_game)
    with pytest.raises(SetupError, match=message):
        simulate(POLISH, ["random", "random"], 2, **options)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=message):
        compare(POLISH, POLISH, ["random", "random"], 2, **options)  # type: ignore[arg-type]


def test_pl_29_pl_30_other_seats_are_asked_in_the_direction_of_play() -> None:
    """Play running the other way (direction -1): seat 0 plays down to one card without
    "makao", seat 2 is to move, and the seat after it is seat 1, whose "stop" comes
    before seat 0's late "makao"."""
    game = Game.from_position(
        POLISH, hands=["5h 9c", "6c 7c 8d", "6s 7s 8s"], pile="5c", to_move=0, direction=-1
    )
    game.play("5h")
    legal = game.legal_moves()
    assert game.to_move == 2 and {Say(0, "makao"), Stop(1, 0)} <= set(legal)
    bots = [HeuristicBot() for _ in range(3)]
    move = _ask(game, bots, [bot.choose for bot in bots], [False] * 3, legal, game.to_move)
    assert move == Stop(1, 0)


class _Usurper(HeuristicBot):
    """Answers every out-of-turn chance with another seat's "stop makao"."""

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        return Stop(1, 0)


def test_pl_30_a_bot_that_answers_with_an_action_not_offered_to_it_is_refused() -> None:
    """Seat 2 is asked first and answers with seat 1's "stop makao", legal in the game but
    not its own: the loop refuses it (`IllegalMoveError`) rather than play it."""
    game = Game.from_position(POLISH, hands=["5h 9c", "6c 7c 8d", "6s 7s 8s"], pile="5c", to_move=0)
    game.play("5h")
    legal = game.legal_moves()
    assert Stop(1, 0) in legal
    bots = [HeuristicBot(), HeuristicBot(), _Usurper()]
    with pytest.raises(IllegalMoveError, match="not offered"):
        _ask(game, bots, [bot.choose for bot in bots], [False] * 3, legal, game.to_move)


@pytest.mark.parametrize("rotation", [0, 1, 2])
def test_a_records_first_mover_is_the_bot_at_the_seat_that_moved_first(rotation: int) -> None:
    """``first`` names a bot (not a seat): the one that sat at the seat that opened the
    game, for every rotation of three players."""
    bots = [RandomBot(), RandomBot(), HeuristicBot()]
    record = play_game(POLISH, bots, seed=4, rotation=rotation, max_actions=5)
    opener = Game.new(POLISH, 3, seed=4).to_move
    assert record.seats[record.first] == opener
    assert record.first == (opener - rotation) % 3


@pytest.mark.parametrize("rotation", [0, 1])
def test_ru_16_a_records_scores_are_each_bots_own_for_every_rotation(rotation: int) -> None:
    """The bot that went out scores 0 (RU-16) wherever it sat: a record's scores, like its
    places, are by bot, not by seat."""
    russian = variants.russian()
    for seed in range(4):
        record = play_game(russian, [RandomBot(), HeuristicBot()], seed=seed, rotation=rotation)
        assert record.places is not None and record.scores is not None
        winner = record.places.index(1)
        assert record.scores[winner] == 0.0 and record.scores[1 - winner] > 0


def test_an_experiment_leaves_the_callers_bots_as_they_were() -> None:
    """The games are played by copies of the bots: the caller's own bots are not reseeded
    nor moved on by ``simulate`` (and so cannot be shared by the threads of a pool)."""
    bot = RandomBot()
    bot.reset(5)
    fresh = RandomBot()
    fresh.reset(5)
    simulate(POLISH, [bot, RandomBot()], games=3, seed=1)
    assert bot.rng.getstate() == fresh.rng.getstate()


def test_one_bot_object_listed_for_two_seats_plays_as_two_bots() -> None:
    """``[RandomBot()] * 2`` plays the games of two separate bots, each reseeded from the
    game's seed and its own seat. Was: one object in both seats, reseeded for seat 0 and
    then for seat 1, so both seats drew from one stream and the games differed."""
    bot = RandomBot()
    shared = simulate(POLISH, [bot, bot], games=8, seed=1)
    assert shared.records == simulate(POLISH, [RandomBot(), RandomBot()], games=8, seed=1).records


def test_a_comparisons_legend_names_the_action_cap() -> None:
    """The legend under a comparison names the cap its games were played under, as the
    table of one experiment does."""
    comparison = compare(POLISH, POLISH, ["random", "random"], 2, seed=1, max_actions=7)
    legend = comparison.table().split("\n\n")[-1]
    assert "moves per game: actions per game: plays, draws, passes, calls (cap 7)" in legend
    assert "no cap" not in legend


def test_compare_checks_both_variants_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad second variant (unknown, or no table for these bots) is refused before the
    first variant's games are played, not after its whole run."""
    # Was: variant A's games all played, then the SetupError for variant B.
    from makao.sim import run

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(run, "play_game", no_game)
    with pytest.raises(SetupError, match="unknown variant 'nope'"):
        compare(POLISH, "nope", ["random", "random"], 4)
    with pytest.raises(SetupError, match="needs at least 3 players"):
        compare(POLISH, "mao", ["random", "random"], 4)
    with pytest.raises(SetupError, match="workers must be a whole number"):
        compare(POLISH, POLISH, ["random", "random"], 4, workers=0)


@pytest.mark.parametrize(
    "progress", [lambda: None, lambda done: None, lambda done, total, step: None]
)
def test_a_progress_hook_that_cannot_take_done_and_total_is_refused_before_any_game(
    progress: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``progress`` is called as ``progress(done, total)``: a callable that cannot take two
    arguments is a `SetupError` before any game (a bare TypeError after the first chunk
    before)."""
    from makao.sim import run

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(run, "play_game", no_game)
    with pytest.raises(SetupError, match="progress must be callable as progress"):
        simulate(POLISH, ["random", "random"], 2, progress=progress)
    with pytest.raises(SetupError, match="progress must be callable as progress"):
        compare(POLISH, POLISH, ["random", "random"], 2, progress=progress)


class _NoFutures:
    """An "executor" whose ``submit`` runs the call and hands back its result, no Future."""

    def submit(self, fn: Callable[..., object], /, *args: object) -> object:
        return fn(*args)


def test_an_executor_whose_submit_returns_no_future_is_a_setup_error() -> None:
    """``executor.submit`` must hand back a `concurrent.futures.Future`; anything else is a
    `SetupError` naming it (an AttributeError or TypeError from ``wait`` before)."""
    executor: Any = _NoFutures()
    with pytest.raises(SetupError, match=r"executor\.submit must return a concurrent\.futures"):
        simulate(POLISH, ["random", "random"], 2, executor=executor)


def test_a_bot_no_worker_process_can_receive_is_a_setup_error() -> None:
    """A bot whose class is local to a function cannot be pickled for worker processes:
    `simulate` says so (and how to fix it) before starting any, not with pickle's bare
    AttributeError; with ``workers=1`` the same bot plays."""

    class Local(RandomBot):
        name = "local"

    bots = [Local(), RandomBot()]
    with pytest.raises(SetupError, match=r"bot 'local' .*cannot be sent to worker processes"):
        simulate(POLISH, bots, games=2, workers=2)
    pool = ProcessPoolExecutor(1)
    with pool, pytest.raises(SetupError, match="cannot be sent to worker processes"):
        simulate(POLISH, bots, games=2, executor=pool)
    assert simulate(POLISH, bots, games=2, workers=1).games == 2


@pytest.mark.skipif(not POSIX, reason="process groups")
def test_a_bot_of_an_interactive_session_under_spawn_is_a_setup_error() -> None:
    """A class defined in ``python -c`` (or a notebook) lives in a ``__main__`` that
    processes started by ``spawn`` or ``forkserver`` cannot import: a `SetupError` before
    any worker starts, not a BrokenProcessPool and a worker's traceback."""
    code = """if True:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from makao.bots import RandomBot
        from makao.errors import SetupError, StateError
        from makao.sim import simulate

        class Mine(RandomBot):
            name = "mine"

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(1, mp_context=context) as pool:
            try:
                simulate("polish", [Mine(), RandomBot()], 2, executor=pool)
            except SetupError as error:
                print("SetupError:", error)
    """
    done = run_python("-c", code)
    assert done.returncode == 0, done.stderr
    assert "uses Mine, defined in an interactive session" in done.stdout
    assert "'spawn'" in done.stdout and done.stderr == ""


@pytest.mark.skipif(not POSIX, reason="process groups")
def test_an_error_in_a_worker_reaches_the_caller_at_once_and_ends_the_workers(
    tmp_path: Path,
) -> None:
    """A bot that raises in one worker while another worker's game never ends: the error
    reaches the caller, typed and named, and the workers are ended (no wait for the
    chunks in flight, which here never finish; was: a hang)."""
    code = """if True:
        import time
        from makao.bots import RandomBot
        from makao.errors import IllegalMoveError
        from makao.seeding import derive_seed
        from makao.sim import simulate

        FIRST = {derive_seed(derive_seed(1, 0), seat) for seat in range(2)}

        class Stuck(RandomBot):
            name = "stuck"

            def reset(self, seed):
                if seed in FIRST:
                    raise IllegalMoveError("game 0 refused")
                super().reset(seed)

            def choose(self, view, moves):
                while True:
                    time.sleep(0.01)

        if __name__ == "__main__":
            try:
                simulate("polish", [Stuck(), RandomBot()], 40, 1, workers=2, chunk_size=1)
            except IllegalMoveError as error:
                print("IllegalMoveError:", error)
    """
    script = tmp_path / "stuck.py"  # a file: workers started afresh can import its classes
    script.write_text(code, encoding="utf-8")
    started = time.monotonic()
    done = run_python(str(script))
    assert (done.returncode, done.stdout) == (0, "IllegalMoveError: game 0 refused\n")
    assert time.monotonic() - started < 20


class _LockedError(Exception):
    """An error holding a lock: it cannot be pickled, so it cannot come back from a worker
    process as itself (whatever pickling support is installed for exceptions)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()


class _RaisingBot(RandomBot):
    """Raises `_LockedError` at its first decision."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        raise _LockedError("bot: gave up")


def test_an_error_that_cannot_leave_a_worker_is_named_in_a_runtime_error() -> None:
    """An error raised in a worker that cannot be sent back to the caller was lost (a
    pickling error in its place, or ``BrokenProcessPool`` for one whose class cannot be
    rebuilt from its arguments); now a `RuntimeError` names it. On one process, and in a
    thread pool, the error comes as itself."""
    bots = [_RaisingBot(), RandomBot()]
    context = multiprocessing.get_context("fork")
    expected = r"_LockedError\('bot: gave up'\)"
    with (
        ProcessPoolExecutor(1, mp_context=context) as pool,
        pytest.raises(RuntimeError, match=expected) as caught,
    ):
        simulate(POLISH, bots, games=2, executor=pool)
    assert "cannot be sent back from a worker" in str(caught.value)
    with pytest.raises(_LockedError, match="bot: gave up"):
        simulate(POLISH, bots, games=2)
    with ThreadPoolExecutor(1) as threads, pytest.raises(_LockedError):
        simulate(POLISH, bots, games=2, executor=threads)


@pytest.mark.skipif(not POSIX, reason="process groups")
def test_ctrl_c_while_a_worker_sends_its_result_does_not_hang_the_exit(tmp_path: Path) -> None:
    """A worker ended while it sent a chunk's records left part of a message in the pipe:
    the pool's thread waited for the rest for ever, and the interpreter for that thread at
    exit (a hang after Ctrl-C or an error). Here every worker stalls half-way through
    sending its first result."""
    code = """if True:
        import os, struct, sys, time
        from concurrent.futures import process
        from pathlib import Path
        from makao.sim import simulate

        def stalled(result_queue, work_id, *args, **kwargs):
            # a message's length, then a part of it: the worker stops mid-send
            os.write(result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + bytes(1000))
            Path(sys.argv[1]).touch()
            while True:
                time.sleep(0.01)

        process._sendback_result = stalled  # inherited, or re-run, by the workers

        if __name__ == "__main__":
            try:
                simulate("polish", ["random", "random"], 4, workers=2, chunk_size=1)
            except KeyboardInterrupt:
                print("interrupted")
    """
    script, started = tmp_path / "stalled.py", tmp_path / "started"
    script.write_text(code, encoding="utf-8")
    done = run_python(str(script), str(started), timeout=20, interrupt_when=started)
    assert (done.returncode, done.stdout) == (0, "interrupted\n"), done.stderr


class _Ventriloquist(HeuristicBot):
    """The seat to move speaks for the next seat: an action legal in the game (every Mao
    seat may ask a question at any moment) but not among the moves it was given."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return Say((view.seat + 1) % view.players, "question")


def test_a_bot_that_chooses_another_seats_action_is_refused() -> None:
    """The loop refuses a `choose` answer that acts for another seat (`IllegalMoveError`
    naming the bot's seat), as it refuses such a `respond` answer, rather than play it."""
    bots = [_Ventriloquist(), HeuristicBot(), HeuristicBot()]
    with pytest.raises(IllegalMoveError, match=r"bot at seat 0 chose .*not offered"):
        simulate(variants.mao(), bots, games=1, seed=2, max_actions=50)


class _TextVentriloquist(HeuristicBot):
    """`_Ventriloquist`, with the action's text (which `Game.play` reads too)."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return cast(Move, f"{(view.seat + 1) % view.players}: say question")


def test_a_bot_that_chooses_another_seats_action_by_its_text_is_refused() -> None:
    """The loop's refusal of another seat's action holds for the action's text too (it
    was played unchecked: a `str` has no ``seat``)."""
    bots = [_TextVentriloquist(), HeuristicBot(), HeuristicBot()]
    with pytest.raises(IllegalMoveError, match=r"bot at seat 0 chose 1: say question, .*seat 1"):
        simulate(variants.mao(), bots, games=1, seed=2, max_actions=50)


def test_ru_16_the_legend_says_a_lower_score_is_better_and_why_its_interval_is_unbounded() -> None:
    """RU-16, RU-18: a score is the points left in hand, and the lowest total wins; the
    legend said only "the bot's average score". Its interval is the plain one (a house
    point table may score below 0), so with few games it reaches below 0: the legend says
    so."""
    result = simulate("russian", ["random", "random"], games=3, seed=2)
    assert any(est.low < 0 for name, est in result.metrics().items() if name.startswith("score"))
    line = next(x for x in result.table().splitlines() if x.lstrip().startswith("score:"))
    assert "lower is better" in line and "below 0" in line


class _Failing(RandomBot):
    """A bot with a bug: it fails at its first choice."""

    name = "failing"

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        raise ZeroDivisionError("a bug of the bot")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bots_error_in_a_game_carries_a_note_of_the_game_seat_and_bot(workers: int) -> None:
    """A bot that raises in a game lets its own error through, with a note (PEP 678: printed
    under the traceback from Python 3.11, kept in ``__notes__`` on 3.10) naming the game,
    its seed, the seat to move and the bot: before, nothing said which game or seat. The
    note survives the trip back from a worker process."""
    bots = [RandomBot(), _Failing()]
    with pytest.raises(ZeroDivisionError, match="a bug of the bot") as caught:
        simulate(POLISH, bots, games=2, seed=3, workers=workers, chunk_size=1)
    (note,) = caught.value.__notes__
    game = int(note.split()[2])
    seed, seat = derive_seed(3, game), (1 + game) % 2
    assert note.startswith(f"in game {game} (seed {seed}) of polish, at action ")
    assert note.endswith(f": seat {seat} to move, bot 'failing' (_Failing)")


def test_a_bots_error_note_counts_the_failing_action_and_names_the_bots_class_fully() -> None:
    """The note names the action that failed (the first is action 1) and the bot's class by
    its qualified name (a class defined in a function shows where)."""

    class Local(_Failing):
        name = "local"

    with pytest.raises(ZeroDivisionError) as caught:
        simulate(POLISH, [Local(), Local()], games=1, seed=3)
    (note,) = caught.value.__notes__
    assert ", at action 1: seat " in note
    assert note.endswith(
        "bot 'local' (test_a_bots_error_note_counts_the_failing_action_and_names_the_bots_"
        "class_fully.<locals>.Local)"
    )


class _FailingResponder(RandomBot):
    """A bot with a bug in `respond`: it fails when asked to answer out of turn."""

    name = "failing-responder"

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        raise ZeroDivisionError("a bug of the responder")


def test_a_bots_error_answering_out_of_turn_carries_a_note_naming_that_bot() -> None:
    """A bot that raises in `respond` (asked to answer out of turn, UM-21) gets a note
    naming its seat and itself, before the game's note of the seat to move: the game's
    note alone named the mover's bot, as if that bot had failed."""
    bots = [RandomBot(), RandomBot(), _FailingResponder()]
    with pytest.raises(ZeroDivisionError, match="a bug of the responder") as caught:
        simulate(variants.mao(), bots, games=1, seed=2, max_actions=300)
    answering, where = caught.value.__notes__
    seat = int(answering.split(":")[0].split()[-1])
    assert answering == f"raised answering out of turn at seat {seat}: " + (
        "bot 'failing-responder' (_FailingResponder)"
    )
    assert where.startswith("in game 0 (seed ") and "to move, bot 'random' (RandomBot)" in where


class _NotesAsText(RandomBot):
    """A bot whose error carries ``__notes__`` that are no list, which refuses a note."""

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        error = ZeroDivisionError("a bug with odd notes")
        setattr(error, "__notes__", "not a list")  # noqa: B010  # not as typeshed types it
        raise error


def test_a_bots_error_that_refuses_a_note_goes_through_as_it_is() -> None:
    """An error whose ``__notes__`` is no list makes `add_note` raise `TypeError` (3.11+):
    the bot's own error still goes through, without the game's note, not that TypeError."""
    with pytest.raises(ZeroDivisionError, match="a bug with odd notes") as caught:
        simulate(POLISH, [_NotesAsText(), _NotesAsText()], games=1, seed=3)
    assert getattr(caught.value, "__notes__", None) == "not a list"


def test_results_of_a_seed_too_long_to_write_are_refused_as_json_naming_the_seed(
    tmp_path: Path,
) -> None:
    """A seed of any length is taken, but ``to_json`` of its results (a simulation or a
    comparison) is a `StateError` naming the seed, not a bare ValueError; nothing is
    written."""
    bots = [RandomBot(), RandomBot()]
    seed = 10**5000
    results = (
        simulate("polish", bots, games=1, seed=seed),
        compare("polish", "mau-mau", bots, games=1, seed=seed),
    )
    for result in results:
        path = tmp_path / "results.json"
        with pytest.raises(StateError, match=r"^the seed, an integer of about 5,001 digits"):
            result.to_json(path)
        assert not path.exists()


def test_a_comparison_whose_second_seed_is_too_long_to_write_is_refused_as_json(
    tmp_path: Path,
) -> None:
    """A `Comparison` of two results of different seeds (built from them, not by
    ``compare``) checks each: the second seed too long to write is a `StateError` naming
    it, and nothing is written."""
    bots = [RandomBot(), RandomBot()]
    short = simulate("polish", bots, games=1, seed=1)
    long = simulate("mau-mau", bots, games=1, seed=10**5000)
    path = tmp_path / "results.json"
    with pytest.raises(StateError, match=r"^the seed, an integer of about 5,001 digits"):
        Comparison(short, long).to_json(path)
    assert not path.exists()


class _NamedRandom(RandomBot):
    """A random bot named ``random1``, the label a second ``random`` would be numbered."""

    name = "random1"


class _SeatNamed(RandomBot):
    """A random bot named as a seat's row is (``win rate seat 1``)."""

    name = "seat 1"


def test_every_bot_keeps_its_own_label_when_a_numbered_name_is_taken(tmp_path: Path) -> None:
    """Two ``random`` bots are numbered past a bot already named ``random1`` (and a bot
    named ``seat 1`` past the seat's row): before, two bots shared the label ``random1``,
    and one bot's win rate, places and CSV columns were lost under the other's."""
    result = simulate(POLISH, [RandomBot(), _NamedRandom(), RandomBot()], games=9, seed=1)
    assert len(set(result.bots)) == 3 and result.bots[1] == "random1"
    metrics = result.metrics()
    for j, label in enumerate(result.bots):
        assert metrics[f"win rate {label}"].value == result.wins(j) / 9
        assert result.to_dict()["places"][label] == result.places(j)
    path = tmp_path / "games.csv"
    result.to_csv(path)
    header = path.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert len(set(header)) == len(header)
    seated = simulate(POLISH, [_SeatNamed(), RandomBot(), RandomBot()], games=3, seed=1)
    assert "seat 1" not in seated.bots
    assert len(seated.metrics()) == len(list(seated._metrics()))


@pytest.mark.parametrize("name", [None, 5, "", "  "])
def test_a_bot_whose_name_is_no_text_is_refused_before_any_game(name: object) -> None:
    """A bot's name labels its results: one that is no text (or empty) is a `SetupError`
    before any game, not a `TypeError` from ``table()`` after all of them."""

    class Nameless(RandomBot):
        pass

    Nameless.name = name  # type: ignore[assignment]
    with pytest.raises(SetupError, match="a bot's name must be text"):
        simulate(POLISH, [Nameless(), RandomBot()], games=2, seed=1)
    with pytest.raises(SetupError, match="a bot's name must be text"):
        compare(POLISH, "mau-mau", [RandomBot(), Nameless()], games=2, seed=1)


def test_a_composed_variant_is_named_custom_not_taken_for_its_factorys_own() -> None:
    """A variant composed from Polish makao (here without the wait cards, PL-17 and
    PL-18) is reported as ``polish (custom rules)``: before, ``compare`` of the two titled
    its table ``A = polish, B = polish`` and the results' JSON could not tell them apart."""
    from makao.rules import WaitCards

    custom = POLISH.without(WaitCards)
    result = compare(POLISH, custom, [RandomBot(), RandomBot()], games=1, seed=1)
    assert (result.a.variant, result.b.variant) == ("polish", "polish (custom rules)")
    assert result.table().startswith("A = polish, B = polish (custom rules): ")
    named = simulate(POLISH.without(WaitCards, name="no-wait"), ["random"] * 2, games=1)
    assert named.variant == "no-wait"  # named anew: no factory's own to be taken for
    assert simulate("polish:decks=2", ["random"] * 2, games=1).variant == "polish:decks=2"


def test_results_write_to_an_open_text_stream_as_to_a_file(tmp_path: Path) -> None:
    """``to_json`` and ``to_csv`` take an open text stream (``sys.stdout``, a `StringIO`) as
    well as a path, and write the same text (the JSON on a stream ends with a newline);
    anything else is a `SetupError` naming its type, the file system left alone."""
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=3, seed=2)
    comparison = Comparison(result, result)
    writers: list[Callable[[Any], None]] = [result.to_json, result.to_csv, comparison.to_json]
    for write in writers:
        path = tmp_path / "out"
        write(path)
        stream = io.StringIO()
        write(stream)
        assert stream.getvalue().rstrip("\n") == path.read_bytes().decode().rstrip("\n")
        with pytest.raises(SetupError, match="a file's path or an open text stream, not int"):
            write(5)
        assert [entry.name for entry in tmp_path.iterdir()] == ["out"]  # nothing else made


class _NotAStream:
    """Has a ``write`` that cannot be called: not an open text stream."""

    write = "not a method"


def test_results_take_a_path_as_text_and_end_a_stream_with_one_newline(tmp_path: Path) -> None:
    """A path given as a ``str`` is written as a `Path` is; the JSON written to a stream
    ends with exactly one newline, as a line of output does (a file's ends without one);
    something whose ``write`` is no method is a `SetupError`, not an open text stream."""
    result = simulate(POLISH, [RandomBot(), RandomBot()], games=2, seed=3)
    comparison = Comparison(result, result)
    writers: list[Callable[[Any], None]] = [result.to_json, result.to_csv, comparison.to_json]
    for number, write in enumerate(writers):
        text_path = str(tmp_path / f"out{number}")
        write(text_path)
        stream = io.StringIO()
        write(stream)
        written = Path(text_path).read_bytes().decode()
        assert written.rstrip("\n") == stream.getvalue().rstrip("\n")
        with pytest.raises(SetupError, match="not _NotAStream"):
            write(_NotAStream())
    for write in (result.to_json, comparison.to_json):
        stream = io.StringIO()
        write(stream)
        assert stream.getvalue().endswith("}\n")
    assert (tmp_path / "out0").read_bytes().endswith(b"}")  # a file's JSON: no newline


def test_compared_event_kinds_come_sorted_whichever_side_saw_them() -> None:
    """The table's ``events`` rows are in the order of their names, those only the second
    side saw (a kind the first never had: 0 in each of its games) among the others, not
    after them."""
    prsi = simulate("prsi", ["random", "random"], games=5, seed=1)
    polish = simulate(POLISH, ["random", "random"], games=5, seed=1)
    only_polish = set(polish.per_game()) - set(prsi.per_game())
    assert "events CallMade" in only_polish  # sorts before the kinds both saw
    for comparison in (Comparison(prsi, polish), Comparison(polish, prsi)):
        kinds = [row[0] for row in comparison.rows() if row[0].startswith("events ")]
        assert kinds == sorted(kinds) and set(kinds) >= only_polish
