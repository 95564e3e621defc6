"""What the ``makao`` command writes, end to end: agreement with the Python API, strict JSON,
CSV shape, PNG output, determinism across workers, clean stdout, one-line errors."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import makao
import makao.cli
import makao.tournament
from makao import Game, variants
from makao._arguments import _try_writing
from makao.cli import main
from makao.sim.spec import options_of
from makao.variant import Variant

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
#: The environment of a command run in a child process: this checkout's makao, found from
#: any working directory (a relative ``PYTHONPATH=src`` is not, from a test's own).
ENV = {**os.environ, "PYTHONPATH": str(Path(makao.__file__).resolve().parents[1])}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _strict_json(text: str) -> object:
    def refuse(constant: str) -> object:
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def _doc_block(command: str) -> list[str]:
    """The lines a ```console block of docs/cli.md shows after ``$ {command}``."""
    lines = DOCS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"$ {command}"))
    end = next(i for i in range(start, len(lines)) if lines[i] == "```")
    return lines[start + 1 : end]


# ------------------------------------------------------------------- simulate


def test_simulate_table_json_and_csv_agree_with_the_api(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_json, out_csv = tmp_path / "o.json", tmp_path / "o.csv"
    argv = ["simulate", "--players", "3", "--games", "40", "--bots", "heuristic", "random"]
    argv += ["random", "--seed", "5", "--quiet", "--json", str(out_json), "--csv", str(out_csv)]
    code, out, err = _run(capsys, *argv)
    assert code == 0 and err == ""
    api = makao.simulate("polish", ["heuristic", "random", "random"], 40, 5, 1)
    assert out == api.table() + "\n"
    data = _strict_json(out_json.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    assert data["games"] == 40 and data["seed"] == 5
    for name in ("win rate heuristic", "moves per game", "first player wins", "decided at"):
        assert data["metrics"][name]["value"] == pytest.approx(api.metrics()[name].value)
    with out_csv.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], rows[1:]
    assert len(body) == 40 and {len(row) for row in rows} == {len(header)}
    assert [int(row[header.index("actions")]) for row in body] == api.lengths()
    place = header.index("place heuristic")
    assert sum(row[place] == "1" for row in body) == api.wins(0)


def test_truncated_games_give_strict_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_json = tmp_path / "t.json"
    code, _, _ = _run(
        capsys, "simulate", "--games", "5", "--max-actions", "3", "--json", str(out_json)
    )
    assert code == 0
    data = _strict_json(out_json.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and data["metrics"]["truncated"]["value"] == 1.0


def test_same_seed_same_output_for_one_or_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outputs = []
    for workers in ("1", "2"):
        out_json, out_csv = tmp_path / f"{workers}.json", tmp_path / f"{workers}.csv"
        code, out, _ = _run(
            capsys,
            "simulate",
            "--players",
            "4",
            "--games",
            "24",
            "--seed",
            "9",
            "--workers",
            workers,
            "--quiet",
            "--json",
            str(out_json),
            "--csv",
            str(out_csv),
        )
        assert code == 0
        outputs.append((out, out_json.read_text(), out_csv.read_text()))
    assert outputs[0] == outputs[1]


def test_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "lengths.png"
    code, _, _ = _run(capsys, "simulate", "--games", "4", "--quiet", "--plot", str(png))
    assert code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("given", "written"),
    [("lengths", "lengths.png"), ("lengths.PNG", "lengths.PNG"), ("lengths.", "lengths.png")],
)
def test_plot_without_a_suffix_or_in_capitals_draws_a_png(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, written: str
) -> None:
    """No suffix draws a PNG (``.png`` added, as matplotlib adds it: ``lengths.`` was
    checked and written as ``lengths..png``, where `Ladder.plot` wrote ``lengths.png``); a
    suffix is read in any case."""
    pytest.importorskip("matplotlib")
    plot = str(tmp_path / given)
    code, _, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--plot", plot)
    assert code == 0 and err == ""
    assert (tmp_path / written).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_prints_both_sides_and_writes_strict_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_json = tmp_path / "c.json"
    b = "polish:last_card_effect_applies=true"
    code, out, _ = _run(
        capsys, "compare", "polish", b, "--games", "10", "--quiet", "--json", str(out_json)
    )
    assert code == 0
    assert out.startswith(f"A = polish, B = {b}: 10 games each")
    assert re.search(r"^moves per game +\S.* +\S.* +[+-]\S+ \[.*\] p=", out, re.MULTILINE)
    data = _strict_json(out_json.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and set(data) == {"a", "b", "differences"}


def test_compare_paired_prints_and_writes_the_paired_differences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``compare --paired``: the API's paired table on stdout, and the paired differences
    in the JSON beside the independent ones."""
    out_json = tmp_path / "p.json"
    b = "polish:last_card_effect_applies=true"
    argv = ["compare", "polish", b, "--games", "12", "--seed", "4", "--quiet", "--paired"]
    code, out, err = _run(capsys, *argv, "--json", str(out_json))
    assert code == 0 and err == ""
    api = makao.compare("polish", b, ["random", "random"], 12, 4)
    assert out == api.table(paired=True) + "\n"
    assert "B - A paired [95 % CI]" in out
    data = _strict_json(out_json.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and set(data) == {"a", "b", "differences", "paired_differences"}
    paired = {name: d for name, _, _, d in api.paired_rows()}
    assert list(data["paired_differences"]) == list(paired)
    for name, entry in data["paired_differences"].items():
        assert entry["value"] == pytest.approx(paired[name].value, nan_ok=True)
        assert entry["p_value"] == paired[name].p_value


def test_the_documented_paired_compare_example(capsys: pytest.CaptureFixture[str]) -> None:
    command = "makao compare polish polish:last_card_effect_applies=true --games 100 --players 3"
    continued, *shown = _doc_block(command)
    argv = command.split()[1:] + continued.replace("\\", "").split()
    code, out, _ = _run(capsys, *argv, "--quiet")
    assert code == 0 and "--paired" in argv
    lines = out.splitlines()
    assert all(line in lines for line in shown if line != "…")
    assert len([line for line in shown if line != "…"]) == 3


def test_paired_is_a_compare_option_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "simulate", "--games", "1", "--paired")
    assert (code, out) == (2, "")
    assert err == "makao: error: unrecognized arguments: --paired\n"


def test_the_documented_simulate_example(capsys: pytest.CaptureFixture[str]) -> None:
    command = "makao simulate --variant polish --players 2 --games 200 --bots heuristic random"
    shown = [line for line in _doc_block(command) if line and line != "…"]
    code, out, _ = _run(capsys, *command.split()[1:], "--seed", "1", "--quiet")
    assert code == 0
    assert all(line in out.splitlines() for line in shown)


# ------------------------------------------------------------ files and errors


def test_games_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: a table of nan [-inf, inf] and status 0.
    code, out, err = _run(capsys, "simulate", "--games", "0")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--games" in err


@pytest.mark.parametrize("flag", ["--json", "--csv", "--plot"])
def test_an_unwritable_output_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: str
) -> None:
    # Was: every game played and the table printed, then "[Errno 21] Is a directory".
    for target in (tmp_path, tmp_path / "missing" / "out.png"):
        code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", flag, str(target))
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and flag in err and "Traceback" not in err


def test_compare_refuses_an_unwritable_output_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("compare ran before the output was checked")

    monkeypatch.setattr(makao.cli, "compare", no_run)
    argv = ["compare", "polish", "prsi", "--games", "2", "--quiet"]
    for target in (tmp_path, tmp_path / "missing" / "c.json"):
        code, out, err = _run(capsys, *argv, "--json", str(target))
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("makao: error: --json ")


def test_two_outputs_naming_one_file_are_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--json`` and ``--csv`` naming one file (or a link to it) are one line, status 2,
    before any game. Was: the CSV written over the JSON, and status 0."""
    same = tmp_path / "out"
    link = tmp_path / "link"
    link.symlink_to(same)
    for other in (same, link):
        argv = ["simulate", "--games", "2", "--quiet", "--json", str(same), "--csv", str(other)]
        code, out, err = _run(capsys, *argv)
        assert (code, out) == (2, "") and err.count("\n") == 1
        assert err.startswith(f"makao: error: --json and --csv both name {other}: ")
    assert not same.exists()


def test_two_outputs_naming_one_existing_file_by_a_hard_link_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An existing file and a hard link to it are one file (its device and inode), though
    their paths differ: refused as one output named twice, the file kept as it was."""
    first = tmp_path / "a.json"
    first.write_text("kept", encoding="utf-8")
    second = tmp_path / "b.csv"
    os.link(first, second)
    argv = ["simulate", "--games", "2", "--quiet", "--json", str(first), "--csv", str(second)]
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"makao: error: --json and --csv both name {second}: ")
    assert first.read_text(encoding="utf-8") == "kept"


def test_json_to_dev_stdout_through_a_pipe_or_into_a_file_is_the_json_alone(
    tmp_path: Path,
) -> None:
    """``--json /dev/stdout`` names stdout's own pipe or file: it is ``--json -``, the JSON
    printed in place of the table. Was: refused before the run through a pipe ("cannot be
    written (No such file or directory)": the check resolved ``/proc/self/fd/1`` to
    ``pipe:[…]``), and into a file (``> out.txt``) the table written over the JSON."""
    command = [sys.executable, "-m", "makao.cli", "simulate", "--games", "2", "--quiet"]
    done = subprocess.run(
        [*command, "--json", "/dev/stdout"],
        capture_output=True,
        check=False,
        cwd=tmp_path,
        env=ENV,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    out = tmp_path / "out.txt"
    with out.open("wb") as handle:
        done = subprocess.run(
            [*command, "--json", "/dev/stdout"],
            stdout=handle,
            check=False,
            cwd=tmp_path,
            env=ENV,
        )
    assert done.returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == 2
    both = subprocess.run(
        [*command, "--json", "/dev/stdout", "--csv", "-"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env=ENV,
    )
    assert (both.returncode, both.stdout) == (2, "")
    assert both.stderr.startswith("makao: error: --json and --csv both go to stdout")


def test_outputs_naming_stdouts_own_file_a_closed_stdout_or_a_socket(tmp_path: Path) -> None:
    """Run as a command: two outputs to ``/dev/null`` when stdout is ``/dev/null`` too (a
    device keeps nothing: shared freely); a plot or two outputs naming the file stdout is
    redirected to, refused naming it; ``-`` with stdout closed, refused before the run (was:
    every game played, then "not NoneType"); ``/dev/stdout`` on a socket, the JSON sent
    (was: every game played, then "No such device or address")."""
    command = [sys.executable, "-m", "makao.cli", "simulate", "--games", "2", "--quiet"]

    def run(*extra: str, out: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*command, *extra],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            env=ENV,
        )

    done = run("--json", os.devnull, "--csv", os.devnull)
    assert (done.returncode, done.stderr) == (0, "")
    with (tmp_path / "out.png").open("w") as handle:
        done = run("--plot", "out.png", out=handle)
    assert done.returncode == 2 and done.stderr == (
        "makao: error: --plot: out.png is stdout's own file or pipe, and a plot is drawn to a "
        "file, not to stdout\n"
    )
    with (tmp_path / "o.txt").open("w") as handle:
        done = run("--json", "o.txt", "--csv", "o.txt", out=handle)
    assert done.returncode == 2 and done.stderr.startswith(
        "makao: error: --json and --csv both go to stdout (o.txt is stdout's own file or pipe)"
    )
    closed = subprocess.run(
        [*command, "--json", "-"],
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=ENV,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert (closed.returncode, closed.stderr) == (2, "makao: error: --json -: stdout is closed\n")
    mine, theirs = socket.socketpair()
    with mine, theirs:
        done = run("--json", "/dev/stdout", out=mine.fileno())
        mine.shutdown(socket.SHUT_WR)
        theirs.settimeout(30)
        received = b""
        while chunk := theirs.recv(1 << 16):
            received += chunk
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(received)["games"] == 2


def test_a_plot_name_without_a_suffix_is_the_png_file_it_writes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--plot x2`` writes ``x2.png``: that is the file compared with the other outputs
    (was: ``--json x2.png --plot x2`` passed, and the plot overwrote the JSON)."""
    target = tmp_path / "x2"
    argv = ["simulate", "--games", "2", "--quiet", "--json", f"{target}.png", "--plot", str(target)]
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"makao: error: --json and --plot both name {target}.png: ")


def test_ladder_refuses_a_plot_to_stdout_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``makao ladder --plot -`` goes through the same output check: refused before any
    game (as ``--plot`` typed a `Path`, it played the ladder and wrote ``-.png``)."""
    pytest.importorskip("matplotlib")

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("the ladder played before its plot was checked")

    monkeypatch.setattr(makao.tournament, "_ladder", no_games)
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "ladder", "--bots", "random", "heuristic", "--plot", "-")
    assert (code, out) == (2, "")
    assert err == "makao: error: --plot: a plot is drawn to a file, not to stdout\n"
    assert list(tmp_path.iterdir()) == []


def test_a_file_named_dash_is_written_as_dot_slash_dash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-`` alone is stdout; ``./-`` is a file named ``-`` (a `Path` would read both as
    ``-``), and the table is printed as ever."""
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--json", "./-")
    assert (code, err) == (0, "") and "win rate random1" in out
    assert json.loads((tmp_path / "-").read_text(encoding="utf-8"))["games"] == 2


def test_two_outputs_may_both_go_to_a_device(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--json /dev/null --csv /dev/null`` is no output written over another (a device
    keeps nothing): the run goes ahead. Was: refused as one file named twice."""
    argv = ["simulate", "--games", "2", "--quiet", "--json", os.devnull, "--csv", os.devnull]
    code, _out, err = _run(capsys, *argv)
    assert (code, err) == (0, "")


def test_an_output_named_dash_is_printed_in_place_of_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--json -`` / ``--csv -`` print that output on stdout, and nothing else there, so
    that ``makao simulate --json - | jq`` reads one JSON document; ``compare`` too."""
    base = ["simulate", "--games", "3", "--quiet"]
    code, out, err = _run(capsys, *base, "--json", "-")
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 3
    code, out, err = _run(capsys, *base, "--csv", "-")
    assert (code, err) == (0, "")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:3] == ["game", "seed", "actions"] and len(rows) == 4
    code, out, err = _run(capsys, "compare", "polish", "prsi", "--games", "2", "--json", "-")
    assert code == 0 and set(json.loads(out)) >= {"a", "b", "differences"}


def test_an_output_to_stdout_is_no_file_named_dash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--json -`` / ``--csv -`` write no file ``./-``, nor try one before the run (a
    directory named ``-`` where the command runs is no error); ``compare --paired --json -``
    prints the paired differences, as ``--json FILE`` writes them."""
    monkeypatch.chdir(tmp_path)
    base = ["simulate", "--games", "2", "--quiet"]
    pair = ["compare", "polish", "polish:last_card_effect_applies=true", "--games", "2", "--quiet"]
    for argv in ([*base, "--json", "-"], [*base, "--csv", "-"], [*pair, "--json", "-"]):
        code, out, err = _run(capsys, *argv)
        assert (code, err) == (0, "") and out
        assert list(tmp_path.iterdir()) == []
    (tmp_path / "-").mkdir()
    code, out, err = _run(capsys, *pair, "--paired", "--json", "-")
    assert (code, err) == (0, "")
    data = _strict_json(out)
    assert isinstance(data, dict) and set(data) == {"a", "b", "differences", "paired_differences"}
    assert list((tmp_path / "-").iterdir()) == []


def test_the_docs_pipe_of_json_on_stdout_shows_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cli.md's ``--json - | jq .<key>`` block: the command's JSON has that value."""
    command = "makao simulate --games 100 --seed 3 --quiet --json - | jq ."
    shown_lines = _doc_block(command)
    line = next(
        x for x in DOCS.read_text(encoding="utf-8").splitlines() if x.startswith("$ " + command)
    )
    argv, key = line[len("$ makao ") :].split(" | jq .")
    code, out, err = _run(capsys, *argv.split())
    assert (code, err) == (0, "")
    assert shown_lines == [json.dumps(json.loads(out)[key])]


def test_two_outputs_to_stdout_or_a_plot_to_stdout_are_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["simulate", "--games", "2", "--quiet"]
    code, out, err = _run(capsys, *base, "--json", "-", "--csv", "-")
    assert (code, out) == (2, "")
    assert err == (
        "makao: error: --json and --csv both go to stdout: give each output a file of its own\n"
    )
    code, out, err = _run(capsys, *base, "--plot", "-")
    assert (code, out) == (2, "") and err == (
        "makao: error: --plot: a plot is drawn to a file, not to stdout\n"
    )


def test_plot_without_matplotlib_fails_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "pip install" in err


def test_plot_without_matplotlib_names_both_installs_of_the_plot_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The error names the plot extra, published and from a checkout (``install_line``)."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    code, _out, err = _run(capsys, "simulate", "--games", "2", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and err == (
        "makao: error: --plot needs matplotlib, the plot extra: pip install 'makao[plot]' once "
        "published, or pip install '.[plot]' in a checkout\n"
    )


