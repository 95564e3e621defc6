"""The command's output files at their edges (`makao._files.replacing`, used by every
output, and `makao._extras.save_figure`, by ``--plot``): where the new file beside an
output is made, what an error while writing is said to name, and the names a plot is
saved under."""

from __future__ import annotations

import os
import resource
import secrets
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import makao._files
from makao._extras import save_figure
from makao._files import replacing

SRC = str(Path(makao._files.__file__).resolve().parents[1])


def _names(*tokens: str) -> Iterator[str]:
    """``secrets.token_hex`` giving ``tokens`` in turn."""
    yield from tokens


def test_a_temporary_name_already_taken_is_passed_over_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The new file beside an output is made exclusively (never another's file), and a
    # name already taken is passed over for the next, not given up on.
    out = tmp_path / "out.csv"
    out.write_text("old", encoding="utf-8")
    theirs = tmp_path / ".out.csv.00000000.tmp"
    theirs.write_text("another's", encoding="utf-8")
    tokens = _names("00000000", "11111111")
    monkeypatch.setattr(secrets, "token_hex", lambda _: next(tokens))
    with replacing(out) as written:
        assert written == tmp_path / ".out.csv.11111111.tmp"
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"
    assert theirs.read_text(encoding="utf-8") == "another's"
    assert sorted(path.name for path in tmp_path.iterdir()) == [theirs.name, "out.csv"]


def test_an_output_with_a_long_name_is_still_replaced_whole(tmp_path: Path) -> None:
    # A name of 250 characters, near the file system's 255: the new file beside it takes
    # only its first 100, so it too can be made (else the output would be written in place).
    out = tmp_path / ("x" * 246 + ".csv")
    with replacing(out) as written:
        assert written != out and written.parent == tmp_path
        assert len(written.name) < 255
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"
    assert [path.name for path in tmp_path.iterdir()] == [out.name]


def test_a_directory_that_takes_no_new_file_has_its_output_written_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A directory where no new file may be made, though its output may be written (as a
    # read-only directory holding a writable file): the output is written in place.
    def refused(target: Path, mode: int | None) -> Path:
        raise PermissionError(13, "Permission denied", str(target.parent))

    monkeypatch.setattr(makao._files, "_new_beside", refused)
    out = tmp_path / "out.json"
    out.write_text("old", encoding="utf-8")
    with replacing(out) as written:
        assert written == out
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"


def test_an_error_naming_its_own_file_keeps_that_name(tmp_path: Path) -> None:
    # An error while writing that names no file is said to be the output's (`File too
    # large: 'out.csv'`); one that names a file of its own (a file the writer reads) keeps
    # that name, not the output's.
    out = tmp_path / "out.csv"
    with pytest.raises(OSError) as caught, replacing(out):
        raise OSError(27, "File too large")
    assert (caught.value.errno, caught.value.filename) == (27, str(out))
    other = str(tmp_path / "font.ttf")
    with pytest.raises(FileNotFoundError) as missing, replacing(out):
        raise FileNotFoundError(2, "No such file or directory", other)
    assert missing.value.filename == other
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_output_is_written_in_place_and_stays_a_fifo(tmp_path: Path) -> None:
    # What is not a regular file (a FIFO, /dev/null) is yielded itself, never replaced by
    # a regular file.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with replacing(fifo) as written:
        assert written == fifo
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


@pytest.mark.parametrize(
    ("given", "saved"), [("plot", "plot.png"), ("plot.", "plot.png"), ("plot.svg", "plot.svg")]
)
def test_a_plot_is_saved_under_the_name_savefig_would_give_it(
    tmp_path: Path, given: str, saved: str
) -> None:
    # As matplotlib's Figure.savefig: a name without a suffix gets the default format's
    # (a trailing dot dropped first), and a suffix names the format.
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    save_figure(Figure(), tmp_path / given)
    assert [path.name for path in tmp_path.iterdir()] == [saved]
    head = (tmp_path / saved).read_bytes()[:64]
    if saved.endswith(".png"):
        assert head.startswith(b"\x89PNG")
    else:
        assert b"<svg" in head or b"<?xml" in head


def _small_files() -> None:  # in the child: files of at most 8 kB (Python ignores SIGXFSZ)
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))


def test_a_json_output_too_big_for_the_disk_leaves_the_old_file(tmp_path: Path) -> None:
    # ``--json``, as ``--csv``, is written whole or not at all: a full disk leaves the old
    # file and no part of a new one, and the error names the file.
    old = tmp_path / "old.json"
    old.write_text("{}", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "makao",
            "simulate",
            "--games",
            "300",
            "--quiet",
            "--json",
            str(old),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        preexec_fn=_small_files,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr == f"makao: error: [Errno 27] File too large: {str(old)!r}\n"
    assert old.read_text(encoding="utf-8") == "{}"
    assert [path.name for path in tmp_path.iterdir()] == ["old.json"]
