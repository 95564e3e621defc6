"""The bot ladder: Bradley–Terry fitting, round robin with seat rotation, bootstrap
intervals, the table, the plot and ``makao ladder`` (makao.tournament)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import makao
from makao import tournament
from makao.cli import main
from makao.errors import SetupError
from makao.tournament import bradley_terry, ladder


def test_bradley_terry_of_even_results_is_zero_for_everyone() -> None:
    assert bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]]) == pytest.approx([0, 0, 0], abs=1e-6)


def test_bradley_terry_two_bots_rate_by_their_odds_with_half_a_win_prior() -> None:
    low, high = bradley_terry([[0, 10], [30, 0]])
    assert high - low == pytest.approx(400 * math.log10(30.5 / 10.5))
    assert low + high == pytest.approx(0)


def test_bradley_terry_keeps_an_unbeaten_bot_finite_and_ranks_transitively() -> None:
    ratings = bradley_terry([[0, 0, 0], [10, 0, 0], [10, 10, 0]])
    assert all(math.isfinite(r) for r in ratings)
    assert ratings[0] < ratings[1] < ratings[2]


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


@pytest.mark.parametrize(
    ("bots", "games", "players", "message"),
    [
        (["random", "random"], 5, 2, "different bots"),
        (["random", "heuristic"], 5, 3, "at least 3 different bots"),
        (["random", "heuristic"], 0, 2, "games must be a whole number from 1 to 500000, not 0"),
        (["random", "nobody"], 5, 2, "unknown bot"),
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
    ],
)
def test_bad_ladder_options_are_setup_errors_before_any_game(
    arguments: dict[str, object], message: str, no_games: None
) -> None:
    options: dict[str, Any] = {"variant": "polish", "bots": ["random", "heuristic"], "games": 5}
    with pytest.raises(SetupError, match=message):
        ladder(**{**options, **arguments})


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
