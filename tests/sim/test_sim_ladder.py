"""The bot ladder: Bradley–Terry fitting, round robin with seat rotation, bootstrap
intervals, the table, the plot and ``makao ladder`` (makao.tournament)."""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import makao
from makao import tournament
from makao.bots import Bot
from makao.cli import main
from makao.errors import SetupError
from makao.sim import SimResult
from makao.sim.play import GameRecord
from makao.tournament import bradley_terry, ladder


def test_bradley_terry_of_even_results_is_zero_for_everyone() -> None:
    assert bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]]) == pytest.approx([0, 0, 0], abs=1e-6)


@pytest.mark.parametrize(
    ("wins", "prior", "message"),
    [
        (None, 0.5, "a square matrix \\(a list of rows\\), not None"),
        ("ab", 0.5, "a square matrix \\(a list of rows\\), not 'ab'"),
        (iter([[0.0]]), 0.5, "a square matrix \\(a list of rows\\)"),
        ([[0, 1]], 0.5, "a row of 1, not \\[0, 1\\]"),
        ([[0, 1], [1]], 0.5, "a row of 2, not \\[1\\]"),
        ([[0, -1], [1, 0]], 0.5, "finite numbers 0 or more, not those of \\[0, -1\\]"),
        ([[0, math.nan], [1, 0]], 0.5, "finite numbers 0 or more"),
        ([[0, math.inf], [1, 0]], 0.5, "finite numbers 0 or more"),
        ([[0, True], [1, 0]], 0.5, "finite numbers 0 or more"),
        ([[0, 10**400], [1, 0]], 0.5, "finite numbers 0 or more"),
        ([[0, "1"], [1, 0]], 0.5, "finite numbers 0 or more"),
        ([[0, 1], [1, 0]], -0.5, "prior must be a finite number 0 or more, not -0.5"),
        ([[0, 1], [1, 0]], math.nan, "prior must be a finite number 0 or more, not nan"),
    ],
)
def test_bradley_terry_refuses_a_matrix_that_is_no_count_of_wins(
    wins: object, prior: float, message: str
) -> None:
    """Wins form a square matrix of finite counts 0 or more: anything else is a
    `SetupError` naming it (an empty one divided by zero; a short row raised IndexError)."""
    with pytest.raises(SetupError, match=message):
        bradley_terry(wins, prior)  # type: ignore[arg-type]


def test_bradley_terry_of_no_bots_is_no_ratings_and_of_one_bot_zero() -> None:
    """No bots, no ratings; a lone bot is rated 0 (the mean); a tuple of tuples reads as lists."""
    assert bradley_terry([]) == []
    assert bradley_terry([[0]]) == [0.0]
    assert bradley_terry(((0, 10), (30, 0))) == bradley_terry([[0, 10], [30, 0]])


def test_bradley_terry_two_bots_rate_by_their_odds_with_half_a_win_prior() -> None:
    low, high = bradley_terry([[0, 10], [30, 0]])
    assert high - low == pytest.approx(400 * math.log10(30.5 / 10.5))
    assert low + high == pytest.approx(0)


def test_bradley_terry_keeps_an_unbeaten_bot_finite_and_ranks_transitively() -> None:
    ratings = bradley_terry([[0, 0, 0], [10, 0, 0], [10, 10, 0]])
    assert all(math.isfinite(r) for r in ratings)
    assert ratings[0] < ratings[1] < ratings[2]


def test_bradley_terry_a_bot_that_never_won_gets_half_a_win_against_each_it_met() -> None:
    """10 wins to 0 rate as 10.5 to 0.5 (half a win each way per pair that met), not as an
    endless gap held finite only by rounding."""
    low, high = bradley_terry([[0, 0], [10, 0]])
    assert high - low == pytest.approx(400 * math.log10(10.5 / 0.5))
    assert low + high == pytest.approx(0)


