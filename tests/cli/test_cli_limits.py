"""Bounded work on hostile input and runaway games (issue 14, the CLI and simulation
parts): a default cap on actions per game reported as truncated; ``makao replay`` refuses
deep nesting, devices, FIFOs and huge files in one line with status 2; ``--games`` and
``--workers`` have upper bounds; work is handed out a few chunks at a time."""

from __future__ import annotations

import errno
import inspect
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from makao import Game, variants
from makao._arguments import SHOWN
from makao.bots import BaseBot, MCTSBot
from makao.cli import (
    MAX_ACTIONS_LIMIT,
    MAX_SAVE_BYTES,
    MAX_SAVE_DEPTH,
    UsageError,
    json_depth,
    main,
    read_save,
)
from makao.errors import SetupError
from makao.moves import Move, Say
from makao.sim import compare, simulate
from makao.sim.run import DEFAULT_MAX_ACTIONS, GUESSED_WORKERS, MAX_GAMES
from makao.view import View

ROOT = Path(__file__).resolve().parents[2]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_error(code: int, out: str, err: str, words: str) -> None:
    assert code == 2 and out == ""
    assert err.startswith("makao: error: ") and err.count("\n") == 1, err
    assert words in err and "Traceback" not in err


class Chatter(BaseBot):
    """Says something whenever it may (UM-15 talk): a Mao game between three never ends."""

    name = "chatter"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        talk = [move for move in moves if isinstance(move, Say)]
        return talk[0] if talk else moves[0]


# ----------------------------------------------------------------- the action cap


def test_simulate_caps_a_game_that_never_ends_by_default() -> None:
    # Was: no cap unless asked, so this run never returned.
    result = simulate("mao", [Chatter(), Chatter(), Chatter()], games=1, seed=1)
    assert result.max_actions == DEFAULT_MAX_ACTIONS
    assert result.truncated() == 1 and result.records[0].actions == DEFAULT_MAX_ACTIONS
    assert "1 truncated at 10000 actions" in result.table()
    assert result.to_dict()["truncated"] == 1
    assert result.to_dict()["max_actions"] == DEFAULT_MAX_ACTIONS


def test_the_default_cap_is_documented_and_shared() -> None:
    assert inspect.signature(simulate).parameters["max_actions"].default == DEFAULT_MAX_ACTIONS
    assert inspect.signature(compare).parameters["max_actions"].default == DEFAULT_MAX_ACTIONS
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"default **{DEFAULT_MAX_ACTIONS:,}**" in page
    assert f"| `--games` | 1 to {MAX_GAMES:,} |" in page
    assert f"{MAX_SAVE_BYTES // 2**20} MiB" in page


def test_truncated_games_are_in_every_table_and_the_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_json = tmp_path / "s.json"
    argv = ["--games", "3", "--max-actions", "5", "--quiet"]
    code, out, _ = _run(capsys, "simulate", *argv, "--json", str(out_json))
    assert code == 0 and "3 truncated at 5 actions" in out.splitlines()[0]
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["truncated"] == 3 and data["max_actions"] == 5
    code, out, _ = _run(capsys, "compare", "polish", "polish:decks=2", *argv)
    assert code == 0 and "A 3 truncated at 5 actions, B 3 truncated at 5 actions" in out


def test_no_cap_is_reported_as_such() -> None:
    result = simulate("polish", ["random", "random"], games=1, seed=1, max_actions=None)
    assert "0 truncated (no cap)" in result.table()


# ------------------------------------------------------------- counts and workers


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--games", str(10**12)], "--games"),
        (["simulate", "--games", str(MAX_GAMES + 1)], "--games"),
        (["compare", "polish", "prsi", "--games", str(10**9)], "--games"),
        (["simulate", "--workers", "40"], "--workers"),
        (["simulate", "--max-actions", str(10**12)], "--max-actions"),
        # was: a ladder that never ended (a trillion bootstrap fits), and one of 23,751
        # tables, which played for days
        (["ladder", "--bots", "random", "heuristic", "--bootstrap", str(10**12)], "bootstrap"),
        (
            ["ladder", "--players", "4", "--bots", *(f"mcts:playouts={i}" for i in range(1, 30))],
            "23751 tables of 100 games are 2375100 games; at most 500000",
        ),
    ],
)
def test_counts_beyond_their_bounds_are_refused(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: str,
) -> None:
    # Was: a MemoryError traceback (10**12), memory eaten before the first game (10**9),
    # and 40 forked processes.
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    _one_line_error(*_run(capsys, *argv), words)


def test_counts_at_their_bounds_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--quiet", "--max-actions", str(MAX_ACTIONS_LIMIT)]
    code, out, err = _run(capsys, "simulate", *argv)
    assert code == 0 and err == "" and "1 games" in out
    _one_line_error(*_run(capsys, "simulate", *argv[:-1], str(MAX_ACTIONS_LIMIT + 1)), "from 1 to")


