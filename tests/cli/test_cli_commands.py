"""The ``makao`` command (issue 6): every subcommand, and one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import makao.cli
import makao.serialize
from makao import Game, variants
from makao.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


#: A short simulation of Polish makao, heuristic against random.
_SIMULATE = (
    "simulate", "--variant", "polish", "--option", "decks=1", "--games", "6",
    "--bots", "heuristic", "random",
)  # fmt: skip


def test_simulate_prints_a_table_and_writes_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = {ext: tmp_path / f"out.{ext}" for ext in ("json", "csv")}
    written = ("--json", str(files["json"]), "--csv", str(files["csv"]))
    code, out, _ = _run(capsys, *_SIMULATE, *written)
    assert code == 0
    assert "win rate heuristic" in out and "first player wins" in out
    assert json.loads(files["json"].read_text())["games"] == 6
    assert len(files["csv"].read_text().splitlines()) == 7


def test_simulate_draws_a_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "out.png"
    code, _, _ = _run(capsys, *_SIMULATE, "--plot", str(png))
    assert code == 0
    assert png.stat().st_size > 0


def test_simulate_fills_every_seat_with_one_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "simulate", "--players", "3", "--games", "3", "--quiet")
    assert code == 0 and "win rate random3" in out


def test_simulate_seats_one_player_per_bot_given(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "simulate", "--bots", "random", "random", "heuristic", "--games", "2", "--quiet"
    )
    assert code == 0 and "bots random1, random2, heuristic;" in out
    code, out, err = _run(capsys, "simulate", "--variant", "mao", "--bots", "random", "random")
    assert code == 2 and out == "" and "needs at least 3 players, not 2" in err


def test_option_keys_and_values_are_read_without_spaces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--option", " last_card_effect_applies = true ", "--games", "1", "--quiet"]
    code, out, err = _run(capsys, "simulate", *argv)
    assert code == 0 and err == "" and "polish:last_card_effect_applies=true:" in out


def test_compare_shows_the_difference(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "compare",
        "polish",
        "polish:last_card_effect_applies=true",
        "--games",
        "4",
        "--quiet",
    )
    assert code == 0
    assert "B - A" in out and "last_card_effect_applies=true" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--variant", "nope"], "unknown variant"),
        (["simulate", "--option", "colour=red"], "unknown option"),
        (["simulate", "--option", "decks=many"], "expects"),
        (["simulate", "--option", "decks"], "key=value"),
        (["simulate", "--bots", "oracle"], "unknown bot"),
        (["simulate", "--bots", "mcts:playouts=lots"], "expects"),
        (["simulate", "--games", "ten"], "not a whole number"),
        (["simulate", "--players", "3", "--bots", "random", "heuristic"], "2 bots for 3"),
        (["compare", "polish"], "required"),
        (["dance"], "invalid choice"),
        ([], "required"),
        (["simulate", "--games", "-3"], "--games"),
        (["simulate", "--workers", "0"], "workers"),
        (["simulate", "--max-actions", "0"], "--max-actions"),
        (["simulate", "--players", "0"], "--players"),
        (["simulate", "--players", "1"], "at least 2"),
        (["simulate", "--bots", ""], "no name"),
        (["simulate", "--bots", "random:foo=1"], "unknown option"),
        (["simulate", "--option", "=3"], "key=value"),
        (["simulate", "--option", " =3"], "key=value"),
        (["simulate", "--option", "decks=0"], "decks"),
        (["simulate", "--variant", "polish:decks"], "key=value"),
        (["simulate", "--seed", "abc"], "invalid int"),
        (["compare", "polish", "nope"], "unknown variant"),
        (["replay"], "required"),
        (["bench", "--games", "0"], "--games"),
        (["bench", "--rounds", "0"], "--rounds"),
        (["bench", "--games", "x"], "not a whole number"),
        (["bench", "--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("makao: error:") and words in err
    assert "Traceback" not in err + out


def test_replay_prints_the_event_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game.new(variants.polish(), 2, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    saved = tmp_path / "saved.json"
    saved.write_text(game.to_json())
    code, out, _ = _run(capsys, "replay", str(saved))
    assert code == 0
    assert f"   1. {game.record[0]}" in out and "seat 0 draws 1 card" in out


def test_replay_of_a_missing_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "replay", "no-such-file.json")
    assert code == 2 and err.count("\n") == 1


def test_an_error_naming_a_path_with_a_newline_is_still_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "two\nlines.json"
    code, out, err = _run(capsys, "replay", str(missing))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("makao: error: ") and "two" in err


def test_variants_lists_variants_options_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "variants")
    assert code == 0
    assert "polish:" in out and "last_card_effect_applies (bool, default False)" in out
    assert "bots: random, heuristic, mcts" in out


def test_bench_runs_the_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bench", "--games", "1")
    assert code in (0, 1)
    assert "benchmark" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games", "100001"], "--games: must be from 1 to 100000"),
        (["--rounds", "1001"], "--rounds: must be from 1 to 1000"),
    ],
)
def test_bench_counts_beyond_their_bounds_are_refused(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: str,
) -> None:
    monkeypatch.setattr(makao.cli, "_load_bench", lambda: None)
    monkeypatch.setattr(makao.cli, "quick_bench", lambda games, rounds, seed: "ran")
    code, out, err = _run(capsys, "bench", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("makao: error:") and words in err


def test_a_recursion_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def too_deep(text: str) -> Game:
        raise RecursionError("maximum recursion depth exceeded\nwhile decoding")

    monkeypatch.setattr(makao.serialize, "game_from_json", too_deep)
    path = tmp_path / "saved.json"
    path.write_text(Game.new(variants.polish(), 2, seed=1).to_json(), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err == "makao: error: maximum recursion depth exceeded\n"


def test_progress_falls_back_to_plain_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    code, _, err = _run(capsys, "simulate", "--games", "4")
    assert code == 0 and "4/4 games" in err


def test_progress_bar_with_rich(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    code, out, _ = _run(capsys, "simulate", "--games", "3")
    assert code == 0 and "win rate" in out


def test_plot_without_matplotlib_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = _run(capsys, "simulate", "--games", "2", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "pip install" in err and err.count("\n") == 1


def test_python_dash_m_makao_runs_the_makao_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m makao`` is the ``makao`` command: the same output for the same arguments."""
    args = ["simulate", "--players", "2", "--games", "4", "--seed", "3"]
    by_module = subprocess.run(
        [sys.executable, "-m", "makao", *args], capture_output=True, text=True, check=True
    )
    assert main(args) == 0
    assert by_module.stdout == capsys.readouterr().out != ""