def test_plot_to_an_unknown_format_fails_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    code, out, err = _run(capsys, "simulate", "--games", "2", "--plot", str(tmp_path / "x.txt"))
    assert code == 2 and out == "" and err.count("\n") == 1 and ".txt" in err


def test_a_closed_stdout_is_quiet_and_keeps_the_files(tmp_path: Path) -> None:
    # Was: "makao: error: [Errno 32] Broken pipe", status 2, and --json never written.
    out_json = tmp_path / "o.json"
    command = [sys.executable, "-m", "makao.cli", "simulate", "--games", "3", "--quiet"]
    with subprocess.Popen(
        [*command, "--json", str(out_json)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**ENV, "PYTHONUNBUFFERED": "1"},
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # like `| head` that has already stopped reading
        err = process.stderr.read().decode()
        code = process.wait(timeout=60)
    assert err == "" and code == 1
    assert _strict_json(out_json.read_text(encoding="utf-8"))


# ------------------------------------------------------------------- progress


def test_rich_progress_keeps_a_piped_stdout_clean(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: rich wrote to stdout, leaving a blank line before the table when piped.
    pytest.importorskip("rich")
    code, out, err = _run(capsys, "simulate", "--games", "4")
    assert code == 0 and out.startswith("polish: 4 games")
    assert "4/4 games" in err  # stderr is no terminal either: plain lines


# --------------------------------------------------------- replay and variants


def test_the_documented_replay_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game.new(variants.polish(), 2, seed=3)
    for move in ("draw", "Jd:6", "6c", "Jh"):
        game.play(move)
    saved = tmp_path / "saved.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    code, out, _ = _run(capsys, "replay", str(saved))
    assert code == 0 and out.splitlines() == _doc_block("makao replay saved.json")


def test_replay_of_a_banking_game_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from makao.banking import BankingGame, macao

    game = BankingGame(3, macao(fixed_stake=10), seed=7)
    game.play("stake 10")
    saved = tmp_path / "bank.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(saved))
    assert code == 2 and out == "" and err.count("\n") == 1 and "banking game" in err


@pytest.mark.parametrize("text", ["[]", '"makao.banking"', "7", "null"])
def test_replay_of_json_that_is_not_an_object_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    saved = tmp_path / "other.json"
    saved.write_text(text, encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(saved))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(
        f"makao: error: {saved}: a saved game is a JSON object"
    )


def test_variants_lists_every_variant_with_its_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "variants")
    assert code == 0
    for name in variants.names():
        assert f"\n{name}: " in f"\n{out}"
        for option, param in options_of(variants.factory(name)).items():
            assert re.search(
                rf"^    {option} \(.*, default {re.escape(repr(param.default))}\)$",
                out,
                re.MULTILINE,
            )


def test_variants_shows_the_types_of_a_variant_without_string_annotations(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: "(?, default 3)" for a factory whose annotations are not strings.
    def build(*, size: int = 3) -> Variant:
        """Test variant. Registered only here."""
        return variants.polish()

    build.__annotations__ = {"size": int, "return": Variant}
    monkeypatch.setitem(variants._VARIANTS._factories, "audit-test", build)
    monkeypatch.setitem(variants._VARIANTS._names, "audit-test", "audit-test")
    code, out, _ = _run(capsys, "variants")
    assert code == 0 and "    size (int, default 3)" in out


def test_compare_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``compare --plot`` draws both length distributions to a PNG."""
    pytest.importorskip("matplotlib")
    png = tmp_path / "both.png"
    argv = ["compare", "polish", "prsi", "--games", "2", "--quiet", "--plot", str(png)]
    code, _, err = _run(capsys, *argv)
    assert code == 0 and err == "" and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_output_under_a_file_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An output path whose parent is a file, not a directory, is refused before any game."""

    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulate ran before the output was checked")

    monkeypatch.setattr(makao.cli, "simulate", no_run)
    parent = tmp_path / "file.txt"
    parent.write_text("", encoding="utf-8")
    code, out, err = _run(capsys, "simulate", "--games", "2", "--json", str(parent / "o.json"))
    assert code == 2 and out == "" and err.startswith("makao: error: --json ")
    assert "no directory" in err and err.count("\n") == 1


class _RanError(Exception):
    """Raised instead of the games: the checks before the run have passed."""


def _writable(path: str) -> bool:
    """Whether the command line's own check (`makao._arguments._try_writing`) lets the run
    write ``path`` here."""
    try:
        _try_writing(Path(path))
    except OSError:
        return False
    return True


@pytest.mark.parametrize("target", ["/sys/kernel/makao-out.png", "/proc/version"])
@pytest.mark.parametrize("flag", ["--json", "--csv", "--plot"])
def test_an_output_file_that_cannot_be_opened_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    flag: str,
    target: str,
) -> None:
    """An output file that cannot be made, or exists and cannot be written, is refused
    before any game (it failed after every game), and a file the check made is removed."""
    if not Path(target).parent.is_dir() or _writable(target):
        pytest.skip(f"{target} can be written here")
    if flag == "--plot":  # without matplotlib the plot is refused for that, not the file
        pytest.importorskip("matplotlib")

    def no_run(*args: object, **kwargs: object) -> None:
        raise _RanError

    monkeypatch.setattr(makao.cli, "simulate", no_run)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", flag, target)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"makao: error: {flag} {target}: cannot be written (")
    fresh = tmp_path / "fresh.png"
    with pytest.raises(_RanError):
        main(["simulate", "--games", "2", "--quiet", flag, str(fresh)])
    assert not fresh.exists()


def test_a_refused_run_leaves_its_output_files_as_they_were(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The output check changes nothing on disk: an existing file keeps its text, a link
    to a missing file does not make it, and a new file is not left behind, when the run
    is then refused (here for the plot: its format, or matplotlib missing, both checked
    after the output files)."""
    old = tmp_path / "old.json"
    old.write_text("kept", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "target.csv")
    new = tmp_path / "new.json"
    for flag, path in (("--json", old), ("--csv", link), ("--json", new)):
        code, out, err = _run(
            capsys, "simulate", "--games", "1", flag, str(path), "--plot", "x.nosuchformat"
        )
        assert (code, out) == (2, "") and err.startswith("makao: error: --plot ")
        assert "x.nosuchformat: cannot draw" in err or "needs matplotlib" in err
    assert old.read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "old.json"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_output_check_does_not_open_a_fifo(tmp_path: Path) -> None:
    """A FIFO named as an output is let through unopened: opening it to write waits for a
    reader, for ever if none comes."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    checked = threading.Event()

    def check() -> None:
        _try_writing(fifo)
        checked.set()

    thread = threading.Thread(target=check, daemon=True)
    thread.start()
    done = checked.wait(10)
    if not done:  # the check waits in its open: a reader lets it go on
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        thread.join(10)
        os.close(reader)
    assert done, "the output check opened the FIFO and waited for a reader"


def test_an_existing_output_that_takes_no_text_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An existing output file that opens for writing but refuses any text (as some files
    of /proc and /sys do) is refused before any game: the check writes it nothing, and
    that write fails. The file keeps its text."""
    old = tmp_path / "old.json"
    old.write_text("kept", encoding="utf-8")
    real_write = os.write

    def refusing(descriptor: int, data: bytes) -> int:
        if os.path.samestat(os.fstat(descriptor), old.stat()):
            raise OSError(errno.EINVAL, "Invalid argument")
        return real_write(descriptor, data)

    def no_run(*args: object, **kwargs: object) -> None:
        raise _RanError

    monkeypatch.setattr(os, "write", refusing)
    monkeypatch.setattr(makao.cli, "simulate", no_run)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--json", str(old))
    assert (code, out) == (2, "")
    assert err == f"makao: error: --json {old}: cannot be written (Invalid argument)\n"
    assert old.read_text(encoding="utf-8") == "kept"


def test_variants_shows_a_variant_without_annotations_or_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary is the docstring's first sentence; an unannotated option is of type
    ``any``; a variant without options shows ``none``."""

    def build(*, size: int = 3) -> Variant:
        """Test variant. Registered only here."""
        return variants.polish()

    build.__annotations__ = {"return": Variant}

    def bare() -> Variant:
        """Bare variant. No options."""
        return variants.polish()

    for name, factory in (("audit-test", build), ("audit-bare", bare)):
        monkeypatch.setitem(variants._VARIANTS._factories, name, factory)
        monkeypatch.setitem(variants._VARIANTS._names, name, name)
    code, out, _ = _run(capsys, "variants")
    assert code == 0 and "\naudit-test: Test variant\n    size (any, default 3)\n" in out
    code, out, _ = _run(capsys, "variants", "audit-bare")
    assert code == 0 and "options (name: type = default):\n    none\n" in out


def test_a_stdout_that_is_not_utf8_gets_escapes_not_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Was: status 2 and "makao: error: 'ascii' codec can't encode characters in position
    # 14-15" for `makao variants` (prší) under PYTHONIOENCODING=ascii or a Latin-1 locale.
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    code = main(["variants", "prsi"])
    ascii_out.flush()
    text = raw.getvalue().decode("ascii")
    assert code == 0 and text.startswith("prsi: Czech pr\\u0161\\xed")


def test_a_pgf_plot_without_its_tex_program_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Was: every game played, then a RuntimeError traceback ("'xelatex' not found") from
    # matplotlib's pgf backend, status 1.
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("PATH", str(tmp_path))  # no TeX program to be found
    plot = tmp_path / "lengths.pgf"
    code, out, err = _run(capsys, "simulate", "--games", "1", "--quiet", "--plot", str(plot))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"makao: error: --plot {plot}: .pgf files need ")
    assert not plot.exists()


@pytest.mark.parametrize("name", ["ratings.png", "ratings.pgf", "ratings.txt"])
def test_a_ladder_plot_that_cannot_be_drawn_is_refused_before_the_games(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
) -> None:
    # Was: the whole ladder played, then an ImportError traceback (no matplotlib), a
    # RuntimeError traceback (.pgf without its TeX program), or matplotlib's own message.
    if name.endswith(".png"):
        monkeypatch.setitem(sys.modules, "matplotlib", None)
        monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    else:
        pytest.importorskip("matplotlib")
        monkeypatch.setenv("PATH", str(tmp_path))  # no TeX program to be found

    def ladder(*args: object, **kwargs: object) -> None:
        raise AssertionError("the games were played before --plot was checked")

    monkeypatch.setattr(makao.tournament, "ladder", ladder)
    plot = tmp_path / name
    argv = ["ladder", "--bots", "random", "heuristic", "--games", "1", "--plot", str(plot)]
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("makao: error: --plot") and not plot.exists()


def test_a_stdout_whose_reconfigure_takes_no_errors_is_left_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stdout object of another kind (its ``reconfigure`` takes no ``errors``) is used
    as it is: the command still runs."""

    class Latin1Out:
        encoding = "latin-1"

        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

        def reconfigure(self) -> None:
            raise AssertionError("called without arguments only")

    out = Latin1Out()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["variants", "polish"]) == 0
    assert out.text.startswith("polish: ")