@pytest.mark.parametrize("command", ["simulate", "compare", "ladder"])
def test_max_actions_has_one_upper_bound_in_every_command(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``--max-actions`` is 1 to `MAX_ACTIONS_LIMIT` wherever it is read (docs/cli.md's
    limits): ``makao ladder`` took any whole number."""
    bots = ["--bots", "random", "heuristic"] if command == "ladder" else []
    argv = [command, *bots, "--games", "1", "--max-actions", str(MAX_ACTIONS_LIMIT + 1)]
    _one_line_error(*_run(capsys, *argv), f"--max-actions: must be from 1 to {MAX_ACTIONS_LIMIT}")


def test_max_actions_upper_bound_is_the_one_docs_cli_md_gives() -> None:
    """``--max-actions`` is 1 to 10,000,000 (docs/cli.md's limits): the bound every
    command reads is the documented one."""
    docs = (Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    (row,) = [line for line in docs.splitlines() if line.startswith("| `--max-actions` |")]
    assert f"| 1 to {MAX_ACTIONS_LIMIT:,}," in row and MAX_ACTIONS_LIMIT == 10_000_000


def test_the_api_refuses_the_same_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    with pytest.raises(SetupError, match="games"):
        simulate("polish", ["random", "random"], games=MAX_GAMES + 1)
    with pytest.raises(SetupError, match="workers"):
        simulate("polish", ["random", "random"], games=1, workers=9)


class _Counting(Executor):
    """Runs work at once, and notes the most submitted-but-unread results at a time. It
    tells its size as `concurrent.futures`' pools do (``_max_workers``): 8 workers, so
    16 chunks in flight (twice its workers)."""

    def __init__(self) -> None:
        self._max_workers = 8
        self.pending: list[Future[Any]] = []
        self.most = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        self.pending = [f for f in self.pending if not getattr(f, "_read", False)]
        self.pending.append(future)
        self.most = max(self.most, len(self.pending))
        original = future.result

        def result(timeout: float | None = None) -> Any:
            future._read = True  # type: ignore[attr-defined]
            return original(timeout)

        future.result = result  # type: ignore[method-assign]
        return future


def test_work_is_handed_out_a_few_chunks_at_a_time() -> None:
    # Was: every chunk submitted before the first result was read.
    executor = _Counting()
    result = simulate("polish", ["random", "random"], 60, 1, executor=executor, chunk_size=1)
    assert result.games == 60 and executor.most <= 17
    assert result == simulate("polish", ["random", "random"], 60, 1, chunk_size=1)


class _Refilling(_Counting):
    """A `_Counting` executor that notes how many results are unread at each submit."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        self.in_flight.append(len(self.pending))
        return future


def test_an_executor_that_does_not_tell_its_size_gets_a_window_for_guessed_workers() -> None:
    """At most twice `GUESSED_WORKERS` chunks in flight, refilled as they finish."""
    executor = _Refilling()
    del executor._max_workers
    chunks = 2 * GUESSED_WORKERS
    simulate("polish", ["random", "random"], chunks + 8, 1, executor=executor, chunk_size=1)
    assert executor.in_flight == [*range(1, chunks + 1), *range(1, 9)]


def test_the_window_is_refilled_as_chunks_finish() -> None:
    """Each chunk read makes room for another: 16 finished chunks let 16 more go out."""
    executor = _Refilling()
    simulate("polish", ["random", "random"], 40, 1, executor=executor, chunk_size=1)
    assert executor.in_flight == [*range(1, 17), *range(1, 17), *range(1, 9)]


def test_an_executor_of_few_workers_still_gets_sixteen_chunks_in_flight() -> None:
    """Twice the executor's workers, at least 16: an executor of 2 workers gets 16 chunks
    in flight, not 4."""
    executor = _Refilling()
    executor._max_workers = 2
    simulate("polish", ["random", "random"], 20, 1, executor=executor, chunk_size=1)
    assert executor.in_flight == [*range(1, 17), *range(1, 5)]


# --------------------------------------------------------------------- replay


def _saved(tmp_path: Path) -> Path:
    game = Game.new(variants.polish(decks=2), 2, seed=3)
    game.play(game.legal_moves()[0])
    path = tmp_path / "saved.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def test_replay_shows_the_variant_with_its_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Was: "polish, 2 players, …" for a decks=2 game.
    code, out, _ = _run(capsys, "replay", str(_saved(tmp_path)))
    assert code == 0 and out.startswith("polish:decks=2, 2 players")


def test_replay_of_deeply_nested_json_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Was: a RecursionError traceback.
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _one_line_error(*_run(capsys, "replay", str(path)), "nested")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_replay_of_a_device_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: a MemoryError traceback after reading without end.
    _one_line_error(*_run(capsys, "replay", "/dev/zero"), "not a regular file")


def test_replay_of_a_directory_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _one_line_error(*_run(capsys, "replay", str(tmp_path)), str(tmp_path))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_of_a_fifo_does_not_block(tmp_path: Path) -> None:
    # Was: blocked for ever waiting for a writer.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "makao.cli", "replay", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    _one_line_error(done.returncode, done.stdout, done.stderr, "not a regular file")


def test_replay_of_a_huge_file_is_refused_before_reading(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: no disk is used
        handle.truncate(MAX_SAVE_BYTES + 1)
    _one_line_error(*_run(capsys, "replay", str(path)), "bytes")


def test_a_save_within_the_limits_still_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _saved(tmp_path)
    assert json_depth(path.read_text(encoding="utf-8")) <= MAX_SAVE_DEPTH
    assert _run(capsys, "replay", str(path))[0] == 0


def test_a_save_exactly_at_the_limits_is_read(tmp_path: Path) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text("[" * MAX_SAVE_DEPTH + "]" * MAX_SAVE_DEPTH, encoding="utf-8")
    assert read_save(nested) == "[" * MAX_SAVE_DEPTH + "]" * MAX_SAVE_DEPTH
    nested.write_text("[" * (MAX_SAVE_DEPTH + 1) + "]" * (MAX_SAVE_DEPTH + 1), encoding="utf-8")
    with pytest.raises(UsageError, match=f"nested {MAX_SAVE_DEPTH + 1} deep"):
        read_save(nested)
    full = tmp_path / "full.json"
    full.write_bytes(b" " * MAX_SAVE_BYTES)
    assert len(read_save(full)) == MAX_SAVE_BYTES
    full.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(UsageError, match="more than"):
        read_save(full)


@pytest.mark.parametrize(
    ("text", "depth"),
    [("{}", 1), ('{"a": [[1], {"b": []}]}', 4), ('["[[[[", "\\"[["]', 1), ("", 0), ("7", 0)],
)
def test_json_depth_skips_strings(text: str, depth: int) -> None:
    assert json_depth(text) == depth


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--variant", "polish:decks=2,decks=1"], "'decks' given twice"),
        (["simulate", "--option", "decks=2", "--option", "decks=1"], "decks given twice"),
        (["simulate", "--variant", "polish:decks=2", "--option", "decks=1"], "given twice"),
        (["compare", "polish:decks=1,decks=2", "polish"], "given twice"),
        (["simulate", "--bots", "mcts:playouts=5,playouts=6"], "given twice"),
    ],
)
def test_an_option_given_twice_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    # Was: the last value silently kept.
    _one_line_error(*_run(capsys, *argv), words)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--bots", "mcts:playouts=100000000000000000000"], "playouts must be at most"),
        (["simulate", "--bots", "random", "mcts:depth=10001"], "depth must be at most 10,000"),
        (["ladder", "--bots", "random", "mcts:playouts=1000001"], "playouts must be at most"),
    ],
)
def test_an_mcts_budget_without_end_is_refused(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: str,
) -> None:
    # Was: accepted, and the first search never returned (here: fails, not hangs).
    def no_search(*_: object) -> Move:
        raise AssertionError("the bot was built and searched")

    monkeypatch.setattr(MCTSBot, "search", no_search)
    _one_line_error(*_run(capsys, *argv, "--games", "1"), words)