def test_ladder_rates_heuristic_above_random_with_intervals() -> None:
    result = makao.ladder("polish", ["random", "heuristic"], 12, bootstrap=30)
    assert result.games == 12 and result.truncated == 0
    assert result.wins[0][1] + result.wins[1][0] == 12  # one pairwise result per game
    assert result.ratings[1] > result.ratings[0]
    for rating, low, high in zip(result.ratings, result.low, result.high, strict=True):
        assert low <= rating + 1e-9 and rating - 1e-9 <= high
    assert [row[0] for row in result.rows()] == ["heuristic", "random"]
    table = result.table()
    assert "rank  bot" in table and "12 games (0 truncated)" in table


def test_a_three_player_table_gives_three_pairwise_results_per_game() -> None:
    bots = ["random", "heuristic", "mcts:playouts=4"]
    result = ladder("russian", bots, 4, players=3, bootstrap=5)
    assert result.games == 4
    assert sum(map(sum, result.wins)) == 4 * 3


def test_truncated_games_give_no_results_and_are_counted() -> None:
    result = ladder("polish", ["random", "heuristic"], 3, max_actions=4, bootstrap=5)
    assert result.truncated == 3 and result.ratings == (0.0, 0.0)
    assert result.table().splitlines()[-1].endswith("-")  # no pairwise results


# ------------------------------------------------ the ladder over scripted results

Script = Callable[[tuple[str, ...], int], tuple[int, ...]]
"""The places of a table's bots (by their names, in the table's order) in game ``k``."""


class _Scripted:
    """Stands in for `simulate` in `makao.tournament`: plays no game, gives every table
    the places ``script`` says, and notes each table's bots and seed."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.tables: list[tuple[tuple[str, ...], int]] = []

    def __call__(
        self,
        variant: object,
        bots: Sequence[Bot],
        games: int,
        *,
        seed: int,
        workers: int,
        max_actions: int | None,
    ) -> SimResult:
        names = tuple(bot.name for bot in bots)
        self.tables.append((names, seed))
        records = tuple(_record(k, self.script(names, k)) for k in range(games))
        return SimResult("polish", names, seed, records, max_actions)


def _record(game: int, places: tuple[int, ...]) -> GameRecord:
    players = len(places)
    return GameRecord(
        game=game,
        seed=0,
        seats=tuple(range(players)),
        first=0,
        places=places,
        actions=10,
        turns=5,
        truncated=False,
        blocked=False,
        penalties=(0,) * players,
        events=(),
        lead_changes=0,
        decided_at=0.0,
        scores=None,
    )


def _scripted(monkeypatch: pytest.MonkeyPatch, script: Script) -> _Scripted:
    played = _Scripted(script)
    monkeypatch.setattr(tournament, "simulate", played)
    return played


def _sixty_forty(names: tuple[str, ...], game: int) -> tuple[int, ...]:
    """A scripted result: the first bot of a table wins 60 % of its games, by game."""
    first_wins = random.Random(f"{names}:{game}").random() < 0.6
    return (1, 2) if first_wins else (2, 1)


def _recorded_fits(monkeypatch: pytest.MonkeyPatch) -> list[list[float]]:
    """Every Bradley–Terry fit a ladder makes from now on (the first is of all its games,
    then one per bootstrap round), recorded as it is returned."""
    fits: list[list[float]] = []

    def fitting(wins: Sequence[Sequence[float]], prior: float = 0.5) -> list[float]:
        fits.append(bradley_terry(wins, prior))
        return fits[-1]

    monkeypatch.setattr(tournament, "bradley_terry", fitting)
    return fits


STRENGTH = {"heuristic": 0, "mcts": 1, "random": 2}


def _strongest_first(names: tuple[str, ...], game: int) -> tuple[int, ...]:
    order = sorted(names, key=STRENGTH.__getitem__)
    return tuple(order.index(name) + 1 for name in names)


def test_ladder_credits_each_pairwise_win_to_the_better_placed_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The better place wins, whichever bot is listed first: here the first listed."""
    _scripted(monkeypatch, _strongest_first)
    result = ladder("polish", ["heuristic", "random"], 6, bootstrap=5)
    assert result.wins == ((0.0, 6.0), (0.0, 0.0))
    assert result.ratings[0] > result.ratings[1]
    assert [row[0] for row in result.rows()] == ["heuristic", "random"]
    three = ladder("polish", ["random", "heuristic", "mcts"], 2, players=3, bootstrap=5)
    assert three.wins == ((0.0, 0.0, 0.0), (2.0, 0.0, 2.0), (2.0, 0.0, 0.0))


