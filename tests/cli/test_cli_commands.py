"""The ``makao`` command (issue 6): every subcommand, and one-line errors with status 2."""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import makao.cli
import makao.serialize
from _processes import POSIX, run_python
from makao import Game, bots, variants
from makao.bots.protocol import Bot
from makao.cli import main
from makao.rules import Wild
from makao.variant import Variant


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
        (["simulate", "--players", "101"], "--players: must be from 1 to 100"),
        (["simulate", "--bots", ""], "no name"),
        (["simulate", "--bots", "random:foo=1"], "unknown option"),
        (["simulate", "--option", "=3"], "key=value"),
        (["simulate", "--option", " =3"], "key=value"),
        (["simulate", "--option", "decks=0"], "decks"),
        (["simulate", "--variant", "polish:decks"], "key=value"),
        (["simulate", "--seed", "abc"], "invalid int"),
        (["compare", "polish", "nope"], "unknown variant"),
        (["replay"], "required"),
        (["variants", ""], "must not be empty"),
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


@pytest.mark.parametrize(
    ("error", "shown"), [(MemoryError(), "MemoryError"), (ValueError(" \n"), "ValueError")]
)
def test_an_error_without_a_message_is_named_by_its_type(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    error: Exception,
    shown: str,
) -> None:
    """An error with a blank message is one line naming its type, status 2."""

    def fail(text: str) -> Game:
        raise error

    monkeypatch.setattr(makao.serialize, "game_from_json", fail)
    path = tmp_path / "saved.json"
    path.write_text(Game.new(variants.polish(), 2, seed=1).to_json(), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err == f"makao: error: {shown}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_failed_write_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """An OSError while writing an output file is one line and status 2, not a traceback."""
    code, _, err = _run(capsys, "simulate", "--games", "1", "--quiet", "--json", "/dev/full")
    assert code == 2 and err.startswith("makao: error: ") and err.count("\n") == 1


def test_replay_of_a_missing_file_names_the_path_and_the_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that cannot be opened: its path and the system's reason, no errno."""
    missing = tmp_path / "missing.json"
    code, _, err = _run(capsys, "replay", str(missing))
    assert code == 2 and err == f"makao: error: {missing}: No such file or directory\n"


def test_replay_of_a_binary_file_says_it_is_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A save that is not UTF-8 is refused as such in one line."""
    path = tmp_path / "binary.json"
    path.write_bytes(b'{"\xff\xfe": 1}')
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "not UTF-8" in err


def test_replay_of_text_that_is_not_json_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Text that is not JSON is reported by the save format's reader, not the JSON parser."""
    path = tmp_path / "notes.json"
    path.write_text("not json", encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.startswith(f"makao: error: {path}: not a saved game")


def _replay_edited(
    capsys: pytest.CaptureFixture[str], path: Path, edit: Callable[[dict[str, Any]], None]
) -> str:
    """``makao replay`` of a Polish save edited by ``edit`` and written to ``path``: its
    one line of error (status 2, nothing printed)."""
    saved = json.loads(Game.new(variants.polish(), 2, seed=1).to_json())
    edit(saved)
    path.write_text(json.dumps(saved), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    return err


def test_replay_of_a_damaged_save_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every load error of ``replay`` names the save, as its file errors do (was: the
    reader's `StateError` alone, with no file)."""

    def edit(saved: dict[str, Any]) -> None:
        saved["summary"]["stock_size"] += 1

    path = tmp_path / "edited.json"
    err = _replay_edited(capsys, path, edit)
    assert err.startswith(f"makao: error: {path}: ") and "the summary says" in err


def test_replay_of_a_custom_variant_says_what_a_command_line_user_can_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A save of a custom variant (``"builtin": false``), even one named like a built-in,
    is refused naming the file, the variant and the Python call that loads it; the
    reader's own error tells a Python caller to pass ``variant=``, which the command
    line has no way to."""

    def edit(saved: dict[str, Any]) -> None:
        saved["variant"]["builtin"] = False

    path = tmp_path / "custom.json"
    err = _replay_edited(capsys, path, edit)
    assert err.startswith(f"makao: error: {path}: saved with a custom variant named 'polish'")
    assert "--import" in err and err.endswith("game_from_json(text, variant=...)\n")


def test_replay_of_a_match_save_of_a_custom_variant_is_refused_as_not_a_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A save of another format (a match's) is the reader's to refuse, custom variant or
    not: it is not a game, so the advice to load it as one would be wrong."""

    def edit(saved: dict[str, Any]) -> None:
        saved["format"] = "makao.match"
        saved["variant"]["builtin"] = False

    path = tmp_path / "match.json"
    err = _replay_edited(capsys, path, edit)
    assert err.startswith(f"makao: error: {path}: not a saved game: format must be 'makao.game'")


def test_simulate_defaults_to_1000_games(capsys: pytest.CaptureFixture[str]) -> None:
    """``--games`` defaults to 1000 (its help text)."""
    code, out, _ = _run(capsys, "simulate", "--max-actions", "1", "--quiet")
    assert code == 0 and out.startswith("polish: 1000 games,")


def test_simulate_defaults_to_seed_0(capsys: pytest.CaptureFixture[str]) -> None:
    """``--seed`` defaults to 0 (its help text): the same table as ``--seed 0``."""
    argv = ["simulate", "--games", "3", "--quiet"]
    assert _run(capsys, *argv) == _run(capsys, *argv, "--seed", "0")


def test_plain_progress_shows_each_tenth_done(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plain progress prints a line whenever another tenth of the games is done."""
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    code, _, err = _run(capsys, "simulate", "--games", "4")
    assert code == 0
    assert err.splitlines() == [f"  {done}/4 games" for done in (1, 2, 3, 4)]


def test_register_replaces_a_command_of_the_same_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``register`` replaces a subcommand by name rather than adding a second one."""

    def hello(args: argparse.Namespace) -> int:
        print("hello")
        return 0

    monkeypatch.setattr(makao.cli, "COMMANDS", list(makao.cli.COMMANDS))
    makao.cli.register(makao.cli.Command("variants", "say hello", lambda parser: None, hello))
    assert [command.name for command in makao.cli.COMMANDS].count("variants") == 1
    assert _run(capsys, "variants") == (0, "hello\n", "")


def test_bench_defaults_to_60_games_5_rounds_seed_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bench`` passes its documented defaults, and what is given, in order."""
    asked: list[tuple[int, int, int]] = []

    def record(games: int, rounds: int, seed: int) -> str:
        asked.append((games, rounds, seed))
        return "ran"

    monkeypatch.setattr(makao.cli, "_load_bench", lambda: None)
    monkeypatch.setattr(makao.cli, "quick_bench", record)
    assert _run(capsys, "bench")[0] == 0
    assert _run(capsys, "bench", "--games", "7", "--rounds", "3", "--seed", "9")[0] == 0
    assert asked == [(60, 5, 1), (7, 3, 9)]


def test_quick_bench_measures_two_and_four_players() -> None:
    """The quick benchmark has one line for 2 and one for 4 players."""
    lines = makao.cli.quick_bench(1, 1, 1).splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == ["  2 players", "  4 players"]


def test_simulate_defaults_to_one_worker(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--workers`` defaults to 1: the same table and progress lines as ``--workers 1``."""
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    argv = ["simulate", "--games", "8"]
    assert _run(capsys, *argv) == _run(capsys, *argv, "--workers", "1")


def test_an_interrupted_command_says_so_in_one_line_with_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of a command: no traceback, status 130 (128 + SIGINT)."""

    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(makao.cli, "COMMANDS", list(makao.cli.COMMANDS))
    makao.cli.register(makao.cli.Command("wait", "wait", lambda parser: None, interrupted))
    try:
        result = _run(capsys, "wait")
    except KeyboardInterrupt:
        pytest.fail("the interrupt escaped main: a traceback")
    assert result == (130, "", "makao: interrupted\n")


#: A ``makao`` command with a bot "stuck" whose every game hangs, after it has touched the
#: file ``sys.argv[1]`` (the games have started, in the workers).
_STUCK = """
import faulthandler, signal, sys, time
faulthandler.register(signal.SIGUSR1, all_threads=True)  # where a hang is, for the test
from pathlib import Path
from makao import bots
from makao.bots import RandomBot
from makao.cli import main


class Stuck(RandomBot):
    name = "stuck"

    def choose(self, view, moves):
        Path(sys.argv[1]).touch()
        while True:
            time.sleep(0.01)


if __name__ == "__main__":
    bots.register("stuck", Stuck)
    sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.skipif(not POSIX, reason="process groups")
@pytest.mark.parametrize("command", [["simulate"], ["compare", "polish", "polish:decks=2"]])
def test_ctrl_c_stops_workers_at_once_with_one_line_and_status_130(
    command: list[str], tmp_path: Path
) -> None:
    """Ctrl-C (SIGINT to the process group) while worker processes play games that never
    end: one line, status 130, at once, and no worker left behind. Was: a hang, the pool
    waiting for the chunks in flight."""
    script, started = tmp_path / "stuck.py", tmp_path / "started"
    script.write_text(_STUCK, encoding="utf-8")
    argv = [*command, "--bots", "stuck", "random", "--games", "40", "--workers", "2"]
    done = run_python(str(script), str(started), *argv, "--quiet", interrupt_when=started)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "makao: interrupted\n")


# ------------------------------------------------------------------ --import MODULE

_PLUGIN = '''
from makao import bots
from makao.bots import HeuristicBot


class Shedder(HeuristicBot):
    """A user's bot: the heuristic, registered under a name of its own."""

    name = "shedder"


bots.register("shedder-of-a-plugin", Shedder)
'''


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current directory holds the plugin modules; ``sys.path`` and ``sys.modules``
    are restored after the test."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "modules", dict(sys.modules))
    return tmp_path


def test_import_registers_a_users_bot_for_the_command(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``makao --import MODULE`` imports the module (found in the current directory, as
    ``python -m`` would) before the arguments are read, so the bots it registers are names
    on the command line."""
    (plugin_dir / "mybots.py").write_text(_PLUGIN, encoding="utf-8")
    argv = ["simulate", "--games", "3", "--bots", "shedder-of-a-plugin", "random", "--quiet"]
    code, out, err = _run(capsys, "--import", "mybots", *argv)
    assert (code, err) == (0, ""), err
    assert "bots shedder, random" in out and "win rate shedder" in out


def test_import_of_a_missing_module_is_one_line(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "--import", "no_such_module_here", "variants")
    assert (code, out) == (2, "")
    assert err == "makao: error: --import no_such_module_here: no such module\n"


@pytest.mark.parametrize("name", [".", ".mybots", "..x"])
def test_import_of_a_relative_name_says_so(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    # Was: "--import .: TypeError: the 'package' argument is required to perform a relative
    # import for '.'" (importlib's words, for a name the user cannot give a package for).
    code, out, err = _run(capsys, "--import", name, "variants")
    assert (code, out) == (2, "")
    assert err == f"makao: error: --import {name}: a relative name; give the module's full name\n"


def test_import_of_a_file_path_says_to_give_the_module_name(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--import mybots.py`` or a path to it (what a newcomer types first) says to give
    the module's name; it said "no such module" of a file that is there, or repeated
    Python's "No module named '/…/mybots'"."""
    (plugin_dir / "mybots.py").write_text(_PLUGIN, encoding="utf-8")
    hint = (
        ": give a module's name, not a file: --import mybots, run from the file's "
        "directory (or with it on PYTHONPATH)\n"
    )
    for given in ("mybots.py", str(plugin_dir / "mybots.py"), "./mybots"):
        code, out, err = _run(capsys, "--import", given, "variants")
        assert (code, out) == (2, "")
        assert err == f"makao: error: --import {given}{hint}"


def test_import_after_the_command_says_it_goes_before(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (plugin_dir / "mybots.py").write_text(_PLUGIN, encoding="utf-8")
    code, out, err = _run(capsys, "variants", "polish", "--import", "mybots")
    assert (code, out) == (2, "")
    assert err == (
        "makao: error: unrecognized arguments: --import mybots (--import goes before the "
        "command: makao --import MODULE simulate …)\n"
    )
    # Was: no hint for the ``--import=MODULE`` form, which argparse takes before a command.
    code, out, err = _run(capsys, "variants", "polish", "--import=mybots")
    assert (code, out) == (2, "")
    assert err == (
        "makao: error: unrecognized arguments: --import=mybots (--import goes before the "
        "command: makao --import MODULE simulate …)\n"
    )


def test_import_without_a_module_is_one_line(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "--import")
    assert (code, out) == (2, "")
    assert err == "makao: error: argument --import: expected one argument\n"


def test_import_of_a_failing_module_says_its_error_in_one_line(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (plugin_dir / "broken_bots.py").write_text("raise RuntimeError('oops')\n", encoding="utf-8")
    code, out, err = _run(capsys, "--import", "broken_bots", "variants")
    assert (code, out) == (2, "")
    assert err == "makao: error: --import broken_bots: RuntimeError: oops\n"


def test_import_of_a_module_that_fails_to_import_another_says_its_error(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module that is there but cannot import something of its own is not said to be
    missing: its `ImportError` is said, cut short when long."""
    (plugin_dir / "needs_more.py").write_text("import no_module_it_needs\n", encoding="utf-8")
    code, out, err = _run(capsys, "--import", "needs_more", "variants")
    assert (code, out) == (2, "")
    assert err == "makao: error: --import needs_more: No module named 'no_module_it_needs'\n"
    (plugin_dir / "loud_import.py").write_text(
        "raise ImportError('z' * 100_000)\n", encoding="utf-8"
    )
    code, out, err = _run(capsys, "--import", "loud_import", "variants")
    assert (code, out) == (2, "")
    assert err.startswith("makao: error: --import loud_import: 'zzz")
    assert err.endswith(" (100000 characters)\n") and len(err) < 600


def test_a_users_bot_that_fails_to_construct_is_one_line(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot of yours (registered by an ``--import``ed module) whose constructor raises —
    a model file it cannot read, a bug — is one line naming the spec and its error, with
    status 2, as a failing ``--import`` is (it was a Python traceback, status 1)."""
    (plugin_dir / "unbuilt_bots.py").write_text(
        "from makao import bots\n\n\n"
        "class Unbuilt:\n"
        "    def __init__(self):\n"
        "        raise RuntimeError('no model file')\n\n\n"
        "bots.register('unbuilt-of-a-plugin', Unbuilt)\n",
        encoding="utf-8",
    )
    argv = ["simulate", "--games", "2", "--bots", "random", "unbuilt-of-a-plugin", "--quiet"]
    code, out, err = _run(capsys, "--import", "unbuilt_bots", *argv)
    assert (code, out) == (2, "")
    assert err == "makao: error: --bots unbuilt-of-a-plugin: RuntimeError: no model file\n"


def test_a_users_bot_failing_with_any_error_or_unknown_is_one_line(
    plugin_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot of yours whose constructor fails with any error (here an `OSError`, not
    only a `RuntimeError`) is one line naming the spec; a bot the CLI does not know keeps
    its own message, not wrapped as a failing constructor."""
    (plugin_dir / "needy_bots.py").write_text(
        "from makao import bots\n\n\n"
        "class Needy:\n"
        "    def __init__(self):\n"
        "        raise FileNotFoundError('model.pt')\n\n\n"
        "bots.register('needy-of-a-plugin', Needy)\n",
        encoding="utf-8",
    )
    argv = ["simulate", "--games", "2", "--bots", "random", "needy-of-a-plugin", "--quiet"]
    code, out, err = _run(capsys, "--import", "needy_bots", *argv)
    assert (code, out) == (2, "")
    assert err == "makao: error: --bots needy-of-a-plugin: FileNotFoundError: model.pt\n"
    code, out, err = _run(capsys, "simulate", "--games", "2", "--bots", "random", "nosuch")
    assert (code, out) == (2, "")
    assert err.startswith("makao: error: unknown bot 'nosuch'; known: ")


def test_a_users_bot_failing_with_a_long_message_is_one_short_line(
    plugin_dir: Path, own_registries: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot of yours whose constructor fails with a message of 100,000 characters is one
    line naming the spec, its message cut short (it was printed whole)."""
    (plugin_dir / "loud_bots.py").write_text(
        "from makao import bots\n\n\n"
        "class Loud:\n"
        "    def __init__(self):\n"
        "        raise RuntimeError('y' * 100_000)\n\n\n"
        "bots.register('loud-of-a-plugin', Loud)\n",
        encoding="utf-8",
    )
    argv = ["simulate", "--games", "2", "--bots", "random", "loud-of-a-plugin", "--quiet"]
    code, out, err = _run(capsys, "--import", "loud_bots", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("makao: error: --bots loud-of-a-plugin: RuntimeError: 'yyy")
    assert err.endswith(" (100000 characters)\n") and len(err) < 600


@pytest.fixture
def own_registries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test registers into copies of the registries, dropped when it ends."""
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    monkeypatch.setattr(bots, "_BOTS", copy.deepcopy(bots._BOTS))


def _unbuilt_variant() -> Variant:
    raise RuntimeError("no rules file")


@pytest.mark.usefixtures("own_registries")
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--variant", "unbuilt-variant", "--games", "2", "--quiet"],
        ["compare", "polish", "unbuilt-variant", "--games", "2", "--quiet"],
        ["variants", "unbuilt-variant"],
        ["ladder", "--variant", "unbuilt-variant", "--bots", "random", "heuristic", "--games", "1"],
    ],
    ids=["simulate", "compare", "variants", "ladder"],
)
def test_a_users_variant_whose_factory_fails_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant of yours whose factory raises is one line naming it and its error, status
    2, as a bot's failing constructor is. Was: a Python traceback, status 1."""
    variants.register("unbuilt-variant", _unbuilt_variant)
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == "makao: error: variant unbuilt-variant: RuntimeError: no rules file\n"


@pytest.mark.usefixtures("own_registries")
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--variant", "no-variant", "--games", "2", "--quiet"],
        ["variants", "no-variant"],
        ["ladder", "--variant", "no-variant", "--bots", "random", "heuristic", "--games", "1"],
    ],
    ids=["simulate", "variants", "ladder"],
)
def test_a_users_variant_factory_returning_no_variant_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A factory that returns something else than a `Variant` (here None) is one line.
    Was: an `AttributeError` traceback ('NoneType' object has no attribute 'compiled')."""
    variants.register("no-variant", lambda: None)  # type: ignore[arg-type,return-value]
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == (
        "makao: error: the factory of variant 'no-variant' must return a Variant, not None\n"
    )


@pytest.mark.usefixtures("own_registries")
def test_a_users_bot_that_fails_to_construct_in_a_ladder_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``makao ladder`` says a failing bot constructor in one line, as ``simulate`` does.
    Was: a Python traceback, status 1."""

    def unbuilt() -> Bot:
        raise RuntimeError("no model file")

    bots.register("unbuilt-bot", unbuilt)
    code, out, err = _run(capsys, "ladder", "--bots", "random", "unbuilt-bot", "--games", "1")
    assert (code, out) == (2, "")
    assert err == "makao: error: --bots unbuilt-bot: RuntimeError: no model file\n"


@pytest.mark.usefixtures("own_registries")
def test_a_ladder_checks_its_arguments_before_it_builds_a_variant_of_yours_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``makao ladder`` checks its own arguments first (a bad ``--games`` is said, not a
    failing factory of yours), and builds a variant of yours once, as the library's
    `ladder` does. Was: every spec was built before the ladder's checks, and the
    variant's factory ran twice."""
    built: list[int] = []

    def counted() -> Variant:
        built.append(1)
        return variants.polish()

    variants.register("unbuilt-variant", _unbuilt_variant)
    variants.register("counted", counted)
    argv = ["ladder", "--variant", "unbuilt-variant", "--bots", "random", "heuristic"]
    code, _, err = _run(capsys, *argv, "--games", "0")
    assert code == 2 and "games" in err and "no rules file" not in err
    code, out, err = _run(
        capsys, "ladder", "--variant", "counted", "--bots", "random", "heuristic", "--games", "1"
    )
    assert (code, err) == (0, "") and out
    assert len(built) == 1


@pytest.mark.usefixtures("own_registries")
def test_replay_of_a_save_whose_variant_factory_fails_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``makao replay`` of a save of a variant of yours whose factory raises says so in one
    line naming the save, status 2, as the other commands do. Was: a traceback."""
    game = Game.new(variants.polish(), 2, seed=1)
    saved = json.loads(game.to_json())
    saved["variant"]["name"] = "unbuilt-variant"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(saved), encoding="utf-8")

    def unbuilt(**options: object) -> Variant:  # the save's options are passed back
        raise RuntimeError("no rules file")

    variants.register("unbuilt-variant", unbuilt)
    code, out, err = _run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err == f"makao: error: {path}: RuntimeError: no rules file\n"


def test_replay_of_a_save_of_an_unregistered_variant_names_the_import_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A save of a variant of one's own, replayed without importing the module that
    registers it, says how to make it known (`makao --import MODULE`), as an unknown bot
    or variant name anywhere does."""
    game = Game.new(variants.polish(), 2, seed=1)
    saved = json.loads(game.to_json())
    saved["variant"]["name"] = "my-house-rules"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert "unknown variant 'my-house-rules'" in err
    assert err.endswith(
        "(one of your own is known once registered: makao.variants.register, "
        "or on the command line makao --import MODULE)\n"
    )


@pytest.mark.usefixtures("own_registries")
def test_variants_describes_a_factory_without_a_docstring_by_the_variants_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A variant of yours made by a lambda has no docstring: ``makao variants`` says so,
    and ``makao variants NAME`` shows the variant's own description (it showed the name
    again: "mine: mine")."""
    variants.register("mine", lambda: Variant("mine", variants.polish().rules, (), "My house"))
    variants.register("bare", lambda: Variant("bare", variants.polish().rules))
    code, out, _ = _run(capsys, "variants")
    assert code == 0 and "\nmine: no description\n" in out
    assert _run(capsys, "variants", "mine")[1].startswith("mine: My house\n")
    assert _run(capsys, "variants", "bare")[1].startswith("bare: no description\n")


_COMMANDS = ["simulate", "compare", "replay", "variants", "bench", "ladder"]


@pytest.mark.parametrize("command", _COMMANDS)
def test_each_subcommands_help_says_what_it_does(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``makao COMMAND --help`` starts with the line ``makao --help`` lists for it, ladder's
    too (its parser is added by makao.tournament, not from a `Command`)."""
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    listing = makao.cli._build_parser().format_help()
    summary = listing.split(f"\n    {command} ", 1)[1].splitlines()[0].strip()
    usage, description = capsys.readouterr().out.split("\n\n")[:2]
    assert usage.startswith(f"usage: makao {command}") and description == summary


@pytest.mark.usefixtures("own_registries")
def test_a_factorys_variant_named_otherwise_is_shown_and_replayed_as_registered(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``makao variants``, ``simulate`` and ``replay`` call a registered factory's variant
    that kept a built-in's name (``polish().without(Wild)``) by its registered name. Was:
    "polish" with Polish makao's aliases, "polish (custom rules)", and a save ``replay``
    could not rebuild."""
    variants.register("nowild", lambda: variants.polish().without(Wild), "plain")
    shown = _run(capsys, "variants", "nowild")[1]
    assert shown.startswith("nowild: ") and shown.endswith("\naliases: plain\n")
    code, out, _ = _run(capsys, "simulate", "--variant", "nowild", "--games", "2", "--quiet")
    assert code == 0 and out.startswith("nowild: 2 games")
    saved = tmp_path / "game.json"
    saved.write_text(Game.new(variants.get("nowild"), 2, seed=1).to_json(), encoding="utf-8")
    code, out, _ = _run(capsys, "replay", str(saved))
    assert code == 0 and out.startswith("nowild, 2 players")