def test_a_save_that_grew_after_its_size_was_read_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A file larger than its reported size (it grew) is still cut off past the limit."""
    path = tmp_path / "growing.json"
    path.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    real_fstat = os.fstat

    def fstat_before_growing(descriptor: int) -> os.stat_result:
        fields = list(real_fstat(descriptor))
        fields[6] = 0  # st_size: what it was when looked at
        return os.stat_result(fields)

    monkeypatch.setattr(os, "fstat", fstat_before_growing)
    with pytest.raises(UsageError, match=f"more than {MAX_SAVE_BYTES} bytes"):
        read_save(path)


# ------------------------------------------------ numbers too long for int() (fuzz 3)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--games"], "argument --games: must be from 1 to 500000, not a number of"),
        (["bench", "--rounds"], "argument --rounds: must be from 1 to 1000, not a number of"),
        (["simulate", "--seed"], "argument --seed: invalid int value: a number of"),
        (["bench", "--seed"], "argument --seed: invalid int value: a number of"),
        (["ladder", "--seed"], "argument --seed: invalid int value: a number of"),
        (["ladder", "--games"], "argument --games: invalid int value: a number of"),
    ],
)
@pytest.mark.parametrize(
    "number", ["1" + "0" * 5000, "-1" + "0" * 5000, "+1_" + "0" * 5000, " 1" + "0" * 5000 + " "]
)
def test_a_whole_number_too_long_for_int_is_named_as_such(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str, number: str
) -> None:
    # Was: "not a whole number" (a count) and "invalid int value: '1000…'" with all 5,001
    # digits in the line (a seed), for a number with more digits than int() reads.
    code, out, err = _run(capsys, *argv, number)
    _one_line_error(code, out, err, words)
    assert "5001 digits" in err and len(err) < 200


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--games"], "argument --games: not a whole number: "),
        (["simulate", "--seed"], "argument --seed: invalid int value: "),
        (["ladder", "--seed"], "argument --seed: invalid int value: "),
    ],
)
@pytest.mark.parametrize("text", ["-+5", "5__0", "_5", "5_", "+-5"])
def test_a_malformed_number_is_not_named_a_number_too_long_for_int(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str, text: str
) -> None:
    # Was: "invalid int value: a number of 1 digits, more than 4300" for "-+5" (two signs,
    # or an underscore int() refuses, were skipped before the digits were counted).
    code, out, err = _run(capsys, argv[0], f"{argv[1]}={text}")
    _one_line_error(code, out, err, words + repr(text))
    assert "digits" not in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--games"], "argument --games: not a whole number: "),
        (["bench", "--rounds"], "argument --rounds: not a whole number: "),
        (["simulate", "--seed"], "argument --seed: invalid int value: "),
        (["ladder", "--games"], "argument --games: invalid int value: "),
    ],
)
@pytest.mark.parametrize("text", ["\uff11\uff12", "\u0661\u0662", "1\u0662"])
def test_a_number_in_other_digits_than_ascii_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str, text: str
) -> None:
    # Was: taken (int() reads fullwidth and Arabic-Indic digits: --games １２ played twelve
    # games), where variant options and the docs take numbers in ASCII digits only.
    code, out, err = _run(capsys, argv[0], f"{argv[1]}={text}")
    _one_line_error(code, out, err, words + repr(text))
    assert "digits" not in err


_LONG = "x" * 100_000


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", _LONG],
        ["simulate", "--json", f"{_LONG}/a.json"],
        ["simulate", "--csv", f"{_LONG}/a.csv"],
        ["simulate", "--plot", f"{_LONG}/a.png"],
        ["--import", _LONG, "variants"],
    ],
    ids=["replay", "json", "csv", "plot", "import"],
)
def test_a_long_path_or_module_name_is_cut_short_once_in_the_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """A path or module name of 100,000 characters is named once in the one-line error,
    cut short (it was repeated whole, twice for ``--import``)."""
    monkeypatch.setattr(sys, "path", list(sys.path))  # --import adds the current directory
    code, out, err = _run(capsys, *argv)
    _one_line_error(code, out, err, " characters): ")
    assert err.count("x" * 200) == 1 and len(err) < 600


def test_a_long_path_that_exists_or_a_long_missing_directory_is_cut_short_in_the_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A path too long to name whole but short enough to exist (a save that is not a
    game) or to be looked up (an output under a missing directory) is cut short in the
    error, and so is the missing directory."""
    deep = tmp_path / ("d" * 200)
    deep.mkdir()
    saved = deep / ("e" * 200)
    saved.write_text("[]", encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(saved))
    _one_line_error(code, out, err, " characters): a saved game is a JSON object")
    assert "e" * 100 not in err and len(err) < 600
    code, out, err = _run(capsys, "simulate", "--json", str(deep / "missing" / ("e" * 200)))
    _one_line_error(code, out, err, " characters): no directory ")
    assert "e" * 100 not in err and "missing" not in err and len(err) < 600


def test_a_path_as_long_as_an_error_shows_is_named_as_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A path of `SHOWN` characters is named as it is, as a shorter one is: only a longer
    one is cut short."""
    path = tmp_path / ("x" * (SHOWN - len(str(tmp_path)) - 1))
    assert len(str(path)) == SHOWN
    code, out, err = _run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err == f"makao: error: {path}: {os.strerror(errno.ENOENT)}\n"
    code, out, err = _run(capsys, "replay", f"{path}y")
    _one_line_error(code, out, err, f" ({SHOWN + 1} characters): ")


def test_a_module_that_fails_with_a_long_message_is_one_short_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--import`` of a module of yours that raises with a message of 100,000 characters
    says it in one line cut short (it was printed whole)."""
    (tmp_path / "loud_module.py").write_text(
        'raise RuntimeError("y" * 100_000)\n', encoding="utf-8"
    )
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(sys.modules, "loud_module", raising=False)
    code, out, err = _run(capsys, "--import", "loud_module", "variants")
    _one_line_error(code, out, err, "--import loud_module: RuntimeError: ")
    assert len(err) < 600