def test_ladder_rows_give_the_share_of_pairwise_results_won(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``pairwise wins``: the pairwise results a bot won over all it took part in."""
    _scripted(monkeypatch, lambda names, game: (1, 2) if game % 4 != 3 else (2, 1))
    result = ladder("polish", ["heuristic", "random"], 8, bootstrap=5)
    assert result.wins == ((0.0, 6.0), (2.0, 0.0))
    assert [(row[0], row[4]) for row in result.rows()] == [("heuristic", 0.75), ("random", 0.25)]
    assert "75.0%" in result.table() and "25.0%" in result.table()


def test_ladder_tables_are_seeded_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table plays its own games: its seed comes from the ladder's seed and the
    table's number, so no two tables replay the same deals."""
    played = _scripted(monkeypatch, _strongest_first)
    ladder("polish", ["random", "heuristic", "mcts"], 2, seed=1, bootstrap=5)
    ladder("polish", ["random", "heuristic", "mcts"], 2, seed=2, bootstrap=5)
    assert [names for names, _ in played.tables[:3]] == [
        ("random", "heuristic"),
        ("random", "mcts"),
        ("heuristic", "mcts"),
    ]
    assert len({seed for _, seed in played.tables}) == 6


def test_ladder_intervals_are_95_percent_percentile_bootstrap_intervals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each end is a bootstrap rating with at most 2.5 % of the resampled fits beyond it and
    at least 2.5 % at it or beyond: the 2.5th and 97.5th percentiles of the fits."""

    _scripted(monkeypatch, _sixty_forty)
    fits = _recorded_fits(monkeypatch)
    rounds = 200
    result = ladder("polish", ["random", "heuristic", "mcts"], 30, bootstrap=rounds)
    fitted, *samples = fits
    assert len(samples) == rounds and list(result.ratings) == fitted
    for i in range(3):
        values = [sample[i] for sample in samples]
        low, high = result.low[i], result.high[i]
        assert low < result.ratings[i] < high  # the games differ: so do the resamples
        assert low in values and high in values
        assert sum(v < low for v in values) <= 0.025 * rounds <= sum(v <= low for v in values)
        assert sum(v > high for v in values) <= 0.025 * rounds <= sum(v >= high for v in values)


@pytest.mark.parametrize(
    ("bots", "games", "players", "message"),
    [
        (["random", "random"], 5, 2, "different bots"),
        (["random", "heuristic"], 5, 3, "at least 3 different bots"),
        (["random", "heuristic"], 0, 2, "games must be a whole number from 1 to 500000, not 0"),
        (["random", "nobody"], 5, 2, "unknown bot"),
        (["random", "heuristic", "nobody"], 5, 2, "unknown bot 'nobody'"),
        (["random", "heuristic", "mcts:playouts=x"], 5, 2, "playouts"),
        (["random", "heuristic"], "5", 2, "games must be a whole number .* not '5'"),
        (["random", "heuristic"], True, 2, "games must be a whole number .* not True"),
        (["random", "heuristic"], 5, "2", "players must be a whole number .* not '2'"),
        (["random", "heuristic"], 5, 1, "players must be a whole number from 2"),
        ("random", 5, 2, "bots must be a list of bot specs"),
        (["random", 3], 5, 2, "a bot must be a bot spec such as 'random', not 3"),
        ([f"mcts:playouts={i}" for i in range(1, 34)], 1, 2, "at most 32 bots, not 33"),
        (["random", "heuristic"], 500_001, 2, "games must be a whole number from 1 to 500000"),
        ([f"mcts:playouts={i}" for i in range(1, 12)], 10_000, 2, "55 tables of 10000 games"),
    ],
)
def test_bad_ladders_are_setup_errors(
    bots: list[str], games: int, players: int, message: str, no_games: None
) -> None:
    with pytest.raises(SetupError, match=message):
        ladder("polish", bots, games, players=players)


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ladder that plays a game fails the test (its checks come first, and a ladder
    they miss may play for days)."""

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(tournament, "simulate", played)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bootstrap": 0}, "bootstrap must be a whole number from 1 to 10000, not 0"),
        ({"bootstrap": 10**12}, "bootstrap must be a whole number from 1 to 10000"),
        ({"bootstrap": 2.5}, "bootstrap must be a whole number .* not 2.5"),
        ({"seed": "x"}, "seed must be a whole number, not 'x'"),
        ({"variant": 5}, "variant must be a variant spec"),
        # Was: the first table's games played, each refused as it was dealt.
        ({"variant": "polish:dealer=5"}, "the dealer option of 'polish': dealer must be a seat"),
    ],
)
def test_bad_ladder_options_are_setup_errors_before_any_game(
    arguments: dict[str, object], message: str, no_games: None
) -> None:
    options: dict[str, Any] = {"variant": "polish", "bots": ["random", "heuristic"], "games": 5}
    with pytest.raises(SetupError, match=message):
        ladder(**{**options, **arguments})


@pytest.mark.parametrize(
    "twins",
    [
        ("random", "RANDOM"),
        ("random", " random"),
        ("random", "random:"),
        ("mcts:playouts=5", "MCTS:playouts=05,"),
        ("mcts", "mcts:playouts=20"),  # 20 is the default
        ("nobody", "NoBody"),  # unknown either way: one name, refused as one
    ],
)
def test_one_bot_spelled_two_ways_is_rated_once_not_twice(
    twins: tuple[str, str], no_games: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot's name in any case, an empty option list, an option spelled another way or
    given its default: one bot, which a ladder refuses to rate against itself, naming both
    spellings (``makao ladder`` too: one line, status 2), as it refuses ``random random``.
    Was: rated twice under two labels."""
    bots = ["heuristic", *twins]
    with pytest.raises(SetupError, match="different bots") as refused:
        ladder("polish", bots, 5)
    assert f"({twins[0]!r} and {twins[1]!r} are one bot)" in str(refused.value)
    assert main(["ladder", "--bots", *bots, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("makao: error: give at least 2 different bots") and err.count("\n") == 1


def test_specs_of_different_bots_are_told_apart() -> None:
    """Different options, or different bots: different keys (`bot_key`)."""
    from makao.sim.spec import bot_key

    keys = [bot_key(spec) for spec in ("random", "heuristic", "mcts", "mcts:playouts=5")]
    assert all(a != b for a, b in itertools.combinations(keys, 2))


def test_a_bad_ladders_message_stays_short(no_games: None) -> None:
    with pytest.raises(SetupError, match="different bots") as refused:
        ladder("polish", ["x" * 10_000, "x" * 10_000], 5)
    assert len(str(refused.value)) < 300


def test_the_ladder_bounds_are_exported_and_documented() -> None:
    assert tournament.MAX_BOOTSTRAP == 10_000 and tournament.MAX_LADDER_BOTS == 32
    assert "MAX_BOOTSTRAP" in (ladder.__doc__ or "")


def test_makao_ladder_command_prints_the_table_and_draws_the_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    image = tmp_path / "ladder.png"
    argv = ["ladder", "--bots", "random", "heuristic", "--games", "4", "--bootstrap", "10"]
    assert main([*argv, "--plot", str(image)]) == 0
    out = capsys.readouterr().out
    assert "ladder: polish, 2 players, 4 games" in out and "heuristic" in out
    assert image.stat().st_size > 0
    assert main(["ladder", "--bots", "random", "--games", "2"]) == 2
    assert "at least 2 different bots" in capsys.readouterr().err


def test_bradley_terry_adds_the_prior_only_to_pairs_that_met() -> None:
    """A bot that met neither of two others links them by no phantom draws: the pair that
    met rates by its own odds with half a win each way (3.5 to 1.5)."""
    first, second, _ = bradley_terry([[0, 3, 0], [1, 0, 0], [0, 0, 0]])
    assert first - second == pytest.approx(400 * math.log10(3.5 / 1.5))


def test_ladder_is_reproducible_from_its_seed() -> None:
    """The same ladder with the same seed gives the same games, ratings and intervals."""
    bots = ["random", "heuristic", "mcts:playouts=2"]
    first = ladder("polish", bots, 6, seed=0, bootstrap=2)
    assert first.low != first.high  # the resamples differ: the intervals depend on them
    assert ladder("polish", bots, 6, seed=0, bootstrap=2) == first


def test_ladder_one_game_a_table_gives_intervals_at_the_rating() -> None:
    """Every bootstrap resample of a single game is that game: each interval closes on the
    rating (the resamples hold as many games as the table played)."""
    result = ladder("polish", ["random", "heuristic"], 1, bootstrap=5)
    assert result.ratings[0] != 0.0
    assert result.low == result.ratings == result.high


def test_a_ladder_of_the_most_bots_is_allowed() -> None:
    """Exactly `MAX_LADDER_BOTS` bots pass the bound (the next check refuses 0 games)."""
    bots = [f"mcts:playouts={i}" for i in range(1, tournament.MAX_LADDER_BOTS + 1)]
    with pytest.raises(SetupError, match="games must be a whole number"):
        ladder("polish", bots, 0)


def test_a_ladder_of_exactly_max_games_is_allowed() -> None:
    """`MAX_GAMES` games over all the tables pass the bound (the unknown variant fails next)."""
    with pytest.raises(SetupError) as refused:
        ladder("no-such-variant", ["random", "heuristic"], 500_000)
    assert "games" not in str(refused.value)


def test_makao_ladder_command_uses_the_ladders_defaults_and_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``makao ladder`` passes its seed on and defaults as `ladder` does (200 bootstrap
    rounds); ``--max-actions`` caps the games."""
    argv = ["ladder", "--bots", "random", "heuristic", "--games", "20", "--seed", "3"]
    assert main(argv) == 0
    expected = ladder("polish", ["random", "heuristic"], 20, seed=3)
    assert capsys.readouterr().out == expected.table() + "\n"
    assert main([*argv, "--max-actions", "4", "--bootstrap", "5"]) == 0
    assert "20 games (20 truncated)" in capsys.readouterr().out


def test_bradley_terry_fits_the_maximum_likelihood_ratings() -> None:
    """The fit is converged: every bot's wins (with the prior) equal the wins the ratings
    expect of it, for a long chain of lopsided results that converges slowly."""
    wins = [[0, 9, 0, 0], [1, 0, 9, 0], [0, 1, 0, 9], [0, 0, 1, 0]]
    strength = [10 ** (r / 400) for r in bradley_terry(wins)]
    w = [
        [x + (0.5 if x + wins[j][i] > 0 else 0.0) for j, x in enumerate(row)]
        for i, row in enumerate(wins)
    ]
    for i, si in enumerate(strength):
        expected = sum(
            (w[i][j] + w[j][i]) * si / (si + sj) for j, sj in enumerate(strength) if j != i
        )
        assert sum(w[i]) == pytest.approx(expected, abs=1e-6)


def test_ladder_few_bootstrap_rounds_span_the_lowest_to_the_highest_fit() -> None:
    """With two rounds the 2.5th and 97.5th percentiles are the lower and the higher fit:
    two resamples that differ give an interval, not a point."""
    result = ladder("polish", ["random", "heuristic"], 20, bootstrap=2)
    assert all(low < high for low, high in zip(result.low, result.high, strict=True))


def test_ladder_bootstrap_resamples_follow_the_ladders_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bootstrap draws from the ladder's seed: the same games rated under two seeds
    give the same ratings but their own resamples, so their own intervals."""

    _scripted(monkeypatch, _sixty_forty)
    bots = ["random", "heuristic", "mcts"]
    first = ladder("polish", bots, 20, seed=1, bootstrap=20)
    second = ladder("polish", bots, 20, seed=2, bootstrap=20)
    assert first.wins == second.wins and first.ratings == second.ratings
    assert (first.low, first.high) != (second.low, second.high)
    assert ladder("polish", bots, 20, seed=1, bootstrap=20) == first


def test_bradley_terry_of_counts_too_large_to_add_is_still_a_fit() -> None:
    """Finite counts whose sums overflow a float are still counts: the fit is the one of the
    counts scaled down alike (it raised ZeroDivisionError, every strength worn to 0)."""
    assert bradley_terry([[0, 1e308], [1e308, 0]]) == pytest.approx([0.0, 0.0], abs=1e-6)
    assert bradley_terry([[0, 1e308], [1e307, 0]]) == pytest.approx([200.0, -200.0])
    assert bradley_terry([[0, 1], [1, 0]], prior=1e308) == pytest.approx([0.0, 0.0], abs=1e-6)
    assert bradley_terry([[0, 10], [1, 0]], prior=0.05) == pytest.approx(
        [200 * math.log10(10.05 / 1.05), -200 * math.log10(10.05 / 1.05)]
    )


def test_ladder_intervals_cut_equal_tails_of_the_bootstrap_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The two ends of an interval leave as many resampled fits below the low end as above
    the high end: the same percentile on either side (40 rounds: the lowest and the highest
    fit; 200 rounds: 4 fits beyond each end)."""

    _scripted(monkeypatch, _sixty_forty)
    fits = _recorded_fits(monkeypatch)
    for rounds, beyond in ((40, 0), (200, 4)):
        fits.clear()
        result = ladder("polish", ["random", "heuristic"], 40, bootstrap=rounds)
        samples = fits[1:]
        for i in range(2):
            values = sorted(sample[i] for sample in samples)
            assert values[beyond] == result.low[i] and values[-1 - beyond] == result.high[i]


def test_bradley_terry_rates_a_bot_that_met_nobody_at_the_mean() -> None:
    """No results, no evidence: a bot that met no other is rated 0, the mean, and the pair
    that met sits around it, by its odds with half a win each way (3.5 to 1.5)."""
    first, second, alone = bradley_terry([[0, 3, 0], [1, 0, 0], [0, 0, 0]])
    assert alone == pytest.approx(0.0, abs=1e-6)
    assert first == pytest.approx(-second)
    assert first == pytest.approx(200 * math.log10(3.5 / 1.5))


def test_plot_without_matplotlib_names_the_plot_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``Ladder.plot`` without matplotlib (the ``plot`` extra) is one error that names the
    package and the extra to install."""
    result = ladder("polish", ["random", "heuristic"], 2, bootstrap=5)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    message = (
        r"No module named 'matplotlib': Ladder.plot needs the plot extra: "
        r"pip install 'makao\[plot\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        result.plot(tmp_path / "ladder.png")
    assert caught.value.name == "matplotlib"
    assert not (tmp_path / "ladder.png").exists()


def test_an_interrupted_ladder_plot_leaves_the_old_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``makao ladder --plot``, as every output, is written whole or not at all: Ctrl-C
    while saving the image leaves the old one, and no part of a new one."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    def interrupted(self: Figure, path: Any, **kwargs: Any) -> None:
        Path(path).write_bytes(b"part of a png")
        raise KeyboardInterrupt

    image = tmp_path / "ladder.png"
    image.write_bytes(b"old png")
    monkeypatch.setattr(Figure, "savefig", interrupted)
    argv = ["ladder", "--bots", "random", "heuristic", "--games", "2", "--bootstrap", "10"]
    assert main([*argv, "--plot", str(image)]) == 130
    assert capsys.readouterr().err == "makao: interrupted\n"
    assert image.read_bytes() == b"old png"
    assert [path.name for path in tmp_path.iterdir()] == ["ladder.png"]
